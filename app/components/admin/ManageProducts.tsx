import { useEffect, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { messages } from "~/common/messages";
import { ADMIN_PANELS } from "~/common/panels";
import type { manageProductsData } from "~/app/admin/products.server";
import type { FormResult } from "~/app/forms";
import { FormMessage, inputStyle } from "../account/fields";
import { buttonStyles, Dialog } from "../Dialog";
import { ProductCsvTools } from "./ProductCsv";
import { ProductRow } from "./ProductRow";

/** Manage Products: a category's products, each with View, Edit and Delete (requirements §2, §5). */
export function ManageProducts({ data, result }: { data: Awaited<ReturnType<typeof manageProductsData>>; result: FormResult | undefined }) {
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const [outcome, setOutcome] = useState<FormResult | undefined>(result);
  useEffect(() => setOutcome(result), [result]);
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Manage Products</h2>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" onChange={(e) => void submit(e.currentTarget)}>
        <input type="hidden" name="menu" value={ADMIN_PANELS.manageProducts} />
        <div className="min-w-52 flex-1 sm:max-w-xs">
          <label htmlFor="manage-category" className="block text-sm font-medium text-slate-700">
            Category
          </label>
          <select id="manage-category" name="category" defaultValue={data.category} className={inputStyle}>
            <option value="">Choose a category</option>
            {data.categories.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles.secondary}>
          Show products
        </button>
      </Form>
      <div className="mt-4" aria-busy={busy}>
        {outcome?.status === "done" ? <FormMessage tone="success">{outcome.message}</FormMessage> : null}
        {outcome?.status === "error" ? <FormMessage tone="error">{outcome.message || messages.deleteFailed}</FormMessage> : null}
        {data.problem ? <FormMessage tone="error">{data.problem}</FormMessage> : null}
        {data.category && !data.problem && data.products.length === 0 ? <p className="py-6 text-slate-600">{messages.noProductsInCategory}</p> : null}
        <ul className="divide-y divide-slate-100">
          {data.products.map((product) => (
            <ProductRow key={product.id} product={product}>
              <button
                type="button"
                className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                onClick={() => setDeleting({ id: product.id, name: product.name })}
              >
                Delete
              </button>
            </ProductRow>
          ))}
        </ul>
      </div>
      <ProductCsvTools />
      <Dialog
        open={deleting !== null}
        title={messages.deleteConfirmTitle}
        tone="error"
        onClose={() => setDeleting(null)}
        actions={
          <>
            <Form method="post" onSubmit={() => setDeleting(null)}>
              <input type="hidden" name="intent" value="delete-product" />
              <input type="hidden" name="productId" value={deleting?.id ?? ""} />
              <button
                type="submit"
                className="inline-flex items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800"
              >
                {messages.deleteConfirmYes}
              </button>
            </Form>
            <button type="button" className={buttonStyles.secondary} onClick={() => setDeleting(null)}>
              {messages.deleteConfirmNo}
            </button>
          </>
        }
      >
        {messages.deleteConfirmText}
        {deleting ? <span className="mt-1 block font-medium text-slate-800">{deleting.name}</span> : null}
      </Dialog>
    </div>
  );
}

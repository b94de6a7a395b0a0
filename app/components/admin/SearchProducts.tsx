import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { messages } from "../../../common/messages";
import type { searchProductsData } from "../../admin/products.server";
import { FormMessage, inputStyle } from "../account/fields";
import { buttonStyles } from "../Dialog";
import { ProductRow } from "./ProductRow";

/** Search Products (menu 4): by name or by ID; an empty value is refused before sending (spec §5). */
export function SearchProducts({ data }: { data: Awaited<ReturnType<typeof searchProductsData>> }) {
  const [problem, setProblem] = useState<string | null>(null);
  const requireValue = (field: "name" | "id", message: string) => (e: FormEvent<HTMLFormElement>) => {
    const value = (e.currentTarget.elements.namedItem(field) as HTMLInputElement).value.trim();
    setProblem(value ? null : message);
    if (!value) e.preventDefault();
  };
  const shown = problem ?? data.problem;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Search Products</h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Form method="get" className="flex items-end gap-2" onSubmit={requireValue("name", messages.searchTermRequired)}>
          <input type="hidden" name="menu" value="4" />
          <div className="flex-1">
            <label htmlFor="search-name" className="block text-sm font-medium text-slate-700">
              Product name
            </label>
            <input id="search-name" name="name" defaultValue={data.by === "name" ? data.value : ""} className={inputStyle} />
          </div>
          <button type="submit" className={buttonStyles.primary}>
            Search
          </button>
        </Form>
        <Form method="get" className="flex items-end gap-2" onSubmit={requireValue("id", messages.productIdRequired)}>
          <input type="hidden" name="menu" value="4" />
          <div className="flex-1">
            <label htmlFor="search-id" className="block text-sm font-medium text-slate-700">
              Product ID
            </label>
            <input id="search-id" name="id" inputMode="numeric" defaultValue={data.by === "id" ? data.value : ""} className={inputStyle} />
          </div>
          <button type="submit" className={buttonStyles.primary}>
            Find
          </button>
        </Form>
      </div>
      <div className="mt-4">
        {shown ? <FormMessage tone="error">{shown}</FormMessage> : null}
        {data.searched && !shown && data.products.length === 0 ? <p className="py-6 text-slate-600">{messages.noProducts}</p> : null}
        <ul className="divide-y divide-slate-100">
          {data.products.map((product) => (
            <ProductRow key={product.id} product={product} />
          ))}
        </ul>
      </div>
    </div>
  );
}

import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { messages } from "~/common/messages";
import { ADMIN_PANELS } from "~/common/panels";
import type { searchProductsData } from "~/app/admin/products.server";
import { FormMessage, inputStyle } from "../account/fields";
import { buttonStyles } from "../Dialog";
import { ProductRow } from "./ProductRow";

/** Search Products: by name or by ID; an empty value is refused before sending (requirements §5.4). */
export function SearchProducts({ data }: { data: Awaited<ReturnType<typeof searchProductsData>> }) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? data.problem;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Search Products</h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <SearchForm field="name" label="Product name" button="Search" required={messages.searchTermRequired} data={data} onProblem={setProblem} />
        <SearchForm field="id" label="Product ID" button="Find" required={messages.productIdRequired} data={data} onProblem={setProblem} numeric />
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

/** One of the two searches: a GET form back here that refuses an empty value before sending. */
function SearchForm({
  field,
  label,
  button,
  required,
  data,
  onProblem,
  numeric = false,
}: {
  field: "name" | "id";
  label: string;
  button: string;
  required: string;
  data: Awaited<ReturnType<typeof searchProductsData>>;
  onProblem: (problem: string | null) => void;
  numeric?: boolean;
}) {
  const requireValue = (e: FormEvent<HTMLFormElement>) => {
    const value = (e.currentTarget.elements.namedItem(field) as HTMLInputElement).value.trim();
    onProblem(value ? null : required);
    if (!value) e.preventDefault();
  };
  return (
    <Form method="get" className="flex items-end gap-2" onSubmit={requireValue}>
      <input type="hidden" name="menu" value={ADMIN_PANELS.searchProducts} />
      <div className="flex-1">
        <label htmlFor={`search-${field}`} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={`search-${field}`}
          name={field}
          inputMode={numeric ? "numeric" : undefined}
          defaultValue={data.by === field ? data.value : ""}
          className={inputStyle}
        />
      </div>
      <button type="submit" className={buttonStyles.primary}>
        {button}
      </button>
    </Form>
  );
}

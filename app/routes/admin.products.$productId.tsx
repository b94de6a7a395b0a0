import { useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.products.$productId";
import { MAX_FEATURED_SIZES, MAX_PER_ORDER_CEILING, MAX_PRODUCT_IMAGES } from "~/common/constants";
import { parseProductId } from "~/common/ids";
import { imageUrl } from "~/common/images";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { koboToNaira } from "~/common/money";
import { uploadTooLarge } from "../admin/products.server";
import { FormMessage, inputStyle, SubmitButton } from "../components/account/fields";
import { AdminFrame } from "../components/admin/AdminFrame";
import { formPictureProblem, PictureInput, ProductFields } from "../components/admin/ProductFields";
import { ChevronLeftIcon, TrashIcon } from "../components/icons";
import { RouteError } from "../components/RouteError";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { isOwner } from "~/app/services.server";
import { filesFrom, firstProblem, getProductForEdit, listCategories, productEditInput, readProductForm, updateProduct } from "~/app/services.server";

// Edit a product (beyond the spec: a shop cannot run without it): fields, featured flag, the
// size/price table, and pictures (keep, reorder, remove, add) under the upload rules.

async function productOr404(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const id = parseProductId(params.productId);
  const product = id === undefined ? undefined : await getProductForEdit(context.db, id);
  if (!product) throw data(messages.productNotFound, { status: 404 });
  return product;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  const [product, categories] = await Promise.all([productOr404(params, context), listCategories(context.db)]);
  return { product, categories: categories.map((c) => c.name), owner: isOwner(account) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin");
  const product = await productOr404(params, context);
  const form = await readProductForm(request);
  if (!form) return uploadTooLarge();
  // Input the form refuses (a missing field, a malformed or 100 KB value, an unknown category, a
  // wrong picture) answers 400, with the same words on the page.
  const error = (message: string, status = 400) => data<FormResult>({ status: "error", message }, { status });
  const strings = (name: string) => form.getAll(name).map(String);
  const [sizeNames, sizePrices, sizeStocks] = [strings("sizeName"), strings("sizePrice"), strings("sizeStock")];
  const input = productEditInput.safeParse({
    productName: form.get("productName"),
    description: form.get("description"),
    category: form.get("category"),
    // A ticked checkbox sends "on"; any other value fails the schema.
    featured: form.get("featured") === null ? false : form.get("featured") === "on" ? true : form.get("featured"),
    maxPerOrder: form.get("maxPerOrder"),
    price: form.get("price"),
    availableStock: form.get("availableStock"),
    sizes: sizeNames.map((size, i) => ({ size, price: sizePrices[i], stock: sizeStocks[i] })),
    keepImages: strings("keepImages"),
  });
  if (!input.success) return error(firstProblem(input.error));
  const saved = await updateProduct(context.db, account.id, product.id, input.data, await filesFrom(form, "productImages[]"));
  if (!saved.ok) return error(saved.message, saved.message === messages.productNotFound ? 404 : 400);
  return redirect(`/admin/products/${product.id}?notice=product-updated`);
}
export const clientAction = networkFallback(messages.tryAgain);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => privatePageMeta(loaderData ? `Edit ${loaderData.product.name}` : "Edit product");

interface SizeDraft {
  key: number;
  size: string;
  price: string;
  stock: string;
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, owner } = loaderData;
  const [featured, setFeatured] = useState(product.featured);
  const [images, setImages] = useState(product.images);
  const [sizes, setSizes] = useState<SizeDraft[]>(() =>
    product.variants.map((v, key) => ({ key, size: v.size, price: String(koboToNaira(v.priceKobo)), stock: String(v.stock) })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const plain = product.variants[0];
  const shown = problem ?? (actionData?.status === "error" ? actionData.message : null);
  const move = (index: number, by: -1 | 1) =>
    setImages((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  const editSize = (key: number, field: keyof Omit<SizeDraft, "key">, value: string) =>
    setSizes((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const small = "rounded-lg border border-slate-300 px-2.5 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-40";

  return (
    <AdminFrame owner={owner} active={ADMIN_PANELS.manageProducts}>
      <div className="max-w-3xl">
        <Link
          to={adminPanelPath(ADMIN_PANELS.manageProducts)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ChevronLeftIcon className="h-4 w-4" /> Manage Products
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Edit product {product.id}</h1>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          onSubmit={(e) => {
            const found = formPictureProblem(e.currentTarget, images.length);
            setProblem(found);
            if (found) e.preventDefault();
          }}
        >
          <ProductFields
            categories={categories}
            withPriceAndStock={!featured}
            defaults={{
              name: product.name,
              description: product.description,
              category: product.category,
              priceNaira: plain ? koboToNaira(plain.priceKobo) : undefined,
              stock: plain?.stock,
            }}
          />
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" name="featured" checked={featured} onChange={(e) => setFeatured(e.target.checked)} className="h-4 w-4" />
            Featured product, sold by size (shown on the home page and /productdetail2)
          </label>
          <div>
            <label htmlFor="maxPerOrder" className="text-sm font-medium text-slate-700">
              Most of one size per order
            </label>
            <input
              id="maxPerOrder"
              name="maxPerOrder"
              type="number"
              min={1}
              max={MAX_PER_ORDER_CEILING}
              step={1}
              required
              defaultValue={product.maxPerOrder}
              aria-describedby="maxPerOrder-hint"
              className={`${inputStyle} mt-1 max-w-32`}
            />
            <p id="maxPerOrder-hint" className="mt-1 text-xs text-slate-600">
              A fair share: no customer can buy, or hold at checkout, more of one size than this.
            </p>
          </div>
          {featured ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-slate-700">Sizes (length x width x thickness), price in NGN and stock</legend>
              {sizes.map((row, index) => (
                // A card per size on phones (size on its own line, then price, stock and remove), a
                // row from 640 px: every value is shown whole, so staff change the price they meant.
                <div
                  key={row.key}
                  className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem_auto] sm:border-0 sm:p-0"
                >
                  <label className="col-span-3 grid gap-1 text-xs font-medium text-slate-600 sm:col-span-1">
                    <span className="sm:sr-only">Size</span>
                    <input
                      aria-label={`Size ${index + 1}`}
                      name="sizeName"
                      value={row.size}
                      required
                      onChange={(e) => editSize(row.key, "size", e.target.value)}
                      className={inputStyle}
                      placeholder="6x4.5x8"
                    />
                  </label>
                  <label className="grid gap-1 text-xs font-medium text-slate-600">
                    <span className="sm:sr-only">Price (NGN)</span>
                    <input
                      aria-label={`Price of size ${index + 1}`}
                      name="sizePrice"
                      value={row.price}
                      required
                      inputMode="decimal"
                      onChange={(e) => editSize(row.key, "price", e.target.value)}
                      className={inputStyle}
                    />
                  </label>
                  <label className="grid gap-1 text-xs font-medium text-slate-600">
                    <span className="sm:sr-only">Stock</span>
                    <input
                      aria-label={`Stock of size ${index + 1}`}
                      name="sizeStock"
                      value={row.stock}
                      required
                      inputMode="numeric"
                      onChange={(e) => editSize(row.key, "stock", e.target.value)}
                      className={inputStyle}
                    />
                  </label>
                  <button
                    type="button"
                    className={`${small} py-2.5`}
                    aria-label={`Remove size ${index + 1}`}
                    onClick={() => setSizes((rows) => rows.filter((r) => r.key !== row.key))}
                  >
                    <TrashIcon className="h-4 w-4" />
                  </button>
                </div>
              ))}
              <button
                type="button"
                className={`${small} justify-self-start`}
                disabled={sizes.length >= MAX_FEATURED_SIZES}
                onClick={() => setSizes((rows) => [...rows, { key: Date.now(), size: "", price: "", stock: "0" }])}
              >
                Add a size
              </button>
            </fieldset>
          ) : null}
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Pictures (the first is shown on cards)</legend>
            <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {images.map((file, index) => (
                <li key={file} className="rounded-xl border border-slate-200 p-2">
                  <input type="hidden" name="keepImages" value={file} />
                  <img
                    src={imageUrl(file, 320)}
                    alt={`Picture ${index + 1}`}
                    width={160}
                    height={160}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                  <div className="mt-2 flex justify-between gap-1">
                    <button
                      type="button"
                      className={small}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={`Move picture ${index + 1} earlier`}
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className={small}
                      onClick={() => setImages((list) => list.filter((f) => f !== file))}
                      aria-label={`Remove picture ${index + 1}`}
                    >
                      <TrashIcon className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className={small}
                      disabled={index === images.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={`Move picture ${index + 1} later`}
                    >
                      →
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>
          {images.length < MAX_PRODUCT_IMAGES ? <PictureInput kept={images.length} onProblem={setProblem} /> : null}
          {shown ? <FormMessage tone="error">{shown}</FormMessage> : null}
          <SubmitButton busyText="Saving...">Save changes</SubmitButton>
        </Form>
      </div>
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  return (
    <AdminFrame active={ADMIN_PANELS.manageProducts}>
      <RouteError notFound={messages.productNotFound} failed={messages.productFetchError} />
    </AdminFrame>
  );
}

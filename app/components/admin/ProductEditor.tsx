import { BackLink } from "./BackLink";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MAX_FEATURED_SIZES, MAX_LOW_STOCK_THRESHOLD, MAX_PER_ORDER_CEILING, MAX_PRODUCT_IMAGES } from "~/common/constants";
import { imageUrl } from "~/common/images";
import { koboToNaira } from "~/common/money";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { ProductRecord } from "~/server/catalog/admin";
import type { FormResult } from "~/app/forms";
import { FormMessage, inputStyle, SubmitButton } from "../account/fields";
import { TrashIcon } from "../icons";
import { formPictureProblem, PictureInput, priceInputProps, ProductFields } from "./ProductFields";

// Edit a product (beyond the specification, requirements §14.2: a shop cannot run without it): fields, on sale or hidden,
// featured flag, limits, the size/price table, and pictures (keep, reorder, remove, add) under
// the upload rules; Duplicate starts a similar product from this one (issue 18).

interface SizeDraft {
  key: number;
  size: string;
  price: string;
  stock: string;
}

/** The edit page's form: fields, state, limits, sizes and pictures; Duplicate beside the heading. */
export function ProductEditor({ product, categories, result }: { product: ProductRecord; categories: string[]; result: FormResult | undefined }) {
  const [featured, setFeatured] = useState(product.featured);
  const [images, setImages] = useState(product.images);
  const [sizes, setSizes] = useState<SizeDraft[]>(() =>
    product.variants.map((v, key) => ({ key, size: v.size, price: String(koboToNaira(v.priceKobo)), stock: String(v.stock) })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const plain = product.variants[0];
  const shown = problem ?? (result?.status === "error" ? result.message : null);
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
    <div className="max-w-3xl">
      <BackLink to={adminPanelPath(ADMIN_PANELS.manageProducts)}>Manage Products</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Edit product {product.id}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {product.hidden ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">Hidden from the shop</span>
          ) : (
            <Link to={`/productdetail/${product.id}`} className={`${small} py-2`}>
              View in the shop
            </Link>
          )}
          {/* A copy to start a similar product from: hidden and without stock until staff say otherwise. */}
          <DuplicateButton className={`${small} py-2`} />
        </div>
      </div>
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
        <input type="hidden" name="intent" value="save" />
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
          <label htmlFor="visibility" className="text-sm font-medium text-slate-700">
            In the shop
          </label>
          <select
            id="visibility"
            name="visibility"
            defaultValue={product.hidden ? "hidden" : "on-sale"}
            aria-describedby="visibility-hint"
            className={`${inputStyle} mt-1 sm:max-w-sm`}
          >
            <option value="on-sale">On sale</option>
            <option value="hidden">Hidden</option>
          </select>
          <p id="visibility-hint" className="mt-1 text-xs text-slate-600">
            Hide a draft or an out-of-season product: it leaves every page, search and cart of the shop; staff still find it here, and past orders
            keep it.
          </p>
        </div>
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
        <div>
          <label htmlFor="lowStockThreshold" className="text-sm font-medium text-slate-700">
            Low-stock alert at
          </label>
          <input
            id="lowStockThreshold"
            name="lowStockThreshold"
            type="number"
            min={0}
            max={MAX_LOW_STOCK_THRESHOLD}
            step={1}
            required
            defaultValue={product.lowStockThreshold}
            aria-describedby="lowStockThreshold-hint"
            className={`${inputStyle} mt-1 max-w-32`}
          />
          <p id="lowStockThreshold-hint" className="mt-1 text-xs text-slate-600">
            A size with this many units or fewer is listed under Low stock and in the morning&apos;s low-stock e-mail.
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
                    {...priceInputProps}
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
  );
}

/** Duplicate: one copy per press; the button is off while the page sends anything. */
function DuplicateButton({ className }: { className: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="duplicate" />
      <button type="submit" className={className} disabled={busy} aria-disabled={busy}>
        {busy && navigation.formData?.get("intent") === "duplicate" ? "Duplicating..." : "Duplicate"}
      </button>
    </Form>
  );
}

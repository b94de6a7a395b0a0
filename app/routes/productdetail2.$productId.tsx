import { useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/productdetail2.$productId";
import { getFeaturedProduct } from "../../server/catalog/catalog";
import { priceForSize } from "../../common/featured";
import { messages } from "../../common/messages";
import { formatNaira } from "../../common/money";
import { AddToCart } from "../components/AddToCart";
import { BackButton } from "../components/BackButton";
import { ProductGallery } from "../components/ProductGallery";
import { RouteError } from "../components/RouteError";
import { productMeta } from "../seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.productId) ? Number(params.productId) : NaN;
  const product = Number.isNaN(id) ? undefined : await getFeaturedProduct(context.db, id);
  if (!product) throw data(messages.productNotFound, { status: 404 });
  return { product, publicUrl: context.config.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? productMeta({ ...loaderData.product, pricesKobo: loaderData.product.variants.map((v) => v.priceKobo) }, loaderData.publicUrl, location.pathname)
    : [];

export default function FeaturedProductDetail({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  // The first size is chosen to begin with (spec §4); the price follows the chosen size.
  const [size, setSize] = useState(product.variants[0]?.size);
  const chosen = priceForSize(product.variants, size);
  const variant = product.variants.find((v) => v.size === chosen?.size);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <BackButton />
      <div className="mt-3 grid gap-8 md:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{product.category}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
          <div>
            <label htmlFor="size" className="block text-sm font-semibold text-slate-700">
              Size (length x width x thickness)
            </label>
            <select
              id="size"
              value={chosen?.size}
              onChange={(e) => setSize(e.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:w-64"
            >
              {product.variants.map((v) => (
                <option key={v.id} value={v.size}>
                  {v.size}
                </option>
              ))}
            </select>
          </div>
          <p className="text-3xl font-extrabold text-brand-800" aria-live="polite" data-testid="price">
            {chosen ? formatNaira(chosen.priceKobo) : null}
          </p>
          <p className={`text-sm font-medium ${variant && variant.stock > 0 ? "text-emerald-700" : "text-red-700"}`}>
            {variant && variant.stock > 0 ? `In stock (${variant.stock} available in this size)` : "Out of stock in this size"}
          </p>
          <p className="leading-relaxed text-slate-700">{product.description}</p>
          <div className="pt-2">
            <AddToCart disabled={!variant || variant.stock === 0} />
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.productNotFound} failed={messages.productFetchError} />;
}

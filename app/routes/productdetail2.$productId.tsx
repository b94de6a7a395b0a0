import { useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/productdetail2.$productId";
import { priceForSize } from "~/common/featured";
import { parseProductId } from "~/common/ids";
import { messages } from "~/common/messages";
import { formatNaira } from "~/common/money";
import { ProductDetailLayout } from "../components/ProductDetailLayout";
import { RouteError } from "../components/RouteError";
import { productMeta } from "../seo";
import { getFeaturedProduct } from "~/app/services.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.productId);
  const product = id === undefined ? undefined : await getFeaturedProduct(context.db, id);
  if (!product) throw data(messages.productNotFound, { status: 404 });
  return { product, publicUrl: context.config.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? productMeta(loaderData.product, loaderData.publicUrl, location.pathname) : [];

export default function FeaturedProductDetail({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  // The first size is chosen to begin with (spec §4); the price follows the chosen size.
  const [size, setSize] = useState(product.variants[0]?.size);
  const variant = priceForSize(product.variants, size);
  return (
    <ProductDetailLayout product={product} size={variant?.size ?? ""} soldOut={!variant || variant.stock === 0}>
      <div>
        <label htmlFor="size" className="block text-sm font-semibold text-slate-700">
          Size (length x width x thickness)
        </label>
        <select
          id="size"
          value={variant?.size}
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
        {variant ? formatNaira(variant.priceKobo) : null}
      </p>
      <p className={`text-sm font-medium ${variant && variant.stock > 0 ? "text-emerald-700" : "text-red-700"}`}>
        {variant && variant.stock > 0 ? `In stock (${variant.stock} available in this size)` : "Out of stock in this size"}
      </p>
    </ProductDetailLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.productNotFound} failed={messages.productFetchError} />;
}

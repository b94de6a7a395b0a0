import { data } from "react-router";
import type { Route } from "./+types/productdetail.$productId";
import { getProduct } from "../../server/catalog/catalog";
import { messages } from "../../common/messages";
import { formatNaira } from "../../common/money";
import { AddToCart } from "../components/AddToCart";
import { BackButton } from "../components/BackButton";
import { ProductGallery } from "../components/ProductGallery";
import { RouteError } from "../components/RouteError";
import { productMeta } from "../seo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.productId) ? Number(params.productId) : NaN;
  const product = Number.isNaN(id) ? undefined : await getProduct(context.db, id);
  if (!product) throw data(messages.productNotFound, { status: 404 });
  return { product, publicUrl: context.config.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? productMeta({ ...loaderData.product, pricesKobo: loaderData.product.variants.map((v) => v.priceKobo) }, loaderData.publicUrl, location.pathname)
    : [];

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <BackButton />
      <div className="mt-3 grid gap-8 md:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{product.category}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
          <p className="text-3xl font-extrabold text-brand-800">{formatNaira(product.priceKobo)}</p>
          <p className={`text-sm font-medium ${product.stock > 0 ? "text-emerald-700" : "text-red-700"}`}>
            {product.stock > 0 ? `In stock (${product.stock} available)` : "Out of stock"}
          </p>
          <p className="leading-relaxed text-slate-700">{product.description}</p>
          <div className="pt-2">
            <AddToCart disabled={product.stock === 0} />
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.productNotFound} failed={messages.productFetchError} />;
}

import { data } from "react-router";
import type { Route } from "./+types/productdetail.$productId";
import { parseProductId } from "~/common/ids";
import { messages } from "~/common/messages";
import { formatNaira } from "~/common/money";
import { FeaturedProductDetail } from "../components/FeaturedProductDetail";
import { ProductDetailLayout } from "../components/ProductDetailLayout";
import { RouteError } from "../components/RouteError";
import { productMeta } from "../seo";
import { getProduct, productReviews } from "~/app/services.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.productId);
  const [product, reviews] = id === undefined ? [] : await Promise.all([getProduct(context.db, id), productReviews(context.db, id)]);
  if (!product || !reviews) throw data(messages.productNotFound, { status: 404 });
  return { product, reviews, publicUrl: context.config.publicUrl };
}

// A featured mattress has one page for search engines: /productdetail2, which shows the same.
export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? productMeta(
        loaderData.product,
        loaderData.publicUrl,
        loaderData.product.featured ? `/productdetail2/${loaderData.product.id}` : location.pathname,
        loaderData.reviews,
      )
    : [];

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  // Search and Crazy Deals open every product here (requirements §2.1); a featured mattress is sold by size.
  if (product.featured) return <FeaturedProductDetail product={product} reviews={reviews} />;
  return (
    <ProductDetailLayout product={product} size="0" soldOut={product.stock === 0} reviews={reviews}>
      <p className="text-3xl font-extrabold text-brand-800" data-testid="price">
        {formatNaira(product.priceKobo)}
      </p>
      <p className={`text-sm font-medium ${product.stock > 0 ? "text-emerald-700" : "text-red-700"}`}>
        {product.stock > 0 ? `In stock (${product.stock} available)` : "Out of stock"}
      </p>
    </ProductDetailLayout>
  );
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.productNotFound} failed={messages.productFetchError} />;
}

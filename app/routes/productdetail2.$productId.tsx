import { data } from "react-router";
import type { Route } from "./+types/productdetail2.$productId";
import { parseProductId } from "~/common/ids";
import { messages } from "~/common/messages";
import { FeaturedProductDetail } from "../components/FeaturedProductDetail";
import { RouteError } from "../components/RouteError";
import { productMeta } from "../seo";
import { getFeaturedProduct, productReviews } from "~/app/services.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.productId);
  const [product, reviews] = id === undefined ? [] : await Promise.all([getFeaturedProduct(context.db, id), productReviews(context.db, id)]);
  if (!product || !reviews) throw data(messages.productNotFound, { status: 404 });
  return { product, reviews, publicUrl: context.config.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData ? productMeta(loaderData.product, loaderData.publicUrl, location.pathname, loaderData.reviews) : [];

export default function FeaturedProductPage({ loaderData }: Route.ComponentProps) {
  return <FeaturedProductDetail product={loaderData.product} reviews={loaderData.reviews} />;
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.productNotFound} failed={messages.productFetchError} />;
}

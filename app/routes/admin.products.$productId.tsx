import type { Route } from "./+types/admin.products.$productId";
import { backOfficeViewer } from "../admin/viewer.server";
import { messages } from "~/common/messages";
import { ADMIN_PANELS } from "~/common/panels";
import { duplicateProductAction, editProductAction, productPageData, uploadTooLarge } from "../admin/products.server";
import { AdminFrame } from "../components/admin/AdminFrame";
import { ArchivedProduct } from "../components/admin/ArchivedProduct";
import { ProductEditor } from "../components/admin/ProductEditor";
import { RouteError } from "../components/RouteError";
import { networkFallback } from "../forms";
import { formIntent, unknownIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { listCategories, readProductForm } from "~/app/services.server";

// A product's page in the back office (beyond the specification, requirements §14.2: a shop cannot run without it): edit it,
// hide it, duplicate it; a deleted product shows its record instead, so no link to it is a 404.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  const [product, categories] = await Promise.all([productPageData(params.productId, context), listCategories(context.db)]);
  return { product, categories: categories.map((c) => c.name), viewer: await backOfficeViewer(account, context) };
}

/** The forms of this page, by the `intent` each sends; any other, or none, is refused (issue 16). */
const INTENTS = ["save", "duplicate"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin");
  const product = await productPageData(params.productId, context);
  const form = await readProductForm(request);
  if (!form) return uploadTooLarge();
  switch (formIntent(form, INTENTS)) {
    case "save":
      return editProductAction(account, product, form, context);
    case "duplicate":
      return duplicateProductAction(account, product, context);
    case undefined:
      return unknownIntent();
  }
}
export const clientAction = networkFallback(messages.tryAgain);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData ? `${loaderData.product.archivedAt ? "Deleted product" : "Edit"} ${loaderData.product.name}` : "Edit product");

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, viewer } = loaderData;
  return (
    <AdminFrame viewer={viewer} active={ADMIN_PANELS.manageProducts}>
      {product.archivedAt ? (
        <ArchivedProduct product={product} deletedAt={new Date(product.archivedAt)} />
      ) : (
        <ProductEditor key={product.id} product={product} categories={categories} result={actionData} />
      )}
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

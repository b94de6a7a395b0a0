import { data } from "react-router";
import type { Route } from "./+types/admin.orders.$orderRef.$document";
import { ADMIN_PANELS } from "~/common/panels";
import { orderDocumentData } from "../admin/orders.server";
import { AdminFrame } from "../components/admin/AdminFrame";
import { DOCUMENT_TITLES, isDocumentKind, OrderDocument } from "../components/admin/OrderDocument";
import { OrderError } from "../components/admin/OrderError";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { backOfficeViewer } from "../admin/viewer.server";

// An order's invoice or packing slip (issue 18), an A4 sheet to print: components/admin/OrderDocument.tsx.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  if (!isDocumentKind(params.document)) throw data("Not found", { status: 404 });
  const order = await orderDocumentData(context, params.orderRef);
  if (!order) throw data("Order not found", { status: 404 });
  return { order, kind: params.document, viewer: await backOfficeViewer(account, context) };
}

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ params, loaderData }) =>
  privatePageMeta(`${loaderData ? DOCUMENT_TITLES[loaderData.kind] : "Order"} ${params.orderRef}`);

export default function OrderDocumentPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame viewer={loaderData.viewer} active={ADMIN_PANELS.orders}>
      <OrderDocument order={loaderData.order} kind={loaderData.kind} />
    </AdminFrame>
  );
}

export const ErrorBoundary = OrderError;

import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Route } from "./+types/admin.orders.$orderRef.invoice";
import { SHOP_NAME } from "~/common/constants";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { orderDocumentData } from "../admin/orders.server";
import { AdminFrame } from "../components/admin/AdminFrame";
import { OrderDocument } from "../components/admin/OrderDocument";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { isOwner } from "~/app/services.server";

// An order's invoice (issue 18), an A4 sheet to print: components/admin/OrderDocument.tsx.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  const order = await orderDocumentData(context, params.orderRef);
  if (!order) throw data("Order not found", { status: 404 });
  return { order, owner: isOwner(account) };
}

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ params }) => privatePageMeta(`Invoice ${params.orderRef}`);

export default function OrderDocumentPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame owner={loaderData.owner} active={ADMIN_PANELS.orders}>
      <OrderDocument order={loaderData.order} kind="invoice" />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const text = notFound ? "Order not found." : "This order could not be shown. Please try again.";
  return (
    <AdminFrame active={ADMIN_PANELS.orders}>
      <div className="py-16 text-center">
        <title>{`${text} | ${SHOP_NAME}`}</title>
        <p role="alert" className="text-lg font-medium text-slate-700">
          {text}
        </p>
        <Link to={adminPanelPath(ADMIN_PANELS.orders)} className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          Back to orders
        </Link>
      </div>
    </AdminFrame>
  );
}

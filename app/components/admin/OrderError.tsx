import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SHOP_NAME } from "~/common/constants";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { AdminFrame } from "./AdminFrame";

/** The error page of an order's pages (the order, its invoice and packing slip): not found, or failed. */
export function OrderError() {
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

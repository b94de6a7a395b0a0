import type { Route } from "./+types/admin.order-lines[.]csv";
import { ordersExportResponse } from "../admin/orders.server";
import { requireAccount } from "../sessions.server";
import { auditedExport } from "../admin/exports.server";

// The Orders panel's CSV of order lines (issue 18): one row per product line of each order the
// panel's filters in the query select.

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return auditedExport(account, context, "Order lines CSV", () => ordersExportResponse(request, context, "lines"));
}

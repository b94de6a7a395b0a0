import type { Route } from "./+types/admin.order-lines[.]csv";
import { ordersExportResponse } from "../admin/orders.server";
import { requireAccount } from "../sessions.server";

// The Orders panel's CSV of order lines (issue 18): one row per product line of each order the
// panel's filters in the query select.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccount(request, context, "admin");
  return ordersExportResponse(request, context, "lines");
}

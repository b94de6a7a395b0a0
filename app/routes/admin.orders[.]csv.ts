import type { Route } from "./+types/admin.orders[.]csv";
import { ordersExportResponse } from "../admin/orders.server";
import { requireAccount } from "../sessions.server";

// The Orders panel's CSV of orders (issue 18), for the panel's filters in the query.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccount(request, context, "admin");
  return ordersExportResponse(request, context, "orders");
}

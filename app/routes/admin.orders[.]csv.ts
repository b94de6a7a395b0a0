import type { Route } from "./+types/admin.orders[.]csv";
import { ordersExportResponse } from "../admin/orders.server";
import { requireAccount } from "../sessions.server";
import { auditedExport } from "../admin/exports.server";

// The Orders panel's CSV of orders (issue 18), for the panel's filters in the query.

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return auditedExport(account, context, "Orders CSV", () => ordersExportResponse(request, context, "orders"));
}

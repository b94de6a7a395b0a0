import type { Route } from "./+types/admin.products[.]csv";
import { productsCsvResponse } from "../admin/product-csv.server";
import { requireAccount } from "../sessions.server";
import { auditedExport } from "../admin/exports.server";

// The Manage Products panel's CSV of every product, size, price and stock (issue 18): admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return auditedExport(account, context, "Products CSV", () => productsCsvResponse(context));
}

import type { Route } from "./+types/admin.reports[.]csv";
import { reportCsvResponse } from "../admin/reports.server";
import { requireAccount } from "../sessions.server";
import { auditedExport } from "../admin/exports.server";

// The Reports panel's CSV downloads (issue 18): admins only; others go to the admin login.
export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return auditedExport(account, context, "Reports CSV", () => reportCsvResponse(request, context));
}

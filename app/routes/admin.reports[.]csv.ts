import type { Route } from "./+types/admin.reports[.]csv";
import { reportCsvResponse } from "../admin/reports.server";
import { requireAccount } from "../sessions.server";

// The Reports panel's CSV downloads (issue 18): admins only; others go to the admin login.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccount(request, context, "admin");
  return reportCsvResponse(request, context);
}

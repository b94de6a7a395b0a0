import type { Route } from "./+types/admin.audit[.]csv";
import { auditCsvResponse } from "../admin/staff.server";
import { auditedExport } from "../admin/exports.server";
import { requireAccount } from "../sessions.server";

// The audit log as a CSV (issue 27), with the panel's filter in the query: owners only; the
// download is itself recorded.

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return auditedExport(account, context, "Audit log CSV", () => auditCsvResponse(account, request, context));
}

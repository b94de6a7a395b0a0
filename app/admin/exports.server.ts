import type { AppLoadContext } from "react-router";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { recordAudit } from "~/server/admin/audit";

// Every download of the shop's data (orders, order lines, products, reports, the audit log) is
// written in the audit log (issue 27): who took which file, when.

/** The CSV `make` answers, recorded in the audit log when it is a file (not a refusal). */
export async function auditedExport(account: SignedInAccount, context: AppLoadContext, what: string, make: () => Promise<Response>) {
  const response = await make();
  if (response.ok) {
    const file = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "a file";
    await recordAudit(context.db, account.id, { action: "export", subject: what, detail: `Downloaded ${file}.` });
  }
  return response;
}

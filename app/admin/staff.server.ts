import { data, type AppLoadContext } from "react-router";
import { AUDIT_ACTIONS, isAuditAction } from "~/common/audit";
import { lagosDate, lagosDateTime } from "~/common/lagos-time";
import { csvFile, csvHeaders } from "~/server/export/csv";
import { dayRangeFromUrl } from "./day-range.server";
import { messages } from "~/common/messages";
import { listAudit, type AuditFilter } from "~/server/admin/audit";
import { changeStaff, isOwner, listAdmins, type StaffChange } from "~/server/admin/staff";
import type { SignedInAccount } from "~/server/accounts/sessions";
import type { FormResult } from "../forms";

// The owners' panels (issue 18): Admins (disable, enable, remove, promote, demote) and the audit
// log. Staff who open them by address are told they are for owners; their forms are refused.

const STAFF_CHANGES: readonly StaffChange[] = ["disable", "enable", "remove", "make-owner", "make-staff", "reset-two-factor"];

export async function adminsPanelData(account: SignedInAccount, context: AppLoadContext) {
  if (!isOwner(account)) return { ownersOnly: true as const };
  const admins = await listAdmins(context.db);
  return { ownersOnly: false as const, me: account.id, admins: admins.map((a) => ({ ...a, createdAt: lagosDateTime(a.createdAt) })) };
}

/** The audit log's filter as the panel's GET form puts it in the address (what, who, from, to). */
function auditFilterFromUrl(request: Request): AuditFilter {
  const query = new URL(request.url).searchParams;
  const action = query.get("action") ?? "";
  const actor = Number(query.get("actor") ?? "");
  const { from, to } = dayRangeFromUrl(query);
  return {
    action: isAuditAction(action) ? action : undefined,
    actorId: Number.isSafeInteger(actor) && actor > 0 ? actor : undefined,
    from: from || undefined,
    to: to || undefined,
  };
}

/** The most entries one download of the audit log holds: years of a small shop's back office. */
const AUDIT_EXPORT_LIMIT = 50_000;

/** The audit log as a CSV for owners (issue 27), with the panel's filter; staff are refused. */
export async function auditCsvResponse(account: SignedInAccount, request: Request, context: AppLoadContext): Promise<Response> {
  if (!isOwner(account)) {
    return new Response(`${messages.ownersOnly}\r\n`, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const entries = await listAudit(context.db, auditFilterFromUrl(request), AUDIT_EXPORT_LIMIT);
  const rows = entries.map((e) => [
    lagosDateTime(e.at),
    e.actorName,
    AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action,
    e.subject,
    e.detail,
  ]);
  const body = csvFile(["When (Lagos)", "Who", "What", "Subject", "Detail"], rows);
  return new Response(body, { headers: csvHeaders(`audit-log-${lagosDate(new Date())}.csv`) });
}

export async function auditPanelData(account: SignedInAccount, request: Request, context: AppLoadContext) {
  if (!isOwner(account)) return { ownersOnly: true as const };
  const filter = auditFilterFromUrl(request);
  const [entries, admins] = await Promise.all([listAudit(context.db, filter), listAdmins(context.db)]);
  return {
    ownersOnly: false as const,
    filter: { action: filter.action ?? "", actor: filter.actorId ? String(filter.actorId) : "", from: filter.from ?? "", to: filter.to ?? "" },
    actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    actors: admins.map((a) => ({ value: String(a.id), label: a.fullName })),
    entries: entries.map((e) => ({ ...e, at: lagosDateTime(e.at), actionLabel: AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action })),
  };
}

/** An owner's change to another admin (`adminId`, `change`). */
export async function staffChangeAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const change = String(form.get("change") ?? "");
  const adminId = Number(form.get("adminId") ?? "");
  if (!STAFF_CHANGES.includes(change as StaffChange) || !Number.isSafeInteger(adminId) || adminId <= 0) {
    return data<FormResult>({ status: "error", message: messages.requestUnreadable }, { status: 400 });
  }
  const result = await changeStaff(context.db, account, adminId, change as StaffChange);
  if (result.ok) return data<FormResult>({ status: "done", message: result.message });
  const status = result.reason === "not-owner" ? 403 : result.reason === "not-found" ? 404 : 400;
  return data<FormResult>({ status: "error", message: result.message }, { status });
}

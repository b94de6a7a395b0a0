import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AuditAction } from "~/common/audit";
import type { Database, Executor } from "../db/client";
import { accounts, auditLog } from "../db/schema";
import { lagosDayEnd, lagosDayStart } from "~/common/lagos-time";

// The audit log (issue 18): who changed a price, a stock level, a product, an order's status, a
// refund or an admin, and when. Written in the transaction of the change it records, so an entry
// exists exactly when the change does.

export interface AuditEntry {
  action: AuditAction;
  subject: string;
  /** Where the subject lives in the back office ("/admin/products/18"), if anywhere. */
  subjectPath?: string | null;
  detail: string;
}

/** Records what the admin `actorId` did; their name is copied from their account, in the same statement. */
export async function recordAudit(tx: Executor, actorId: number, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const rows = JSON.stringify(list.map((e) => ({ action: e.action, subject: e.subject, subject_path: e.subjectPath ?? null, detail: e.detail })));
  await tx.execute(sql`
    insert into ${auditLog} (actor_id, actor_name, action, subject, subject_path, detail)
    select ${actorId}, coalesce((select a.full_name from ${accounts} a where a.id = ${actorId}), ${`Admin ${actorId}`}),
      e.action, e.subject, e.subject_path, e.detail
    from rows from (jsonb_to_recordset(${rows}::jsonb) as (action text, subject text, subject_path text, detail text))
      with ordinality as e(action, subject, subject_path, detail, n)
    order by e.n`);
}

export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
  /** Lagos days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 200;

export type AuditRow = typeof auditLog.$inferSelect;

/** The newest entries first, at most `limit` (a page of the panel by default). */
export async function listAudit(db: Database, filter: AuditFilter = {}, limit = AUDIT_PAGE_SIZE): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.actorId !== undefined) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.from) where.push(gte(auditLog.at, lagosDayStart(filter.from)));
  if (filter.to) where.push(lt(auditLog.at, lagosDayEnd(filter.to)));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : sql`true`)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

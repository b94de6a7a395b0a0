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

/** Records what the admin `actorId` did; their name is copied from their account. */
export async function recordAudit(tx: Executor, actorId: number, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const [actor] = await tx.select({ fullName: accounts.fullName }).from(accounts).where(eq(accounts.id, actorId));
  await tx.insert(auditLog).values(
    list.map((entry) => ({
      actorId,
      actorName: actor?.fullName ?? `Admin ${actorId}`,
      action: entry.action,
      subject: entry.subject,
      subjectPath: entry.subjectPath ?? null,
      detail: entry.detail,
    })),
  );
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

/** The newest entries first, at most AUDIT_PAGE_SIZE. */
export async function listAudit(db: Database, filter: AuditFilter = {}): Promise<AuditRow[]> {
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
    .limit(AUDIT_PAGE_SIZE);
}

import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobRuns, orders, outbox, payments, refunds } from "../db/schema";
import { openIncidents, resolveIncident } from "../alerts/incidents";
import { recordAudit } from "./audit";
import { incidents as incidentRows } from "../db/schema";
import { announceMail } from "../mail/outbox";
import { readShopState } from "../metrics/shop-state";
import { successOverdue } from "../background";

// Shop health (issue 27): what /metrics says, in words, and the list of what needs a person, each
// with its order and an action where one makes sense. Owners only (app/admin/shop-health.server.ts).

/** A transfer announced this long ago and not landed is worth a look. */
export const TRANSFER_WAIT_MS = 60 * 60_000;
const LISTED = 50;

export async function shopHealth(db: Database, now = new Date()) {
  const awaitedSince = new Date(now.getTime() - TRANSFER_WAIT_MS);
  const [state, incidents, failedMail, failedRefunds, awaited, disputes, jobs] = await Promise.all([
    readShopState(db),
    openIncidents(db),
    db
      .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, lastError: outbox.lastError, createdAt: outbox.createdAt })
      .from(outbox)
      .where(eq(outbox.status, "failed"))
      .orderBy(desc(outbox.id))
      .limit(LISTED),
    db
      .select({ orderRef: orders.orderRef, amountKobo: refunds.amountKobo, lastError: refunds.lastError, createdAt: refunds.createdAt })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.status, "failed"))
      .orderBy(desc(refunds.id))
      .limit(LISTED),
    db
      .select({ orderRef: orders.orderRef, amountKobo: payments.amountKobo, channel: payments.channel, since: payments.updatedAt })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.status, "awaiting"), lt(payments.updatedAt, awaitedSince)))
      .orderBy(asc(payments.updatedAt))
      .limit(LISTED),
    db
      .select({ orderRef: orders.orderRef, dueAt: orders.disputeDueAt, totalKobo: orders.totalKobo })
      .from(orders)
      .where(eq(orders.disputeStatus, "open"))
      .orderBy(sql`${orders.disputeDueAt} asc nulls last`)
      .limit(LISTED),
    db.select().from(jobRuns).orderBy(asc(jobRuns.job)),
  ]);
  return {
    state,
    incidents,
    failedMail,
    failedRefunds,
    awaited,
    disputes,
    stoppedJobs: stoppedJobs(jobs, now),
  };
}

export type ShopHealth = Awaited<ReturnType<typeof shopHealth>>;

/**
 * Jobs that have not succeeded for MISSED_INTERVALS of their intervals. A job that has never run
 * anywhere is not listed: a shop without BACKUP_DIR has no backups job, and one just started has
 * not reached its first run.
 */
function stoppedJobs(runs: (typeof jobRuns.$inferSelect)[], now: Date) {
  return runs
    .filter((run) => {
      const last = run.lastSuccessAt ?? run.lastFailureAt;
      return last !== null && (run.lastSuccessAt === null || successOverdue(run, now));
    })
    .map((run) => ({ job: run.job, lastSuccessAt: run.lastSuccessAt, lastError: run.lastError, intervalMs: run.intervalMs }));
}

/**
 * "Send again" on a mail that failed for good: it goes back in the outbox as new, due now. Only a
 * failed mail moves (a second press finds it pending). Whether it moved.
 */
export async function sendMailAgain(db: Database, mailId: number): Promise<boolean> {
  const moved = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(outbox.id, mailId), eq(outbox.status, "failed")))
    .returning({ id: outbox.id });
  if (moved.length) announceMail();
  return moved.length > 0;
}

/**
 * An owner marks an open incident resolved (they refunded by hand, answered the dispute...): the
 * banner goes, the owners are told once, and the audit log says who. Whether it was open.
 */
export async function markIncidentResolved(
  db: Database,
  ownerId: number,
  incidentId: number,
  where: { publicUrl: string; fallbackTo: string },
): Promise<boolean> {
  const resolved = await db.transaction(async (tx) => {
    const [incident] = await tx.select().from(incidentRows).where(eq(incidentRows.id, incidentId));
    if (!incident || incident.resolvedAt) return false;
    const detail = `Marked resolved by an owner: ${incident.detail}`;
    if (!(await resolveIncident(tx, incident.key, detail, where.publicUrl, where.fallbackTo))) return false;
    await recordAudit(tx, ownerId, {
      action: "incident",
      subject: incident.subject,
      subjectPath: incident.subjectPath,
      detail: "Marked the incident resolved",
    });
    return true;
  });
  if (resolved) announceMail();
  return resolved;
}

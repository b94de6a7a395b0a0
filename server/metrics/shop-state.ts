import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client";
import { log } from "../log";
import { metrics } from "./metrics";

// The shop's state as the database holds it, read at each scrape of /metrics: what survives a
// restart and is the same whichever process is asked (server/metrics/metrics.ts).

export interface ShopState {
  refunds: { pending: number; done: number; failed: number };
  paymentsAwaiting: number;
  outbox: { pending: number; failed: number; oldestPendingSeconds: number };
  /** Each job's last success (server/background.ts), by name. */
  jobs: Record<string, Date>;
  /** The last scheduled backup that finished well; null before the first. */
  lastBackup: Date | null;
}

/** One round trip: small aggregates over indexed columns. */
export async function readShopState(db: Database): Promise<ShopState> {
  const [row] = await queryRows<{
    refunds_pending: number;
    refunds_done: number;
    refunds_failed: number;
    payments_awaiting: number;
    outbox_pending: number;
    outbox_failed: number;
    outbox_oldest_seconds: number | null;
    last_backup: string | Date | null;
    jobs: Record<string, string> | null;
  }>(
    db,
    sql`select
      (select count(*)::int from refunds where status = 'pending') as refunds_pending,
      (select count(*)::int from refunds where status = 'sent') as refunds_done,
      (select count(*)::int from refunds where status = 'failed') as refunds_failed,
      (select count(*)::int from payments where status = 'awaiting') as payments_awaiting,
      (select count(*)::int from outbox where status = 'pending') as outbox_pending,
      (select count(*)::int from outbox where status = 'failed') as outbox_failed,
      (select extract(epoch from now() - min(created_at))::float8 from outbox where status = 'pending') as outbox_oldest_seconds,
      (select max(finished_at) from backups where outcome = 'ok') as last_backup,
      (select json_object_agg(job, last_success_at) from job_runs where last_success_at is not null) as jobs`,
  );
  return {
    refunds: { pending: row.refunds_pending, done: row.refunds_done, failed: row.refunds_failed },
    paymentsAwaiting: row.payments_awaiting,
    outbox: { pending: row.outbox_pending, failed: row.outbox_failed, oldestPendingSeconds: Math.max(0, row.outbox_oldest_seconds ?? 0) },
    jobs: Object.fromEntries(Object.entries(row.jobs ?? {}).map(([job, at]) => [job, new Date(at)])),
    lastBackup: row.last_backup === null ? null : new Date(row.last_backup),
  };
}

/**
 * Makes the gauges of the database's state read `db` whenever they are collected: at each scrape,
 * and in each server process when the primary gathers them. prom-client collects a registry's
 * metrics all at once, so the gauges of one scrape share the read in flight; the next scrape
 * reads again. One database per process (the last app made wins: tests make several, and read
 * only their own figures' changes).
 */
export function watchShopState(db: Database): void {
  let reading: Promise<void> | null = null;
  metrics.shopState.refresh = () =>
    (reading ??= readShopState(db)
      .then(setShopStateMetrics, forgetShopState)
      .finally(() => (reading = null)));
}

function setShopStateMetrics(state: ShopState): void {
  for (const [name, count] of Object.entries(state.refunds)) metrics.refunds.set({ state: name }, count);
  metrics.paymentsAwaiting.set(state.paymentsAwaiting);
  metrics.outbox.set({ state: "pending" }, state.outbox.pending);
  metrics.outbox.set({ state: "failed" }, state.outbox.failed);
  metrics.outboxOldest.set(state.outbox.oldestPendingSeconds);
  for (const [job, at] of Object.entries(state.jobs)) metrics.jobLastSuccess.set({ job }, at.getTime() / 1000);
  if (state.lastBackup) metrics.backupLastSuccess.set(state.lastBackup.getTime() / 1000);
}

/**
 * The database did not answer: its figures are left out of this scrape (absent, not stale), the
 * process's own are still reported, and /readyz says why.
 */
function forgetShopState(error: unknown): void {
  log.warn({ err: error }, "/metrics: the shop's state could not be read from the database");
  for (const gauge of [
    metrics.refunds,
    metrics.paymentsAwaiting,
    metrics.outbox,
    metrics.outboxOldest,
    metrics.jobLastSuccess,
    metrics.backupLastSuccess,
  ])
    gauge.reset();
}

import type { Database } from "./db/client";
import { jobRuns } from "./db/schema";
import { log } from "./log";

// The shop's background work (server.ts): jobs each process runs on a timer. Every job is safe in
// several processes at once (it claims its rows), so none needs a leader.

/**
 * Runs `job` every `intervalMs`, and once `firstAfterMs` after the start when given, without
 * keeping the process alive for it. A failure is logged with `failure`; the next run tries again.
 */
export function every(
  intervalMs: number,
  job: () => Promise<unknown>,
  failure: string,
  { firstAfterMs }: { firstAfterMs?: number } = {},
): { stop(): void } {
  const run = () => void job().catch((err: unknown) => log.error({ err }, failure));
  const first = firstAfterMs === undefined ? undefined : setTimeout(run, firstAfterMs);
  const timer = setInterval(run, intervalMs);
  first?.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** The shop's background jobs, as job_runs, /metrics and Shop health name them. */
export const JOB_NAMES = [
  "mailer",
  "order-expiry",
  "awaiting-payments",
  "refunds",
  "housekeeping",
  "low-stock-mail",
  "review-requests",
  "stock-alerts",
  "cart-reminders",
  "backups",
  "watch",
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * `every`, for a named job whose runs are written down (job_runs): its last success by any
 * process, and its last failure with why. Shop health and /metrics read them to tell a job that
 * stopped.
 */
export function everyJob(
  db: Database,
  job: { name: JobName; intervalMs: number; failure: string; firstAfterMs?: number },
  work: () => Promise<unknown>,
): { stop(): void } {
  const run = async () => {
    try {
      await work();
    } catch (error) {
      await recordJobRun(db, job.name, job.intervalMs, error).catch(() => undefined);
      throw error;
    }
    await recordJobRun(db, job.name, job.intervalMs, null);
  };
  return every(job.intervalMs, run, job.failure, { firstAfterMs: job.firstAfterMs });
}

/** A job is stopped once it has not succeeded for this many of its intervals (Shop health, the watch). */
export const MISSED_INTERVALS = 3;

/** Whether a job that has succeeded before has not for MISSED_INTERVALS of its intervals. */
export const successOverdue = (run: { lastSuccessAt: Date | null; intervalMs: number }, now: Date): boolean =>
  run.lastSuccessAt !== null && now.getTime() - run.lastSuccessAt.getTime() > MISSED_INTERVALS * run.intervalMs;

/**
 * A success is written at most this often per job and process: the mailer drains after every
 * queued mail, and a write per drain cost the embedded database more than the mail did. The
 * interval written down is at least this long, so "missed three runs" stays true.
 */
export const SUCCESS_RECORD_MS = 60_000;

/** Per database and job, when this process last wrote a success down. */
const recordedAt = new WeakMap<Database, Map<JobName, number>>();

/** Writes down one run of a job: a success (error null), at most once a minute, or every failure. */
export async function recordJobRun(db: Database, name: JobName, intervalMs: number, error: unknown): Promise<void> {
  const now = new Date();
  let recorded = recordedAt.get(db);
  if (!recorded) recordedAt.set(db, (recorded = new Map()));
  if (error === null) {
    const last = recorded.get(name);
    if (last !== undefined && now.getTime() - last < SUCCESS_RECORD_MS) return;
    recorded.set(name, now.getTime());
  }
  const every = Math.max(intervalMs, SUCCESS_RECORD_MS);
  const outcome =
    error === null
      ? { lastSuccessAt: now }
      : { lastFailureAt: now, lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1_000) };
  await db
    .insert(jobRuns)
    .values({ job: name, intervalMs: every, ...outcome })
    .onConflictDoUpdate({ target: jobRuns.job, set: { intervalMs: every, ...outcome } });
}

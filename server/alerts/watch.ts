import { and, asc, desc, eq, isNull, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { backups, incidents, jobRuns, outbox } from "../db/schema";
import { everyJob, successOverdue } from "../background";
import { openIncident, resolveIncident, type IncidentKind } from "./incidents";
import { readableLagosTime } from "~/common/lagos-time";

// The incidents no single event opens (issue 27): found by looking, every minute, in every
// process. Each is keyed by what makes the episode one (the oldest mail waiting, the job's last
// success, the failed backup), so every process that looks opens the same one, once; it is
// resolved when the look no longer finds it.
//   mail-failing   a mail has waited over 30 minutes: told by the banner and the log, not by mail
//   job-stopped    a job has not succeeded for three of its intervals
//   backup-failed  the newest scheduled backup (or its off-site copy) failed

export const MAIL_LATE_MS = 30 * 60_000;
export const WATCH_INTERVAL_MS = 60_000;

interface Where {
  publicUrl: string;
  fallbackTo: string;
}

interface Found {
  kind: IncidentKind;
  key: string;
  subject: string;
  subjectPath: string | null;
  detail: string;
}

/** One look: opens what is wrong now, resolves what was wrong and is not any more. */
export async function watchShop(db: Database, where: Where, now = new Date()): Promise<void> {
  const found = [...(await lateMail(db, now)), ...(await stoppedJobs(db, now)), ...(await failedBackup(db))];
  await db.transaction(async (tx) => {
    for (const incident of found) await openIncident(tx, incident, where.publicUrl, where.fallbackTo, { mail: incident.kind !== "mail-failing" });
    const open = await tx.select({ key: incidents.key, kind: incidents.kind }).from(incidents).where(isNull(incidents.resolvedAt));
    const still = new Set(found.map((f) => f.key));
    for (const incident of open) {
      if (!WATCHED.has(incident.kind) || still.has(incident.key)) continue;
      await resolveIncident(tx, incident.key, "No longer found by the shop's watch.", where.publicUrl, where.fallbackTo, {
        mail: incident.kind !== "mail-failing",
      });
    }
  });
}

const WATCHED = new Set<string>(["mail-failing", "job-stopped", "backup-failed"] satisfies IncidentKind[]);

async function lateMail(db: Database, now: Date): Promise<Found[]> {
  const [oldest] = await db
    .select({ id: outbox.id, createdAt: outbox.createdAt, lastError: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lt(outbox.createdAt, new Date(now.getTime() - MAIL_LATE_MS))))
    .orderBy(asc(outbox.id))
    .limit(1);
  if (!oldest) return [];
  return [
    {
      kind: "mail-failing",
      key: `mail-failing:${oldest.id}`,
      subject: "E-mail",
      subjectPath: null,
      detail: `E-mail has not gone out since ${readableLagosTime(oldest.createdAt)}${oldest.lastError ? `: ${oldest.lastError}` : " (is SMTP_URL set?)"}.`,
    },
  ];
}

async function stoppedJobs(db: Database, now: Date): Promise<Found[]> {
  const runs = await db.select().from(jobRuns);
  return runs
    .filter((run) => successOverdue(run, now))
    .map((run) => ({
      kind: "job-stopped" as const,
      key: `job-stopped:${run.job}:${run.lastSuccessAt!.getTime()}`,
      subject: `The ${run.job} job`,
      subjectPath: null,
      detail: `The ${run.job} job has not run well since ${readableLagosTime(run.lastSuccessAt!)}${run.lastError ? `: ${run.lastError}` : ""}.`,
    }));
}

async function failedBackup(db: Database): Promise<Found[]> {
  const [newest] = await db.select().from(backups).orderBy(desc(backups.startedAt)).limit(1);
  if (!newest || (newest.outcome !== "failed" && newest.outcome !== "copy-failed")) return [];
  const what = newest.outcome === "failed" ? "The backup" : "The off-site copy of the backup";
  return [
    {
      kind: "backup-failed",
      key: `backup-failed:${newest.id}`,
      subject: `Backup of ${newest.day}`,
      subjectPath: null,
      detail: `${what} of ${newest.day} failed${newest.error ? `: ${newest.error}` : ""}.`,
    },
  ];
}

/** Looks every minute (a job of its own, so Shop health also tells when the watch itself stopped). */
export function startWatch(db: Database, where: Where, intervalMs = WATCH_INTERVAL_MS): { stop(): void } {
  return everyJob(db, { name: "watch", intervalMs, failure: "The shop's watch failed", firstAfterMs: 15_000 }, () => watchShop(db, where));
}

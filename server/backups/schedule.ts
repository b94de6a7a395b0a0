import { hostname } from "node:os";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, lt } from "drizzle-orm";
import { addDays, lagosDate, lagosDateTime } from "~/common/lagos-time";
import type { Database, DatabaseHandle } from "~/server/db/client";
import { backups } from "~/server/db/schema";
import { everyJob } from "~/server/background";
import { log } from "~/server/log";
import { CHECKSUM_SUFFIX, writeBackupFile } from "./backup-file";
import { copyOffsite } from "./offsite";

// Scheduled backups (issue 25, decision 0046): once a Lagos day, from BACKUP_HOUR on, one of the
// shop's processes backs the PostgreSQL database up into BACKUP_DIR, hands the file to the
// off-site command, and keeps 7 daily and 4 weekly files. Each attempt is a row of `backups`,
// claimed by inserting it, as the low-stock mail claims its day: of several processes or hosts,
// one makes the day's backup.

export interface BackupSettings {
  /** BACKUP_DIR; unset, no scheduled backups. */
  dir: string | undefined;
  /** BACKUP_PASSPHRASE: the files are encrypted when set. Never logged. */
  passphrase: string | undefined;
  /** BACKUP_OFFSITE_COMMAND in words (./offsite.ts). */
  offsiteCommand: string[] | undefined;
  /** BACKUP_HOUR: the day's backup is made at the first check from this hour on, Lagos time. */
  hour: number;
}

export type BackupRecord = typeof backups.$inferSelect;

/** Tries at one day's backup: a failed one is tried again, this many times in all... */
export const BACKUP_ATTEMPTS_PER_DAY = 3;
/**
 * ...no sooner than this after it started: a quick failure (a full disk, a database restart) is not
 * tried again at once by the next process, while a claimant that vanished, whose claim ran out
 * after BACKUP_LEASE_MS, is replaced at once.
 */
export const BACKUP_RETRY_AFTER_MS = 10 * 60_000;
/** How long a claim holds without being renewed; a claimant that vanished is replaced after it. */
export const BACKUP_LEASE_MS = 10 * 60_000;
const LEASE_RENEW_MS = 60_000;
/** How long the off-site command may take (a large file over a slow line). */
export const OFFSITE_TIMEOUT_MS = 2 * 60 * 60_000;
/** How often each process looks whether the day's backup is due. */
export const BACKUP_CHECK_MS = 15 * 60_000;
/** Files kept: the newest of each of the last this many days that have one... */
export const KEEP_DAILY = 7;
/** ...and the newest of each of the last this many ISO weeks (Monday to Sunday, Lagos) that have one. */
export const KEEP_WEEKLY = 4;

export interface BackupJobOptions {
  /** The clock (tests drive days forward with it). */
  now?: () => Date;
  /** Who claims, as recorded: "host pid N". */
  host?: string;
  offsiteTimeoutMs?: number;
}

export type ScheduledBackupRun = { ran: false; why: "too-early" | Exclude<Claim, { id: number }>["why"] } | { ran: true; backup: BackupRecord };

/** `foam-shop-2031-03-04-020000.backup`: the Lagos date and time it was started; `.enc` when encrypted. */
export function backupFileName(startedAt: Date, encrypted: boolean): string {
  const [day, time] = lagosDateTime(startedAt).split(" ");
  return `foam-shop-${day}-${time.replaceAll(":", "")}.backup${encrypted ? ".enc" : ""}`;
}

/** The shop's own backup files, and nothing else in the folder: only these are ever deleted. */
const BACKUP_FILE = /^foam-shop-(\d{4}-\d{2}-\d{2})-\d{6}\.backup(?:\.enc)?$/;
const LEFTOVER_FILE = /^foam-shop-(\d{4}-\d{2}-\d{2})-\d{6}\.backup(?:\.enc)?(?:\.sha256)?\.partial$/;

/** The Monday (`YYYY-MM-DD`) that begins the ISO week of a day. */
function weekOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return addDays(day, -((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7));
}

/**
 * Of the shop's backup files (names), those retention keeps: the newest of each of the last
 * KEEP_DAILY days that have a backup, and the newest of each of the last KEEP_WEEKLY ISO weeks
 * that have one. Counting days and weeks that have a backup, not calendar days, means a shop whose
 * backups stopped keeps the last ones it made.
 */
export function backupsToKeep(names: string[]): Set<string> {
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  // The names sort as their times do.
  for (const name of names.filter((n) => BACKUP_FILE.test(n)).sort((a, b) => b.localeCompare(a))) {
    const day = BACKUP_FILE.exec(name)![1];
    if (!days.has(day) && days.size < KEEP_DAILY) keep.add(name);
    days.add(day);
    const week = weekOf(day);
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) keep.add(name);
    weeks.add(week);
  }
  return keep;
}

/**
 * Deletes the backups retention does not keep, with their checksum files, and what an
 * interrupted backup of an earlier day left. Touches no other file. Gives the names deleted.
 */
export async function pruneBackups(dir: string, today: string): Promise<string[]> {
  const names = await readdir(dir);
  const keep = backupsToKeep(names);
  const doomed = names.filter((name) => {
    if (BACKUP_FILE.test(name)) return !keep.has(name);
    if (name.endsWith(CHECKSUM_SUFFIX) && BACKUP_FILE.test(name.slice(0, -CHECKSUM_SUFFIX.length)))
      return !keep.has(name.slice(0, -CHECKSUM_SUFFIX.length));
    const leftover = LEFTOVER_FILE.exec(name);
    return leftover !== null && leftover[1] < today;
  });
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  return doomed;
}

type Claim = { id: number; attempt: number } | { why: "done-today" | "running-elsewhere" | "retry-later" | "gave-up-today" };

/** Claims an attempt at `day`'s backup by inserting its row; the unique (day, attempt) lets one process win. */
async function claim(db: Database, day: string, now: Date, host: string): Promise<Claim> {
  // A claimant that stopped renewing its lease (killed, its host gone, or a restored database's
  // record of the backup it came from) failed, whatever its day.
  await db
    .update(backups)
    .set({ outcome: "failed", finishedAt: now, error: "The process making it stopped before it finished (its claim ran out)." })
    .where(and(eq(backups.outcome, "running"), lt(backups.leaseUntil, now)));
  const [latest] = await db.select().from(backups).where(eq(backups.day, day)).orderBy(desc(backups.attempt)).limit(1);
  if (latest?.outcome === "ok") return { why: "done-today" };
  if (latest?.outcome === "running") return { why: "running-elsewhere" };
  if (latest && latest.attempt >= BACKUP_ATTEMPTS_PER_DAY) return { why: "gave-up-today" };
  if (latest && now.getTime() - latest.startedAt.getTime() < BACKUP_RETRY_AFTER_MS) return { why: "retry-later" };
  const [claimed] = await db
    .insert(backups)
    .values({ day, attempt: (latest?.attempt ?? 0) + 1, host, startedAt: now, leaseUntil: new Date(now.getTime() + BACKUP_LEASE_MS) })
    .onConflictDoNothing()
    .returning({ id: backups.id, attempt: backups.attempt });
  return claimed ?? { why: "running-elsewhere" };
}

/**
 * Makes today's backup if it is due and no process has made or is making it: writes it into the
 * folder, hands it to the off-site command, prunes old files and records the outcome (the
 * `backups` row and the log). A failure is recorded, not thrown.
 */
export async function runScheduledBackup(db: Database, settings: BackupSettings, options: BackupJobOptions = {}): Promise<ScheduledBackupRun> {
  const now = options.now ?? (() => new Date());
  const dir = settings.dir;
  if (!dir) throw new Error("Scheduled backups need BACKUP_DIR.");
  const startedAt = now();
  if (Number(lagosDateTime(startedAt).slice(11, 13)) < settings.hour) return { ran: false, why: "too-early" };
  const day = lagosDate(startedAt);
  const claimed = await claim(db, day, startedAt, options.host ?? `${hostname()} pid ${process.pid}`);
  if ("why" in claimed) return { ran: false, why: claimed.why };

  const mine = eq(backups.id, claimed.id);
  const renew = setInterval(() => {
    db.update(backups)
      .set({ leaseUntil: new Date(now().getTime() + BACKUP_LEASE_MS) })
      .where(and(mine, eq(backups.outcome, "running")))
      .catch((err: unknown) => log.warn({ err }, "Could not renew the claim on the running backup"));
  }, LEASE_RENEW_MS);
  renew.unref();

  const encrypted = Boolean(settings.passphrase);
  const fileName = backupFileName(startedAt, encrypted);
  const file = path.join(dir, fileName);
  let outcome: Partial<BackupRecord> & Pick<BackupRecord, "outcome">;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const written = await writeBackupFile(db, file, { passphrase: settings.passphrase });
    outcome = { outcome: "ok", fileName, bytes: written.bytes, sha256: written.sha256, encrypted };
    if (settings.offsiteCommand) {
      const copy = await copyOffsite(settings.offsiteCommand, file, options.offsiteTimeoutMs ?? OFFSITE_TIMEOUT_MS);
      if (!copy.ok) outcome = { ...outcome, outcome: "copy-failed", error: copy.error };
    }
  } catch (error) {
    const size = await stat(file).catch(() => null);
    outcome = { outcome: "failed", fileName: size ? fileName : null, encrypted, error: `The backup failed: ${(error as Error).message}` };
  } finally {
    clearInterval(renew);
  }
  const [backup] = await db
    .update(backups)
    .set({ ...outcome, finishedAt: now() })
    .where(mine)
    .returning();
  logOutcome(backup, file);

  if (backup.outcome !== "failed") {
    try {
      const deleted = await pruneBackups(dir, day);
      if (deleted.length) log.info({ deleted }, `Deleted ${deleted.length} old backup files (keeping ${KEEP_DAILY} daily and ${KEEP_WEEKLY} weekly)`);
    } catch (err) {
      log.error({ err }, `Could not delete old backups in ${dir}`);
    }
  }
  return { ran: true, backup };
}

function logOutcome(backup: BackupRecord, file: string) {
  const facts = {
    backup: {
      day: backup.day,
      attempt: backup.attempt,
      outcome: backup.outcome,
      file: backup.fileName ? file : null,
      bytes: backup.bytes,
      sha256: backup.sha256,
      encrypted: backup.encrypted,
      ms: backup.finishedAt!.getTime() - backup.startedAt.getTime(),
    },
  };
  if (backup.outcome === "ok") log.info(facts, `Backed up the shop to ${file} (${backup.bytes} bytes${backup.encrypted ? ", encrypted" : ""})`);
  else if (backup.outcome === "copy-failed") log.error(facts, `Backed up the shop to ${file}, but ${lowerFirst(backup.error ?? "")}`);
  else log.error(facts, backup.error ?? "The backup failed");
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The newest scheduled backup (running, made or failed), or the newest with `outcome`; null when
 * there is none. For the Shop health panel.
 */
export async function lastBackup(db: Database, filter: { outcome?: BackupRecord["outcome"] } = {}): Promise<BackupRecord | null> {
  const [row] = await db
    .select()
    .from(backups)
    .where(filter.outcome ? eq(backups.outcome, filter.outcome) : undefined)
    .orderBy(desc(backups.startedAt), desc(backups.id))
    .limit(1);
  return row ?? null;
}

/** Why scheduled backups will not run with these settings on this engine, if they will not. */
export function scheduledBackupsProblem(engine: DatabaseHandle["engine"], settings: BackupSettings): string | null {
  if (!settings.dir || engine === "postgres") return null;
  return (
    "BACKUP_DIR is set, but scheduled backups run on PostgreSQL only: a backup of the embedded database would hold it for " +
    "every request until it is done. Stop the shop and run npm run db:backup, or move the shop to PostgreSQL (README: Backups)."
  );
}

/**
 * Checks now and every BACKUP_CHECK_MS whether the day's backup is due, and makes it. Nothing
 * without BACKUP_DIR; on the embedded database, a warning instead.
 */
export function startScheduledBackups(handle: DatabaseHandle, settings: BackupSettings, options: BackupJobOptions = {}): { stop(): void } {
  const problem = scheduledBackupsProblem(handle.engine, settings);
  if (problem) log.warn(problem);
  if (!settings.dir || problem) return { stop() {} };
  return everyJob(handle.db, { name: "backups", intervalMs: BACKUP_CHECK_MS, failure: "The scheduled backup job failed", firstAfterMs: 60_000 }, () =>
    runScheduledBackup(handle.db, settings, options),
  );
}

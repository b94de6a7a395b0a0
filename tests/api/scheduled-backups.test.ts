import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { lagosDayStart } from "~/common/lagos-time";
import { openBackupFile } from "~/server/backups/backup-file";
import { BACKUP_ATTEMPTS_PER_DAY, lastBackup, runScheduledBackup, type BackupSettings, type ScheduledBackupRun } from "~/server/backups/schedule";
import type { DatabaseHandle } from "~/server/db/client";
import { backups } from "~/server/db/schema";
import { log } from "~/server/log";
import { backupCommand, emptyDatabase, fingerprint, SHOP_TABLES, truncateAll } from "../support/backups";
import { useStarted, useTestDatabase } from "../support/use-shop";

// The daily backup (issue 25, decision 0046) on a fake clock: one a day across two processes,
// 7 daily and 4 weekly files kept, each file handed to the off-site command, failures recorded,
// and a restore from its file, plain or encrypted, gives the same shop. The job runs on PostgreSQL
// only (on the embedded database it warns instead: server/backups/schedule.test.ts), so these
// tests run in the PostgreSQL pass. The file format, cipher and retention rule have unit tests
// beside their code.

const postgres = inject("postgresTemplate");
if (!postgres) console.log("scheduled-backups.test.ts: the job runs on PostgreSQL only (set DATABASE_URL); skipped on PGlite.");

const SLOW = 120_000;
const PASSPHRASE = "correct horse battery staple";

/** An instant given as a Lagos day and time ("02:00"). */
function at(day: string, time: string): Date {
  const [h, m] = time.split(":").map(Number);
  return new Date(lagosDayStart(day).getTime() + (h * 60 + m) * 60_000);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "shop-scheduled-backups-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A new folder for one test's backups, and one for its off-site copies. */
async function folders(name: string) {
  const backupDir = path.join(dir, name, "backups");
  const offsite = path.join(dir, name, "offsite");
  await mkdir(offsite, { recursive: true });
  return { backupDir, offsite };
}

describe.runIf(postgres)("the schedule", () => {
  const handle = useTestDatabase();
  const other = useStarted(() => handle.connectAgain());
  // An empty shop: forty days of backups stay quick. (The restore below uses a whole one.)
  beforeAll(() => truncateAll(handle.db));

  it(
    "makes one backup a day across two processes for 40 days, keeps 7 daily and 4 weekly files, and hands each to the off-site command",
    async () => {
      const { backupDir, offsite } = await folders("forty-days");
      const settings: BackupSettings = { dir: backupDir, passphrase: undefined, offsiteCommand: ["cp", "{file}", offsite], hour: 2 };
      // The operator's own files in the folder are never touched, not even an older manual backup.
      await mkdir(backupDir, { recursive: true });
      await writeFile(path.join(backupDir, "README.txt"), "Backups of the shop\n");
      await writeFile(path.join(backupDir, "shop-2026-05-01.backup"), "made by hand\n");

      /** Both processes check at once at `time`: what each found. */
      const bothAt = (day: string, time: string) =>
        Promise.all([
          runScheduledBackup(handle.db, settings, { now: () => at(day, time), host: "host-a pid 1" }),
          runScheduledBackup(other.db, settings, { now: () => at(day, time), host: "host-b pid 2" }),
        ]);
      const ran = (runs: ScheduledBackupRun[]) => runs.filter((r) => r.ran);

      const first = new Date("2030-12-31T12:00:00Z"); // a Tuesday
      for (let i = 0; i < 40; i++) {
        const day = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        expect(await bothAt(day, "01:59"), day).toEqual([
          { ran: false, why: "too-early" },
          { ran: false, why: "too-early" },
        ]);
        const runs = await bothAt(day, "02:00");
        expect(ran(runs), day).toHaveLength(1);
        expect(
          runs.find((r) => !r.ran),
          day,
        ).toMatchObject({ ran: false, why: expect.stringMatching(/^(running-elsewhere|done-today)$/) });
        const [made] = ran(runs) as Extract<ScheduledBackupRun, { ran: true }>[];
        const name = `foam-shop-${day}-020000.backup`;
        expect(made.backup).toMatchObject({ day, attempt: 1, outcome: "ok", fileName: name, encrypted: false, error: null });
        expect(await bothAt(day, "14:00"), day).toEqual([
          { ran: false, why: "done-today" },
          { ran: false, why: "done-today" },
        ]);
        // The off-site command received the file: the same bytes as the checksum recorded.
        const copied = await readFile(path.join(offsite, name));
        expect(sha256(copied)).toBe(made.backup.sha256);
        expect(copied.length).toBe(made.backup.bytes);
        expect(await readFile(path.join(backupDir, `${name}.sha256`), "utf8")).toBe(`${made.backup.sha256}  ${name}\n`);
      }

      // Tuesday 31 Dec 2030 to Saturday 8 Feb 2031. Daily: 2 to 8 Feb. Weekly (ISO weeks, Monday
      // first): the newest of the weeks of 3 Feb (8 Feb), 27 Jan (2 Feb, Sunday), 20 Jan (26 Jan)
      // and 13 Jan (19 Jan).
      const kept = [
        "2031-01-19",
        "2031-01-26",
        "2031-02-02",
        "2031-02-03",
        "2031-02-04",
        "2031-02-05",
        "2031-02-06",
        "2031-02-07",
        "2031-02-08",
      ].flatMap((day) => [`foam-shop-${day}-020000.backup`, `foam-shop-${day}-020000.backup.sha256`]);
      expect((await readdir(backupDir)).sort()).toEqual([...kept, "README.txt", "shop-2026-05-01.backup"].sort());
      expect(await readdir(offsite)).toHaveLength(40);

      const rows = await handle.db.select().from(backups).orderBy(asc(backups.day));
      expect(rows).toHaveLength(40);
      expect(new Set(rows.map((r) => r.day)).size).toBe(40);
      expect(rows.every((r) => r.outcome === "ok" && r.attempt === 1 && r.bytes! > 0 && /^[0-9a-f]{64}$/.test(r.sha256!))).toBe(true);
      expect(await lastBackup(handle.db)).toMatchObject({ day: "2031-02-08", outcome: "ok", fileName: "foam-shop-2031-02-08-020000.backup" });
    },
    SLOW,
  );

  it("records a failed off-site copy like a failed backup, and tries the day again later, at most three times", async () => {
    const { backupDir, offsite } = await folders("failures");
    const failing: BackupSettings = {
      dir: backupDir,
      passphrase: undefined,
      offsiteCommand: ["sh", "-c", 'echo "no route to remote: $1" >&2; exit 3', "sh", "{file}"],
      hour: 2,
    };
    const day = "2031-06-02";
    const run = (time: string, settings: BackupSettings, offsiteTimeoutMs?: number) =>
      runScheduledBackup(handle.db, settings, { now: () => at(day, time), offsiteTimeoutMs });

    const file = path.join(backupDir, `foam-shop-${day}-020000.backup`);
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    expect(await run("02:00", failing)).toMatchObject({
      ran: true,
      backup: { attempt: 1, outcome: "copy-failed", error: `The off-site copy failed: sh exited with code 3: no route to remote: ${file}` },
    });
    // Logged for whoever reads the logs, as recorded for the Shop health panel.
    expect(logged).toHaveBeenCalledWith(
      { backup: expect.objectContaining({ day, attempt: 1, outcome: "copy-failed", file, bytes: expect.any(Number), encrypted: false }) },
      `Backed up the shop to ${file}, but the off-site copy failed: sh exited with code 3: no route to remote: ${file}`,
    );
    // The file was made; the day is not done.
    expect(existsSync(file)).toBe(true);
    expect(await lastBackup(handle.db)).toMatchObject({ day, outcome: "copy-failed" });
    expect(await run("02:05", failing)).toEqual({ ran: false, why: "retry-later" });

    // A command that does not finish in time is stopped and recorded.
    const hanging = { ...failing, offsiteCommand: ["sh", "-c", "sleep 30", "sh", "{file}"] };
    expect(await run("02:15", hanging, 300)).toMatchObject({
      ran: true,
      backup: { attempt: 2, outcome: "copy-failed", error: "The off-site copy failed: sh did not finish within 300 ms and was stopped." },
    });

    // The third try copies it; the day is then done.
    const working = { ...failing, offsiteCommand: ["cp", "{file}", offsite] };
    expect(await run("02:30", working)).toMatchObject({ ran: true, backup: { attempt: 3, outcome: "ok", error: null } });
    expect(await readdir(offsite)).toEqual([`foam-shop-${day}-023000.backup`]);
    expect(await run("03:00", working)).toEqual({ ran: false, why: "done-today" });
    // Retention keeps the newest file of the day.
    expect((await readdir(backupDir)).sort()).toEqual([`foam-shop-${day}-023000.backup`, `foam-shop-${day}-023000.backup.sha256`]);

    // A backup that cannot be written fails, is recorded and logged, and is given up after three tries.
    const blocked = path.join(dir, "failures", "a-file");
    await writeFile(blocked, "not a folder");
    const unwritable = { ...working, dir: path.join(blocked, "backups") };
    const next = "2031-06-03";
    const runNext = (time: string) => runScheduledBackup(handle.db, unwritable, { now: () => at(next, time) });
    for (const [i, time] of ["02:00", "02:10", "02:20"].entries()) {
      expect(await runNext(time)).toMatchObject({
        ran: true,
        backup: { day: next, attempt: i + 1, outcome: "failed", fileName: null, error: expect.stringMatching(/^The backup failed: ENOTDIR/) },
      });
    }
    expect(BACKUP_ATTEMPTS_PER_DAY).toBe(3);
    expect(await runNext("02:30")).toEqual({ ran: false, why: "gave-up-today" });
    expect(await lastBackup(handle.db)).toMatchObject({ day: next, attempt: 3, outcome: "failed" });
    expect(await lastBackup(handle.db, { outcome: "ok" })).toMatchObject({ day, attempt: 3, outcome: "ok" });
  });

  it("replaces a claimant that vanished once its claim runs out, and not before", async () => {
    const { backupDir } = await folders("vanished");
    const settings: BackupSettings = { dir: backupDir, passphrase: undefined, offsiteCommand: undefined, hour: 2 };
    const day = "2031-07-01";
    // A process claimed the day at 02:00 and was killed: its row says running, and nobody renews it.
    await handle.db.insert(backups).values({ day, attempt: 1, host: "gone pid 9", startedAt: at(day, "02:00"), leaseUntil: at(day, "02:10") });
    // So does the record of the backup a restored database came from, days before.
    const restoredDay = "2031-06-20";
    await handle.db
      .insert(backups)
      .values({ day: restoredDay, attempt: 1, host: "old pid 3", startedAt: at(restoredDay, "02:00"), leaseUntil: at(restoredDay, "02:10") });
    const run = (time: string) => runScheduledBackup(handle.db, settings, { now: () => at(day, time) });
    expect(await run("02:05")).toEqual({ ran: false, why: "running-elsewhere" });
    expect(await run("02:15")).toMatchObject({ ran: true, backup: { attempt: 2, outcome: "ok" } });
    const gone = await handle.db
      .select()
      .from(backups)
      .where(sql`${backups.host} in ('gone pid 9', 'old pid 3')`);
    const ranOut = { outcome: "failed", error: "The process making it stopped before it finished (its claim ran out)." };
    expect(gone).toEqual([expect.objectContaining(ranOut), expect.objectContaining(ranOut)]);
  });
});

describe.runIf(postgres)("restoring a scheduled backup", () => {
  const source = useTestDatabase();
  let sourcePrint: Record<string, string>;
  let backupDir: string;
  const made: Record<"plain" | "encrypted", string> = { plain: "", encrypted: "" };
  beforeAll(async () => {
    sourcePrint = await fingerprint(source.db);
    ({ backupDir } = await folders("restore"));
    const levels = ["info", "warn", "error"] as const;
    const spies = levels.map((level) => vi.spyOn(log, level).mockImplementation(() => undefined));
    try {
      for (const [kind, day, passphrase] of [
        ["plain", "2031-08-04", undefined],
        ["encrypted", "2031-08-05", PASSPHRASE],
      ] as const) {
        const run = await runScheduledBackup(
          source.db,
          { dir: backupDir, passphrase, offsiteCommand: undefined, hour: 2 },
          { now: () => at(day, "02:00") },
        );
        if (!run.ran) throw new Error(`No backup on ${day}: ${run.why}`);
        made[kind] = path.join(backupDir, run.backup.fileName!);
      }
      // Each backup is logged, and the passphrase never is.
      expect(spies[0]).toHaveBeenCalledWith(
        { backup: expect.objectContaining({ day: "2031-08-05", outcome: "ok", file: made.encrypted, encrypted: true }) },
        expect.stringMatching(/^Backed up the shop to .*foam-shop-2031-08-05-020000\.backup\.enc \(\d+ bytes, encrypted\)$/),
      );
      expect(JSON.stringify(spies.map((spy) => spy.mock.calls))).not.toContain(PASSPHRASE);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }, SLOW);

  /**
   * The shop as it was, but for the backups' own records: a file holds the attempt that made it
   * as it was when the snapshot was taken, running, and the days before it as they ended.
   */
  async function expectSameShop(target: DatabaseHandle, records: { day: string; outcome: string }[]) {
    const withoutRecords = (print: Record<string, string>) =>
      Object.fromEntries(Object.entries(print).filter(([name]) => name !== "backups" && name !== "sequence backups_id_seq"));
    expect(withoutRecords(await fingerprint(target.db))).toEqual(withoutRecords(sourcePrint));
    expect(await target.db.select({ day: backups.day, outcome: backups.outcome }).from(backups).orderBy(asc(backups.day))).toEqual(records);
  }

  it(
    "gives the same shop from the plain and the encrypted file",
    async () => {
      expect(path.basename(made.plain)).toBe("foam-shop-2031-08-04-020000.backup");
      expect(path.basename(made.encrypted)).toBe("foam-shop-2031-08-05-020000.backup.enc");
      // The plain file is gzip; the encrypted one is not, and holds none of the shop's text.
      expect((await readFile(made.plain)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      const sealed = await readFile(made.encrypted);
      expect(sealed.subarray(0, 8).toString("latin1")).toBe("FOAMENC\n");

      const first = { day: "2031-08-04", outcome: "running" };
      for (const [file, passphrase, records] of [
        [made.plain, undefined, [first]],
        [
          made.encrypted,
          PASSPHRASE,
          [
            { ...first, outcome: "ok" },
            { day: "2031-08-05", outcome: "running" },
          ],
        ],
      ] as const) {
        const target = await emptyDatabase();
        try {
          // The command itself, from checksum and passphrase to the restored rows.
          const env = { ...target.env, ...(passphrase ? { BACKUP_PASSPHRASE: passphrase } : {}) };
          expect(await backupCommand(["restore", file], env)).toMatchObject({
            code: 0,
            out: expect.stringMatching(new RegExp(`^Restored \\d+ rows of ${SHOP_TABLES} tables from `)),
          });
          await expectSameShop(target, [...records]);
          if (passphrase) {
            // `npm run db:backup` encrypts with the same passphrase, and checksums its file too.
            const again = path.join(backupDir, "by-hand.backup");
            expect(await backupCommand(["backup", again], env)).toMatchObject({
              code: 0,
              out: expect.stringMatching(
                new RegExp(
                  `^Backed up \\d+ rows of ${SHOP_TABLES} tables from the PostgreSQL database of DATABASE_URL to .*by-hand\\.backup \\(.*, encrypted, `,
                ),
              ),
            });
            expect((await readFile(again)).subarray(0, 8).toString("latin1")).toBe("FOAMENC\n");
            expect(await readFile(`${again}.sha256`, "utf8")).toBe(`${sha256(await readFile(again))}  by-hand.backup\n`);
          }
        } finally {
          await target.close();
        }
      }
    },
    SLOW,
  );

  it(
    "refuses a missing or wrong passphrase, a changed byte or a damaged copy, and changes nothing, even with --force",
    async () => {
      // An empty database: a restore that went ahead would fill it.
      const target = await emptyDatabase();
      try {
        const before = await fingerprint(target.db);
        const env = target.env;
        const changed = path.join(dir, "restore", "changed");
        await mkdir(changed, { recursive: true });
        const sealed = await readFile(made.encrypted);
        const flipped = Buffer.from(sealed);
        flipped[Math.floor(flipped.length / 2)] ^= 0x01;
        // With its checksum file beside it, the checksum finds the change first...
        const withChecksum = path.join(changed, path.basename(made.encrypted));
        await writeFile(withChecksum, flipped);
        await writeFile(`${withChecksum}.sha256`, await readFile(`${made.encrypted}.sha256`));
        // ...and an off-site copy that travelled without it is caught by the cipher's tag.
        const alone = path.join(changed, "copy-from-offsite.backup.enc");
        await writeFile(alone, flipped);
        const plainChanged = path.join(changed, path.basename(made.plain));
        const plain = await readFile(made.plain);
        plain[plain.length - 100] ^= 0x01;
        await writeFile(plainChanged, plain);
        await writeFile(`${plainChanged}.sha256`, await readFile(`${made.plain}.sha256`));

        const cases: [string, string, string | undefined, string][] = [
          ["no passphrase", made.encrypted, undefined, "This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with."],
          ["a wrong passphrase", made.encrypted, "correct horse battery stable", "The passphrase in BACKUP_PASSPHRASE does not open this backup."],
          [
            "a changed byte",
            withChecksum,
            PASSPHRASE,
            "The backup file does not match its checksum in foam-shop-2031-08-05-020000.backup.enc.sha256: it was changed or damaged after it was made.",
          ],
          ["a changed copy", alone, PASSPHRASE, "The encrypted backup is damaged or was altered (its authentication tag does not match)."],
          [
            "a changed plain file",
            plainChanged,
            undefined,
            "The backup file does not match its checksum in foam-shop-2031-08-04-020000.backup.sha256: it was changed or damaged after it was made.",
          ],
        ];
        for (const [name, file, passphrase, message] of cases) {
          const result = await backupCommand(["restore", file, "--force"], { ...env, ...(passphrase ? { BACKUP_PASSPHRASE: passphrase } : {}) });
          expect(result, name).toEqual({ code: 1, out: `${message} Nothing was changed.` });
        }
        expect(await fingerprint(target.db)).toEqual(before);
        // The service the command uses says the same before anything is read into a database.
        expect(await openBackupFile(alone, PASSPHRASE)).toEqual({
          ok: false,
          reason: "damaged",
          message: "The encrypted backup is damaged or was altered (its authentication tag does not match).",
        });
      } finally {
        await target.close();
      }
    },
    SLOW,
  );
});

import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { configureLog, log } from "~/server/log";
import { backupFileName, backupsToKeep, scheduledBackupsProblem, type BackupSettings } from "./schedule";

// The parts of the daily backup that need no database: its file names, what retention keeps, where
// it runs, and its settings. The job itself: tests/api/scheduled-backups.test.ts (PostgreSQL).

const name = (day: string, time = "020000", encrypted = false) => `foam-shop-${day}-${time}.backup${encrypted ? ".enc" : ""}`;

describe("backup files", () => {
  it("are named by the Lagos date and time they were started", () => {
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(backupFileName(new Date("2031-03-04T23:30:05Z"), false)).toBe("foam-shop-2031-03-05-003005.backup");
    expect(backupFileName(new Date("2031-03-04T01:00:00Z"), true)).toBe("foam-shop-2031-03-04-020000.backup.enc");
  });
});

describe("retention", () => {
  const days = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

  it("keeps the newest file of each day, of the last 7 days and the last 4 ISO weeks that have one", () => {
    // Monday 2 Jun to Sunday 22 Jun 2031, twice on the last day (a retried backup), and one file
    // encrypted: 7 days (16 to 22 Jun) and the newest of the weeks of 16, 9 and 2 Jun.
    const names = [...days("2031-06-02", 21).map((d) => name(d, "020000", d === "2031-06-18")), name("2031-06-22", "021500")];
    expect([...backupsToKeep(names)].sort()).toEqual([
      name("2031-06-08"),
      name("2031-06-15"),
      name("2031-06-16"),
      name("2031-06-17"),
      name("2031-06-18", "020000", true),
      name("2031-06-19"),
      name("2031-06-20"),
      name("2031-06-21"),
      name("2031-06-22", "021500"),
    ]);
  });

  it("counts days and weeks that have a backup: a shop whose backups stopped keeps its last ones", () => {
    // Every third day from Monday 1 Dec 2031 to 9 Jan 2032 (ISO week 1 of 2032 begins Monday 29 Dec), then nothing for months.
    const names = days("2031-12-01", 40)
      .filter((_, i) => i % 3 === 0)
      .map((d) => name(d));
    // 1 Dec, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31 Dec, 3 Jan, 6 Jan, 9 Jan.
    expect([...backupsToKeep(names)].sort()).toEqual(
      [
        "2031-12-19", // the week of 15 Dec: its newest
        "2031-12-22",
        "2031-12-25",
        "2031-12-28", // the week of 22 Dec: its newest
        "2031-12-31",
        "2032-01-03", // the week of 29 Dec, across the new year: its newest
        "2032-01-06",
        "2032-01-09",
      ].map((d) => name(d)),
    );
  });

  it("looks at the shop's own backup files only", () => {
    const others = [
      "README.txt",
      "shop-2026-05-01.backup",
      "foam-shop-2031-06-02.backup",
      "foam-shop-2031-06-02-020000.backup.sha256",
      "x-foam-shop-2031-06-02-020000.backup",
    ];
    expect([...backupsToKeep([...others, name("2031-06-02")])]).toEqual([name("2031-06-02")]);
  });
});

describe("where scheduled backups run", () => {
  it("warns instead of scheduling on the embedded database", () => {
    const settings: BackupSettings = { dir: "/var/backups/shop", passphrase: undefined, offsiteCommand: undefined, hour: 2 };
    expect(scheduledBackupsProblem("pglite", settings)).toBe(
      "BACKUP_DIR is set, but scheduled backups run on PostgreSQL only: a backup of the embedded database would hold it for " +
        "every request until it is done. Stop the shop and run npm run db:backup, or move the shop to PostgreSQL (README: Backups).",
    );
    expect(scheduledBackupsProblem("postgres", settings)).toBeNull();
    expect(scheduledBackupsProblem("pglite", { ...settings, dir: undefined })).toBeNull();
  });
});

describe("settings", () => {
  it("are read from BACKUP_DIR, BACKUP_PASSPHRASE, BACKUP_OFFSITE_COMMAND and BACKUP_HOUR", () => {
    expect(loadConfig({}).backup).toEqual({ dir: undefined, passphrase: undefined, offsiteCommand: undefined, hour: 2 });
    expect(
      loadConfig({
        BACKUP_DIR: "/var/backups/shop",
        BACKUP_PASSPHRASE: "twelve chars",
        BACKUP_OFFSITE_COMMAND: `rclone copy {file} "remote:shop backups"`,
        BACKUP_HOUR: "23",
      }).backup,
    ).toEqual({
      dir: "/var/backups/shop",
      passphrase: "twelve chars",
      offsiteCommand: ["rclone", "copy", "{file}", "remote:shop backups"],
      hour: 23,
    });
  });

  it("refuse a short passphrase without repeating it, shell syntax, an off-site command without a folder, and another hour", () => {
    const problem = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    const short = problem({ BACKUP_PASSPHRASE: "hunter2hunt" });
    expect(short).toBe("Invalid configuration:\n  BACKUP_PASSPHRASE: at least 12 characters");
    expect(problem({ BACKUP_DIR: "/b", BACKUP_OFFSITE_COMMAND: "rclone copy {file} remote: && rm {file}" })).toBe(
      'Invalid configuration:\n  BACKUP_OFFSITE_COMMAND: "&" is shell syntax, and the command runs without a shell: quote it, or put pipes, redirections and several commands in a script and give the script',
    );
    expect(problem({ BACKUP_OFFSITE_COMMAND: "rclone copy {file} remote:" })).toBe(
      "Invalid configuration:\n  BACKUP_OFFSITE_COMMAND: needs BACKUP_DIR (the off-site copy is of the scheduled backups)",
    );
    expect(problem({ BACKUP_HOUR: "24" })).toMatch(/^Invalid configuration:\n {2}BACKUP_HOUR: /);
  });

  it("never log the passphrase, even when the settings themselves are logged", () => {
    const lines: string[] = [];
    const config = loadConfig({ BACKUP_DIR: "/b", BACKUP_PASSPHRASE: "correct horse battery staple" });
    configureLog(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    try {
      log.info({ backup: config.backup }, "settings");
      log.info({ passphrase: config.backup.passphrase }, "settings");
    } finally {
      configureLog(loadConfig({ LOG_LEVEL: "silent" }).logLevel);
    }
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 30, time: expect.any(Number), backup: { dir: "/b", passphrase: "[redacted]", hour: 2 }, msg: "settings" },
      { level: 30, time: expect.any(Number), passphrase: "[redacted]", msg: "settings" },
    ]);
  });
});

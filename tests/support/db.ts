import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client";
import { databaseUrlFor } from "./global-setup";

/**
 * The run's PGlite dump. Only the db project's global setup makes one: a test outside tests/api
 * that opens a database is told where it belongs, since only tests/api also runs on PostgreSQL.
 */
export function runTemplateFile(): string {
  const file = inject("pgliteTemplateFile") as string | undefined;
  if (file === undefined) {
    throw new Error("Tests that open a database live in tests/api/ (Vitest's db project, which CI runs on PostgreSQL too): move this file there.");
  }
  return file;
}

/**
 * The run's dump, read once per worker: every file's PGlite loads the same 70 MB (the seed's
 * pictures are in it), and reading it again for each cost about 0.15 s of CPU a file. A Blob
 * cannot be changed, so no file sees another's.
 */
let templateDump: { file: string; blob: Promise<Blob> } | undefined;

export interface TestDatabase extends DatabaseHandle {
  /** Another connection to the same database, as a second server process would open (PostgreSQL). */
  connectAgain(): Promise<DatabaseHandle>;
}

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite loaded from the
 * run's dump, or (with DATABASE_URL) a PostgreSQL database cloned from the run's template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const pg = inject("postgresTemplate");
  if (!pg) {
    const file = runTemplateFile();
    // Keyed by the file: a run of its own (watch mode) makes a new one.
    if (templateDump?.file !== file) templateDump = { file, blob: readFile(file).then((dump) => new Blob([dump])) };
    const handle = await openDatabase({ dataDir: "memory://", loadDataDir: await templateDump.blob });
    // One process owns an embedded database: a "second process" shares the same handle.
    return { ...handle, connectAgain: async () => ({ ...handle, close: async () => {} }) };
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = await openDatabase({ databaseUrl: pg.adminUrl });
  await admin.db.execute(`create database ${name} template ${pg.templateName}`);
  await admin.close();
  const url = databaseUrlFor(pg.adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    ...handle,
    connectAgain: () => openDatabase({ databaseUrl: url }),
    close: async () => {
      await handle.close();
      const cleanup = await openDatabase({ databaseUrl: pg.adminUrl });
      await cleanup.db.execute(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

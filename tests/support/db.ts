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
 * A PGlite dump for `loadDataDir`, handed over without copying. PGlite reads a dump with
 * `arrayBuffer()`, and a Node Blob's copies its bytes through a stream and a concatenation: 40%
 * of the CPU of opening a test database (0.99 s against 0.61 s, in a Vitest worker here on
 * 2026-11-27, a slow day). PGlite only reads the bytes (untar, then Emscripten's writeFile copies
 * each file into its memory file system), so every file of a worker can share one buffer; it was
 * checked unchanged after databases loaded from it were written to and checkpointed. Were PGlite
 * to read a dump another way (a stream), it would find this Blob empty and no test database would
 * open.
 */
export class DumpBlob extends Blob {
  constructor(private readonly dump: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.dump);
  }
}

/** A dump file's bytes as a DumpBlob. */
export async function readDump(file: string): Promise<DumpBlob> {
  const bytes = await readFile(file);
  return new DumpBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/**
 * The run's dump, read once per worker: every file's PGlite loads the same 70 MB (the seed's
 * pictures are in it), and reading it again for each cost about 0.15 s of CPU a file.
 */
let templateDump: { file: string; blob: Promise<DumpBlob> } | undefined;

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
    if (templateDump?.file !== file) templateDump = { file, blob: readDump(file) };
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

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from "./client";
import { categories } from "./schema";
import { log } from "../log";

// A first start creates the database and draws ~230 pictures with sharp (libvips). Both leave
// memory behind that the process never gives back: freed blocks in glibc's malloc arenas (one per
// libvips and libuv thread) and what creating an embedded database takes (PGlite runs initdb in
// a second WebAssembly instance). The process that seeded sat at 600-700 MB for good, one that
// never did at 230-260 MB (issue 15, finding 7; docs/decisions/0022-first-start-seeds-in-a-child.md).
// So the server build creates and seeds a new database in a child process that exits, and serves
// from a process that only opens it. Later starts find a catalogue and fork nothing.
//
// The seed itself is demo material (server/demo/, decision 0024): the child runs its own entry of
// the server build, and from TypeScript source it is imported only once a catalogue is missing.

/** What the seeding child is told: the server's database. PICTURE_CACHE_DIR it inherits. */
export type SeedTarget = { databaseUrl: string } | { dataDir: string };

export interface SeedChild {
  /** The seed's entry in the server build (build/server/seed.js), which exports `seedInThisProcess` (server/demo/seed-entry.ts). */
  entryUrl: string;
}

/** What the child tells the server when it fails. */
export interface SeedFailure {
  seedFailed: { message: string; code?: string };
}

const inMemory = (target: DatabaseTarget) => "dataDir" in target && target.dataDir.startsWith("memory://");

/** Whether the database has no catalogue yet (a first start). */
export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(categories);
  return row.n === 0;
}

/**
 * Seeds an empty catalogue in this process: the dev server, tests, an in-memory database. The
 * seed and its pictures are loaded only then, never by a start that finds a catalogue.
 */
export async function seedInThisProcessIfEmpty(db: Database): Promise<boolean> {
  if (!(await catalogueIsEmpty(db))) return false;
  const { seedIfEmpty } = await import("../demo/seed");
  return seedIfEmpty(db);
}

/**
 * Before the server opens an embedded database folder that holds no database yet: the child
 * creates, migrates and seeds it, so that the server never runs initdb nor draws. Other targets
 * are left alone.
 */
export async function seedNewEmbeddedDatabaseInChild(target: DatabaseTarget, child: SeedChild): Promise<void> {
  if (!("dataDir" in target) || inMemory(target) || target.loadDataDir) return;
  if (existsSync(path.join(target.dataDir, "PG_VERSION"))) return;
  await runSeedChild(child.entryUrl, { dataDir: target.dataDir });
}

/**
 * Seeds an empty catalogue in a child process (a PostgreSQL database, or an embedded one made
 * before the first start, e.g. by `npm run admin:create`); returns the handle to go on with.
 * On the embedded database only one process may have the folder open (lock.ts): it is closed for
 * the child and opened again. On PostgreSQL the caller holds the start-up lock (`exclusively`)
 * meanwhile, so that processes starting together wait for this one; the child takes only the
 * seed's own transaction lock. An in-memory database cannot be shared: it is seeded here.
 */
export async function seedInChildProcessIfEmpty(handle: DatabaseHandle, target: DatabaseTarget, child: SeedChild): Promise<DatabaseHandle> {
  if (!(await catalogueIsEmpty(handle.db))) return handle;
  if (inMemory(target)) {
    if (await seedInThisProcessIfEmpty(handle.db)) log.info("Seeded the catalogue.");
    return handle;
  }
  const childTarget: SeedTarget = "databaseUrl" in target ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir };
  if (handle.engine === "pglite") await handle.close();
  await runSeedChild(child.entryUrl, childTarget);
  return handle.engine === "pglite" ? openDatabase(target) : handle;
}

async function runSeedChild(entryUrl: string, target: SeedTarget): Promise<void> {
  const startedAt = performance.now();
  // None of the server's Node flags (--inspect would clash); the child's heap stays small.
  const script = "import(process.argv[1]).then((m) => m.seedInThisProcess(JSON.parse(process.argv[2])))";
  const child = spawn(process.execPath, ["-e", script, entryUrl, JSON.stringify(target)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let failure: SeedFailure["seedFailed"] | undefined;
  child.on("message", (message: Partial<SeedFailure>) => (failure = message.seedFailed ?? failure));
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else if (failure) reject(Object.assign(new Error(failure.message), { code: failure.code }));
      else reject(new Error(`seeding the catalogue in a child process failed (${signal ? `signal ${signal}` : `exit code ${code}`})`));
    });
  });
  log.info(`Seeded the catalogue (in a child process, ${Math.round(performance.now() - startedAt)} ms).`);
}

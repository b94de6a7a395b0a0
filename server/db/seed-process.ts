import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ensurePlannerStatistics, openDatabase, type DatabaseHandle, type DatabaseTarget } from "./client";
import { catalogueIsEmpty, seedIfEmpty } from "./seed";
import { log } from "../log";

// A first start creates the database and draws ~230 pictures with sharp (libvips). Both leave
// memory behind that the process never gives back: freed blocks in glibc's malloc arenas (one per
// libvips and libuv thread) and what creating an embedded database takes (PGlite runs initdb in
// a second WebAssembly instance). The process that seeded sat at 600-700 MB for good, one that
// never did at 230-260 MB (issue 15, finding 7; docs/decisions/0022-first-start-seeds-in-a-child.md).
// So the server build creates and seeds a new database in a child process that exits, and serves
// from a process that only opens it. Later starts find a catalogue and fork nothing.

/** What the seeding child is told: the server's database, and where drawn pictures are kept. */
export type SeedTarget = ({ databaseUrl: string } | { dataDir: string }) & { pictureCacheDir: string | null };

export interface SeedChild {
  /** The server build's entry module, which exports `seedInThisProcess`. */
  entryUrl: string;
  pictureCacheDir: string | null;
}

const inMemory = (target: DatabaseTarget) => "dataDir" in target && target.dataDir.startsWith("memory://");

/**
 * Runs in the child: creates the database if needed, migrates, seeds an empty catalogue, gathers
 * the planner's statistics, closes. Ends early if the server that started it goes away (on the
 * embedded database it would go on holding the folder).
 */
export async function seedInThisProcess(target: SeedTarget): Promise<void> {
  const orphaned = () => process.exit(1);
  process.once("disconnect", orphaned);
  try {
    const handle = await openDatabase("databaseUrl" in target ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
    try {
      await handle.migrate();
      await seedIfEmpty(handle.db, { pictureCacheDir: target.pictureCacheDir });
      await ensurePlannerStatistics(handle.db);
    } finally {
      await handle.close();
    }
  } catch (error) {
    // The server says why it cannot start, as if it had failed itself (the folder in use, the
    // database unreachable...).
    const { message, code } = error instanceof Error ? (error as Error & { code?: unknown }) : { message: String(error), code: undefined };
    const report: SeedFailure = { seedFailed: { message, code: typeof code === "string" ? code : undefined } };
    await new Promise((resolve) => (process.send ? process.send(report, resolve) : resolve(null)));
    process.exitCode = 1;
  }
  process.off("disconnect", orphaned);
  process.disconnect?.();
}

/** What the child tells the server when it fails. */
interface SeedFailure {
  seedFailed: { message: string; code?: string };
}

/**
 * Before the server opens an embedded database folder that holds no database yet: the child
 * creates, migrates and seeds it, so that the server never runs initdb nor draws. Other targets
 * are left alone.
 */
export async function seedNewEmbeddedDatabaseInChild(target: DatabaseTarget, child: SeedChild): Promise<void> {
  if (!("dataDir" in target) || inMemory(target) || target.loadDataDir) return;
  if (existsSync(path.join(target.dataDir, "PG_VERSION"))) return;
  await runSeedChild(child.entryUrl, { dataDir: target.dataDir, pictureCacheDir: child.pictureCacheDir });
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
    if (await seedIfEmpty(handle.db, { pictureCacheDir: child.pictureCacheDir })) log.info("Seeded the catalogue.");
    return handle;
  }
  const childTarget: SeedTarget =
    "databaseUrl" in target
      ? { databaseUrl: target.databaseUrl, pictureCacheDir: child.pictureCacheDir }
      : { dataDir: target.dataDir, pictureCacheDir: child.pictureCacheDir };
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

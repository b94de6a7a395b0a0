import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config";
import type * as schema from "./schema";

/** The database the services take: the same Drizzle API over PGlite or PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Gathers the planner's statistics if they were never gathered. The embedded database has no
 * autovacuum to do it, and without them the planner takes any search to match a dozen rows.
 */
export async function ensurePlannerStatistics(db: Database): Promise<void> {
  const [products] = await queryRows<{ analyzed: boolean }>(
    db,
    sql`select exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'products') as analyzed`,
  );
  if (!products.analyzed) await db.execute(sql`analyze`);
}

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies pending migrations (drizzle's migrator; safe to call on every start). */
  migrate(): Promise<void>;
  /** Subscribes to NOTIFY on a channel (see ChannelListener); resolves once listening. */
  listen(channel: string, listener: ChannelListener): Promise<Subscription>;
  /**
   * Runs `work` while no other process that opened this database runs its own: start-up's
   * migrations and seeding, when several processes start at once on one PostgreSQL.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * What a LISTEN subscriber hears. `onNotify` follows every committed NOTIFY on the channel.
 * `onGap` says that notifications may have been missed (PostgreSQL's listening connection dropped)
 * and `listening` whether they are being heard now: a subscriber that caches must distrust its
 * cache from the gap until listening again.
 */
export interface ChannelListener {
  onNotify(): void;
  onGap(listening: boolean): void;
}

/** A LISTEN in progress. */
export interface Subscription {
  /**
   * Resolves true once `onNotify` has been called for every notification committed before the
   * call; false when that cannot be known (the listening connection is down or dropped meanwhile).
   * A cache that answers after it is never older than the database was when it was asked
   * (decision 0054). On PostgreSQL it costs a round trip, shared by the callers that wait together.
   */
  caughtUp(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * The migrations this code was built with: server/db/migrations beside this file in the source,
 * and in the server build build/server/migrations, which the build copies there
 * (server/vite-plugin.ts) for this module to find beside its chunk or one folder up
 * (build/server/assets). A deployed build thus never migrates from a source tree that moved on.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = [here, path.dirname(here)].map((dir) => path.join(dir, "migrations")).find((dir) => existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new Error(`No migrations beside ${here}: is the build complete?`);
  return found;
}

export type DatabaseTarget =
  | { databaseUrl: string }
  /** A folder for the embedded database, "memory://", or a dump to start from. */
  | { dataDir: string; loadDataDir?: Blob };

// Each engine's driver is loaded only when that engine is opened: a start on one never pays for
// loading the other (node-postgres takes ~50 ms, PGlite ~25 ms).
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return (await import("./postgres")).openPostgres(target.databaseUrl);
  return (await import("./embedded")).openEmbedded(target);
}

const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03"]);

/**
 * Whether an error means the database cannot be reached (down, restarting, unreachable), as
 * opposed to a fault of the query: the answer is then a 503, "try again", not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || code.startsWith("08"))) return true;
    if (/timeout exceeded when trying to connect|Connection terminated|PGlite is closed/i.test(e.message)) return true;
  }
  return false;
}

/** What went wrong opening the database, without the password of its address. */
export function databaseOpenProblem(config: Pick<Config, "databaseUrl" | "dataDir">, error: unknown): string {
  const where = config.databaseUrl ? redactPassword(config.databaseUrl) : path.resolve(config.dataDir);
  const what = isDatabaseUnavailable(error) ? "the database cannot be reached" : "the database could not be opened";
  return `${what} (${where}): ${error instanceof Error ? error.message : String(error)}`;
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "DATABASE_URL (not a valid address)";
  }
}

/** Reads the raw PGlite client back out, for dumps in tests. */
export function pgliteClientOf(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/** A transaction of either engine; services that may run inside one take an `Executor`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { lockDataDir } from "./lock";
import * as schema from "./schema";

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
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
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

export const migrationsFolder = path.resolve(process.cwd(), "server/db/migrations");

export type DatabaseTarget =
  | { databaseUrl: string }
  /** A folder for the embedded database, "memory://", or a dump to start from. */
  | { dataDir: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a dropped database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") console.error("PostgreSQL connection error", error);
    });
    const db = drizzlePg({ client: pool, schema });
    const listeners = new Set<() => Promise<void>>();
    return {
      db: db as unknown as Database,
      engine: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: async (channel, listener) => {
        const stop = await listenOnPostgres(target.databaseUrl, channel, listener);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const lock = target.dataDir.startsWith("memory://") ? null : lockDataDir(target.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: target.dataDir,
      loadDataDir: target.loadDataDir,
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly heap and is never
      // given back; the files are in the operating system's cache anyway. 16 MB saves ~100 MB RSS.
      postgresqlconf: ["shared_buffers = 16MB", "maintenance_work_mem = 16MB"],
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    engine: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns the embedded database, so its notifications are never missed.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, () => listener.onNotify());
      return () => unlisten();
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one may be handed to someone else). When
 * it drops, the listener hears of the gap, and the connection is made again with a growing pause.
 */
async function listenOnPostgres(databaseUrl: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = 250;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel === channel) listener.onNotify();
    });
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) return void (await next.end());
    client = next;
    pause = 250;
    // Whatever changed while nobody listened is unknown: the listener starts afresh.
    listener.onGap(true);
  };

  const lost = (which: pg.Client) => {
    if (client !== which || stopped) return;
    client = null;
    listener.onGap(false);
    which.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    retry = setTimeout(() => {
      connect().catch(() => {
        pause = Math.min(pause * 2, 10_000);
        schedule();
      });
    }, pause);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

/** Reads the raw PGlite client back out, for dumps in tests. */
export function pgliteClientOf(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/** A transaction of either engine; services that may run inside one take an `Executor`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

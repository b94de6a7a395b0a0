import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
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

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies pending migrations (drizzle's migrator; safe to call on every start). */
  migrate(): Promise<void>;
  close(): Promise<void>;
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
    return {
      db: db as unknown as Database,
      engine: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const lock = target.dataDir.startsWith("memory://") ? null : lockDataDir(target.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: target.dataDir, loadDataDir: target.loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    engine: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

/** Reads the raw PGlite client back out, for dumps in tests. */
export function pgliteClientOf(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/** A transaction of either engine; services that may run inside one take an `Executor`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

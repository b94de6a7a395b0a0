import { randomBytes } from "node:crypto";
import { is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "~/server/db/schema";
import { inject } from "vitest";
import { main as backupCli } from "~/server/db/backup-cli";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "~/server/db/client";
import { createTestDatabase } from "./db";
import { databaseUrlFor } from "./global-setup";

// Databases for the backup tests (tests/api/backup.test.ts, tests/api/scheduled-backups.test.ts):
// empty ones to restore into, and a fingerprint that says whether two shops are the same.

const postgres = inject("postgresTemplate");
/** The engine of this run: PostgreSQL when DATABASE_URL is set. */
export const engine = postgres ? "postgres" : "pglite";

/** The shop's tables, as the schema declares them: a backup carries every one. */
export const SHOP_TABLES = Object.values(schema).filter((value) => is(value, PgTable)).length;

/** Empties every table of the shop (sequences back to the start): a fresh shop, without migrating one. */
export async function truncateAll(db: Database): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relkind = 'r' and relnamespace = current_schema()::regnamespace`,
  );
  await db.execute(
    sql`truncate table ${sql.join(
      tables.map((r) => sql.identifier(r.name)),
      sql`, `,
    )} restart identity cascade`,
  );
}

/**
 * A migrated database with no rows, on the engine asked for, and the environment that points the
 * commands at it. Migrating a new PGlite costs seconds: its own engine's is an emptied clone.
 */
export async function emptyDatabase(on: "pglite" | "postgres" = engine): Promise<DatabaseHandle & { env: NodeJS.ProcessEnv }> {
  if (on === "pglite") {
    const handle = postgres ? await openDatabase({ dataDir: "memory://" }) : await createTestDatabase();
    if (postgres) await handle.migrate();
    else await truncateAll(handle.db);
    return { ...handle, env: {} };
  }
  const name = `shop_backup_${randomBytes(6).toString("hex")}`;
  const admin = await openDatabase({ databaseUrl: postgres!.adminUrl });
  await admin.db.execute(`create database ${name}`);
  await admin.close();
  const url = databaseUrlFor(postgres!.adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  await handle.migrate();
  return {
    ...handle,
    env: { DATABASE_URL: url },
    close: async () => {
      await handle.close();
      const cleanup = await openDatabase({ databaseUrl: postgres!.adminUrl });
      await cleanup.db.execute(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

/**
 * Every table's row count and an md5 of its rows (stored columns only: generated ones are computed
 * by the engine that holds them), plus every sequence's position: two equal fingerprints are two
 * equal shops.
 */
export async function fingerprint(db: Database): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const columns = await queryRows<{ table: string; columns: string[] }>(
      tx as unknown as Database,
      sql`select c.relname as "table", array_agg(quote_ident(a.attname) order by a.attnum)::text[] as columns
            from pg_class c join pg_attribute a on a.attrelid = c.oid
           where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and a.attnum > 0
             and not a.attisdropped and a.attgenerated = ''
           group by c.relname order by c.relname`,
    );
    const print: Record<string, string> = {};
    for (const { table, columns: cols } of columns) {
      const row = sql.raw(`row(${cols.join(", ")})::text`);
      const [r] = await queryRows<{ n: string; md5: string | null }>(
        tx as unknown as Database,
        sql`select count(*)::text as n, md5(string_agg(${row}, ',' order by ${row} collate "C")) as md5 from ${sql.identifier(table)}`,
      );
      print[table] = `${r.n} rows ${r.md5}`;
    }
    const sequences = await queryRows<{ name: string }>(
      tx as unknown as Database,
      sql`select relname as name from pg_class where relkind = 'S' and relnamespace = current_schema()::regnamespace order by relname`,
    );
    for (const { name } of sequences) {
      const [s] = await queryRows<{ v: string }>(
        tx as unknown as Database,
        sql`select last_value || ' ' || is_called as v from ${sql.identifier(name)}`,
      );
      print[`sequence ${name}`] = s.v;
    }
    return print;
  });
}

/** `npm run db:backup` or `db:restore` (its arguments after the `--`), run in this process, with what it printed. */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  const printed: string[] = [];
  const { log, error } = console;
  console.log = console.error = (message: string) => void printed.push(message);
  try {
    return { code: await backupCli(args, env), out: printed.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

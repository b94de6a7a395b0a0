// `npm run migrate`: applies the migrations the build carries to the configured database, and
// nothing else (no seeding): a deploy's release step, once, before the new processes start
// (`npm run release` = build, then this; decision 0045). It migrates under the lock that starting
// processes take to migrate (DatabaseHandle.exclusively), so they never race it. Needs no
// PUBLIC_URL: it serves nobody.
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { databaseOpenProblem, openDatabase, queryRows, type Database } from "./client";

/** How many migrations the database has had (none before the first). */
async function appliedMigrations(db: Database): Promise<number> {
  const [table] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!table.exists) return 0;
  const [row] = await queryRows<{ applied: number }>(db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return row.applied;
}

const config = loadConfig();
const where = config.databaseUrl ? "the PostgreSQL database of DATABASE_URL" : `the embedded database in ${config.dataDir}`;
let handle;
try {
  handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
} catch (error) {
  console.error(`Cannot migrate: ${databaseOpenProblem(config, error)}`);
  process.exit(1);
}
try {
  const { before, after } = await handle.exclusively(async () => {
    const before = await appliedMigrations(handle.db);
    await handle.migrate();
    return { before, after: await appliedMigrations(handle.db) };
  });
  console.log(
    after === before
      ? `${where[0].toUpperCase()}${where.slice(1)} is up to date (${after} migrations).`
      : `Applied ${after - before} migrations to ${where} (${after} in all).`,
  );
} catch (error) {
  console.error(`The migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}

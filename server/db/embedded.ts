import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Database, type DatabaseHandle } from "./client";
import { lockDataDir } from "./lock";
import * as schema from "./schema";
import { statementCounter } from "../timing";

// The embedded database: PGlite in this process, on a folder (DATA_DIR) or in memory.

/**
 * V8 compiles PGlite's WebAssembly quickly first (Liftoff), then optimises (TurboFan) each function
 * once it has run through its tiering budget. At the default budget (1.8 MB of code run), the
 * start's own queries send much of PostgreSQL to the optimiser, on the two cores the start needs.
 * 100 times the budget starts the shop about 0.2 s sooner here, and the queries a shop runs all day
 * still come out as fast (issue 30's cold start; decision 0068).
 */
export const WASM_TIERING_BUDGET = 180_000_000;

export async function openEmbedded(target: { dataDir: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  const lock = target.dataDir.startsWith("memory://") ? null : lockDataDir(target.dataDir);
  let client: PGlite;
  try {
    // Before the module is compiled, which PGlite.create does.
    v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
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
  const db = drizzle({ client, schema, logger: statementCounter });
  return {
    db: db as unknown as Database,
    engine: "pglite",
    migrate: () => migrate(db, { migrationsFolder: migrationsFolder() }),
    // One process owns the embedded database, so its notifications are never missed, and PGlite
    // hands them over before the statement that committed them returns: always caught up.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, () => listener.onNotify());
      return { caughtUp: async () => true, stop: () => unlisten() };
    },
    // The folder is locked to this process (lock.ts): nobody else can be starting on it.
    exclusively: (work) => work(),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

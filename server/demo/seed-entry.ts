import { ensurePlannerStatistics, openDatabase } from "../db/client";
import type { SeedFailure, SeedTarget } from "../db/seed-process";
import { seedIfEmpty } from "./seed";

// What a first start's seeding child runs (server/db/seed-process.ts, decision 0022). In the
// server build this module is an entry of its own, build/server/seed.js (vite-plugin.ts), so the
// server's entry, build/server/index.js, carries none of the demo material (decision 0024).

/**
 * Runs in the child: creates the database if needed, migrates, seeds an empty catalogue, gathers
 * the planner's statistics, closes. Ends early if the server that started it goes away (on the
 * embedded database it would go on holding the folder). Drawn pictures are kept where the
 * environment it inherits says (PICTURE_CACHE_DIR).
 */
export async function seedInThisProcess(target: SeedTarget): Promise<void> {
  const orphaned = () => process.exit(1);
  process.once("disconnect", orphaned);
  try {
    const handle = await openDatabase("databaseUrl" in target ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
    try {
      await handle.migrate();
      await seedIfEmpty(handle.db);
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

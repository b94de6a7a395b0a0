import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { databaseUrlFor } from "./global-setup";

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite loaded from the
 * run's dump, or (with DATABASE_URL) a PostgreSQL database cloned from the run's template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const pg = inject("postgresTemplate");
  if (!pg) {
    const dump = await readFile(inject("pgliteTemplateFile"));
    return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]) });
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = await openDatabase({ databaseUrl: pg.adminUrl });
  await admin.db.execute(`create database ${name} template ${pg.templateName}`);
  await admin.close();
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(pg.adminUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = await openDatabase({ databaseUrl: pg.adminUrl });
      await cleanup.db.execute(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, inject, it, vi } from "vitest";
import { openShopDatabase } from "~/server/main";
import { loadConfig } from "~/server/config";
import { openDatabase, queryRows } from "~/server/db/client";
import { openEmbedded, WASM_TIERING_BUDGET } from "~/server/db/embedded";
import { databaseUrlFor } from "../support/global-setup";

// Several server processes starting at once on one new PostgreSQL database (WEB_CONCURRENCY, or
// a deployment of several machines): one migrates and seeds, the others wait and find it done.
// Only PostgreSQL can be shared; the embedded database's folder opens in one process (lock.ts).

const pg = inject("postgresTemplate");
if (!pg) console.log("tests/api/startup.test.ts: processes sharing a database need PostgreSQL (DATABASE_URL); nothing to run on PGlite.");

describe.runIf(pg)("three processes starting together on a new PostgreSQL database", () => {
  it("migrate and seed it once", { timeout: 120_000 }, async () => {
    const name = `shop_startup_${randomBytes(6).toString("hex")}`;
    const admin = await openDatabase({ databaseUrl: pg!.adminUrl });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const config = loadConfig({ DATABASE_URL: databaseUrlFor(pg!.adminUrl, name) });
    try {
      const handles = await Promise.all([openShopDatabase(config), openShopDatabase(config), openShopDatabase(config)]);
      try {
        const [counts] = await queryRows<{ categories: number; products: number; migrations: number }>(
          handles[0].db,
          sql`select (select count(*)::int from categories) as categories, (select count(*)::int from products) as products,
                     (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
        );
        const journal = JSON.parse(await readFile("server/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
        expect(counts.migrations).toBe(journal.entries.length);
        // The seed's catalogue, once: a second seeding would have doubled the categories.
        const names = await queryRows<{ name: string; n: number }>(
          handles[0].db,
          sql`select name, count(*)::int as n from categories group by name having count(*) > 1`,
        );
        expect(names).toEqual([]);
        expect(counts.categories).toBeGreaterThan(5);
        expect(counts.products).toBeGreaterThan(50);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });
});

describe.skipIf(pg)("the embedded database's start", () => {
  it("raises V8's WebAssembly tiering budget before PGlite compiles PostgreSQL (decision 0068)", async () => {
    const order: string[] = [];
    const realCreate = PGlite.create.bind(PGlite);
    const flags = vi.spyOn(v8, "setFlagsFromString").mockImplementation((flag) => void order.push(flag));
    const create = vi.spyOn(PGlite, "create").mockImplementation(((...args: Parameters<typeof realCreate>) => {
      order.push("PGlite.create");
      return realCreate(...args);
    }) as typeof PGlite.create);
    try {
      const handle = await openEmbedded({ dataDir: "memory://" });
      await handle.close();
    } finally {
      flags.mockRestore();
      create.mockRestore();
    }
    // (PGlite.create calls itself once more while it starts.)
    expect(new Set(order)).toEqual(new Set([`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`, "PGlite.create"]));
    expect(order[0]).toBe(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
    expect(WASM_TIERING_BUDGET).toBe(180_000_000);
  });
});

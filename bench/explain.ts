// EXPLAIN ANALYZE of every query the storefront's catalogue functions make, on PostgreSQL:
//   createdb shop_explain && DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_explain npm run db:seed -- --products 100000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_explain npx tsx bench/explain.ts
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../server/db/schema";
import * as catalog from "../server/catalog/catalog";
import type { Database } from "../server/db/client";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Database;

const calls: [string, () => Promise<unknown>][] = [
  ["listCategories", () => catalog.listCategories(db)],
  ["listProductsByCategory Eco Foam", () => catalog.listProductsByCategory(db, "Eco Foam")],
  ["listFeaturedProducts", () => catalog.listFeaturedProducts(db)],
  ["listFirstProductPerCategory", () => catalog.listFirstProductPerCategory(db)],
  ["getProduct 18", () => catalog.getProduct(db, 18)],
  ["search pillow", () => catalog.searchProducts(db, "pillow")],
  ["search orthopaedic mattress", () => catalog.searchProducts(db, "orthopaedic mattress")],
  ["search mouka", () => catalog.searchProducts(db, "mouka")],
  ["search duvet", () => catalog.searchProducts(db, "duvet")],
];
for (const [name, call] of calls) {
  captured.length = 0;
  const t = performance.now();
  const result = await call();
  const ms = performance.now() - t;
  console.log(`\n=== ${name}: ${ms.toFixed(1)} ms, ${Array.isArray(result) ? result.length : typeof result} rows`);
  for (const { query, params } of captured) {
    const plan = await pool.query(`explain (analyze, costs off, timing on) ${query}`, params as unknown[]);
    const lines = plan.rows.map((r) => r["QUERY PLAN"] as string);
    console.log(lines.filter((l) => /Scan|Execution Time|Sort Method|Rows Removed/.test(l)).slice(0, 14).join("\n"));
  }
}
await pool.end();

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listProductsByCategory, searchProducts } from "~/server/catalog/catalog";
import { ensurePlannerStatistics, queryRows } from "~/server/db/client";
import { products } from "~/server/db/schema";
import { useTestDatabase } from "../support/use-shop";

// Name search on the seeded catalogue: misspellings corrected against the words of product
// names (search_words, migration 0006), kept in step with the catalogue by a trigger.

const handle = useTestDatabase();

const names = async (term: string) => (await searchProducts(handle.db, term)).products.map((p) => p.name);
/** Name and description: the search looks at both. */
const texts = async (term: string) => (await searchProducts(handle.db, term)).products.map((p) => `${p.name} ${p.description}`);

describe("misspelt searches", () => {
  it("replace a misspelt word by the closest word of a product name", async () => {
    const mattresses = await texts("matress");
    expect(mattresses.length).toBeGreaterThan(5);
    expect(mattresses.every((text) => /mattress/i.test(text))).toBe(true);
    expect(await names("matress")).toEqual(await names("mattress"));
    const pillows = await texts("pilow");
    expect(pillows.length).toBeGreaterThan(2);
    expect(pillows.every((text) => /pillow/i.test(text))).toBe(true);
    expect(await names("orthopedic")).toEqual(await names("orthopaedic"));
  });

  it("drop a word that no product name comes close to", async () => {
    // No name has "foot"; "mat" is a word of the door mats.
    expect(await names("foot mat")).toContain("Coir Door Mat (Welcome)");
    expect(await names("foot mat")).toEqual(await names("mat"));
  });

  it("say which term found the products, and only when it is not the one typed", async () => {
    expect((await searchProducts(handle.db, "matress")).correctedTerm).toBe("mattress");
    expect((await searchProducts(handle.db, "foot mat")).correctedTerm).toBe("mat");
    expect((await searchProducts(handle.db, "mattress")).correctedTerm).toBeNull();
    expect(await searchProducts(handle.db, "qwxzzy")).toEqual({ products: [], correctedTerm: null });
  });

  it("keep sizes and codes as typed", async () => {
    // Corrected, "pilow" alone finds pillows; a size no product has must not be dropped to get there.
    expect(await names("pilow")).not.toEqual([]);
    expect(await names("pilow 6x6x99")).toEqual([]);
    expect(await names("zzqxj")).toEqual([]);
  });
});

describe("the vocabulary of product names", () => {
  it("learns the words of new and renamed products in the same statement", async () => {
    const category = (await handle.db.select({ id: products.categoryId }).from(products).limit(1))[0].id;
    const [hammock] = await handle.db.insert(products).values({ name: "Zanzibar Hammock", categoryId: category }).returning({ id: products.id });
    expect(await names("zanzibr")).toEqual(["Zanzibar Hammock"]);

    await handle.db.update(products).set({ name: "Kilimanjaro Hammock" }).where(eq(products.id, hammock.id));
    expect(await names("kilimanjro hamock")).toEqual(["Kilimanjaro Hammock"]);
  });

  it("holds words of three letters or more, without digits", async () => {
    const [counts] = await queryRows<{ all: number; bad: number }>(
      handle.db,
      sql`select count(*)::int as all, count(*) filter (where word ~ '[0-9]' or length(word) < 3)::int as bad from search_words`,
    );
    expect(counts.all).toBeGreaterThan(100);
    expect(counts.bad).toBe(0);
  });
});

describe("search indexes", () => {
  it("are GIN indexes without a pending list, which only vacuum would merge", async () => {
    const rows = await queryRows<{ name: string; options: string[] | null }>(
      handle.db,
      sql`select c.relname as name, c.reloptions as options from pg_index i
          join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'gin' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(["products_name_trgm_idx", "products_search_idx", "search_words_trgm_idx"]);
    for (const row of rows) expect(row.options).toContain("fastupdate=false");
  });

  it("have planner statistics once the database is opened by the shop", async () => {
    await ensurePlannerStatistics(handle.db);
    const [stats] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'products'`,
    );
    expect(stats.n).toBeGreaterThan(0);
  });
});

describe("text the database cannot be asked about", () => {
  it("finds nothing for a term or a category name holding NUL, where the query would fail", async () => {
    // The storefront's search and category pages and the admin's filters pass what was typed.
    expect(await searchProducts(handle.db, "pil\u0000low")).toEqual({ products: [], correctedTerm: null });
    expect(await listProductsByCategory(handle.db, "Eco\u0000Foam")).toEqual({ ok: false, reason: "unknown-category" });
  });
});

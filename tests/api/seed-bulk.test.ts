import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { searchProducts, getProduct } from "~/server/catalog/catalog";
import { products } from "~/server/db/schema";
import { growCatalogue } from "~/server/demo/seed-bulk";
import { useTestDatabase } from "../support/use-shop";

// `npm run db:seed -- --products N`: generated products are real, searchable catalogue entries.

const handle = useTestDatabase();

const productCount = async () => (await handle.db.select({ n: count() }).from(products))[0].n;

it("grows the catalogue to the asked size, once", async () => {
  const seeded = await productCount();
  expect(await growCatalogue(handle.db, seeded + 1200)).toBe(1200);
  expect(await productCount()).toBe(seeded + 1200);
  expect(await growCatalogue(handle.db, seeded + 1200)).toBe(0);
  expect(await growCatalogue(handle.db, 10)).toBe(0);
});

it("gives every generated product a unique name, a price, stock and a stored picture", async () => {
  const last = await getProduct(handle.db, await productCount());
  expect(last).toBeDefined();
  expect(last!.name).toMatch(/ M[0-9A-Z]+$/);
  expect(last!.priceKobo).toBeGreaterThan(0);
  expect(last!.stock).toBeGreaterThan(0);
  expect(last!.images[0]).toMatch(/^seed-p\d+-1\.webp$/);
  const model = last!.name.split(" ").at(-1)!;
  const { products: found } = await searchProducts(handle.db, model);
  expect(found[0].id).toBe(last!.id);
});

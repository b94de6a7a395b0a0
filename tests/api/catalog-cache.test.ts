import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { updateProduct, getProductForEdit } from "~/server/catalog/admin";
import { quickAccount } from "../support/shop";
import { useApiServer, useStarted, useTestDatabase } from "../support/use-shop";

// The catalogue cache in front of the real product calls, on the engine of this run: every change
// to the catalogue, by any writer and through any connection, reaches every server's answers.

const handle = useTestDatabase();
// A second server process: its own connection (PostgreSQL) and its own cache.
const other = useStarted(() => handle.connectAgain());
const shopA = useApiServer(handle);
const shopB = useApiServer(other);

async function price(baseUrl: string, productId: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/get_product_by_id.php?productId=${productId}`);
  return Number((await res.json()).product.price);
}

/** PGlite tells its own process at commit; PostgreSQL's NOTIFY takes a moment to travel. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe("the catalogue cache on a real database", () => {
  it("answers repeated product calls from memory", async () => {
    const first = await fetch(`${shopA.baseUrl}/api/get_products_by_category.php?category=Pillows`).then((r) => r.text());
    const second = await fetch(`${shopA.baseUrl}/api/get_products_by_category.php?category=Pillows`).then((r) => r.text());
    expect(second).toBe(first);
    expect(JSON.parse(first).products.length).toBeGreaterThan(0);
  });

  it("shows a price changed by a plain SQL write, on both servers", async () => {
    const before = await price(shopA.baseUrl, 18);
    expect(await price(shopB.baseUrl, 18)).toBe(before);
    await handle.db.execute(sql`update product_variants set price_kobo = price_kobo + 100000 where product_id = 18`);
    await eventually(async () => expect(await price(shopA.baseUrl, 18)).toBe(before + 1000));
    await eventually(async () => expect(await price(shopB.baseUrl, 18)).toBe(before + 1000));
  });

  it("shows an admin's edit made through the other server's connection", async () => {
    const before = await price(shopA.baseUrl, 20);
    expect(await price(shopB.baseUrl, 20)).toBe(before);
    const product = await getProductForEdit(other.db, 20);
    if (!product) throw new Error("seeded product 20 is missing");
    const editor = await quickAccount(other.db, "admin", "cache-editor");
    const edited = await updateProduct(
      other.db,
      editor.id,
      20,
      {
        productName: `${product.name} (new)`,
        description: product.description,
        category: product.category,
        featured: false,
        maxPerOrder: product.maxPerOrder,
        price: product.variants[0].priceKobo / 100 + 500,
        availableStock: product.variants[0].stock,
        sizes: [],
        keepImages: product.images,
      },
      [],
    );
    expect(edited).toMatchObject({ ok: true });
    await eventually(async () => expect(await price(shopA.baseUrl, 20)).toBe(before + 500));
    await eventually(async () => expect(await price(shopB.baseUrl, 20)).toBe(before + 500));
    const res = await fetch(`${shopA.baseUrl}/api/get_products_by_name.php?searchTerm=${encodeURIComponent(`${product.name} (new)`)}`);
    expect((await res.json()).products.map((p: { id: number }) => Number(p.id))).toContain(20);
  });

  it("drops a deleted product from the lists at once", async () => {
    const listed = async () => {
      const res = await fetch(`${shopB.baseUrl}/api/get_products_by_category.php?category=Beddings`);
      return (await res.json()).products.map((p: { id: number }) => Number(p.id)) as number[];
    };
    const ids = await listed();
    const gone = ids[0];
    await handle.db.execute(sql`update products set archived_at = now() where id = ${gone}`);
    await eventually(async () => expect(await listed()).not.toContain(gone));
  });
});

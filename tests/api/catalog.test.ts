import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ContractProduct } from "~/server/api/contract";
import { useApiShop } from "../support/use-shop";

// The three product calls and the pictures of requirements §7, over HTTP, on the engine of this run.

const { handle, api } = useApiShop();

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

async function get(path: string) {
  const res = await fetch(`${api.baseUrl}${path}`);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

type ApiProduct = ContractProduct;

describe("GET /api/get_products_by_category.php", () => {
  it("lists the products of a category with the contract's fields", async () => {
    const { status, body } = await get("/api/get_products_by_category.php?category=Eco%20Foam");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThan(3);
    for (const p of body.products as ApiProduct[]) {
      expect(p.category).toBe("Eco Foam");
      expect(Object.keys(p).sort()).toEqual(["available_stock", "category", "description", "id", "price", "product_images", "product_name"].sort());
      expect(p.product_images.length).toBeGreaterThan(0);
    }
    const eco = (body.products as ApiProduct[]).find((p) => p.id === 1);
    expect(eco?.price).toBe(25_000); // its first (smallest) size, 6x2.5x4
  });

  it("matches the category name whatever its case", async () => {
    const { status, body } = await get("/api/get_products_by_category.php?category=eco%20foam");
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(3);
  });

  it("lists every product for 'All Product'", async () => {
    const { body } = await get("/api/get_products_by_category.php?category=All%20Product");
    const categories = new Set((body.products as ApiProduct[]).map((p) => p.category));
    expect(body.products.length).toBeGreaterThanOrEqual(57);
    expect(categories.size).toBe(9);
  });

  it("refuses a missing or empty category with 400", async () => {
    for (const path of ["/api/get_products_by_category.php", "/api/get_products_by_category.php?category=%20%20"]) {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: "Please choose a category." });
    }
  });

  it("refuses a repeated parameter with 400, not 500", async () => {
    const { status, body } = await get("/api/get_products_by_category.php?category=a&category=b");
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  it("answers 404 for a category that does not exist", async () => {
    const { status, body } = await get("/api/get_products_by_category.php?category=Gold%20Bars");
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: "Category not found." });
  });
});

describe("GET /api/get_products_by_name.php", () => {
  it("finds products by a word of their name", async () => {
    const { status, body } = await get("/api/get_products_by_name.php?searchTerm=orthopaedic");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThan(2);
    expect((body.products as ApiProduct[]).every((p) => /orthop/i.test(p.product_name + p.description))).toBe(true);
  });

  it("tolerates typos", async () => {
    const { body } = await get("/api/get_products_by_name.php?searchTerm=mattres");
    expect(body.products.length).toBeGreaterThan(0);
    const typo = await get("/api/get_products_by_name.php?searchTerm=pilow");
    expect((typo.body.products as ApiProduct[]).some((p) => /pillow/i.test(p.product_name))).toBe(true);
  });

  it("finds a product by part of a word", async () => {
    const { body } = await get("/api/get_products_by_name.php?searchTerm=Unifo");
    expect((body.products as ApiProduct[]).some((p) => p.product_name.startsWith("Unifoam"))).toBe(true);
  });

  it("puts the product with that id first when the term is a number", async () => {
    const { body } = await get("/api/get_products_by_name.php?searchTerm=7");
    expect(body.products[0].id).toBe(7);
  });

  it("returns an empty list when nothing matches", async () => {
    const { status, body } = await get("/api/get_products_by_name.php?searchTerm=zzqxj");
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, products: [] });
  });

  it("treats SQL and LIKE characters as plain text", async () => {
    for (const term of ["'; drop table products; --", "%", "_", "\\"]) {
      const { status, body } = await get(`/api/get_products_by_name.php?searchTerm=${encodeURIComponent(term)}`);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
    }
    // A wildcard typed by a shopper matches only itself, not every product.
    for (const term of ["%", "_"]) {
      const { body } = await get(`/api/get_products_by_name.php?searchTerm=${encodeURIComponent(term)}`);
      expect(body.products).toEqual([]);
    }
    const { body } = await get("/api/get_products_by_category.php?category=All%20Product");
    expect(body.products.length).toBeGreaterThan(50);
  });

  it("refuses an empty term with 400", async () => {
    const { status, body } = await get("/api/get_products_by_name.php?searchTerm=");
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: "Please enter a product name" });
  });
});

describe("GET /api/get_product_by_id.php", () => {
  it("returns one product", async () => {
    const { status, body } = await get("/api/get_product_by_id.php?productId=1");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.product).toMatchObject({ id: 1, category: "Eco Foam", price: 25_000 });
    expect(body.product.product_images).toHaveLength(3);
  });

  it.each([
    ["", 400, "Please enter a product ID"],
    ["abc", 400, "Product ID must be a whole number."],
    ["1.5", 400, "Product ID must be a whole number."],
    ["-3", 400, "Product ID must be a whole number."],
    ["99999999999", 400, "Product ID must be a whole number."],
    ["999999", 404, "Product not found."],
  ])("answers productId=%s with %i", async (id, status, error) => {
    const res = await get(`/api/get_product_by_id.php?productId=${id}`);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, error });
  });
});

describe("GET /api/uploads/{file}", () => {
  it("serves a product picture as WebP with a year's cache", async () => {
    const { body } = await get("/api/get_product_by_id.php?productId=1");
    const res = await fetch(`${api.baseUrl}/api/uploads/${body.product.product_images[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("serves a smaller rendition for srcset", async () => {
    const { body } = await get("/api/get_product_by_id.php?productId=1");
    const file = body.product.product_images[0];
    const full = await fetch(`${api.baseUrl}/api/uploads/${file}`).then((r) => r.arrayBuffer());
    const small = await fetch(`${api.baseUrl}/api/uploads/${file}?w=320`).then((r) => r.arrayBuffer());
    expect(small.byteLength).toBeLessThan(full.byteLength);
  });

  it("serves a phone that saves data (Save-Data: on) one kept width smaller, at the same address, and says it varies by it", async () => {
    const { body } = await get("/api/get_product_by_id.php?productId=1");
    const file = body.product.product_images[0];
    const picture = async (query: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${api.baseUrl}/api/uploads/${file}${query}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toMatch(/Save-Data/i);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { width: (await sharp(bytes).metadata()).width, bytes: bytes.length };
    };
    const saving = { "Save-Data": "on" };
    // A seeded product picture is 800 px: the full one, then each kept width.
    expect((await picture("")).width).toBe(800);
    expect((await picture("", saving)).width).toBe(640);
    expect((await picture("?w=640", saving)).width).toBe(320);
    expect((await picture("?w=320", saving)).width).toBe(320);
    expect((await picture("", { "Save-Data": "off" })).width).toBe(800);
    expect((await picture("", saving)).bytes).toBeLessThan((await picture("")).bytes);
  });

  it("answers 404 for an unknown or malformed file name", async () => {
    for (const file of ["nope.webp", "..%2F..%2Fetc%2Fpasswd", "%00"]) {
      const res = await fetch(`${api.baseUrl}/api/uploads/${file}`);
      expect(res.status).toBe(404);
    }
  });
});

it("answers an unknown API call with a JSON 404", async () => {
  const { status, body } = await get("/api/no_such_call.php");
  expect(status).toBe(404);
  expect(body.success).toBe(false);
});

import { describe, it, expect } from "vitest";
import { seedCategories, seedProducts, type SeedProduct } from "./seed-data";

const SIZE_RE = /^6x(2\.5|[3-7]|3\.5|4\.5)x([4568]|10|12|14|16|18|20)$/;

function product(id: number): SeedProduct {
  const p = seedProducts.find((x) => x.id === id);
  if (!p) throw new Error(`product ${id} missing`);
  return p;
}

function priceOf(p: SeedProduct, size: string): number | undefined {
  return p.variants.find((v) => v.size === size)?.priceNaira;
}

/** First featured product (lowest id) in a category whose name matches. */
function firstFeatured(categoryId: number, nameRe: RegExp): SeedProduct {
  const p = seedProducts.filter((x) => x.featured && x.categoryId === categoryId && nameRe.test(x.name)).sort((a, b) => a.id - b.id)[0];
  if (!p) throw new Error(`no featured product for ${String(nameRe)}`);
  return p;
}

function dims(size: string): [number, number] {
  const [, w, t] = size.split("x").map(Number);
  return [w ?? 0, t ?? 0];
}

describe("seed categories", () => {
  it("has the 9 categories with exact ids, names and positions", () => {
    const expected: Array<[number, string]> = [
      [4, "Mouka Foam"],
      [5, "UniFoam"],
      [11, "Eco Foam"],
      [2, "Vision Foam"],
      [13, "Whale Foam"],
      [12, "Pillows"],
      [10, "Foot Marts"],
      [14, "Beddings"],
      [15, "Solar Green Energy"],
    ];
    expect(seedCategories.map((c) => [c.id, c.name])).toEqual(expected);
    expect(seedCategories.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("has descriptions and valid art", () => {
    for (const c of seedCategories) {
      expect(c.description.length).toBeGreaterThanOrEqual(40);
      for (const col of c.art.colors) expect(col).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it("every category has products", () => {
    for (const c of seedCategories) {
      expect(
        seedProducts.some((p) => p.categoryId === c.id),
        c.name,
      ).toBe(true);
    }
  });
});

describe("seed products", () => {
  it("ids are unique and every product belongs to a known category", () => {
    const ids = seedProducts.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const catIds = new Set(seedCategories.map((c) => c.id));
    for (const p of seedProducts) expect(catIds.has(p.categoryId), p.name).toBe(true);
  });

  it("ids 1..17 are exactly the featured products, each with 3 views", () => {
    const featured = seedProducts
      .filter((p) => p.featured)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(featured).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const id of featured) expect(product(id).art.views).toBe(3);
  });

  it("featured size tables: 1..14 unique LxWxT sizes, sorted, prices rising with width and thickness", () => {
    for (const p of seedProducts.filter((x) => x.featured)) {
      expect(p.variants.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.variants.length, p.name).toBeLessThanOrEqual(14);
      const sizes = p.variants.map((v) => v.size);
      for (const s of sizes) expect(s, p.name).toMatch(SIZE_RE);
      expect(new Set(sizes).size, p.name).toBe(sizes.length);
      for (let i = 1; i < sizes.length; i++) {
        const [w0, t0] = dims(sizes[i - 1] ?? "");
        const [w1, t1] = dims(sizes[i] ?? "");
        expect(w0 < w1 || (w0 === w1 && t0 < t1), `${p.name} order ${sizes[i]}`).toBe(true);
      }
      for (const a of p.variants) {
        for (const b of p.variants) {
          const [wa, ta] = dims(a.size);
          const [wb, tb] = dims(b.size);
          if (a !== b && wa <= wb && ta <= tb) {
            expect(a.priceNaira, `${p.name} ${a.size} < ${b.size}`).toBeLessThan(b.priceNaira);
          }
        }
      }
      for (const v of p.variants) {
        expect(v.stock).toBeGreaterThanOrEqual(3);
        expect(v.stock).toBeLessThanOrEqual(40);
      }
    }
  });

  it("has the exact example prices", () => {
    const eco = product(1);
    expect(eco.featured).toBe(true);
    expect(eco.categoryId).toBe(11);
    expect(eco.name).not.toMatch(/ortho/i);
    expect(priceOf(eco, "6x4.5x8")).toBe(91000);
    expect(priceOf(eco, "6x4.5x10")).toBe(120000);
    expect(priceOf(eco, "6x2.5x4")).toBe(25000);

    const vision = firstFeatured(2, /vision/i);
    expect(vision.name).toMatch(/semi-orthopaedic/i);
    expect(priceOf(vision, "6x4.5x8")).toBe(140000);

    expect(priceOf(firstFeatured(5, /jade/i), "6x2.5x4")).toBe(20000);
    expect(priceOf(firstFeatured(11, /orthopaedic/i), "6x4.5x8")).toBe(200000);
    expect(priceOf(firstFeatured(4, /orthopaedic/i), "6x7x10")).toBe(505000);
  });

  it("orthopaedic lines cost more than the plain line of the same brand", () => {
    const pairs: Array<[number, number]> = [
      [1, 2], // Eco Foam plain vs orthopaedic
      [13, 15], // Mouka Flora vs orthopaedic
      [7, 11], // Unifoam Jade vs Sapphire semi-orthopaedic
    ];
    for (const [plainId, orthoId] of pairs) {
      const plain = product(plainId);
      for (const v of product(orthoId).variants) {
        const p = priceOf(plain, v.size);
        if (p !== undefined) expect(v.priceNaira).toBeGreaterThan(p);
      }
    }
  });

  it("has at least 40 non-featured single-price products", () => {
    const others = seedProducts.filter((p) => !p.featured);
    expect(others.length).toBeGreaterThanOrEqual(40);
    for (const p of others) {
      expect(p.id).toBeGreaterThanOrEqual(18);
      expect(p.variants).toHaveLength(1);
      expect(p.variants[0]?.size).toBe("");
    }
    expect(others.some((p) => p.variants[0]?.stock === 0)).toBe(true);
  });

  it("at least 4 products in each non-mattress-brand category", () => {
    for (const id of [13, 12, 10, 14, 15]) {
      expect(seedProducts.filter((p) => p.categoryId === id).length).toBeGreaterThanOrEqual(4);
    }
  });

  it("prices are positive integers, stock non-negative integers, views 1..4", () => {
    for (const p of seedProducts) {
      expect(p.variants.length).toBeGreaterThan(0);
      for (const v of p.variants) {
        expect(Number.isInteger(v.priceNaira), p.name).toBe(true);
        expect(v.priceNaira, p.name).toBeGreaterThan(0);
        expect(Number.isInteger(v.stock), p.name).toBe(true);
        expect(v.stock, p.name).toBeGreaterThanOrEqual(0);
      }
      expect([1, 2, 3, 4]).toContain(p.art.views);
      for (const col of p.art.colors) expect(col, p.name).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it("every description is at least 80 characters", () => {
    for (const p of seedProducts) expect(p.description.length, p.name).toBeGreaterThanOrEqual(80);
  });

  it("includes one name longer than 50 characters and one shorter than 13", () => {
    expect(seedProducts.some((p) => p.name.length > 50)).toBe(true);
    expect(seedProducts.some((p) => p.name.length < 13)).toBe(true);
  });
});

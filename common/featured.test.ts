import { describe, expect, it } from "vitest";
import { priceForSize } from "./featured";

const sizes = [
  { size: "6x2.5x4", priceKobo: 2_500_000 },
  { size: "6x4.5x8", priceKobo: 9_100_000 },
  { size: "6x4.5x10", priceKobo: 12_000_000 },
];

describe("size and price lookup", () => {
  it("finds the price of the chosen size", () => {
    expect(priceForSize(sizes, "6x4.5x8")?.priceKobo).toBe(9_100_000);
    expect(priceForSize(sizes, "6x4.5x10")?.priceKobo).toBe(12_000_000);
  });

  it("falls back to the first size when none or an unknown one is chosen", () => {
    expect(priceForSize(sizes, undefined)?.size).toBe("6x2.5x4");
    expect(priceForSize(sizes, "7x7x7")?.size).toBe("6x2.5x4");
  });

  it("has nothing to offer for a product without sizes", () => {
    expect(priceForSize([], "6x4.5x8")).toBeUndefined();
  });
});

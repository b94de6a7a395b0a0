import { describe, expect, it } from "vitest";
import { selectCrazyDeals } from "./deals";

const product = (id: number, category: string) => ({ id, category });

describe("Crazy Deals", () => {
  it("takes the first product of each category and shows them in reverse order", () => {
    const list = [product(1, "Eco Foam"), product(2, "Eco Foam"), product(3, "Pillows"), product(4, "UniFoam"), product(5, "Pillows")];
    expect(selectCrazyDeals(list).map((p) => p.id)).toEqual([4, 3, 1]);
  });

  it("shows at most ten", () => {
    const list = Array.from({ length: 15 }, (_, i) => product(i + 1, `Category ${i + 1}`));
    const deals = selectCrazyDeals(list);
    expect(deals).toHaveLength(10);
    expect(deals.map((p) => p.id)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("is empty for an empty catalogue", () => {
    expect(selectCrazyDeals([])).toEqual([]);
  });
});

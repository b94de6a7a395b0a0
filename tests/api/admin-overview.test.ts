import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosDate } from "~/common/lagos-time";
import { loadOverview } from "~/server/admin/overview";
import { accounts, orderItems, orders, products, productVariants } from "~/server/db/schema";
import { useTestDatabase } from "../support/use-shop";

// The admin dashboard's sales overview (issue 5, menu 0), on the engine of this run: revenue per
// Lagos day for 30 days, zero-filled; order count and average; best sellers; low stock. Orders
// are written straight into the database, each kind the overview must count or leave out.

const handle = useTestDatabase();
let accountId: number;
/** Five seeded products with one variant each: [productId, variantId, name]. */
let catalogue: { productId: number; variantId: number; name: string }[];

beforeAll(async () => {
  const [account] = await handle.db
    .insert(accounts)
    .values({
      role: "customer",
      fullName: "Overview Buyer",
      email: "overview@example.com",
      phoneNumber: "2348012345678",
      passwordHash: "unused",
    })
    .returning({ id: accounts.id });
  accountId = account.id;
  const rows = await handle.db
    .select({ productId: products.id, variantId: productVariants.id, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.id), asc(productVariants.id));
  const seen = new Set<number>();
  catalogue = rows.filter((r) => !seen.has(r.productId) && seen.add(r.productId));
  expect(catalogue.length).toBeGreaterThanOrEqual(14);
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

let refCounter = 0;
type Status = (typeof orders.$inferSelect)["status"];

/** An order with its lines; `paidAt` null means never paid. Lines are [catalogue index, quantity, unit price kobo]. */
async function order(o: { status: Status; paidAt: Date | null; totalKobo: number; lines: [number, number, number][]; needsRefund?: boolean }) {
  refCounter += 1;
  const [row] = await handle.db
    .insert(orders)
    .values({
      orderRef: `ORD-TEST-${refCounter}`,
      accountId,
      status: o.status,
      needsRefund: o.needsRefund ?? false,
      totalKobo: o.totalKobo,
      firstName: "Chiamaka",
      lastName: "Eze",
      phone: "08034567890",
      email: "overview@example.com",
      address: "14 Allen Avenue",
      state: "Lagos",
      city: "Ikeja",
      createdAt: o.paidAt ?? new Date(),
      paidAt: o.paidAt,
    })
    .returning({ id: orders.id });
  await handle.db.insert(orderItems).values(
    o.lines.map(([index, quantity, unitPriceKobo]) => ({
      orderId: row.id,
      productId: catalogue[index].productId,
      variantId: catalogue[index].variantId,
      productName: catalogue[index].name,
      unitPriceKobo,
      quantity,
    })),
  );
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe("revenue, orders and best sellers", () => {
  // 11:00 on Sunday 3 May 2026 in Lagos; the 30 days run from 4 April to 3 May.
  const now = new Date("2026-05-03T10:00:00Z");

  beforeAll(async () => {
    // Counted: paid today; delivered, paid 10 days ago; shipped, paid at 00:30 Lagos on the first day.
    await order({ status: "paid", paidAt: new Date(now.getTime() - HOUR), totalKobo: 10_000_000, lines: [[0, 2, 5_000_000]] });
    await order({
      status: "delivered",
      paidAt: new Date(now.getTime() - 10 * DAY),
      totalKobo: 9_000_000,
      lines: [
        [1, 1, 3_000_000],
        [0, 1, 5_000_000],
        [3, 2, 500_000],
      ],
    });
    await order({ status: "shipped", paidAt: new Date("2026-04-03T23:30:00Z"), totalKobo: 3_000_051, lines: [[1, 1, 3_000_051]] });
    // Also counted: paid at 00:30 Lagos today, which is still yesterday in UTC.
    await order({ status: "processing", paidAt: new Date("2026-05-02T23:30:00Z"), totalKobo: 100_000, lines: [[4, 1, 100_000]] });

    // Left out: paid 40 days ago; paid at 23:30 Lagos the day before the window; never paid
    // (pending, expired); refunded; cancelled after payment; paid but waiting for a refund.
    const big: [number, number, number][] = [[2, 50, 1_000_000]];
    await order({ status: "paid", paidAt: new Date(now.getTime() - 40 * DAY), totalKobo: 50_000_000, lines: big });
    await order({ status: "delivered", paidAt: new Date("2026-04-03T22:30:00Z"), totalKobo: 50_000_000, lines: big });
    await order({ status: "pending", paidAt: null, totalKobo: 50_000_000, lines: big });
    await order({ status: "expired", paidAt: null, totalKobo: 50_000_000, lines: big });
    await order({ status: "refunded", paidAt: new Date(now.getTime() - 2 * HOUR), totalKobo: 50_000_000, lines: big });
    await order({ status: "cancelled", paidAt: new Date(now.getTime() - 3 * DAY), totalKobo: 50_000_000, lines: big });
    await order({ status: "paid", needsRefund: true, paidAt: new Date(now.getTime() - 3 * HOUR), totalKobo: 50_000_000, lines: big });
  });

  it("lists 30 Lagos days, oldest first, ending today, with zeros on days without sales", async () => {
    const overview = await loadOverview(handle.db, now);
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0].date).toBe("2026-04-04");
    expect(overview.days[29].date).toBe("2026-05-03");
    const dates = overview.days.map((d) => d.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);

    const sold = Object.fromEntries(overview.days.filter((d) => d.revenueKobo > 0).map((d) => [d.date, [d.revenueKobo, d.orders]]));
    expect(sold).toEqual({
      "2026-04-04": [3_000_051, 1],
      "2026-04-23": [9_000_000, 1],
      "2026-05-03": [10_100_000, 2],
    });
    expect(overview.days.filter((d) => d.revenueKobo === 0).every((d) => d.orders === 0)).toBe(true);
  });

  it("sums revenue and orders of the 30 days, and averages them in whole kobo", async () => {
    const overview = await loadOverview(handle.db, now);
    expect(overview.revenueKobo).toBe(22_100_051);
    expect(overview.orderCount).toBe(4);
    expect(overview.averageOrderKobo).toBe(5_525_013); // 22,100,051 / 4 = 5,525,012.75
    expect(Number.isInteger(overview.averageOrderKobo)).toBe(true);
  });

  it("ranks best sellers by units, then revenue, counting only sales of the 30 days", async () => {
    const overview = await loadOverview(handle.db, now);
    expect(overview.topProducts).toEqual([
      { productId: catalogue[0].productId, name: catalogue[0].name, units: 3, revenueKobo: 15_000_000 },
      { productId: catalogue[1].productId, name: catalogue[1].name, units: 2, revenueKobo: 6_000_051 },
      { productId: catalogue[3].productId, name: catalogue[3].name, units: 2, revenueKobo: 1_000_000 },
      { productId: catalogue[4].productId, name: catalogue[4].name, units: 1, revenueKobo: 100_000 },
    ]);
    expect(overview.topProducts.map((p) => p.productId)).not.toContain(catalogue[2].productId);
  });

  it("is the same at any time of the Lagos day, whatever the database session's time zone", async () => {
    // 23:59 Lagos on 3 May is 22:59 UTC: still the same 30 days.
    const late = await loadOverview(handle.db, new Date("2026-05-03T22:59:00Z"));
    expect(late.days[29].date).toBe("2026-05-03");
    expect(late.revenueKobo).toBe(22_100_051);
    // At 00:00 Lagos on 4 May the window moves on: 4 April drops out.
    const next = await loadOverview(handle.db, new Date("2026-05-03T23:00:00Z"));
    expect(next.days[0].date).toBe("2026-04-05");
    expect(next.days[29]).toEqual({ date: "2026-05-04", revenueKobo: 0, orders: 0 });
    expect(next.revenueKobo).toBe(22_100_051 - 3_000_051);
    expect(lagosDate(new Date("2026-05-03T23:00:00Z"))).toBe("2026-05-04");

    // A database session in another time zone changes nothing (a transaction: one connection).
    const shifted = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/New_York'`);
      return loadOverview(tx, now);
    });
    expect(shifted.days.filter((d) => d.revenueKobo > 0).map((d) => d.date)).toEqual(["2026-04-04", "2026-04-23", "2026-05-03"]);
    expect(shifted.revenueKobo).toBe(22_100_051);
  });
});

describe("an empty month and a busy one", () => {
  it("shows 30 zero days, no orders, an average of 0 and no best sellers when nothing was sold", async () => {
    const overview = await loadOverview(handle.db, new Date("2030-01-01T12:00:00Z"));
    expect(overview.days).toHaveLength(30);
    expect(overview.days.every((d) => d.revenueKobo === 0 && d.orders === 0)).toBe(true);
    expect(overview.days[29].date).toBe("2030-01-01");
    expect(overview).toMatchObject({ revenueKobo: 0, orderCount: 0, averageOrderKobo: 0, topProducts: [] });
  });

  it("keeps the five best sellers", async () => {
    const now = new Date("2027-01-15T12:00:00Z");
    // Products 5..11 sell 1..7 units.
    for (let units = 1; units <= 7; units++) {
      await order({
        status: "paid",
        paidAt: new Date(now.getTime() - units * DAY),
        totalKobo: units * 100_000,
        lines: [[4 + units, units, 100_000]],
      });
    }
    const overview = await loadOverview(handle.db, now);
    expect(overview.topProducts.map((p) => p.units)).toEqual([7, 6, 5, 4, 3]);
    expect(overview.topProducts.map((p) => p.productId)).toEqual([11, 10, 9, 8, 7].map((i) => catalogue[i].productId));
    expect(overview.orderCount).toBe(7);
    expect(overview.averageOrderKobo).toBe(400_000);
  });
});

describe("low stock", () => {
  beforeAll(async () => {
    await handle.db.update(productVariants).set({ stock: 50 });
  });

  const variant = (i: number) => catalogue[i].variantId;
  const setStock = (i: number, stock: number) =>
    handle.db
      .update(productVariants)
      .set({ stock })
      .where(eq(productVariants.id, variant(i)));

  it("lists variants of products on sale with 3 or fewer left, fewest first", async () => {
    await setStock(0, 3);
    await setStock(1, 0);
    await setStock(2, 1);
    await setStock(3, 4); // not low
    await setStock(4, 0);
    // An archived (deleted) product is not restocked.
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, catalogue[4].productId));

    const overview = await loadOverview(handle.db);
    expect(overview.lowStock.map((v) => [v.variantId, v.stock])).toEqual([
      [variant(1), 0],
      [variant(2), 1],
      [variant(0), 3],
    ]);
    expect(overview.lowStock[0]).toMatchObject({ productId: catalogue[1].productId, name: catalogue[1].name });
    expect(overview.lowStockTotal).toBe(3);
    expect(overview.lowStockThreshold).toBe(3);
  });

  it("shows at most ten, and says how many there are in all", async () => {
    const ids = catalogue.slice(5, 14).map((c) => c.variantId);
    await handle.db.update(productVariants).set({ stock: 2 }).where(inArray(productVariants.id, ids));
    const overview = await loadOverview(handle.db);
    expect(overview.lowStock).toHaveLength(10);
    expect(overview.lowStockTotal).toBe(3 + ids.length);
    const stocks = overview.lowStock.map((v) => v.stock);
    expect([...stocks].sort((a, b) => a - b)).toEqual(stocks);
    expect(stocks.slice(0, 2)).toEqual([0, 1]);
  });
});

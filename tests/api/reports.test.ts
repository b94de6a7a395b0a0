import { asc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { startSession, type Role } from "~/server/accounts/sessions";
import { loadOverview } from "~/server/admin/overview";
import { archiveProduct } from "~/server/catalog/admin";
import { categories, orderItems, orders, products, productVariants } from "~/server/db/schema";
import { presetRange, readReportRange, type ReportRange } from "~/server/reports/range";
import { loadSalesReport } from "~/server/reports/sales";
import { quickAccount, quickCustomer } from "../support/shop";
import { usePageServer, useTestDatabase } from "../support/use-shop";

// Reports (issue 18, admin menu 10), on the engine of this run: a range of Lagos days, validated;
// revenue, orders and units per day and per category; best sellers, a deleted product included;
// the CSV files, byte by byte; and only admins get any of it. Orders are written straight into
// the database, each kind the report must count or leave out, around Lagos midnights.

const handle = useTestDatabase();
let adminId: number;
let buyerId: number;
/** Two products of category A, one of category B: [productId, variantId, name]. */
let p1: Item, p2: Item, p3: Item;
let categoryA: string, categoryB: string;

interface Item {
  productId: number;
  variantId: number;
  name: string;
}

beforeAll(async () => {
  adminId = (await quickAccount(handle.db, "admin", "reports-admin")).id;
  buyerId = (await quickCustomer(handle.db, "reports-buyer")).id;
  const rows = await handle.db
    .select({ productId: products.id, variantId: productVariants.id, name: products.name, category: categories.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(isNull(products.archivedAt))
    .orderBy(asc(categories.position), asc(products.id), asc(productVariants.id));
  const byCategory = new Map<string, Item[]>();
  for (const r of rows) {
    const list = byCategory.get(r.category) ?? [];
    if (!list.some((i) => i.productId === r.productId)) list.push({ productId: r.productId, variantId: r.variantId, name: r.name });
    byCategory.set(r.category, list);
  }
  const [[a, [first, second]], [b, [third]]] = [...byCategory.entries()].filter(([, list]) => list.length >= 2);
  [categoryA, categoryB, p1, p2, p3] = [a, b, first, second, third];
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

let refCounter = 0;
type Status = (typeof orders.$inferSelect)["status"];

/** An order with its lines; `paidAt` null means never paid. Lines are [item, quantity, unit price kobo]; the total is theirs. */
async function order(o: { status: Status; paidAt: string | null; lines: [Item, number, number][]; needsRefund?: boolean }) {
  refCounter += 1;
  const paidAt = o.paidAt ? new Date(o.paidAt) : null;
  const [row] = await handle.db
    .insert(orders)
    .values({
      orderRef: `ORD-REPORT-${refCounter}`,
      accountId: buyerId,
      status: o.status,
      needsRefund: o.needsRefund ?? false,
      totalKobo: o.lines.reduce((sum, [, quantity, price]) => sum + quantity * price, 0),
      firstName: "Chiamaka",
      lastName: "Eze",
      phone: "08034567890",
      email: "reports@example.com",
      address: "14 Allen Avenue",
      state: "Lagos",
      city: "Ikeja",
      createdAt: paidAt ?? new Date(),
      paidAt,
    })
    .returning({ id: orders.id });
  await handle.db.insert(orderItems).values(
    o.lines.map(([item, quantity, unitPriceKobo]) => ({
      orderId: row.id,
      productId: item.productId,
      variantId: item.variantId,
      productName: item.name,
      unitPriceKobo,
      quantity,
    })),
  );
}

const range = (from: string, to: string): ReportRange => {
  const read = readReportRange(new URLSearchParams({ from, to }), new Date("2026-01-01T12:00:00Z"));
  expect(read.ok, JSON.stringify(read)).toBe(true);
  return read.range;
};

// ---------------------------------------------------------------------------------------------

describe("the range of days", () => {
  // 11:00 on Wednesday 15 April 2026 in Lagos.
  const now = new Date("2026-04-15T10:00:00Z");
  const read = (query: Record<string, string>, at = now) => readReportRange(new URLSearchParams(query), at);

  it("is the last 30 days when none is asked for, and each quick range is its days", () => {
    expect(read({})).toEqual({ ok: true, range: { from: "2026-03-17", to: "2026-04-15", preset: "last-30-days", days: 30, today: "2026-04-15" } });
    expect(read({ range: "last-7-days" }).range).toMatchObject({ from: "2026-04-09", to: "2026-04-15", days: 7 });
    expect(read({ range: "this-month" }).range).toMatchObject({ from: "2026-04-01", to: "2026-04-15", days: 15, preset: "this-month" });
    expect(read({ range: "last-month" }).range).toMatchObject({ from: "2026-03-01", to: "2026-03-31", days: 31, preset: "last-month" });
    // January's last month is December; a leap February has 29 days.
    expect(presetRange("last-month", "2026-01-09")).toMatchObject({ from: "2025-12-01", to: "2025-12-31", days: 31 });
    expect(presetRange("last-month", "2028-03-01")).toMatchObject({ from: "2028-02-01", to: "2028-02-29", days: 29 });
    expect(presetRange("this-month", "2026-04-01")).toMatchObject({ from: "2026-04-01", to: "2026-04-01", days: 1 });
  });

  it("follows the Lagos day: at 23:30 UTC it is already tomorrow in Lagos", () => {
    expect(read({ range: "last-7-days" }, new Date("2026-04-30T23:30:00Z")).range).toMatchObject({ from: "2026-04-25", to: "2026-05-01" });
    expect(read({ range: "this-month" }, new Date("2026-04-30T23:30:00Z")).range).toMatchObject({ from: "2026-05-01", to: "2026-05-01" });
    expect(read({ range: "this-month" }, new Date("2026-04-30T22:59:00Z")).range).toMatchObject({ from: "2026-04-01", to: "2026-04-30" });
  });

  it("takes any from/to up to 366 days, and names a quick range it happens to be", () => {
    expect(read({ from: "2026-02-01", to: "2026-02-28" })).toEqual({
      ok: true,
      range: { from: "2026-02-01", to: "2026-02-28", preset: null, days: 28, today: "2026-04-15" },
    });
    expect(read({ from: "2025-04-15", to: "2026-04-15" }).range.days).toBe(366);
    expect(read({ from: "2026-04-15", to: "2026-04-15" }).range.days).toBe(1);
    expect(read({ from: " 2026-03-01 ", to: "2026-03-31" }).range.preset).toBe("last-month");
  });

  it("answers a range it cannot show with the last 30 days and says why", () => {
    const fallback = read({}).range;
    const cases: [Record<string, string>, string][] = [
      [{ from: "2026-04-10", to: "2026-04-01" }, messages.reportRangeReversed],
      [{ from: "2025-04-14", to: "2026-04-15" }, messages.reportRangeTooLong(366)],
      [{ from: "2026-04-01", to: "2026-04-16" }, messages.reportRangeFuture],
      [{ from: "2019-12-31", to: "2020-01-05" }, messages.reportRangeTooOld("2020-01-01")],
      [{ from: "2026-02-30", to: "2026-03-01" }, messages.reportRangeNotDate],
      [{ from: "2026-4-1", to: "2026-04-10" }, messages.reportRangeNotDate],
      [{ from: "2026-04-01" }, messages.reportRangeNotDate],
      [{ to: "2026-04-01" }, messages.reportRangeNotDate],
      [{ from: "yesterday", to: "today" }, messages.reportRangeNotDate],
      [{ range: "forever" }, messages.reportRangeNotDate],
      [{ from: "x".repeat(100_000), to: "2026-04-01" }, messages.reportRangeNotDate],
    ];
    for (const [query, message] of cases) expect(read(query), JSON.stringify(query).slice(0, 80)).toEqual({ ok: false, message, range: fallback });
    expect(messages.reportRangeReversed).toBe("The start date is after the end date.");
    expect(messages.reportRangeTooLong(366)).toBe("Choose at most 366 days.");
  });
});

// ---------------------------------------------------------------------------------------------

describe("the figures", () => {
  beforeAll(async () => {
    // 23:30 Lagos on 10 March (22:30 UTC): 10 March.
    await order({ status: "delivered", paidAt: "2025-03-10T22:30:00Z", lines: [[p1, 2, 5_000_000]] });
    // 00:30 Lagos on 11 March (still 10 March in UTC): 11 March. Two categories in one order.
    await order({
      status: "paid",
      paidAt: "2025-03-10T23:30:00Z",
      lines: [
        [p1, 1, 5_000_000],
        [p3, 3, 1_000_000],
      ],
    });
    // 00:00 Lagos on 10 March exactly (23:00 UTC on 9 March): 10 March.
    await order({ status: "shipped", paidAt: "2025-03-09T23:00:00Z", lines: [[p2, 1, 2_000_051]] });
    // 23:59 Lagos on 11 March: 11 March. 00:00 Lagos on 12 March: 12 March.
    await order({ status: "processing", paidAt: "2025-03-11T22:59:00Z", lines: [[p3, 1, 1_000_000]] });
    await order({ status: "paid", paidAt: "2025-03-11T23:00:00Z", lines: [[p2, 1, 2_000_000]] });
    // 22:59 Lagos on 9 March: 9 March.
    await order({ status: "paid", paidAt: "2025-03-09T21:59:00Z", lines: [[p2, 1, 700_000]] });

    // Left out: never paid, expired, refunded, cancelled, paid but waiting for a refund.
    const big: [Item, number, number][] = [[p2, 50, 1_000_000]];
    await order({ status: "pending", paidAt: null, lines: big });
    await order({ status: "expired", paidAt: null, lines: big });
    await order({ status: "refunded", paidAt: "2025-03-10T12:00:00Z", lines: big });
    await order({ status: "cancelled", paidAt: "2025-03-11T12:00:00Z", lines: big });
    await order({ status: "paid", needsRefund: true, paidAt: "2025-03-11T13:00:00Z", lines: big });
  });

  it("counts revenue, orders and units on the Lagos day of payment, zero-filled, oldest first", async () => {
    const report = await loadSalesReport(handle.db, range("2025-03-08", "2025-03-13"));
    expect(report.days).toEqual([
      { date: "2025-03-08", revenueKobo: 0, grossKobo: 0, discountKobo: 0, orders: 0, units: 0 },
      { date: "2025-03-09", revenueKobo: 700_000, grossKobo: 700_000, discountKobo: 0, orders: 1, units: 1 },
      { date: "2025-03-10", revenueKobo: 12_000_051, grossKobo: 12_000_051, discountKobo: 0, orders: 2, units: 3 },
      { date: "2025-03-11", revenueKobo: 9_000_000, grossKobo: 9_000_000, discountKobo: 0, orders: 2, units: 5 },
      { date: "2025-03-12", revenueKobo: 2_000_000, grossKobo: 2_000_000, discountKobo: 0, orders: 1, units: 1 },
      { date: "2025-03-13", revenueKobo: 0, grossKobo: 0, discountKobo: 0, orders: 0, units: 0 },
    ]);
    expect(report).toMatchObject({ revenueKobo: 23_700_051, orderCount: 6, units: 10, averageOrderKobo: 3_950_009 }); // 3,950,008.5
  });

  it("starts and ends the range at Lagos midnight", async () => {
    const tenth = await loadSalesReport(handle.db, range("2025-03-10", "2025-03-10"));
    expect(tenth.days).toEqual([{ date: "2025-03-10", revenueKobo: 12_000_051, grossKobo: 12_000_051, discountKobo: 0, orders: 2, units: 3 }]);
    expect(tenth.bestSellers.map((p) => [p.productId, p.units])).toEqual([
      [p1.productId, 2],
      [p2.productId, 1],
    ]);
    const eleventh = await loadSalesReport(handle.db, range("2025-03-11", "2025-03-11"));
    expect(eleventh).toMatchObject({ revenueKobo: 9_000_000, orderCount: 2, units: 5 });
  });

  it("sums each category's lines: an order of two categories counts in both; shares of revenue", async () => {
    const report = await loadSalesReport(handle.db, range("2025-03-10", "2025-03-11"));
    expect(report.categories).toEqual([
      { categoryId: expect.any(Number), name: categoryA, orders: 3, units: 4, revenueKobo: 17_000_051, sharePercent: 81 },
      { categoryId: expect.any(Number), name: categoryB, orders: 2, units: 4, revenueKobo: 4_000_000, sharePercent: 19 },
    ]);
    expect(report.revenueKobo).toBe(21_000_051);
    expect(report.orderCount).toBe(4);
  });

  it("ranks best sellers by units, then revenue, with their category and orders", async () => {
    const report = await loadSalesReport(handle.db, range("2025-03-10", "2025-03-11"));
    expect(report.bestSellers).toEqual([
      { productId: p3.productId, name: p3.name, category: categoryB, archived: false, orders: 2, units: 4, revenueKobo: 4_000_000 },
      { productId: p1.productId, name: p1.name, category: categoryA, archived: false, orders: 2, units: 3, revenueKobo: 15_000_000 },
      { productId: p2.productId, name: p2.name, category: categoryA, archived: false, orders: 1, units: 1, revenueKobo: 2_000_051 },
    ]);
  });

  it("keeps a deleted product in best sellers, with its id, name and category", async () => {
    expect(await archiveProduct(handle.db, adminId, p3.productId)).toBe(true);
    const report = await loadSalesReport(handle.db, range("2025-03-10", "2025-03-11"));
    expect(report.bestSellers[0]).toEqual({
      productId: p3.productId,
      name: p3.name,
      category: categoryB,
      archived: true,
      orders: 2,
      units: 4,
      revenueKobo: 4_000_000,
    });
    expect(report.categories.map((c) => c.name)).toEqual([categoryA, categoryB]);
  });

  it("is the same whatever the database session's time zone", async () => {
    const shifted = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Kiritimati'`);
      return loadSalesReport(tx, range("2025-03-08", "2025-03-13"));
    });
    expect(shifted.days.map((d) => [d.date, d.orders])).toEqual([
      ["2025-03-08", 0],
      ["2025-03-09", 1],
      ["2025-03-10", 2],
      ["2025-03-11", 2],
      ["2025-03-12", 1],
      ["2025-03-13", 0],
    ]);
  });

  it("agrees with the Admin Info overview over its 30 days", async () => {
    const now = new Date("2025-03-20T10:00:00Z");
    const overview = await loadOverview(handle.db, now);
    const report = await loadSalesReport(handle.db, readReportRange(new URLSearchParams(), now).range);
    expect(report.days.map(({ date, revenueKobo, orders: count }) => ({ date, revenueKobo, orders: count }))).toEqual(overview.days);
    expect([report.revenueKobo, report.orderCount, report.averageOrderKobo]).toEqual([
      overview.revenueKobo,
      overview.orderCount,
      overview.averageOrderKobo,
    ]);
    expect(report.bestSellers.slice(0, 5).map((p) => [p.productId, p.units, p.revenueKobo])).toEqual(
      overview.topProducts.map((p) => [p.productId, p.units, p.revenueKobo]),
    );
  });

  it("shows nothing sold as zeros and empty lists", async () => {
    const report = await loadSalesReport(handle.db, range("2024-01-01", "2024-12-31"));
    expect(report.days).toHaveLength(366);
    expect(report.days.every((d) => d.revenueKobo === 0 && d.orders === 0 && d.units === 0)).toBe(true);
    expect(report).toMatchObject({ revenueKobo: 0, orderCount: 0, units: 0, averageOrderKobo: 0, categories: [], bestSellers: [] });
  });
});

// ---------------------------------------------------------------------------------------------

describe("a year of orders", () => {
  it("is reported in under 1.5 s, even on the embedded database", async () => {
    // About 18,000 sales in 2023 with two lines each, written by the database itself.
    await handle.db.execute(sql`
      insert into ${orders} (order_ref, account_id, status, total_kobo, first_name, last_name, phone, email, address, state, city, created_at, paid_at)
      select 'ORD-YEAR-' || g, ${buyerId}, 'delivered', 300000, 'Bulk', 'Buyer', '08030000000', 'year@example.com', 'x', 'Lagos', 'Ikeja',
             timestamptz '2023-01-01 00:00:00+01' + (g * interval '29 minutes'), timestamptz '2023-01-01 00:00:00+01' + (g * interval '29 minutes')
      from generate_series(0, 18119) g`);
    await handle.db.execute(sql`
      insert into ${orderItems} (order_id, product_id, variant_id, product_name, unit_price_kobo, quantity)
      select o.id, v.product_id, v.id, 'Bulk line', 100000, v.n
      from ${orders} o
      cross join (values (${p1.productId}::int, ${p1.variantId}::int, 1), (${p2.productId}::int, ${p2.variantId}::int, 2)) as v(product_id, id, n)
      where o.order_ref like 'ORD-YEAR-%'`);
    await handle.db.execute(sql`analyze`);
    const year = range("2023-01-01", "2023-12-31");
    await loadSalesReport(handle.db, year); // warm
    const started = performance.now();
    const report = await loadSalesReport(handle.db, year);
    const took = performance.now() - started;
    expect(report.orderCount).toBe(18_120);
    expect(report.units).toBe(18_120 * 3);
    expect(report.revenueKobo).toBe(18_120 * 300_000);
    expect(report.days.reduce((sum, d) => sum + d.orders, 0)).toBe(18_120);
    expect(report.categories[0]).toMatchObject({ name: categoryA, orders: 18_120, units: 18_120 * 3 });
    console.log(`a year of ${report.orderCount} orders reported in ${took.toFixed(0)} ms on ${handle.engine}`);
    expect(took).toBeLessThan(1_500);
  });
});

// ---------------------------------------------------------------------------------------------

describe("over HTTP", () => {
  const shop = usePageServer(handle, { env: { SMTP_URL: "smtp://127.0.0.1:9", PUBLIC_URL: "http://shop.test" } });
  beforeAll(async () => {
    // Names that a spreadsheet must show as text: a comma, quotes, a formula.
    await handle.db.update(products).set({ name: '=HYPERLINK("http://evil.test","Click"), 6x6' }).where(eq(products.id, p1.productId));
  });

  async function cookieFor(role: Role, id: number): Promise<string> {
    const { token } = await startSession(handle.db, { id, role });
    return shop.cookieFor(role, token);
  }
  const get = async (path: string, cookie?: string) => fetch(`${shop.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  /** The body as sent, byte order mark included (Response.text() drops it). */
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer()).toString("utf8");

  it("sends the per-day CSV: BOM, CRLF, Lagos days, naira as plain numbers, a dated attachment", async () => {
    const res = await get("/admin/reports.csv?part=days&from=2025-03-09&to=2025-03-12", await cookieFor("admin", adminId));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="sales-per-day_2025-03-09_to_2025-03-12.csv"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe(
      [
        "Date,Orders,Units,Gross (NGN),Discounts (NGN),Revenue (NGN)",
        "2025-03-09,1,1,7000,0,7000",
        "2025-03-10,2,3,120000.51,0,120000.51",
        "2025-03-11,2,5,90000,0,90000",
        "2025-03-12,1,1,20000,0,20000",
        "",
      ].join("\r\n"),
    );
  });

  it("sends per category and best sellers, quoting names and guarding against formulas", async () => {
    const admin = await cookieFor("admin", adminId);
    const perCategory = await get("/admin/reports.csv?part=categories&from=2025-03-10&to=2025-03-11", admin);
    expect(perCategory.headers.get("content-disposition")).toBe('attachment; filename="sales-per-category_2025-03-10_to_2025-03-11.csv"');
    expect(await bytesOf(perCategory)).toBe(
      `\uFEFFCategory,Orders,Units,Revenue (NGN),Share of revenue (%)\r\n${categoryA},3,4,170000.51,81\r\n${categoryB},2,4,40000,19\r\n`,
    );

    const best = await get("/admin/reports.csv?part=best-sellers&from=2025-03-10&to=2025-03-11", admin);
    expect(best.status).toBe(200);
    expect(best.headers.get("content-disposition")).toBe('attachment; filename="best-sellers_2025-03-10_to_2025-03-11.csv"');
    expect((await bytesOf(best)).split("\r\n")).toEqual([
      "\uFEFFRank,Product ID,Product,Category,Status,Orders,Units,Revenue (NGN)",
      `1,${p3.productId},${p3.name},${categoryB},Deleted,2,4,40000`,
      `2,${p1.productId},"'=HYPERLINK(""http://evil.test"",""Click""), 6x6",${categoryA},On sale,2,3,150000`,
      `3,${p2.productId},${p2.name},${categoryA},On sale,1,1,20000.51`,
      "",
    ]);
  });

  it("refuses a wrong part or range with a plain answer, never a file of other dates", async () => {
    const admin = await cookieFor("admin", adminId);
    const wrongPart = await get("/admin/reports.csv?part=everything&from=2025-03-10&to=2025-03-11", admin);
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.headers.get("content-disposition")).toBeNull();
    expect(await wrongPart.text()).toBe(`${messages.reportUnknownPart}\n`);
    const reversed = await get("/admin/reports.csv?part=days&from=2025-03-11&to=2025-03-10", admin);
    expect(reversed.status).toBe(400);
    expect(await reversed.text()).toBe(`${messages.reportRangeReversed}\n`);
  });

  it("gives visitors and customers the admin login, not the figures", async () => {
    const customer = await cookieFor("customer", buyerId);
    for (const path of ["/admin/reports.csv?part=days&from=2025-03-10&to=2025-03-11", "/admin?menu=10&from=2025-03-10&to=2025-03-11"]) {
      for (const cookie of [undefined, customer]) {
        const res = await get(path, cookie);
        expect(res.status, `${path} ${cookie ? "customer" : "visitor"}`).toBe(302);
        expect(res.headers.get("location")).toBe("/adminlogin");
        expect(await res.text()).not.toContain("170000");
      }
    }
  });

  it("shows the panel with the range's figures, and the fallback with its reason", async () => {
    const admin = await cookieFor("admin", adminId);
    const page = await (await get("/admin?menu=10&from=2025-03-10&to=2025-03-11", admin)).text();
    expect(page).toContain("₦210,000.51"); // revenue
    expect(page).toMatch(/data-testid="report-orders"[^>]*>4</);
    expect(page).toMatch(/data-testid="report-units"[^>]*>8</);
    expect(page).toContain(`href="/admin/products/${p3.productId}"`);
    expect(page).toContain(`href="/admin/reports.csv?part=days&amp;from=2025-03-10&amp;to=2025-03-11"`);

    const wrong = await (await get("/admin?menu=10&from=2025-03-11&to=2025-03-10", admin)).text();
    expect(wrong).toContain(messages.reportRangeReversed);
    expect(wrong).toContain(messages.reportRangeFallback);
  });
});

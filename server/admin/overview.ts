import { DAY_MS, lagosDate, lagosDayEnd } from "~/common/lagos-time";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { orderItems, orders, products } from "../db/schema";
import { SALE_STATUSES } from "../orders/lifecycle";
import { listLowStock, type LowStockLine } from "../catalog/low-stock";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/common/constants";

// The sales overview of the admin dashboard (menu 0, under Admin Info): revenue per Lagos day
// for the last 30 days, order count, average order value, best sellers and low stock. Every
// figure is one SQL aggregate; nothing walks the orders in JavaScript.

/** Days in the overview, today included. */
export const OVERVIEW_DAYS = 30;
const TOP_PRODUCTS = 5;
const LOW_STOCK_LIMIT = 10;

export interface OverviewDay {
  /** `YYYY-MM-DD`, a Lagos calendar day. */
  date: string;
  revenueKobo: number;
  orders: number;
}

export interface Overview {
  /** Oldest first, exactly OVERVIEW_DAYS entries, the last one is today (Lagos). */
  days: OverviewDay[];
  revenueKobo: number;
  orderCount: number;
  /** Revenue / orders, rounded to whole kobo; 0 with no orders. */
  averageOrderKobo: number;
  topProducts: { productId: number; name: string; units: number; revenueKobo: number }[];
  lowStock: LowStockLine[];
  /** How many variants are low on stock in all (lowStock shows at most 10). */
  lowStockTotal: number;
  /** The low-stock alert of a product whose staff set none, for the page to say what "low" means. */
  lowStockThreshold: number;
}

export { lagosDate };

export async function loadOverview(db: Executor, now = new Date()): Promise<Overview> {
  const today = lagosDate(now);
  const end = lagosDayEnd(today); // tomorrow, Lagos midnight
  const start = new Date(end.getTime() - OVERVIEW_DAYS * DAY_MS);

  const sold = and(
    isNotNull(orders.paidAt),
    inArray(orders.status, [...SALE_STATUSES]),
    eq(orders.needsRefund, false),
    gte(orders.paidAt, start),
    lt(orders.paidAt, end),
  );
  // The Lagos day of the payment, whatever the session's time zone is.
  const day = sql<string>`to_char((${orders.paidAt} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`;

  // One after another: inside a transaction both engines have a single connection.
  const perDay = await db
    .select({
      date: day,
      revenueKobo: sql<number>`coalesce(sum(${orders.totalKobo}), 0)`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(sold)
    .groupBy(day);
  const top = await db
    .select({
      productId: orderItems.productId,
      name: products.name,
      units: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
      revenueKobo: sql<number>`sum(${orderItems.quantity} * ${orderItems.unitPriceKobo})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(sold)
    .groupBy(orderItems.productId, products.name)
    .orderBy(desc(sql`sum(${orderItems.quantity})`), desc(sql`sum(${orderItems.quantity} * ${orderItems.unitPriceKobo})`), asc(orderItems.productId))
    .limit(TOP_PRODUCTS);
  const low = await listLowStock(db, LOW_STOCK_LIMIT);

  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const days: OverviewDay[] = [];
  for (let i = OVERVIEW_DAYS - 1; i >= 0; i--) {
    const date = lagosDate(new Date(end.getTime() - (i + 1) * DAY_MS));
    const found = byDate.get(date);
    days.push({ date, revenueKobo: found?.revenueKobo ?? 0, orders: found?.orders ?? 0 });
  }
  // 30 rows at most: the totals are sums of the per-day aggregates.
  const revenueKobo = perDay.reduce((sum, d) => sum + d.revenueKobo, 0);
  const orderCount = perDay.reduce((sum, d) => sum + d.orders, 0);

  return {
    days,
    revenueKobo,
    orderCount,
    averageOrderKobo: orderCount === 0 ? 0 : Math.round(revenueKobo / orderCount),
    topProducts: top,
    lowStock: low.lines,
    lowStockTotal: low.total,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  };
}

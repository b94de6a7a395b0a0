import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { addDays, lagosDayEnd, lagosDayStart } from "~/common/lagos-time";
import type { Executor } from "../db/client";
import { lagosDayOf } from "../db/lagos-day";
import { categories, orderItems, orders, products } from "../db/schema";
import { SALE_STATUSES } from "../orders/lifecycle";
import type { ReportRange } from "./range";

// The sales report of a date range (issue 18, Reports): revenue, orders and units per Lagos day
// and per category, and the best sellers. The Admin Info overview is this report's summary of the
// last 30 days (server/admin/overview.ts, decision 0051), so the two cannot disagree. What counts
// as a sale (decision 0011): an order with `paid_at` whose status is paid, processing, shipped or
// delivered and that is not waiting for a refund; it counts on the Lagos day it was paid (placed:
// an order is placed when it is paid). Every figure is an SQL aggregate, grouped by the Lagos day
// (lagosDayOf); nothing walks the orders in JavaScript (decision 0032).

/** Best sellers on the page; the CSV lists every product sold, up to BEST_SELLERS_CSV_LIMIT. */
export const BEST_SELLERS_SHOWN = 10;
export const BEST_SELLERS_CSV_LIMIT = 5000;

export interface ReportDay {
  /** `YYYY-MM-DD`, a Lagos calendar day. */
  date: string;
  /** Net: what the orders cost their customers, the promotions' discounts taken off. */
  revenueKobo: number;
  /** The lines at their prices, before discounts: gross − discounts = revenue (decision 0064). */
  grossKobo: number;
  discountKobo: number;
  orders: number;
  units: number;
}

export interface ReportCategory {
  categoryId: number;
  name: string;
  /** Orders with at least one line of this category: an order of two categories counts in both. */
  orders: number;
  units: number;
  /** The lines' quantity × unit price. */
  revenueKobo: number;
  /** Of all categories' revenue, in per cent with one decimal (the shares add up to about 100). */
  sharePercent: number;
}

export interface BestSeller {
  productId: number;
  /** The product's name, archived (deleted) ones included. */
  name: string;
  category: string;
  /** The product was deleted (archived): its link opens its archived record. */
  archived: boolean;
  orders: number;
  units: number;
  revenueKobo: number;
}

export interface SalesReport {
  range: ReportRange;
  /** Every day of the range, oldest first, zero-filled. */
  days: ReportDay[];
  revenueKobo: number;
  grossKobo: number;
  discountKobo: number;
  orderCount: number;
  units: number;
  /** Revenue / orders, rounded to whole kobo; 0 with no orders. */
  averageOrderKobo: number;
  /** Categories that sold in the range, highest revenue first. */
  categories: ReportCategory[];
  bestSellers: BestSeller[];
}

/** SQL: the order is a sale. The one rule of a sale (decision 0011). */
export const isSale: SQL = and(isNotNull(orders.paidAt), inArray(orders.status, [...SALE_STATUSES]), eq(orders.needsRefund, false))!;

/** SQL: the order is a sale paid within [start, end). */
export function soldWithin(start: Date, end: Date): SQL {
  return and(isSale, gte(orders.paidAt, start), lt(orders.paidAt, end))!;
}

/** The instants a range covers: Lagos midnight of its first day to Lagos midnight after its last. */
export function rangeBounds(range: Pick<ReportRange, "from" | "to">): { start: Date; end: Date } {
  return { start: lagosDayStart(range.from), end: lagosDayEnd(range.to) };
}

/** SQL: the Lagos calendar day of the payment. */
const paidDay = lagosDayOf(orders.paidAt);

const unitsSum = sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number);
/**
 * What the lines brought in: their price, less their share of the order's promotions (a discount
 * is shared across an order's lines in proportion to their value, decision 0064), so categories
 * and best sellers add up to the revenue. Without a discount, exactly quantity × price.
 */
const linesRevenue =
  sql<number>`coalesce(round(sum(${orderItems.quantity} * ${orderItems.unitPriceKobo} * ${orders.totalKobo}::numeric / nullif(${orders.totalKobo} + ${orders.discountKobo}, 0))), 0)`.mapWith(
    Number,
  );
const distinctOrders = sql<number>`count(distinct ${orders.id})`.mapWith(Number);

export async function loadDays(db: Executor, range: ReportRange): Promise<ReportDay[]> {
  const { start, end } = rangeBounds(range);
  // The units of each order from its lines (order_items_order_idx), summed with the orders.
  const orderUnits = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const perDay = await db
    .select({
      date: paidDay,
      revenueKobo: sql<number>`coalesce(sum(${orders.totalKobo}), 0)`.mapWith(Number),
      discountKobo: sql<number>`coalesce(sum(${orders.discountKobo}), 0)`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
      units: sql<number>`coalesce(sum(${orderUnits}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(soldWithin(start, end))
    .groupBy(paidDay);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  return Array.from({ length: range.days }, (_, i) => {
    const date = addDays(range.from, i);
    const found = byDate.get(date);
    const revenueKobo = found?.revenueKobo ?? 0;
    const discountKobo = found?.discountKobo ?? 0;
    return { date, revenueKobo, grossKobo: revenueKobo + discountKobo, discountKobo, orders: found?.orders ?? 0, units: found?.units ?? 0 };
  });
}

export async function loadCategories(db: Executor, range: ReportRange): Promise<ReportCategory[]> {
  const { start, end } = rangeBounds(range);
  const rows = await db
    .select({ categoryId: categories.id, name: categories.name, orders: distinctOrders, units: unitsSum, revenueKobo: linesRevenue })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(soldWithin(start, end))
    .groupBy(categories.id, categories.name)
    .orderBy(desc(linesRevenue), desc(unitsSum), asc(categories.name));
  const total = rows.reduce((sum, r) => sum + r.revenueKobo, 0);
  return rows.map((r) => ({ ...r, sharePercent: total === 0 ? 0 : Math.round((r.revenueKobo / total) * 1000) / 10 }));
}

export async function loadBestSellers(db: Executor, range: ReportRange, limit = BEST_SELLERS_SHOWN): Promise<BestSeller[]> {
  const { start, end } = rangeBounds(range);
  // The product row even when archived: a deleted product keeps its name and its id's page.
  return db
    .select({
      productId: products.id,
      name: products.name,
      category: categories.name,
      archived: sql<boolean>`${products.archivedAt} is not null`.mapWith(Boolean),
      orders: distinctOrders,
      units: unitsSum,
      revenueKobo: linesRevenue,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(soldWithin(start, end))
    .groupBy(products.id, products.name, categories.name)
    .orderBy(desc(unitsSum), desc(linesRevenue), asc(products.id))
    .limit(limit);
}

/** The report without its categories: the days, their totals and the best sellers. */
export type SalesSummary = Omit<SalesReport, "categories">;

/** The days of a range, their totals and the first `bestSellers` best sellers (the overview takes 5). */
export async function loadSalesSummary(db: Executor, range: ReportRange, bestSellers = BEST_SELLERS_SHOWN): Promise<SalesSummary> {
  // One after another: inside a transaction both engines have a single connection.
  const days = await loadDays(db, range);
  const sellers = await loadBestSellers(db, range, bestSellers);
  // At most 366 rows: the totals are sums of the per-day aggregates.
  const revenueKobo = days.reduce((sum, d) => sum + d.revenueKobo, 0);
  const discountKobo = days.reduce((sum, d) => sum + d.discountKobo, 0);
  const orderCount = days.reduce((sum, d) => sum + d.orders, 0);
  const units = days.reduce((sum, d) => sum + d.units, 0);
  return {
    range,
    days,
    revenueKobo,
    grossKobo: revenueKobo + discountKobo,
    discountKobo,
    orderCount,
    units,
    averageOrderKobo: orderCount === 0 ? 0 : Math.round(revenueKobo / orderCount),
    bestSellers: sellers,
  };
}

export async function loadSalesReport(db: Executor, range: ReportRange): Promise<SalesReport> {
  const summary = await loadSalesSummary(db, range);
  return { ...summary, categories: await loadCategories(db, range) };
}

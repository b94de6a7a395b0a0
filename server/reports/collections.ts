import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { lagosDayOf } from "../db/lagos-day";
import { accounts, collections, orders } from "../db/schema";
import { PAY_ON_DELIVERY_OPEN_STATUSES, shippedAt } from "../orders/lifecycle";
import { getPayOnDeliverySettings } from "../checkout/pay-on-delivery";
import type { ReportRange } from "./range";
import { rangeBounds } from "./sales";

// Pay on delivery in Reports (issue 28): the value still at the doors, kept apart from the sales
// (an order counts as a sale once its money is collected); the money each staff member recorded,
// day by day, so the cash a rider brings back can be reconciled; and every amount that was not
// the order's total, with its reason.

export interface Uncollected {
  /** Open orders paid on delivery: placed, not yet collected, refused or expired. */
  orders: number;
  valueKobo: number;
  /** Of those, shipped longer ago than the owner's days without a collection. */
  overdue: number;
  overdueDays: number;
}

export async function loadUncollected(db: Executor, now = new Date()): Promise<Uncollected> {
  const { collectWithinDays } = await getPayOnDeliverySettings(db);
  const open = and(eq(orders.paymentMethod, "pay_on_delivery"), inArray(orders.status, PAY_ON_DELIVERY_OPEN_STATUSES));
  const [totals] = await db
    .select({ orders: count(), valueKobo: sql<number>`coalesce(sum(${orders.totalKobo}), 0)`.mapWith(Number) })
    .from(orders)
    .where(open);
  const [late] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, "pay_on_delivery"),
        eq(orders.status, "shipped"),
        sql`${shippedAt()} < ${new Date(now.getTime() - collectWithinDays * 86_400_000)}`,
      ),
    );
  return { orders: totals.orders, valueKobo: totals.valueKobo, overdue: late.n, overdueDays: collectWithinDays };
}

export interface CollectionsByStaff {
  /** The Lagos day the money was recorded. */
  day: string;
  staff: string;
  method: string;
  orders: number;
  amountKobo: number;
}

export interface DifferentAmount {
  day: string;
  orderRef: string;
  staff: string;
  totalKobo: number;
  amountKobo: number;
  reason: string;
}

const collectedDay = lagosDayOf(collections.createdAt);

/** What each staff member collected each day of the range, by method. */
export async function loadCollectionsByStaff(db: Executor, range: ReportRange): Promise<CollectionsByStaff[]> {
  const { start, end } = rangeBounds(range);
  return db
    .select({
      day: collectedDay,
      staff: accounts.fullName,
      method: collections.method,
      orders: count(),
      amountKobo: sql<number>`sum(${collections.amountKobo})`.mapWith(Number),
    })
    .from(collections)
    .innerJoin(accounts, eq(accounts.id, collections.collectedBy))
    .where(and(gte(collections.createdAt, start), lt(collections.createdAt, end)))
    .groupBy(collectedDay, accounts.fullName, collections.method)
    .orderBy(asc(collectedDay), asc(accounts.fullName), asc(collections.method));
}

/** The collections of the range whose amount was not the order's total. */
export async function loadDifferentAmounts(db: Executor, range: ReportRange): Promise<DifferentAmount[]> {
  const { start, end } = rangeBounds(range);
  const rows = await db
    .select({
      day: collectedDay,
      orderRef: orders.orderRef,
      staff: accounts.fullName,
      totalKobo: orders.totalKobo,
      amountKobo: collections.amountKobo,
      reason: collections.reason,
    })
    .from(collections)
    .innerJoin(orders, eq(orders.id, collections.orderId))
    .innerJoin(accounts, eq(accounts.id, collections.collectedBy))
    .where(and(gte(collections.createdAt, start), lt(collections.createdAt, end), sql`${collections.amountKobo} <> ${orders.totalKobo}`))
    .orderBy(asc(collections.createdAt));
  return rows.map((r) => ({ ...r, reason: r.reason ?? "" }));
}

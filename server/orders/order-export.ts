import { asc, desc, eq, sql } from "drizzle-orm";
import { COLLECTION_METHODS, type CollectionMethod } from "./collections";
import { messages } from "~/common/messages";
import { channelLabel } from "~/common/payment-channels";
import { koboToNaira } from "~/common/money";
import { addDays, daysBetween, isDay, lagosDateTime } from "~/common/lagos-time";
import type { Database } from "../db/client";
import { accounts, collections, orderDiscounts, orderItems, orders, payments } from "../db/schema";
import { csvFile, type CsvCell } from "../export/csv";
import { adminOrderWhere, lagosToday, orderUnitCount, type AdminOrderFilter } from "./admin-orders";
import { staffLabel } from "./lifecycle";

// The Orders panel's CSV exports (issue 18): the orders, or their lines, that the panel's filters
// (status, search, Lagos days) select, as a file Excel opens as it is (server/export/csv.ts):
// naira as plain numbers, dates as Lagos 'YYYY-MM-DD HH:MM', which Excel reads as dates.
//
// Bounded twice, so one request cannot hold the server's memory: at most EXPORT_MAX_DAYS days,
// and at most so many rows; past either the answer says what to narrow, and nothing is built.

export type ExportKind = "orders" | "lines";

/** The longest date range one export covers (a year, leap day included). */
export const EXPORT_MAX_DAYS = 366;
/** Without dates, the export covers the last this many Lagos days. */
export const EXPORT_DEFAULT_DAYS = 30;
/** The most rows one export holds. */
export const EXPORT_MAX_ROWS: Record<ExportKind, number> = { orders: 10_000, lines: 30_000 };

const ROWS_NAMED: Record<ExportKind, string> = { orders: "orders", lines: "order lines" };

/** `YYYY-MM-DD` plus (or minus) a number of days. */

export type ExportRange = { ok: true; from: string; to: string } | { ok: false; message: string };

/**
 * The Lagos days an export covers: the filter's, or the last EXPORT_DEFAULT_DAYS days up to
 * today; one day given alone reaches today (from) or goes back the default (to).
 */
export function exportRange(filter: Pick<AdminOrderFilter, "from" | "to">, today = lagosToday()): ExportRange {
  let from = filter.from && isDay(filter.from) ? filter.from : undefined;
  let to = filter.to && isDay(filter.to) ? filter.to : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  to ??= from && from > today ? from : today;
  from ??= addDays(to, -(EXPORT_DEFAULT_DAYS - 1));
  if (daysBetween(from, to) > EXPORT_MAX_DAYS) return { ok: false, message: messages.ordersExportRangeTooLong(EXPORT_MAX_DAYS) };
  return { ok: true, from, to };
}

/** 'YYYY-MM-DD HH:MM', Lagos time: Excel reads it as a date and time. */
const excelDateTime = (instant: Date | null): string | null => (instant ? lagosDateTime(instant).slice(0, 16) : null);
const naira = (kobo: number): number => koboToNaira(kobo);

const ORDER_HEADER = [
  "Order ID",
  "Ordered (Lagos)",
  "Paid (Lagos)",
  "Status",
  "Refund needed",
  "Customer",
  "Customer e-mail",
  "Customer phone",
  "Deliver to",
  "Delivery phone",
  "Delivery e-mail",
  "Address",
  "City",
  "State",
  "Items",
  "Subtotal (NGN)",
  "Discount (NGN)",
  "Promotion codes",
  "Delivery (NGN)",
  "Total (NGN)",
  "Payment provider",
  "Paid by",
  "Payment reference",
  "Payment status",
  "Tracking ID",
];

const LINE_HEADER = [
  "Order ID",
  "Ordered (Lagos)",
  "Status",
  "Customer",
  "Product ID",
  "Product",
  "Size",
  "Quantity",
  "Unit price (NGN)",
  "Line total (NGN)",
];

/** The payment of an order as the order page shows it: the successful one, else the newest. */
const paymentColumn = (column: typeof payments.provider | typeof payments.reference | typeof payments.status | typeof payments.channel) =>
  sql<
    string | null
  >`(select ${column} from ${payments} where ${payments.orderId} = ${orders.id} order by (${payments.status} = 'success') desc, ${payments.id} desc limit 1)`;

async function orderRows(db: Database, filter: AdminOrderFilter, limit: number): Promise<CsvCell[][]> {
  const rows = await db
    .select({
      orderRef: orders.orderRef,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      status: orders.status,
      needsRefund: orders.needsRefund,
      customerName: accounts.fullName,
      customerEmail: accounts.email,
      customerPhone: accounts.phoneNumber,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      email: orders.email,
      address: orders.address,
      city: orders.city,
      state: orders.state,
      itemCount: orderUnitCount,
      subtotalKobo: sql<number>`coalesce((select sum(${orderItems.quantity} * ${orderItems.unitPriceKobo}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), 0)::bigint`,
      discountKobo: orders.discountKobo,
      promotions: sql<
        string | null
      >`(select string_agg(coalesce(${orderDiscounts.code}, ${orderDiscounts.name}), ', ' order by ${orderDiscounts.id}) from ${orderDiscounts} where ${orderDiscounts.orderId} = ${orders.id})`,
      totalKobo: orders.totalKobo,
      provider: paymentColumn(payments.provider),
      channel: paymentColumn(payments.channel),
      reference: paymentColumn(payments.reference),
      paymentStatus: paymentColumn(payments.status),
      trackingId: orders.trackingId,
      paymentMethod: orders.paymentMethod,
      collected: sql<string | null>`(select ${collections.method} from ${collections} where ${collections.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(adminOrderWhere(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  // Paid on delivery (issue 28): its money shows as collected at the door, or still to collect.
  const onDelivery = (o: (typeof rows)[number]) => o.paymentMethod === "pay_on_delivery";
  return rows.map((o) => [
    o.orderRef,
    excelDateTime(o.createdAt),
    excelDateTime(o.paidAt),
    staffLabel(o.status),
    o.needsRefund ? "Yes" : "No",
    o.customerName,
    o.customerEmail,
    o.customerPhone,
    `${o.firstName} ${o.lastName}`,
    o.phone,
    o.email,
    o.address,
    o.city,
    o.state,
    Number(o.itemCount),
    naira(Number(o.subtotalKobo)),
    naira(o.discountKobo),
    o.promotions,
    // Delivery is free (requirements §9): the column is there for the accounts, always 0.
    0,
    naira(o.totalKobo),
    onDelivery(o) ? "On delivery" : o.provider,
    onDelivery(o) ? (o.collected ? (COLLECTION_METHODS[o.collected as CollectionMethod] ?? o.collected) : null) : channelLabel(o.channel),
    o.reference,
    onDelivery(o) ? (o.collected ? "collected" : "to collect") : o.paymentStatus,
    o.trackingId,
  ]);
}

async function lineRows(db: Database, filter: AdminOrderFilter, limit: number): Promise<CsvCell[][]> {
  const rows = await db
    .select({
      orderRef: orders.orderRef,
      createdAt: orders.createdAt,
      status: orders.status,
      customerName: accounts.fullName,
      productId: orderItems.productId,
      productName: orderItems.productName,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPriceKobo: orderItems.unitPriceKobo,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(adminOrderWhere(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.id))
    .limit(limit);
  return rows.map((l) => [
    l.orderRef,
    excelDateTime(l.createdAt),
    staffLabel(l.status),
    l.customerName,
    l.productId,
    l.productName,
    l.size,
    l.quantity,
    naira(l.unitPriceKobo),
    naira(l.unitPriceKobo * l.quantity),
  ]);
}

export type OrdersExport = { ok: true; filename: string; body: string; rows: number } | { ok: false; message: string };

/** The CSV file of the orders (or their lines) the filter selects, within the export's range and row bounds. */
export async function exportOrders(
  db: Database,
  kind: ExportKind,
  filter: AdminOrderFilter,
  { today = lagosToday(), maxRows = EXPORT_MAX_ROWS[kind] }: { today?: string; maxRows?: number } = {},
): Promise<OrdersExport> {
  const range = exportRange(filter, today);
  if (!range.ok) return range;
  const max = maxRows;
  const within: AdminOrderFilter = { ...filter, from: range.from, to: range.to };
  // One row past the bound tells "too many" from "exactly the bound".
  const rows = kind === "orders" ? await orderRows(db, within, max + 1) : await lineRows(db, within, max + 1);
  if (rows.length > max) return { ok: false, message: messages.ordersExportTooMany(max, ROWS_NAMED[kind]) };
  const body = csvFile(kind === "orders" ? ORDER_HEADER : LINE_HEADER, rows);
  const name = kind === "orders" ? "orders" : "order-lines";
  return { ok: true, filename: `${name}-${range.from}-to-${range.to}.csv`, body, rows: rows.length };
}

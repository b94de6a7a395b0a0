import { messages } from "~/common/messages";
import { readablePhone } from "~/common/phone";
import { getPayOnDeliverySettings } from "../checkout/pay-on-delivery";
import { and, asc, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { DiscountLine } from "~/common/totals";
import { totalsOf } from "../promotions/promotions";
import { lineName } from "~/common/featured";
import { recordAudit } from "../admin/audit";
import { containing, phoneDigits } from "../db/like";
import type { Database } from "../db/client";
import { refusable } from "../db/refusable";
import { accounts, collections, orderEvents, orderItems, orders, payments } from "../db/schema";
import { announceMail } from "../mail/outbox";
import { queueOrderUpdate, statusText, type OrderUpdateContext } from "../texts/order-updates";
import { orderStatusMail } from "../mail/templates";
import {
  isPlacedStatus,
  nextStatuses,
  type OrderStatus,
  placed,
  PLACED_STATUSES,
  type PlacedStatus,
  shippedAt,
  staffLabel,
  transition,
} from "./lifecycle";
import { moveStock, STOCK_CHANGE_WORDS, stockChange } from "./stock";
import { isDay, lagosDateTime, lagosDayEnd, lagosDayStart, lagosToday } from "~/common/lagos-time";

// The admin's side of orders (issue 5): the list of placed orders with filters, one order in
// full, and the status changes after payment, each recorded with its admin and e-mailed to the
// customer in the same transaction. Which changes exist, and their words, are the lifecycle's
// (lifecycle.ts): paid → processing → shipped → delivered, cancelled from paid or processing,
// refunded from any placed status.
//
// Stock: a paid order holds its units (taken at checkout). Cancelling or refunding it before it
// ships puts them back. An order flagged `needs_refund` was paid after its units were sold, so
// it holds none: cancelling or refunding it returns nothing, and sending it to processing (the
// shop restocked and will deliver) takes the units then, or is refused while they are missing.
// Each move's effect is declared in the lifecycle and carried out by stock.ts (decision 0050).

export const TRACKING_ID_MAX = 100;
export const NOTE_MAX = 500;
/** The list shows at most this many orders; the date filters reach older ones. */
export const LIST_LIMIT = 200;

/** Today in Lagos, `YYYY-MM-DD` (the Orders panel's date filters and exports). */
export { lagosToday };

// ---------------------------------------------------------------- list

/** The units an order holds, for a select over `orders` (the panel's list, the exports). */
export const orderUnitCount = sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), 0)::int`;

export interface AdminOrderFilter {
  status?: PlacedStatus;
  /** Only orders flagged for a refund. */
  needsRefund?: boolean;
  /** First Lagos day, `YYYY-MM-DD`, inclusive. */
  from?: string;
  /** Last Lagos day, `YYYY-MM-DD`, inclusive. */
  to?: string;
  /** Words to find (issue 18): part of the order ID, the customer's or delivery name, e-mail or phone. */
  search?: string;
}

/** The longest search the Orders panel takes. */
export const ORDER_SEARCH_MAX = 100;

/**
 * Orders matching a search: the order ID, the delivery or account name, either e-mail, or the
 * phone number however it was written (0803…, 234803…, +234 803…: the last ten digits).
 */
function matching(search: string): SQL {
  const text = containing(search);
  const phone = phoneDigits(search);
  return or(
    ilike(orders.orderRef, text),
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, text),
    ilike(accounts.fullName, text),
    ilike(orders.email, text),
    ilike(accounts.email, text),
    ...(phone ? [like(sql`regexp_replace(${orders.phone}, '\\D', '', 'g')`, `%${phone}%`), like(accounts.phoneNumber, `%${phone}%`)] : []),
  )!;
}

export interface AdminOrderRow {
  orderRef: string;
  status: OrderStatus;
  needsRefund: boolean;
  totalKobo: number;
  itemCount: number;
  customerName: string;
  customerEmail: string;
  createdAt: Date;
  /** 'YYYY-MM-DD HH:MM:SS', Lagos time: the date the customer sees in My Orders. */
  orderDate: string;
  trackingId: string | null;
  /** To be paid on delivery. */
  payOnDelivery: boolean;
  /** Taken by staff for the customer (Take an Order), not the customer's own checkout. */
  takenByStaff: boolean;
  /** Shipped to be paid on delivery longer ago than the owner's days, and not collected: days since it shipped. */
  uncollectedDays: number | null;
}

/** Placed orders (paid at some point) within the Lagos days asked for, matching the search. */
function placedWithin({ from, to, search }: Pick<AdminOrderFilter, "from" | "to" | "search">): SQL[] {
  const where: SQL[] = [placed()];
  if (search) where.push(matching(search));
  if (from && isDay(from)) where.push(gte(orders.createdAt, lagosDayStart(from)));
  if (to && isDay(to)) where.push(lt(orders.createdAt, lagosDayEnd(to)));
  return where;
}

/**
 * SQL: the placed orders a filter asks for (the Orders panel's list and its exports). The query
 * must join `accounts` on the order's account: the search reads its name, e-mail and phone.
 */
export function adminOrderWhere(filter: AdminOrderFilter): SQL | undefined {
  const where = placedWithin(filter);
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.needsRefund) where.push(eq(orders.needsRefund, true));
  return and(...where);
}

/** Placed orders, newest first, with their customer and item count. */
export async function listOrdersForAdmin(
  db: Database,
  filter: AdminOrderFilter = {},
  limit = LIST_LIMIT,
  now = new Date(),
): Promise<AdminOrderRow[]> {
  const { collectWithinDays } = await getPayOnDeliverySettings(db);
  const rows = await db
    .select({
      orderRef: orders.orderRef,
      status: orders.status,
      needsRefund: orders.needsRefund,
      totalKobo: orders.totalKobo,
      itemCount: orderUnitCount,
      customerName: accounts.fullName,
      customerEmail: accounts.email,
      createdAt: orders.createdAt,
      trackingId: orders.trackingId,
      paymentMethod: orders.paymentMethod,
      source: orders.source,
      shippedAt: shippedAt(),
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(adminOrderWhere(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(({ paymentMethod, source, shippedAt, ...row }) => {
    const payOnDelivery = paymentMethod === "pay_on_delivery";
    const days = shippedAt ? Math.floor((now.getTime() - new Date(shippedAt).getTime()) / 86_400_000) : 0;
    return {
      ...row,
      itemCount: Number(row.itemCount),
      orderDate: lagosDateTime(row.createdAt),
      payOnDelivery,
      takenByStaff: source === "staff",
      uncollectedDays: payOnDelivery && row.status === "shipped" && days >= collectWithinDays ? days : null,
    };
  });
}

export interface StatusCounts {
  /** Placed orders of each status. */
  byStatus: Record<PlacedStatus, number>;
  all: number;
  needsRefund: number;
}

/** How many placed orders each status has, within the Lagos days asked for. */
export async function countOrdersByStatus(db: Database, filter: Pick<AdminOrderFilter, "from" | "to" | "search"> = {}): Promise<StatusCounts> {
  const rows = await db
    .select({
      status: orders.status,
      count: sql<number>`count(*)::int`,
      needsRefund: sql<number>`count(*) filter (where ${orders.needsRefund})::int`,
    })
    .from(orders)
    // The account too: the search reads its name, e-mail and phone.
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(...placedWithin(filter)))
    .groupBy(orders.status);
  const byStatus = Object.fromEntries(PLACED_STATUSES.map((s) => [s, 0])) as Record<PlacedStatus, number>;
  let all = 0;
  let needsRefund = 0;
  for (const row of rows) {
    if (isPlacedStatus(row.status)) byStatus[row.status] = Number(row.count);
    all += Number(row.count);
    needsRefund += Number(row.needsRefund);
  }
  return { byStatus, all, needsRefund };
}

// ---------------------------------------------------------------- one order

export interface VerificationSummary {
  status: string | null;
  amountKobo: number | null;
  currency: string | null;
  gatewayResponse: string | null;
  paidAt: string | null;
}

/**
 * The provider's verification reply as stored: Paystack's `data` object (amount, currency,
 * gateway_response, paid_at) or the test gateway's row (amountKobo, gatewayResponse, paidAt).
 */
export function summarizeVerification(raw: unknown): VerificationSummary | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const text = (...values: unknown[]) => {
    const found = values.find((v) => typeof v === "string" && v !== "");
    return typeof found === "string" ? found : null;
  };
  const amount = [r.amount, r.amountKobo].map(Number).find((n) => Number.isFinite(n) && n !== 0) ?? null;
  const paidAt = text(r.paid_at, r.paidAt, r.transaction_date);
  return {
    status: text(r.status),
    amountKobo: amount,
    currency: text(r.currency),
    gatewayResponse: text(r.gateway_response, r.gatewayResponse),
    paidAt: paidAt ? formatInstant(paidAt) : null,
  };
}

/** An ISO instant as Lagos time 'YYYY-MM-DD HH:MM:SS'; anything unreadable as it came. */
function formatInstant(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : lagosDateTime(date);
}

export interface AdminOrderDetail {
  orderRef: string;
  status: OrderStatus;
  needsRefund: boolean;
  /** What is charged; the lines' subtotal less the promotions' discounts (decision 0064). */
  totalKobo: number;
  subtotalKobo: number;
  discounts: DiscountLine[];
  currency: string;
  trackingId: string | null;
  orderDate: string;
  paidDate: string | null;
  paymentMethod: "online" | "pay_on_delivery";
  /** Taken by staff for the customer (Take an Order). */
  takenByStaff: boolean;
  /** Placed (paid online, or confirmed to pay on delivery): its invoice and packing slip exist. */
  placed: boolean;
  /** What staff collected at the door, for an order paid on delivery. */
  collection: { method: string; amountKobo: number; reason: string | null; by: string; at: string } | null;
  customer: { id: number; fullName: string; email: string; phoneNumber: string };
  delivery: { firstName: string; lastName: string; phone: string; email: string; address: string; state: string; city: string };
  items: {
    productId: number;
    productName: string;
    size: string;
    unitPriceKobo: number;
    quantity: number;
    subtotalKobo: number;
    imageFile: string | null;
  }[];
  payment: {
    provider: string;
    reference: string;
    status: string;
    /** How the customer paid, as the provider names it ("bank_transfer"); null until it says. */
    channel: string | null;
    amountKobo: number;
    currency: string;
    verification: VerificationSummary | null;
    /** The provider said success, for exactly this order's amount and currency. */
    verified: boolean;
  } | null;
  events: { status: OrderStatus; at: string; adminName: string | null; note: string | null }[];
  /** The statuses an admin may move it to now, the usual next step first. */
  nextStatuses: readonly OrderStatus[];
  /** What each of those moves does to its stock, in the order page's words ('' for nothing). */
  stockNotes: Partial<Record<OrderStatus, string>>;
}

/** One order, everything an admin needs to handle it; null when there is no such order. */
export async function getOrderForAdmin(db: Database, orderRef: string): Promise<AdminOrderDetail | null> {
  const [order] = await db
    .select({
      order: orders,
      customer: { id: accounts.id, fullName: accounts.fullName, email: accounts.email, phoneNumber: accounts.phoneNumber },
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(orders.orderRef, orderRef));
  if (!order) return null;
  const o = order.order;
  const [items, paymentRows, events, collected, totals] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
    db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(desc(payments.id)),
    db
      .select({ status: orderEvents.status, createdAt: orderEvents.createdAt, adminName: accounts.fullName, note: orderEvents.note })
      .from(orderEvents)
      .leftJoin(accounts, eq(accounts.id, orderEvents.accountId))
      .where(eq(orderEvents.orderId, o.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({
        method: collections.method,
        amountKobo: collections.amountKobo,
        reason: collections.reason,
        by: accounts.fullName,
        at: collections.createdAt,
      })
      .from(collections)
      .innerJoin(accounts, eq(accounts.id, collections.collectedBy))
      .where(eq(collections.orderId, o.id)),
    totalsOf(db, o),
  ]);
  // One checkout opens one payment; should there ever be more, the successful one counts.
  const payment = paymentRows.find((p) => p.status === "success") ?? paymentRows[0];
  const verification = payment ? summarizeVerification(payment.verification) : null;
  // A pay-on-delivery order is delivered by recording its collection, not by a bare status change.
  const next = o.placedAt
    ? nextStatuses(o.status, "admin", o.paymentMethod).filter((to) => !(o.paymentMethod === "pay_on_delivery" && to === "delivered"))
    : [];
  return {
    orderRef: o.orderRef,
    status: o.status,
    needsRefund: o.needsRefund,
    totalKobo: o.totalKobo,
    subtotalKobo: totals.subtotalKobo,
    discounts: totals.discounts,
    currency: o.currency,
    trackingId: o.trackingId,
    orderDate: lagosDateTime(o.createdAt),
    paidDate: o.paidAt ? lagosDateTime(o.paidAt) : null,
    paymentMethod: o.paymentMethod,
    takenByStaff: o.source === "staff",
    placed: o.placedAt !== null,
    collection: collected[0] ? { ...collected[0], at: lagosDateTime(collected[0].at) } : null,
    customer: { ...order.customer, phoneNumber: readablePhone(order.customer.phoneNumber) },
    delivery: {
      firstName: o.firstName,
      lastName: o.lastName,
      phone: readablePhone(o.phone),
      email: o.email,
      address: o.address,
      state: o.state,
      city: o.city,
    },
    items: items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      size: i.size,
      unitPriceKobo: i.unitPriceKobo,
      quantity: i.quantity,
      subtotalKobo: i.unitPriceKobo * i.quantity,
      imageFile: i.imageFile,
    })),
    payment: payment
      ? {
          provider: payment.provider,
          reference: payment.reference,
          status: payment.status,
          channel: payment.channel,
          amountKobo: payment.amountKobo,
          currency: payment.currency,
          verification,
          verified:
            payment.status === "success" &&
            verification?.status === "success" &&
            verification.amountKobo === o.totalKobo &&
            verification.currency === o.currency,
        }
      : null,
    events: events.map((e) => ({ status: e.status, at: lagosDateTime(e.createdAt), adminName: e.adminName, note: e.note })),
    nextStatuses: next,
    stockNotes: Object.fromEntries(next.map((to) => [to, stockNote(o, to)])),
  };
}

// ---------------------------------------------------------------- status changes

export interface StatusChangeContext extends OrderUpdateContext {
  db: Database;
}

export type StatusChange =
  | { ok: true; orderRef: string; status: PlacedStatus; trackingId: string | null; needsRefund: boolean }
  /** `current`: the order's status when a move was not allowed (the bulk change tells "already there" apart). */
  | { ok: false; reason: "not-found" | "not-allowed" | "out-of-stock" | "needs-collection"; message: string; current?: OrderStatus };

/** What moving the order to `to` does to its stock, in words ('' for nothing). */
function stockNote(order: Parameters<typeof stockChange>[0], to: OrderStatus): string {
  const change = stockChange(order, to);
  return change ? STOCK_CHANGE_WORDS[change] : "";
}

/**
 * Moves a placed order to `to` for the admin `adminId`: the change, its event and the customer's
 * e-mail in one transaction, the order row locked so two admins cannot cross. Refused changes
 * are answers, not exceptions.
 */
export async function changeOrderStatus(
  ctx: StatusChangeContext,
  adminId: number,
  orderRef: string,
  to: PlacedStatus,
  options: { trackingId?: string | null; note?: string | null } = {},
): Promise<StatusChange> {
  const trackingId = options.trackingId?.trim() || null;
  const note = options.note?.trim() || null;
  const outcome = await refusable(ctx.db, async (tx, refuse: (refusal: StatusChange) => never): Promise<StatusChange> => {
    const notFound: StatusChange = { ok: false, reason: "not-found", message: "There is no placed order with that reference." };
    // The order row first (locked here, and again by transition), then its variants in id order.
    const [order] = await tx.select().from(orders).where(eq(orders.orderRef, orderRef)).for("update");
    if (!order || !order.placedAt) return notFound;
    const from = order.status;
    // Paid on delivery: delivered only with its collection (recordCollection).
    if (order.paymentMethod === "pay_on_delivery" && to === "delivered")
      return { ok: false, reason: "needs-collection", current: from, message: messages.collectionNeeded };
    // Paid after its stock was sold: going ahead with it takes the units now that they are back.
    const takesStock = stockChange(order, to) === "take";
    const needsRefund = to === "refunded" || takesStock ? false : order.needsRefund;
    const moved = await transition(tx, {
      orderId: order.id,
      from,
      to,
      by: adminId,
      note,
      set: { needsRefund, ...(trackingId ? { trackingId } : {}) },
    });
    if (!moved.ok) {
      if (moved.reason === "not-found") return notFound;
      const now = moved.current;
      return {
        ok: false,
        reason: "not-allowed",
        current: now,
        message:
          now === to
            ? `This order is already ${staffLabel(to).toLowerCase()}.`
            : `An order that is ${staffLabel(now).toLowerCase()} cannot be moved to ${staffLabel(to).toLowerCase()}.`,
      };
    }
    const updated = moved.order;
    const stock = await moveStock(tx, order, to);
    if (!stock.ok) {
      // Nothing of the move is kept.
      refuse({
        ok: false,
        reason: "out-of-stock",
        message: `Not enough ${lineName(stock.line.productName, stock.line.size)} in stock to send this order. Restock it first, or refund the customer.`,
      });
    }
    await recordAudit(tx, adminId, {
      action: to === "refunded" ? "refund" : "order-status",
      subject: `Order ${updated.orderRef}`,
      subjectPath: `/admin/orders/${updated.orderRef}`,
      detail: `${staffLabel(from)} → ${staffLabel(to)}${trackingId ? `, tracking ID ${trackingId}` : ""}${note ? `. Note: ${note}` : ""}`,
    });
    await queueOrderUpdate(tx, ctx, updated, {
      mail: { kind: "order-status", ...orderStatusMail({ order: updated, publicUrl: ctx.publicUrl }) },
      text: statusText(updated),
    });
    return { ok: true, orderRef: updated.orderRef, status: to, trackingId: updated.trackingId, needsRefund: updated.needsRefund };
  });
  if (outcome.ok) announceMail();
  return outcome;
}

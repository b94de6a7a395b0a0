import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import { orderEvents, orders, orderStatus } from "../db/schema";
import type { PaymentStatus } from "../payments/payment-status";

// The order lifecycle, in one place (issue 16, decision 0023): the statuses, the words staff and
// customers see for them, which moves between them exist and who may make each, and the one
// function that makes a move. Checkout, the automatic refunds and the admin's Orders panel all
// move orders through transition(). Each move also declares what it does to the order's units and
// to its payment (decision 0050); the callers carry that out (orders/stock.ts), and e-mails.
//
//   the shop   pending → paid                    the provider confirmed the payment
//              pending → cancelled               window closed, checkout replaced, could not open
//              pending → expired                 the hold ran out, or a day unpaid
//              cancelled, expired → paid         a payment that arrived late
//              placed (not refunded) → refunded  the automatic refund (checkout/refunds.ts)
//   an admin   paid → processing → shipped → delivered
//              paid, processing → cancelled
//              placed (not refunded) → refunded
//
// A payment that arrives late, for a checkout that was cancelled or expired, still makes the
// order paid (decisions 0010 and 0020: it takes its stock again, or is refunded). An order is paid
// once: the move to paid applies only to an order never paid, and every other move out of a
// placed status only to a placed order (an unpaid checkout that was cancelled stays as it is).

/** Every status an order can have, as the database's enum lists them. */
export const ORDER_STATUSES = orderStatus.enumValues;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order row. */
export type Order = typeof orders.$inferSelect;

/**
 * The statuses of a placed order (one paid online, or confirmed to be paid on delivery), in the
 * order of their life. Whether an order is placed is `placed_at` being set (`placed()`): a
 * cancelled order may be a placed order that was cancelled, or a checkout that was never paid.
 */
export const PLACED_STATUSES = [
  "confirmed",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  /** An order paid on delivery that was not shipped in time (an online checkout that expired was never placed). */
  "expired",
] as const satisfies readonly OrderStatus[];
export type PlacedStatus = (typeof PLACED_STATUSES)[number];

/**
 * The statuses of a sale: orders whose money the shop keeps, paid and still in (or past)
 * fulfilment. Cancelled and refunded orders (even if paid first), unpaid ones (pending, expired)
 * and paid ones waiting for a refund because their stock was gone (decision 0010) are not sales.
 * The admin's overview counts these.
 */
export const SALE_STATUSES = ["paid", "processing", "shipped", "delivered"] as const satisfies readonly PlacedStatus[];
export type SaleStatus = (typeof SALE_STATUSES)[number];

/**
 * SQL: the order is placed (paid online, or confirmed to be paid on delivery, at some point).
 * Customers, tracking and the admin see only these; the money is in once `paid_at` is set.
 */
export const placed = (): SQL => isNotNull(orders.placedAt);

export function isPlacedStatus(value: string): value is PlacedStatus {
  return (PLACED_STATUSES as readonly string[]).includes(value);
}

/** The words staff see: the admin's list, its status filter, an order's page and history. */
export const STAFF_LABELS: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  confirmed: "Pay on delivery",
  expired: "Expired",
  paid: "Paid",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The words a customer sees: order tracking and My Orders. */
export const CUSTOMER_LABELS: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  confirmed: "Confirmed: pay on delivery",
  paid: "Paid, being prepared",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  // Customers see an expired order only when it was placed to pay on delivery and not shipped in time.
  expired: "Expired",
};

export const staffLabel = (status: OrderStatus): string => STAFF_LABELS[status];
export const customerLabel = (status: OrderStatus): string => CUSTOMER_LABELS[status];

/**
 * Who makes a move: the shop itself (a verified payment, the expiry of a hold, the customer
 * closing the payment window or replacing the checkout, the automatic refund), or an admin.
 */
export type Actor = "shop" | "admin" | "customer";

/** An admin's account id (recorded with the event), the order's customer (theirs), or the shop itself. */
export type Mover = number | "shop" | { customer: number };

export const actorOf = (by: Mover): Actor => (by === "shop" ? "shop" : typeof by === "number" ? "admin" : "customer");

/** The account an event is recorded with: the admin's or the customer's; none for the shop. */
const moverAccount = (by: Mover): number | null => (by === "shop" ? null : typeof by === "number" ? by : by.customer);

/**
 * What a move does to the units of the order (server/orders/stock.ts carries it out, and the
 * order page says it in words). Whether an order holds its units is stock.ts's `holdsStock`.
 */
export type StockEffect =
  /** Its units stay as they are. */
  | "none"
  /** Afterwards it holds its units: taken from the shelf now if it held none; a move that finds them missing is refused (an admin's) or refunded (a payment). */
  | "take"
  /** The units it holds go back on the shelf (none if it holds none). */
  | "release"
  /** The units it holds leave the shop with the parcel: the shelf stays as it is, and nothing comes back later. */
  | "send"
  /** The parcel comes back (refused at the door): its units go back on the shelf. */
  | "return";

/** A move: who may make it, what it does to the order's units, and the status its payment moves to. */
export interface MoveRule {
  by: readonly Actor[];
  stock: StockEffect;
  /** The status its payment moves to (server/payments/payment-status.ts); none: the payment stays as it is. */
  payment?: PaymentStatus;
}

/**
 * Every move an order can make, who may make it and its effects (decision 0050). For each status,
 * the moves out of it; an admin's usual next step comes first (the order page offers them in this
 * order).
 */
export const TRANSITIONS = {
  pending: {
    /** The provider confirmed the payment; a checkout without a hold takes its units now (or is refunded). */
    paid: { by: ["shop"], stock: "take", payment: "success" },
    /** The customer closed the payment window, a newer checkout replaced it, or the provider could not open it. */
    cancelled: { by: ["shop"], stock: "release", payment: "cancelled" },
    /** Its hold ran out unpaid, or it held nothing and lay a day unpaid. */
    expired: { by: ["shop"], stock: "release", payment: "abandoned" },
  },
  paid: {
    /** An order paid after its units were sold (`needs_refund`) takes them now, or is refused. */
    processing: { by: ["admin"], stock: "take" },
    cancelled: { by: ["admin"], stock: "release" },
    /**
     * The shop: its automatic refund, once the provider has given the money back. Usually from
     * paid, but from any placed status: an admin may move the order while the refund is retried.
     */
    refunded: { by: ["admin", "shop"], stock: "release" },
  },
  processing: {
    shipped: { by: ["admin"], stock: "send" },
    cancelled: { by: ["admin"], stock: "release" },
    refunded: { by: ["admin", "shop"], stock: "release" },
  },
  shipped: {
    delivered: { by: ["admin"], stock: "none" },
    refunded: { by: ["admin", "shop"], stock: "none" },
  },
  delivered: {
    refunded: { by: ["admin", "shop"], stock: "none" },
  },
  cancelled: {
    /** A payment for a checkout that was cancelled (never for an order an admin cancelled: it was paid). */
    paid: { by: ["shop"], stock: "take", payment: "success" },
    refunded: { by: ["admin", "shop"], stock: "none" },
  },
  refunded: {},
  expired: {
    /** A payment that arrived after the hold ran out. */
    paid: { by: ["shop"], stock: "take", payment: "success" },
  },
  confirmed: {},
} as const satisfies Record<OrderStatus, Partial<Record<OrderStatus, MoveRule>>>;

/**
 * The moves of an order paid on delivery (decision 0060): placed as confirmed with its units taken
 * (placePayOnDelivery), sent on by staff, and paid at the door, when staff record the collection
 * (the move to delivered, which sets `paid_at`). Until it ships the customer may cancel it; a
 * parcel refused at the door comes back to the shelf; one not shipped in time expires.
 */
export const PAY_ON_DELIVERY_TRANSITIONS = {
  pending: {},
  paid: {},
  confirmed: {
    processing: { by: ["admin"], stock: "none" },
    cancelled: { by: ["admin", "customer"], stock: "release" },
    /** Not shipped within the owner's days (the expiry job). */
    expired: { by: ["shop"], stock: "release" },
  },
  processing: {
    shipped: { by: ["admin"], stock: "send" },
    cancelled: { by: ["admin", "customer"], stock: "release" },
    expired: { by: ["shop"], stock: "release" },
  },
  shipped: {
    /** Collected at the door: recordCollection, never a bare status change. */
    delivered: { by: ["admin"], stock: "none" },
    /** Refused at the door: the parcel comes back. */
    cancelled: { by: ["admin"], stock: "return" },
  },
  /** The money given back by hand, after it was collected. */
  delivered: { refunded: { by: ["admin"], stock: "none" } },
  cancelled: {},
  refunded: {},
  expired: {},
} as const satisfies Record<OrderStatus, Partial<Record<OrderStatus, MoveRule>>>;

export type PaymentMethod = Order["paymentMethod"];

/** An order paid on delivery still open: placed, not yet delivered (collected), cancelled or expired. */
export const PAY_ON_DELIVERY_OPEN_STATUSES = ["confirmed", "processing", "shipped"] as const satisfies readonly OrderStatus[];

/** SQL: when the order last moved to shipped; null if it never did. */
export const shippedAt = (): SQL<string | null> =>
  sql<
    string | null
  >`(select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'shipped')`;

const TABLES: Record<PaymentMethod, Record<OrderStatus, Partial<Record<OrderStatus, MoveRule>>>> = {
  online: TRANSITIONS,
  pay_on_delivery: PAY_ON_DELIVERY_TRANSITIONS,
};

/** The move from `from` to `to` of an order paid this way, or undefined when its table has none (staying put included). */
export function moveRule(from: OrderStatus, to: OrderStatus, method: PaymentMethod = "online"): MoveRule | undefined {
  return TABLES[method][from][to];
}

/** Whether `actor` may move an order paid this way from `from` to `to`. Staying put is never a move. */
export function mayMove(from: OrderStatus, to: OrderStatus, actor: Actor, method: PaymentMethod = "online"): boolean {
  return moveRule(from, to, method)?.by.includes(actor) ?? false;
}

/** Where `actor` may move an order paid this way from `from`, the usual next step first. */
export function nextStatuses(from: OrderStatus, actor: Actor, method: PaymentMethod = "online"): OrderStatus[] {
  return (Object.keys(TABLES[method][from]) as OrderStatus[]).filter((to) => mayMove(from, to, actor, method));
}

/**
 * The order's state this move needs besides its status: paid once (online: the payment; on
 * delivery: the collection, with the move to delivered); after that, placed.
 */
function paidCondition(from: OrderStatus, to: OrderStatus, method: PaymentMethod): "unpaid" | "placed" | null {
  if (to === (method === "online" ? "paid" : "delivered")) return "unpaid";
  return isPlacedStatus(from) ? "placed" : null;
}

export interface Move {
  orderId: number;
  /**
   * The status the caller saw. The move applies only while the order is still in it: an order
   * that moved meanwhile is refused as `stale`. Omitted: whatever status the order has now.
   */
  from?: OrderStatus;
  to: OrderStatus;
  by: Mover;
  /** Kept with the event (the admin's internal note, or why the shop moved it); never mailed. */
  note?: string | null;
  /** Other columns the move writes in the same statement. */
  set?: Partial<Pick<Order, "paidAt" | "placedAt" | "needsRefund" | "reservedUntil" | "trackingId" | "arrivesBy">>;
}

export type MoveResult =
  | { ok: true; from: OrderStatus; order: Order }
  /** No such order, or not one this move can apply to (an admin's move on a checkout never paid, a second payment). */
  | { ok: false; reason: "not-found" }
  /** The order is not in `from` any more. */
  | { ok: false; reason: "stale"; current: OrderStatus }
  /** The table has no such move for this actor (staying put included). */
  | { ok: false; reason: "not-allowed"; current: OrderStatus };

/**
 * Moves one order: checks the move against TRANSITIONS, sets the status (only if the order is
 * still where the check saw it, so two moves at once cannot both apply) and records the
 * order_events row, in the caller's transaction. It locks the order row first; a caller that
 * also changes stock locks its variants after it (decision 0017), as every caller here does.
 */
export async function transition(tx: Executor, move: Move): Promise<MoveResult> {
  const [current] = await tx
    .select({ status: orders.status, paidAt: orders.paidAt, placedAt: orders.placedAt, method: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, move.orderId))
    .for("update");
  if (!current) return { ok: false, reason: "not-found" };
  const from = current.status;
  if (move.from !== undefined && move.from !== from) return { ok: false, reason: "stale", current: from };
  if (!mayMove(from, move.to, actorOf(move.by), current.method)) return { ok: false, reason: "not-allowed", current: from };
  const needs = paidCondition(from, move.to, current.method);
  if ((needs === "unpaid" && current.paidAt) || (needs === "placed" && !current.placedAt)) return { ok: false, reason: "not-found" };

  const [order] = await tx
    .update(orders)
    .set({ ...move.set, status: move.to })
    .where(
      and(
        eq(orders.id, move.orderId),
        eq(orders.status, from),
        needs === "unpaid" ? isNull(orders.paidAt) : needs === "placed" ? isNotNull(orders.placedAt) : undefined,
      ),
    )
    .returning();
  // The row is locked above, so this cannot happen; should it, nothing is recorded.
  if (!order) return { ok: false, reason: "stale", current: from };
  await tx.insert(orderEvents).values({ orderId: order.id, status: move.to, accountId: moverAccount(move.by), note: move.note ?? null });
  return { ok: true, from, order };
}

/**
 * The first event of a new order: pending, opened by the shop at Pay Now; or confirmed by its
 * customer, to be paid on delivery.
 */
export async function recordNewOrder(
  tx: Executor,
  { orderId, note, status = "pending", by = "shop" }: { orderId: number; note?: string | null; status?: "pending" | "confirmed"; by?: Mover },
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, accountId: moverAccount(by), note: note ?? null });
}

/** A line in the order's history that changes no status: what the shop learnt about its money (a refund refused, a dispute). */
export async function recordOrderNote(
  tx: Executor,
  { orderId, status, note }: { orderId: number; status: OrderStatus; note: string },
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, accountId: null, note });
}

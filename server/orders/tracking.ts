import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmailShape, normalizeEmail } from "~/common/accounts";
import { arrivesBy } from "~/common/delivery-estimate";
import { messages } from "~/common/messages";
import { requiredText } from "~/common/fields";
import type { Database } from "../db/client";
import { accounts, orderEvents, orders } from "../db/schema";
import { hitLimits, refundLimit } from "../rate-limits";
import { lagosDate, shortLagosDay } from "~/common/lagos-time";
import { estimateArrival } from "../delivery/estimates";
import { customerLabel, placed, type OrderStatus } from "./lifecycle";

// Order tracking without signing in (/trackorder): the order reference and the billing e-mail
// must both match a placed order; anything else learns nothing. Failed lookups are limited per
// address: a customer who has the reference is never the one counted, so the many shoppers behind
// one carrier NAT address do not use each other's allowance up; a guesser is.

export const TRACK_LIMIT = { failuresPerAddress: 100, windowMs: 15 * 60_000 };

/** Far longer than any order reference (ORD-, 13 digits, -, up to 4 digits). */
const ORDER_ID_MAX = 100;

const trackText = (max: number, tooLong: string) => requiredText(messages.trackFieldsRequired, max, tooLong);

/** The /trackorder form: both fields required, the Order ID no longer than one, the e-mail an address. */
export const trackInput = z.object({
  orderId: trackText(ORDER_ID_MAX, messages.trackOrderIdInvalid),
  email: trackText(EMAIL_MAX_LENGTH, messages.invalidEmail).transform(normalizeEmail).refine(isEmailShape, messages.invalidEmail),
});

export interface TrackedOrder {
  orderRef: string;
  status: OrderStatus;
  /** The status in the customer's words (lifecycle.ts). */
  statusLabel: string;
  trackingId: string | null;
  placedOn: string;
  /** For the customer: "Arrives by Fri 27 Nov", or when it was delivered, or that it will not be. */
  estimate: string;
}

export type TrackResult =
  { ok: true; order: TrackedOrder } | { ok: false; reason: "no-match" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** When it should arrive, or when it did, or that it will not. */
function estimate(status: TrackedOrder["status"], arrives: string, deliveredAt: Date | null): string {
  if (status === "delivered") return deliveredAt ? `Delivered on ${shortLagosDay(lagosDate(deliveredAt))}.` : "Delivered.";
  if (status === "cancelled" || status === "refunded" || status === "expired") return "This order will not be delivered.";
  return arrivesBy(arrives);
}

export async function trackOrder(db: Database, orderRef: string, email: string, clientAddress: string): Promise<TrackResult> {
  // Counted before the lookup (guesses sent at once cannot slip past), taken back when it matches.
  const key = `track-failed:ip:${clientAddress}`;
  const limit = await hitLimits(db, [{ key, max: TRACK_LIMIT.failuresPerAddress, windowMs: TRACK_LIMIT.windowMs }]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const billing = email.trim().toLowerCase();
  // The billing e-mail is the one given at checkout; the account's own address works too.
  // References are upper case (ORD-…): one typed "ord-…" on a phone is the same order (issue 19).
  const order = await findTracked(
    db,
    and(eq(orders.orderRef, orderRef.trim().toUpperCase()), placed(), sql`(lower(${orders.email}) = ${billing} or ${accounts.email} = ${billing})`)!,
  );
  if (!order) return { ok: false, reason: "no-match" };
  await refundLimit(db, key);
  return { ok: true, order };
}

/**
 * The order an order's link in a text names (/o/{token}, decision 0059), placed or still waiting
 * for its payment; guesses are limited per address like tracking's.
 */
export async function trackOrderByLink(db: Database, token: string, clientAddress: string): Promise<TrackResult> {
  const key = `track-failed:ip:${clientAddress}`;
  const limit = await hitLimits(db, [{ key, max: TRACK_LIMIT.failuresPerAddress, windowMs: TRACK_LIMIT.windowMs }]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const order = await findTracked(db, and(eq(orders.updatesToken, token), or(placed(), eq(orders.status, "pending")))!);
  if (!order) return { ok: false, reason: "no-match" };
  await refundLimit(db, key);
  return { ok: true, order };
}

async function findTracked(db: Database, where: SQL): Promise<TrackedOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderRef: orders.orderRef,
      status: orders.status,
      trackingId: orders.trackingId,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      placedAt: orders.placedAt,
      state: orders.state,
      arrivesBy: orders.arrivesBy,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(where);
  if (!order) return null;
  const [delivered] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, "delivered")))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return {
    orderRef: order.orderRef,
    status: order.status,
    statusLabel: customerLabel(order.status),
    trackingId: order.trackingId,
    placedOn: lagosDate(order.placedAt ?? order.createdAt),
    estimate: order.placedAt
      ? // Orders paid before estimates were kept get one by today's settings (decision 0037).
        estimate(order.status, order.arrivesBy ?? (await estimateArrival(db, order.state, order.paidAt ?? order.placedAt)), delivered?.at ?? null)
      : messages.awaitingPaymentEstimate,
  };
}

import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmailShape, normalizeEmail } from "~/common/accounts";
import { PROCESSING_DAYS } from "~/common/constants";
import { messages } from "~/common/messages";
import { requiredText } from "~/common/fields";
import type { Database } from "../db/client";
import { accounts, orderEvents, orders } from "../db/schema";
import { hitLimits, refundLimit } from "../rate-limits";
import { DAY_MS, LAGOS_OFFSET_MS, lagosDate } from "~/common/lagos-time";
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
  /** A sentence for the customer: when it should arrive, or when it did. */
  estimate: string;
}

export type TrackResult =
  { ok: true; order: TrackedOrder } | { ok: false; reason: "no-match" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** Adds business days (Monday to Friday), counted in Lagos time. */
export function addBusinessDays(from: Date, days: number): Date {
  let date = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    const weekday = new Date(date.getTime() + LAGOS_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

const lagosDay = (date: Date) => date.toLocaleDateString("en-NG", { weekday: "short", day: "numeric", month: "short", timeZone: "Africa/Lagos" });

function estimate(status: TrackedOrder["status"], paidAt: Date, deliveredAt: Date | null): string {
  if (status === "delivered") return deliveredAt ? `Delivered on ${lagosDay(deliveredAt)}.` : "Delivered.";
  if (status === "cancelled" || status === "refunded") return "This order will not be delivered.";
  const from = addBusinessDays(paidAt, PROCESSING_DAYS.min);
  const to = addBusinessDays(paidAt, PROCESSING_DAYS.max);
  return `Expected between ${lagosDay(from)} and ${lagosDay(to)} (${PROCESSING_DAYS.min} to ${PROCESSING_DAYS.max} business days).`;
}

export async function trackOrder(db: Database, orderRef: string, email: string, clientAddress: string): Promise<TrackResult> {
  // Counted before the lookup (guesses sent at once cannot slip past), taken back when it matches.
  const key = `track-failed:ip:${clientAddress}`;
  const limit = await hitLimits(db, [{ key, max: TRACK_LIMIT.failuresPerAddress, windowMs: TRACK_LIMIT.windowMs }]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const billing = email.trim().toLowerCase();
  const [order] = await db
    .select({ id: orders.id, orderRef: orders.orderRef, status: orders.status, trackingId: orders.trackingId, paidAt: orders.paidAt })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    // The billing e-mail is the one given at checkout; the account's own address works too.
    // References are upper case (ORD-…): one typed "ord-…" on a phone is the same order (issue 19).
    .where(
      and(eq(orders.orderRef, orderRef.trim().toUpperCase()), placed(), sql`(lower(${orders.email}) = ${billing} or ${accounts.email} = ${billing})`),
    );
  if (!order?.paidAt) return { ok: false, reason: "no-match" };
  await refundLimit(db, key);
  const [delivered] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, "delivered")))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return {
    ok: true,
    order: {
      orderRef: order.orderRef,
      status: order.status,
      statusLabel: customerLabel(order.status),
      trackingId: order.trackingId,
      placedOn: lagosDate(order.paidAt),
      estimate: estimate(order.status, order.paidAt, delivered?.at ?? null),
    },
  };
}

import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { orders, payments, refunds } from "../db/schema";
import { everyJob } from "../background";
import { log } from "../log";
import { announceMail } from "../mail/outbox";
import { refundMail } from "../mail/templates";
import { transition } from "../orders/lifecycle";
import { moveStock } from "../orders/stock";
import { queueOrderUpdate } from "../texts/order-updates";
import { textAmount } from "../texts/templates";
import type { CheckoutContext } from "./checkout";

// Refunds the shop makes on its own (decision 0020): a payment for a checkout the customer had
// replaced, or one whose stock was sold before the money came. completePayment records the refund
// in the transaction that finds it; this module asks the provider to give the money back, after
// that transaction, and then marks the order refunded and tells the customer. A provider that
// cannot be reached is asked again later; one that refuses leaves the order flagged for an admin.

/** How long one attempt has a refund to itself: no other process sends it meanwhile. */
const LEASE_MS = 2 * 60_000;
/** Attempts while the provider cannot be reached (about a day with the back-off below). */
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 60_000, 6 * 60 * 60_000);

/** Asks the provider to refund this refund's payment, once, unless another attempt holds it. */
export async function sendRefund(ctx: CheckoutContext, refundId: number, now = new Date()): Promise<void> {
  const [claimed] = await ctx.db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, now)))
    .returning();
  if (!claimed) return;
  const [payment] = await ctx.db.select({ reference: payments.reference }).from(payments).where(eq(payments.id, claimed.paymentId));
  const note = PROVIDER_NOTES[claimed.reason];
  const result = await ctx.gateway.refund(payment.reference, claimed.amountKobo, note).catch((error: unknown) => ({
    ok: false as const,
    message: error instanceof Error ? error.message : String(error),
    unreachable: true,
  }));
  if (result.ok) return recordSent(ctx, claimed, result.value.raw);
  const giveUp = !result.unreachable || claimed.attempts >= MAX_ATTEMPTS;
  log.error(
    { refundId, attempt: claimed.attempts },
    `Refund of payment ${payment.reference} failed: ${result.message}${giveUp ? " (left for an admin)" : ""}`,
  );
  await ctx.db
    .update(refunds)
    .set(
      giveUp
        ? { status: "failed", lastError: result.message }
        : { lastError: result.message, nextAttemptAt: new Date(now.getTime() + backoffMs(claimed.attempts)) },
    )
    .where(eq(refunds.id, refundId));
}

/** What the provider's refund call says of each refund (Paystack's merchant note). */
const PROVIDER_NOTES: Record<(typeof refunds.$inferSelect)["reason"], string> = {
  superseded: "Paid for a replaced checkout",
  "sold-out": "Stock sold before the payment arrived",
  mismatch: "Paid an amount that was not the order's",
};

async function recordSent(ctx: CheckoutContext, refund: typeof refunds.$inferSelect, providerReply: unknown) {
  const refunded = await ctx.db.transaction(async (tx) => {
    const sentAt = new Date();
    await tx.update(refunds).set({ status: "sent", sentAt, providerReply, lastError: null }).where(eq(refunds.id, refund.id));
    // A payment that did not match was never the order's: the order is left as it is (unpaid), and
    // the customer is told what came back.
    if (refund.reason === "mismatch") {
      const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
      await queueRefundUpdate(tx, ctx, order, refund);
      return true;
    }
    const note =
      refund.reason === "superseded"
        ? "Refunded automatically: the customer had replaced this checkout"
        : "Refunded automatically: the stock was sold before the payment arrived";
    // Usually still paid; an admin may have moved it while the refund was being retried. The
    // money is back with the customer either way, so the order is refunded from where it is now,
    // and units it took meanwhile (restocked and sent to processing) go back on the shelf.
    const [before] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    const moved = await transition(tx, { orderId: refund.orderId, to: "refunded", by: "shop", note, set: { needsRefund: false } });
    if (!moved.ok) {
      // Already refunded (by an admin): recorded and mailed then, not twice.
      const [order] = await tx.select({ orderRef: orders.orderRef, status: orders.status }).from(orders).where(eq(orders.id, refund.orderId));
      log.warn({ refundId: refund.id }, `Refund of order ${order?.orderRef} sent while it was ${order?.status}: the order is left as it is`);
      return false;
    }
    await moveStock(tx, before, "refunded");
    await queueRefundUpdate(tx, ctx, moved.order, refund);
    return true;
  });
  if (refunded) announceMail();
}

/** The customer hears of the money that came back: its amount, which may not be the order's total. */
function queueRefundUpdate(tx: Executor, ctx: CheckoutContext, order: typeof orders.$inferSelect, refund: typeof refunds.$inferSelect) {
  return queueOrderUpdate(tx, ctx, order, {
    mail: { kind: "refund", ...refundMail({ order, reason: refund.reason, amountKobo: refund.amountKobo, publicUrl: ctx.publicUrl }) },
    text: { kind: "order-refunded", values: { amount: textAmount(refund.amountKobo) } },
  });
}

/** Sends every refund that is due (new ones whose first attempt did not finish, and retries). */
export async function sendDueRefunds(ctx: CheckoutContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(20);
  for (const { id } of due) await sendRefund(ctx, id, now);
  return due.length;
}

/** Sends due refunds every minute. */
export function startRefunds(ctx: CheckoutContext, intervalMs = 60_000): { stop(): void } {
  return everyJob(ctx.db, { name: "refunds", intervalMs, failure: "Sending refunds failed" }, () => sendDueRefunds(ctx));
}

/** The refunds of an order, for the admin and the tests. */
export function refundsOf(db: Database, orderId: number) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DeliveryDetails } from "../../common/delivery";
import { messages } from "../../common/messages";
import { lineName } from "../../common/featured";
import { cartTotalKobo, getCart, getDelivery, type CartLine } from "../cart/cart";
import type { Database, Executor } from "../db/client";
import { cartItems, carts, orderEvents, orderItems, orders, payments, productVariants } from "../db/schema";
import { announceMail, queueMail } from "../mail/outbox";
import { hitLimits, retryText } from "../rate-limits";
import { newOrderMail, orderConfirmationMail } from "../mail/templates";
import type { PaymentGateway } from "../payments/gateway";
import { log } from "../log";

// Checkout, as a pending order that becomes paid once the provider confirms the money:
//  1. startCheckout snapshots the cart into a pending order, reserves its stock and opens a
//     transaction with the provider for the total the server computed;
//  2. completePayment (the browser's create_order call, or the provider's webhook) verifies the
//     reference with the provider and marks that order paid exactly once;
//  3. an order nobody pays is cancelled or expires after RESERVATION_MS, and its stock returns.
// Provider calls never happen inside a database transaction.

export const RESERVATION_MS = 30 * 60_000;

/** First key of the per-customer advisory lock taken by startCheckout (the second is the account id). */
const CHECKOUT_LOCK_KEY = 20_100_415;

export interface CheckoutContext {
  db: Database;
  gateway: PaymentGateway;
  publicUrl: string;
  shopOrdersEmail: string;
}

/** Spec §3: 'ORD-' + timestamp + '-' + a random number below 10000. */
export function newOrderRef(now = Date.now()): string {
  return `ORD-${now}-${randomInt(10_000)}`;
}

/** The provider's transaction reference (Paystack allows letters, digits, '-', '.', '='). */
function newPaymentReference(): string {
  return `FS-${Date.now().toString(36)}-${randomBytes(6).toString("hex")}`;
}

class OutOfStock extends Error {
  constructor(readonly line: CartLine) {
    super("out of stock");
  }
}

async function recordEvent(db: Executor, orderId: number, status: (typeof orders.$inferSelect)["status"], note?: string) {
  await db.insert(orderEvents).values({ orderId, status, note });
}

/**
 * Row locks on these variants, taken in id order before a transaction changes any stock. Every
 * transaction that changes the stock of several variants takes all its locks this way first, so
 * two of them can never each hold a variant the other waits for (PostgreSQL would end one of
 * them with "deadlock detected").
 */
async function lockVariants(tx: Executor, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(variantIds)]))
    .orderBy(asc(productVariants.id))
    .for("update");
}

/** The variants held by these orders. */
async function variantsOf(tx: Executor, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const items = await tx.select({ variantId: orderItems.variantId }).from(orderItems).where(inArray(orderItems.orderId, orderIds));
  return items.map((item) => item.variantId);
}

/** Puts an order's units back on the shelf (an unpaid one ending, or an admin's cancel or refund). */
export async function releaseStock(db: Executor, orderId: number): Promise<void> {
  // In variant order, so that on its own (an admin's cancel) it needs no lockVariants first.
  const items = await db
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.variantId));
  for (const item of items) {
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
}

/** Ends an unpaid order (cancelled by the customer or replaced, or expired) and frees its stock. */
async function endUnpaidOrder(db: Executor, orderId: number, status: "cancelled" | "expired", note: string): Promise<boolean> {
  const [ended] = await db
    .update(orders)
    .set({ status, reservedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), isNull(orders.paidAt)))
    .returning({ id: orders.id });
  if (!ended) return false;
  await releaseStock(db, orderId);
  await db
    .update(payments)
    .set({ status: status === "cancelled" ? "cancelled" : "abandoned", updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "initialized")));
  await recordEvent(db, orderId, status, note);
  return true;
}

/** Expires pending orders whose payment window has passed; returns how many. */
export async function expireStaleOrders(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.reservedUntil, now)))
      .for("update", { skipLocked: true });
    await lockVariants(tx, await variantsOf(tx, stale.map((order) => order.id)));
    for (const order of stale) await endUnpaidOrder(tx, order.id, "expired", "Not paid within 30 minutes");
    return stale.length;
  });
}

export type CheckoutStart =
  | { ok: true; orderRef: string; reference: string; accessCode: string; amountKobo: number; email: string }
  | { ok: false; reason: "empty-cart" | "no-delivery" | "out-of-stock" | "gateway-failed" | "rate-limited"; message: string };

/**
 * Each Pay Now opens a transaction at the provider and holds stock: a customer gets 20 in 15
 * minutes, far more than paying, cancelling and trying again ever takes.
 */
export const PAYMENT_START_LIMIT = { perAccount: 20, windowMs: 15 * 60_000 };

/** Turns the cart into a pending order with reserved stock, and opens the provider's transaction. */
export async function startCheckout(ctx: CheckoutContext, accountId: number, deliveryGiven?: DeliveryDetails): Promise<CheckoutStart> {
  // Production without Paystack keys: say so before any stock is held.
  if (ctx.gateway.provider === "none") return { ok: false, reason: "gateway-failed", message: messages.paymentUnavailable };
  const limit = await hitLimits(ctx.db, [{ key: `payment-start:${accountId}`, max: PAYMENT_START_LIMIT.perAccount, windowMs: PAYMENT_START_LIMIT.windowMs }]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", message: messages.tooManyAttempts(retryText(limit.retryAfterSeconds)) };
  await expireStaleOrders(ctx.db);
  const reserved = await ctx.db
    .transaction(async (tx) => {
      // One checkout at a time per customer, so two Pay Now calls at once cannot both see no open
      // order and both reserve stock (a row lock on the cart would deadlock with completePayment).
      await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_KEY}, ${accountId})`);
      const delivery = deliveryGiven ?? (await getDelivery(tx, accountId));
      if (!delivery) return { ok: false as const, reason: "no-delivery" as const, message: messages.deliveryMissing };
      const lines = await getCart(tx, accountId);
      if (lines.length === 0) return { ok: false as const, reason: "empty-cart" as const, message: messages.cartEmpty };
      // One open checkout per customer: a second Pay Now replaces the first and frees its stock.
      const open = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.status, "pending")))
        .for("update");
      // Freeing the replaced checkout's units and taking the cart's: all locks first, in order.
      await lockVariants(tx, [...(await variantsOf(tx, open.map((order) => order.id))), ...lines.map((line) => line.variantId)]);
      for (const order of open) await endUnpaidOrder(tx, order.id, "cancelled", "Replaced by a newer checkout");
      for (const line of lines) {
        const [taken] = await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
          .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`))
          .returning({ id: productVariants.id });
        if (!taken) {
          // The cart was read before a concurrent checkout took the units: say what is left now.
          const [now] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.variantId));
          throw new OutOfStock({ ...line, stock: now?.stock ?? 0 });
        }
      }
      const totalKobo = cartTotalKobo(lines);
      const [order] = await insertOrder(tx, {
        accountId,
        totalKobo,
        ...delivery,
        reservedUntil: new Date(Date.now() + RESERVATION_MS),
      });
      await tx.insert(orderItems).values(
        lines.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          variantId: line.variantId,
          productName: line.productName,
          size: line.size,
          unitPriceKobo: line.priceKobo,
          quantity: line.quantity,
          imageFile: line.image,
        })),
      );
      const reference = newPaymentReference();
      await tx.insert(payments).values({ orderId: order.id, provider: ctx.gateway.provider, reference, amountKobo: totalKobo });
      await recordEvent(tx, order.id, "pending");
      return { ok: true as const, order, reference, email: delivery.email };
    })
    .catch((error: unknown) => {
      if (!(error instanceof OutOfStock)) throw error;
      const { productName, size, stock } = error.line;
      return {
        ok: false as const,
        reason: "out-of-stock" as const,
        message: stock === 0 ? messages.outOfStock(lineName(productName, size)) : messages.notEnoughStock(lineName(productName, size), stock),
      };
    });
  if (!reserved.ok) return reserved;

  const { order, reference, email } = reserved;
  const opened = await ctx.gateway.initialize({ email, amountKobo: order.totalKobo, reference, currency: "NGN" });
  if (!opened.ok) {
    log.error(`Payment ${reference} could not be started: ${opened.message}`);
    await ctx.db.transaction((tx) => endUnpaidOrder(tx, order.id, "cancelled", `Payment could not be started: ${opened.message}`));
    return { ok: false, reason: "gateway-failed", message: messages.paymentStartFailed };
  }
  await ctx.db.update(payments).set({ accessCode: opened.value.accessCode, updatedAt: new Date() }).where(eq(payments.reference, reference));
  return { ok: true, orderRef: order.orderRef, reference, accessCode: opened.value.accessCode, amountKobo: order.totalKobo, email };
}

/** Inserts the order under a fresh reference, drawing again in the rare case of a clash. */
async function insertOrder(tx: Executor, values: Omit<typeof orders.$inferInsert, "orderRef">) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await tx
      .insert(orders)
      .values({ ...values, orderRef: newOrderRef() })
      .onConflictDoNothing({ target: orders.orderRef })
      .returning();
    if (inserted.length) return inserted;
  }
  throw new Error("Could not draw a unique order reference");
}

export type PaymentOutcome =
  | { ok: true; orderRef: string; alreadyPaid: boolean; needsRefund: boolean }
  | { ok: false; reason: "unknown-reference" | "not-yours" | "not-paid" | "mismatch" | "verify-failed"; message: string };

/**
 * Marks the reference's order paid once the provider confirms it: status success, and the amount
 * and currency of the pending order. Safe to call any number of times, from the browser and the
 * webhook at once: one reference pays one order, once. `accountId` is the signed-in customer
 * (null for the webhook).
 */
export async function completePayment(ctx: CheckoutContext, reference: string, accountId: number | null): Promise<PaymentOutcome> {
  const [found] = await ctx.db
    .select({
      orderId: orders.id,
      accountId: orders.accountId,
      orderRef: orders.orderRef,
      paidAt: orders.paidAt,
      needsRefund: orders.needsRefund,
      amountKobo: payments.amountKobo,
      currency: payments.currency,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.reference, reference));
  if (!found) return { ok: false, reason: "unknown-reference", message: messages.paymentUnknown };
  if (accountId !== null && found.accountId !== accountId) return { ok: false, reason: "not-yours", message: messages.notYourAccount };
  if (found.paidAt) return { ok: true, orderRef: found.orderRef, alreadyPaid: true, needsRefund: found.needsRefund };

  const verified = await ctx.gateway.verify(reference);
  if (!verified.ok) return { ok: false, reason: "verify-failed", message: verified.message };
  const v = verified.value;
  const recordVerification = (status: (typeof payments.$inferSelect)["status"]) =>
    ctx.db
      .update(payments)
      .set({ status, verification: v.raw, updatedAt: new Date() })
      .where(and(eq(payments.reference, reference), inArray(payments.status, ["initialized", "abandoned", "failed", "cancelled"])));
  if (v.status !== "success") {
    if (v.status === "failed" || v.status === "abandoned") await recordVerification(v.status);
    return { ok: false, reason: "not-paid", message: v.gatewayResponse || messages.paymentNotCompleted };
  }
  if (v.amountKobo !== found.amountKobo || v.currency !== found.currency) {
    log.error(`Payment ${reference}: provider reports ${v.amountKobo} ${v.currency}, order expects ${found.amountKobo} ${found.currency}`);
    await recordVerification("failed");
    return { ok: false, reason: "mismatch", message: messages.paymentMismatch };
  }

  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
    if (order.paidAt) return { ok: true as const, orderRef: order.orderRef, alreadyPaid: true, needsRefund: order.needsRefund };
    // Paid after the order was cancelled or expired: its stock went back, so take it again if
    // it is still there; if not, the money is kept and the order is flagged for a refund.
    const needsRefund = order.status === "pending" ? false : !(await reserveAgain(tx, order.id));
    const paidAt = new Date();
    await tx.update(orders).set({ status: "paid", paidAt, needsRefund, reservedUntil: null }).where(eq(orders.id, order.id));
    await tx.update(payments).set({ status: "success", verification: v.raw, updatedAt: paidAt }).where(eq(payments.reference, reference));
    await recordEvent(tx, order.id, "paid", needsRefund ? "Paid after its stock was sold: refund the customer" : undefined);
    await removeBoughtFromCart(tx, order.accountId, order.id);
    await queueOrderMails(tx, ctx, order.id);
    return { ok: true as const, orderRef: order.orderRef, alreadyPaid: false, needsRefund };
  });
  if (!outcome.alreadyPaid) announceMail();
  return outcome;
}

async function reserveAgain(tx: Executor, orderId: number): Promise<boolean> {
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity, stock: productVariants.stock })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.variantId))
    .for("update", { of: productVariants });
  if (items.some((item) => item.stock < item.quantity)) return false;
  for (const item of items) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
  return true;
}

/** The bought lines leave the cart, and so do the delivery details of this checkout. */
async function removeBoughtFromCart(tx: Executor, accountId: number, orderId: number) {
  const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  const bought = tx.select({ id: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.delete(cartItems).where(and(sql`${cartItems.cartId} in ${cart}`, sql`${cartItems.variantId} in ${bought}`));
  await tx.update(carts).set({ delivery: null, updatedAt: new Date() }).where(eq(carts.accountId, accountId));
}

async function queueOrderMails(tx: Executor, ctx: CheckoutContext, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const [payment] = await tx.select({ reference: payments.reference }).from(payments).where(eq(payments.orderId, orderId));
  const letter = { order, items, paymentReference: payment.reference, publicUrl: ctx.publicUrl };
  await queueMail(tx, { kind: "order-confirmation", to: order.email, ...orderConfirmationMail(letter) });
  await queueMail(tx, { kind: "new-order", to: ctx.shopOrdersEmail, ...newOrderMail(letter) });
}

/** The customer closed the payment window: the order ends and its stock returns at once. */
export async function cancelCheckout(db: Database, reference: string, accountId: number): Promise<boolean> {
  const [found] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.reference, reference), eq(orders.accountId, accountId)));
  if (!found) return false;
  return db.transaction((tx) => endUnpaidOrder(tx, found.orderId, "cancelled", "Payment cancelled by the customer"));
}

/** Expires unpaid orders every minute, so their stock returns even when nobody checks out. */
export function startOrderExpiry(db: Database, intervalMs = 60_000): { stop(): void } {
  const timer = setInterval(() => {
    expireStaleOrders(db).catch((err) => log.error({ err }, "Expiring unpaid orders failed"));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

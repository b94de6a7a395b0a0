import { randomBytes, randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { DeliveryDetails } from "~/common/delivery";
import { messages } from "~/common/messages";
import { storedPhone } from "~/common/phone";
import { channelLabel, channelWord } from "~/common/payment-channels";
import { lineName } from "~/common/featured";
import { getDelivery, readCart, type CartLine } from "../cart/cart";
import type { Database, Executor } from "../db/client";
import { cartItems, carts, orderItems, orders, payments, refunds } from "../db/schema";
import { refusable } from "../db/refusable";
import { estimateArrival } from "../delivery/estimates";
import { announceMail, queueMail } from "../mail/outbox";
import { queueOrderUpdate, type OrderUpdateContext } from "../texts/order-updates";
import { textAmount } from "../texts/templates";
import { hitLimits, retryText } from "../rate-limits";
import { newOrderMail, orderConfirmationMail } from "../mail/templates";
import type { PaymentGateway, Verification } from "../payments/gateway";
import { getPaymentChannels } from "../payments/channels";
import { log } from "../log";
import { everyJob } from "../background";
import { openIncident } from "../alerts/incidents";
import { formatNairaTotal } from "~/common/money";
import { adminOrderPath } from "~/common/panels";
import { countOrderPlaced, countPayment } from "../metrics/metrics";
import { moveRule, recordNewOrder, transition, TRANSITIONS } from "../orders/lifecycle";
import { holdLines, lockVariants, moveStock, variantsOf } from "../orders/stock";
import { isOpenPayment, mayBePaid, movePayments, OPEN_PAYMENT_STATUSES, type PaymentStatus } from "../payments/payment-status";
import { sendRefund } from "./refunds";
import { discountsOf, priceOrder, recordDiscounts } from "../promotions/promotions";
import type { Pricing } from "../promotions/pricing";

// Checkout, as a pending order that becomes paid once the provider confirms the money
// (decisions 0010 and 0020):
//  1. startCheckout snapshots the cart into a pending order, holds its stock for a short while
//     and opens a transaction with the provider for the total the server computed. A customer
//     has one open checkout: pressing Pay Now again with the same cart resumes it (the same
//     payment), a changed cart replaces it;
//  2. completePayment (the browser's create_order call, or the provider's webhook) verifies the
//     reference with the provider and marks that order paid exactly once. A payment for a
//     replaced checkout, or one whose stock is gone, is refunded automatically (refunds.ts);
//  3. a hold nobody pays ends at its deadline, or at once when the payment window is cancelled,
//     and its stock returns.
// Provider calls never happen inside a database transaction. Every status move (and the new
// order's first event) goes through the order lifecycle (orders/lifecycle.ts), every change of
// stock through orders/stock.ts, and every payment status through payments/payment-status.ts.

/** How long a Pay Now holds its units: 15 minutes from the customer's first Pay Now, never longer. */
export const HOLD_MS = 15 * 60_000;
/**
 * After a customer's hold has run out, further Pay Nows hold nothing (the stock is taken when the
 * money arrives) until they pay or this much time has passed: one customer cannot keep a product
 * off sale by pressing again and again.
 */
export const HOLD_RENEWAL_MS = 24 * 60 * 60_000;
/**
 * When the provider says a payment is on its way (a bank transfer or USSD payment the bank has not
 * confirmed yet), the order's hold is stretched to this long from then, once: a transfer takes
 * minutes, and the customer who has sent money must not lose the goods to someone paying by card.
 */
export const AWAITING_HOLD_MS = 60 * 60_000;
/** A checkout that holds nothing is closed after this long unpaid. */
export const UNHELD_CHECKOUT_MS = 24 * 60 * 60_000;

/** First key of the per-customer advisory lock taken by startCheckout (the second is the account id). */
const CHECKOUT_LOCK_KEY = 20_100_415;

export interface CheckoutContext extends OrderUpdateContext {
  db: Database;
  gateway: PaymentGateway;
  publicUrl: string;
  shopOrdersEmail: string;
}

/** Requirements §3.11: 'ORD-' + timestamp + '-' + a random number below 10000. */
export function newOrderRef(now = Date.now()): string {
  return `ORD-${now}-${randomInt(10_000)}`;
}

/** The provider's transaction reference (Paystack allows letters, digits, '-', '.', '='). */
export function newPaymentReference(): string {
  return `FS-${Date.now().toString(36)}-${randomBytes(6).toString("hex")}`;
}

/** Ends an unpaid order (cancelled by the customer or replaced, or expired) and frees the stock it held. */
export async function endUnpaidOrder(db: Executor, orderId: number, status: "cancelled" | "expired", note: string): Promise<boolean> {
  // The order row first (locked here), then its variants in id order (moveStock).
  const [before] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  const ended = await transition(db, { orderId, from: "pending", to: status, by: "shop", note, set: { reservedUntil: null } });
  if (!ended.ok) return false;
  await moveStock(db, before, status);
  await movePayments(db, eq(payments.orderId, orderId), TRANSITIONS.pending[status].payment, { among: OPEN_PAYMENT_STATUSES });
  return true;
}

/** Ends the holds whose deadline has passed, and checkouts that held nothing and lay a day unpaid; returns how many. */
export async function expireStaleOrders(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: orders.id, held: sql<boolean>`${orders.reservedUntil} is not null` })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          or(lt(orders.reservedUntil, now), and(isNull(orders.reservedUntil), lt(orders.createdAt, new Date(now.getTime() - UNHELD_CHECKOUT_MS)))),
        ),
      )
      .for("update", { skipLocked: true });
    await lockVariants(
      tx,
      await variantsOf(
        tx,
        stale.filter((order) => order.held).map((order) => order.id),
      ),
    );
    for (const order of stale) {
      await endUnpaidOrder(tx, order.id, "expired", order.held ? "Not paid while its stock was held" : "Not paid within a day");
    }
    return stale.length;
  });
}

type CheckoutRefusal = {
  ok: false;
  reason: "empty-cart" | "no-delivery" | "out-of-stock" | "order-limit" | "gateway-failed" | "rate-limited" | "promotion" | "total-changed";
  message: string;
};

export type CheckoutStart =
  | { ok: true; orderRef: string; reference: string; accessCode: string; amountKobo: number; email: string; resumed: boolean }
  /** The last checkout turned out to be paid (its browser never came back), and the cart held nothing more. */
  | { ok: false; reason: "already-paid"; orderRef: string; message: string }
  | CheckoutRefusal;

/**
 * Each Pay Now that opens a transaction at the provider counts: a customer gets 20 in 15
 * minutes, far more than paying, cancelling and trying again ever takes.
 */
export const PAYMENT_START_LIMIT = { perAccount: 20, windowMs: 15 * 60_000 };

type OpenCheckout = { orderId: number; orderRef: string; reference: string; totalKobo: number; email: string; startedAt: Date };
type Reserved =
  | { ok: true; resumed: false; order: typeof orders.$inferSelect; reference: string; email: string }
  | { ok: true; resumed: true; open: OpenCheckout }
  | CheckoutRefusal;

const DELIVERY_FIELDS = ["firstName", "lastName", "phone", "email", "address", "state", "city"] as const;

/** Whether the open order is exactly this cart, price and delivery details (then Pay Now resumes it). */
async function isSameCheckout(tx: Executor, order: typeof orders.$inferSelect, lines: CartLine[], pricing: Pricing, delivery: DeliveryDetails) {
  if (DELIVERY_FIELDS.some((field) => order[field] !== delivery[field])) return false;
  if (order.totalKobo !== pricing.totalKobo || order.discountKobo !== pricing.discountKobo) return false;
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity, priceKobo: orderItems.unitPriceKobo })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const key = (l: { variantId: number; quantity: number; priceKobo: number }) => `${l.variantId}:${l.quantity}:${l.priceKobo}`;
  return items.map(key).sort().join() === lines.map(key).sort().join();
}

/**
 * Until when this Pay Now may hold stock: 15 minutes from the customer's first Pay Now since
 * they last paid (or within the last day), whatever they pressed since. Null: the hold is used up.
 */
async function holdDeadline(tx: Executor, accountId: number, now: Date): Promise<Date | null> {
  const [cart] = await tx.select({ holdStartedAt: carts.holdStartedAt }).from(carts).where(eq(carts.accountId, accountId));
  let startedAt = cart?.holdStartedAt ?? null;
  if (!startedAt || now.getTime() - startedAt.getTime() >= HOLD_RENEWAL_MS) {
    startedAt = now;
    await tx.update(carts).set({ holdStartedAt: now }).where(eq(carts.accountId, accountId));
  }
  const deadline = new Date(startedAt.getTime() + HOLD_MS);
  return deadline > now ? deadline : null;
}

/** What a Pay Now may bring: delivery details given with it (the API's call), and the total the page showed. */
interface CheckoutRequest {
  delivery?: DeliveryDetails;
  /** The total the customer saw: if the cart now costs something else, Pay Now says so and opens nothing. */
  expectedTotalKobo?: number;
}

/**
 * Turns the cart into a pending order (or resumes the open one), and opens the provider's
 * transaction. `deliveryGiven`: the API's call brings the delivery details with it.
 */
export async function startCheckout(
  ctx: CheckoutContext,
  accountId: number,
  deliveryGiven?: DeliveryDetails,
  options: { expectedTotalKobo?: number } = {},
): Promise<CheckoutStart> {
  const request: CheckoutRequest = { delivery: deliveryGiven, ...options };
  // Without Paystack keys outside demo mode: say so before any stock is held.
  if (ctx.gateway.provider === "none") return { ok: false, reason: "gateway-failed", message: messages.paymentUnavailable };
  const limit = await hitLimits(ctx.db, [
    { key: `payment-start:${accountId}`, max: PAYMENT_START_LIMIT.perAccount, windowMs: PAYMENT_START_LIMIT.windowMs },
  ]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", message: messages.tooManyAttempts(retryText(limit.retryAfterSeconds)) };
  await expireStaleOrders(ctx.db);
  const placed = await settleLastCheckout(ctx, accountId);
  // A Pay Now that finds the open checkout still opening its payment (a double click) waits for
  // it; if that opening failed, the checkout is gone and this one starts afresh, once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const reserved = await reserveCheckout(ctx, accountId, request);
    if (!reserved.ok && reserved.reason === "empty-cart" && placed)
      return { ok: false, reason: "already-paid", orderRef: placed, message: messages.orderAlreadyPaid };
    if (!reserved.ok) return reserved;
    if (reserved.resumed) {
      const accessCode = await accessCodeOf(ctx.db, reserved.open);
      if (!accessCode) continue;
      const { orderRef, reference, totalKobo, email } = reserved.open;
      return { ok: true, orderRef, reference, accessCode, amountKobo: totalKobo, email, resumed: true };
    }
    const { order, reference, email } = reserved;
    // The ways to pay the owner offers now (issue 19): the provider's window shows no other.
    const channels = await getPaymentChannels(ctx.db);
    const opened = await ctx.gateway.initialize({ email, amountKobo: order.totalKobo, reference, currency: "NGN", channels });
    if (!opened.ok) {
      log.error(`Payment ${reference} could not be started: ${opened.message}`);
      await ctx.db.transaction((tx) => endUnpaidOrder(tx, order.id, "cancelled", `Payment could not be started: ${opened.message}`));
      return { ok: false, reason: "gateway-failed", message: messages.paymentStartFailed };
    }
    await ctx.db.update(payments).set({ accessCode: opened.value.accessCode, updatedAt: new Date() }).where(eq(payments.reference, reference));
    return { ok: true, orderRef: order.orderRef, reference, accessCode: opened.value.accessCode, amountKobo: order.totalKobo, email, resumed: false };
  }
  return { ok: false, reason: "gateway-failed", message: messages.paymentStartFailed };
}

/**
 * Before a Pay Now replaces or resumes the customer's last checkout, the provider is asked whether
 * it was paid after all (the browser never came back and the webhook is late): then it is placed
 * now, its lines leave the cart, and it is not refunded later as replaced. Returns its reference
 * when it was placed by this call.
 */
async function settleLastCheckout(ctx: CheckoutContext, accountId: number): Promise<string | null> {
  const [last] = await ctx.db
    .select({ paidAt: orders.paidAt, reference: payments.reference, accessCode: payments.accessCode, status: payments.status })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.accountId, accountId), eq(orders.source, "checkout")))
    .orderBy(desc(orders.id))
    .limit(1);
  // Only a payment window that was opened can have been paid.
  if (!last || last.paidAt || !last.accessCode || !mayBePaid(last.status)) return null;
  // Asked first, so that a Pay Now finding it unpaid (the usual case) writes nothing.
  const verified = await ctx.gateway.verify(last.reference);
  if (!verified.ok || verified.value.status !== "success") return null;
  const outcome = await completePayment(ctx, last.reference, accountId);
  return outcome.ok && !outcome.alreadyPaid ? outcome.orderRef : null;
}

/** How long a resumed Pay Now waits for the payment the first press is opening (Paystack answers within 15 s). */
const OPENING_WAIT_MS = 20_000;

/** The open checkout's access code, once the press that opened it has it; null if that opening failed. */
export async function accessCodeOf(db: Database, open: Pick<OpenCheckout, "startedAt" | "reference">): Promise<string | null> {
  const deadline = open.startedAt.getTime() + OPENING_WAIT_MS;
  for (;;) {
    const [row] = await db
      .select({ accessCode: payments.accessCode, status: orders.status })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.reference, open.reference));
    if (row?.accessCode) return row.accessCode;
    if (!row || row.status !== "pending" || Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pay Now's refusal when the page showed a total other than `totalKobo` (decision 0064); null when it showed this one, or none. */
function totalChanged(expectedTotalKobo: number | undefined, totalKobo: number) {
  if (expectedTotalKobo === undefined || expectedTotalKobo === totalKobo) return null;
  return { ok: false as const, reason: "total-changed" as const, message: messages.totalChanged(formatNairaTotal(totalKobo), "Pay Now") };
}

/** The database half of a Pay Now, in one transaction: resume the open checkout, or replace it with the cart. */
async function reserveCheckout(ctx: CheckoutContext, accountId: number, request: CheckoutRequest): Promise<Reserved> {
  return refusable(ctx.db, async (tx, refuse: (refusal: CheckoutRefusal) => never): Promise<Reserved> => {
    // One checkout at a time per customer, so two Pay Now calls at once cannot both see no open
    // order (a row lock on the cart would deadlock with completePayment).
    await lockCheckout(tx, accountId);
    const given = request.delivery ?? (await getDelivery(tx, accountId));
    // The number in E.164, as saveDelivery keeps it (a cart saved before migration 0025 may not).
    const delivery = given && { ...given, phone: storedPhone(given.phone) };
    if (!delivery) return { ok: false, reason: "no-delivery", message: messages.deliveryMissing };
    const { lines, promotionCode: code } = await readCart(tx, accountId);
    if (lines.length === 0) return { ok: false, reason: "empty-cart", message: messages.cartEmpty };
    const overLimit = lines.find((line) => line.quantity > line.maxPerOrder);
    if (overLimit) {
      return {
        ok: false,
        reason: "order-limit",
        message: messages.orderLimitAtCheckout(lineName(overLimit.productName, overLimit.size), overLimit.maxPerOrder),
      };
    }
    const open = await tx
      .select()
      .from(orders)
      // The customer's own checkouts: an order staff took for them waits for its link (decision 0061).
      .where(and(eq(orders.accountId, accountId), eq(orders.status, "pending"), eq(orders.source, "checkout")))
      .orderBy(desc(orders.id))
      .for("update");
    const shown = await priceOrder(tx, accountId, lines, code);
    if (shown.codeRefusal) return { ok: false, reason: "promotion", message: shown.codeRefusal.message };
    // The same cart again (a second press, a reload): the same payment, and the hold it has.
    const [current] = open;
    if (current && open.length === 1 && (await isSameCheckout(tx, current, lines, shown, delivery))) {
      const [payment] = await tx
        .select({ reference: payments.reference, status: payments.status, accessCode: payments.accessCode, createdAt: payments.createdAt })
        .from(payments)
        .where(eq(payments.orderId, current.id))
        .orderBy(desc(payments.id))
        .limit(1);
      const reusable = payment && isOpenPayment(payment.status);
      // A window still being opened is waited for; one whose opener died (a crash) is replaced.
      const opening = payment && !payment.accessCode && Date.now() - payment.createdAt.getTime() < OPENING_WAIT_MS;
      if (reusable && (payment.accessCode || opening)) {
        const { orderRef, totalKobo, email } = current;
        // The page showed another total (it was loaded before a price or promotion changed): nothing opens.
        const changed = totalChanged(request.expectedTotalKobo, totalKobo);
        if (changed) return changed;
        return {
          ok: true,
          resumed: true,
          open: { orderId: current.id, orderRef, reference: payment.reference, totalKobo, email, startedAt: payment.createdAt },
        };
      }
    }
    const now = new Date();
    const holdUntil = await holdDeadline(tx, accountId, now);
    // Freeing the replaced checkout's units and taking the cart's: all locks first, in order.
    await lockVariants(tx, [
      ...(await variantsOf(
        tx,
        open.map((order) => order.id),
      )),
      ...lines.map((line) => line.variantId),
    ]);
    for (const order of open) await endUnpaidOrder(tx, order.id, "cancelled", "Replaced by a newer checkout");
    // With a hold the units are taken now; without one they are taken when the money comes,
    // but a Pay Now for what is already gone is refused either way (and nothing it did is kept).
    const held = await holdLines(tx, lines, { hold: holdUntil !== null });
    if (!held.ok) {
      const name = lineName(held.line.productName, held.line.size);
      refuse({
        ok: false,
        reason: "out-of-stock",
        message: held.left === 0 ? messages.outOfStock(name) : messages.notEnoughStock(name, held.left),
      });
    }
    // The promotions again, their caps locked: the uses this order reserves are counted now.
    const pricing = await priceOrder(tx, accountId, lines, code, { lock: true });
    if (pricing.codeRefusal) refuse({ ok: false, reason: "promotion", message: pricing.codeRefusal.message });
    const changed = totalChanged(request.expectedTotalKobo, pricing.totalKobo);
    if (changed) refuse(changed);
    const { totalKobo, discountKobo } = pricing;
    const [order] = await insertOrder(tx, { accountId, totalKobo, discountKobo, ...delivery, reservedUntil: holdUntil });
    await insertOrderItems(tx, order.id, lines);
    await recordDiscounts(tx, order.id, accountId, pricing.discounts);
    const reference = newPaymentReference();
    await tx.insert(payments).values({ orderId: order.id, provider: ctx.gateway.provider, reference, amountKobo: totalKobo });
    await recordNewOrder(tx, { orderId: order.id, note: holdUntil ? null : "Holds no stock: the customer's hold was used up" });
    return { ok: true, resumed: false, order, reference, email: delivery.email };
  });
}

/**
 * One checkout at a time per customer (Pay Now and pay on delivery alike), so two presses at once
 * cannot both see no open order, nor both count the same open pay-on-delivery orders.
 */
export async function lockCheckout(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_KEY}, ${accountId})`);
}

/** The order's lines as the cart had them, at the catalogue's prices. */
export async function insertOrderItems(tx: Executor, orderId: number, lines: CartLine[]): Promise<void> {
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      productName: line.productName,
      size: line.size,
      unitPriceKobo: line.priceKobo,
      quantity: line.quantity,
      imageFile: line.image,
    })),
  );
}

/** Inserts the order under a fresh reference, drawing again in the rare case of a clash. */
export async function insertOrder(tx: Executor, values: Omit<typeof orders.$inferInsert, "orderRef">) {
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

/** Why the shop gives a payment back on its own (refunds.reason). */
export type RefundReason = (typeof refunds.$inferSelect)["reason"];

export type PaymentOutcome =
  | { ok: true; orderRef: string; alreadyPaid: boolean }
  | { ok: false; reason: "refunded"; orderRef: string; refundReason: RefundReason; message: string }
  /** The provider says the money is on its way: the order waits for it (its hold stretched), and is placed when it lands. */
  | { ok: false; reason: "awaiting"; orderRef: string; message: string }
  | { ok: false; reason: "unknown-reference" | "not-yours" | "not-paid" | "mismatch" | "verify-failed"; message: string };

const REFUND_MESSAGES: Record<RefundReason, string> = {
  superseded: messages.paymentRefundedSuperseded,
  "sold-out": messages.paymentRefundedSoldOut,
  mismatch: messages.paymentMismatch,
};
const refundMessage = (reason: RefundReason) => REFUND_MESSAGES[reason];

/**
 * Marks the reference's order paid once the provider confirms it: status success, and the amount
 * and currency of the pending order. Safe to call any number of times, from the browser and the
 * webhook at once: one reference pays one order, once. A payment for a checkout the customer has
 * since replaced, or whose stock is gone, is refunded instead of placed. `accountId` is the
 * signed-in customer (null for the webhook).
 */
export async function completePayment(ctx: CheckoutContext, reference: string, accountId: number | null): Promise<PaymentOutcome> {
  const [found] = await ctx.db
    .select({
      orderId: orders.id,
      accountId: orders.accountId,
      orderRef: orders.orderRef,
      paidAt: orders.paidAt,
      amountKobo: payments.amountKobo,
      currency: payments.currency,
      refundReason: refunds.reason,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(eq(payments.reference, reference));
  if (!found) return { ok: false, reason: "unknown-reference", message: messages.paymentUnknown };
  if (accountId !== null && found.accountId !== accountId) return { ok: false, reason: "not-yours", message: messages.notYourAccount };
  if (found.paidAt) return settledOutcome(found.orderRef, found.refundReason, true);

  const verified = await ctx.gateway.verify(reference);
  if (!verified.ok) return { ok: false, reason: "verify-failed", message: verified.message };
  const v = verified.value;
  const recordVerification = (status: PaymentStatus) =>
    movePayments(ctx.db, eq(payments.reference, reference), status, { set: { verification: v.raw } });
  if (v.status === "pending") return awaitPayment(ctx, found.orderId, reference, v);
  if (v.status !== "success") {
    if ((v.status === "failed" || v.status === "abandoned") && (await recordVerification(v.status)).length) countPayment("declined");
    return { ok: false, reason: "not-paid", message: v.gatewayResponse || messages.paymentNotCompleted };
  }
  if (v.amountKobo !== found.amountKobo || v.currency !== found.currency) {
    log.error(`Payment ${reference}: provider reports ${v.amountKobo} ${v.currency}, order expects ${found.amountKobo} ${found.currency}`);
    const mismatch = await refundMismatch(ctx, { reference, orderId: found.orderId, orderRef: found.orderRef, expected: found.amountKobo }, v);
    if (mismatch.moved) countPayment("mismatched");
    if (mismatch.refundId !== null) await sendRefund(ctx, mismatch.refundId);
    return { ok: false, reason: "mismatch", message: messages.paymentMismatch };
  }

  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
    const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference));
    if (order.paidAt) {
      const [refund] = await tx.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.paymentId, payment.id));
      return { orderRef: order.orderRef, alreadyPaid: true, refundReason: refund?.reason ?? null, refundId: null, totalKobo: order.totalKobo };
    }
    const refundReason = await refundReasonFor(tx, order);
    const paidAt = new Date();
    const note =
      refundReason === null
        ? null
        : refundReason === "superseded"
          ? "Paid for a checkout the customer had replaced: refunding it"
          : "Paid after its stock was sold: refunding it";
    // The day promised now stays the order's, whatever the settings become (decision 0037).
    const arrivesBy = refundReason === null ? await estimateArrival(tx, order.state, paidAt) : null;
    // Pending, or a cancelled or expired checkout paid late: the row is locked and was never paid.
    const moved = await transition(tx, {
      orderId: order.id,
      from: order.status,
      to: "paid",
      by: "shop",
      note,
      // Placed as it is paid (migration 0026's trigger sets placed_at).
      set: { paidAt, needsRefund: refundReason !== null, reservedUntil: null, arrivesBy },
    });
    if (!moved.ok) throw new Error(`Order ${order.orderRef} cannot be paid from ${order.status} (${moved.reason})`);
    const paymentTo = moveRule(moved.from, "paid")?.payment;
    if (paymentTo)
      await movePayments(tx, eq(payments.id, payment.id), paymentTo, { set: { channel: v.channel, verification: v.raw, updatedAt: paidAt } });
    let refundId: number | null = null;
    if (refundReason) {
      const [refund] = await tx
        .insert(refunds)
        .values({ orderId: order.id, paymentId: payment.id, amountKobo: order.totalKobo, reason: refundReason })
        .returning({ id: refunds.id });
      refundId = refund.id;
      await queueShopMail(tx, ctx, order.id);
    } else {
      // A staff order was never the customer's cart: their cart and delivery details stay.
      if (order.source === "checkout") await removeBoughtFromCart(tx, order.accountId, order.id);
      await queueOrderMails(tx, ctx, order.id);
    }
    return { orderRef: order.orderRef, alreadyPaid: false, refundReason, refundId, totalKobo: order.totalKobo };
  });
  if (!outcome.alreadyPaid) {
    announceMail();
    countPayment("paid");
    if (outcome.refundReason === null) countOrderPlaced(outcome.totalKobo);
  }
  // Given back at once; a failure is retried by the background work (refunds.ts).
  if (outcome.refundId !== null) await sendRefund(ctx, outcome.refundId);
  return settledOutcome(outcome.orderRef, outcome.refundReason, outcome.alreadyPaid);
}

/**
 * A payment whose amount or currency is not the order's (decision 0057): never placed, and never
 * failed in silence. The payment is marked failed; what the provider received (the verified
 * amount, not the order's total) is refunded through the refund flow; the owners are alerted.
 * The first verification that finds it does this; later ones find the payment failed already.
 */
async function refundMismatch(
  ctx: CheckoutContext,
  payment: { reference: string; orderId: number; orderRef: string; expected: number },
  v: Verification,
): Promise<{ moved: boolean; refundId: number | null }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const moved = await movePayments(tx, eq(payments.reference, payment.reference), "failed", { set: { verification: v.raw } });
    if (!moved.length) return { moved: false, refundId: null };
    const received = `${formatNairaTotal(v.amountKobo)}${v.currency === "NGN" ? "" : ` (${v.currency})`}`;
    let refundId: number | null = null;
    if (v.amountKobo > 0) {
      const [refund] = await tx
        .insert(refunds)
        .values({ orderId: payment.orderId, paymentId: moved[0], amountKobo: v.amountKobo, reason: "mismatch" })
        .onConflictDoNothing({ target: refunds.paymentId })
        .returning({ id: refunds.id });
      refundId = refund?.id ?? null;
    }
    await openIncident(
      tx,
      {
        kind: "payment-mismatch",
        key: `payment-mismatch:${payment.reference}`,
        subject: `Order ${payment.orderRef}`,
        subjectPath: adminOrderPath(payment.orderRef),
        detail:
          `Paystack received ${received} for order ${payment.orderRef}, which costs ${formatNairaTotal(payment.expected)} (payment ${payment.reference}). ` +
          `The order was not placed${refundId === null ? "; nothing could be refunded automatically" : ", and what was received is being refunded to the customer"}.`,
      },
      ctx.publicUrl,
      ctx.shopOrdersEmail,
    );
    return { moved: true, refundId };
  });
  if (outcome.moved) announceMail();
  return outcome;
}

/** The money on its way in a text: "bank transfer", "USSD payment". */
function transferWords(channel: string | null): string {
  if (!channel) return "payment";
  const word = channelWord(channel);
  return word === "USSD" ? "USSD payment" : word;
}

/**
 * The provider says the customer's money is on its way: the payment is marked awaiting, with how it
 * was sent, and the first time, a held order's hold is stretched to AWAITING_HOLD_MS from now. The
 * order is placed when the money lands (the webhook, or the customer's page asking again).
 */
export async function awaitPayment(
  ctx: CheckoutContext,
  orderId: number,
  reference: string,
  v: Verification,
): Promise<Extract<PaymentOutcome, { reason: "awaiting" }>> {
  const { orderRef, first } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const moved = await movePayments(tx, eq(payments.reference, reference), "awaiting", { set: { channel: v.channel, verification: v.raw } });
    if (moved.length && order.status === "pending" && order.reservedUntil) {
      const stretched = new Date(Date.now() + AWAITING_HOLD_MS);
      if (stretched > order.reservedUntil) await tx.update(orders).set({ reservedUntil: stretched }).where(eq(orders.id, orderId));
    }
    // The first time only: the customer hears once that the order waits for their money.
    if (moved.length) {
      await queueOrderUpdate(tx, ctx, order, {
        text: { kind: "awaiting-transfer", values: { channel: transferWords(v.channel) } },
      });
    }
    return { orderRef: order.orderRef, first: moved.length > 0 };
  });
  if (first) {
    countPayment("awaiting");
    announceMail();
  }
  return { ok: false, reason: "awaiting", orderRef, message: messages.paymentAwaiting(channelLabel(v.channel)) };
}

function settledOutcome(orderRef: string, refundReason: RefundReason | null, alreadyPaid: boolean): PaymentOutcome {
  if (refundReason) return { ok: false, reason: "refunded", orderRef, refundReason, message: refundMessage(refundReason) };
  return { ok: true, orderRef, alreadyPaid };
}

/**
 * Whether a payment that has just arrived must be given back: its checkout was replaced by a newer
 * one of the same customer (they pay that one), or it held no stock and the stock is gone now.
 * Otherwise the order keeps (or takes now) its units.
 */
async function refundReasonFor(tx: Executor, order: typeof orders.$inferSelect): Promise<RefundReason | null> {
  // Only a checkout is replaced, and only by a newer checkout: an order staff took stands apart.
  const [newer] =
    order.source === "checkout"
      ? await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.accountId, order.accountId), gt(orders.id, order.id), eq(orders.source, "checkout")))
          .limit(1)
      : [];
  if (newer) return "superseded";
  // Held since Pay Now: nothing to take; otherwise the units are taken now, if all are there.
  return (await moveStock(tx, order, "paid")).ok ? null : "sold-out";
}

/**
 * The bought lines leave the cart, and so do the delivery details and the promotion code of this
 * checkout (a code used is not offered to the next order); the next checkout gets a fresh hold.
 */
export async function removeBoughtFromCart(tx: Executor, accountId: number, orderId: number) {
  const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  const bought = tx.select({ id: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.delete(cartItems).where(and(sql`${cartItems.cartId} in ${cart}`, sql`${cartItems.variantId} in ${bought}`));
  await tx
    .update(carts)
    .set({ delivery: null, holdStartedAt: null, promotionCode: null, updatedAt: new Date() })
    .where(eq(carts.accountId, accountId));
}

async function orderLetter(tx: Executor, ctx: CheckoutContext, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const [payment] = await tx.select({ reference: payments.reference }).from(payments).where(eq(payments.orderId, orderId));
  const discounts = order.discountKobo ? await discountsOf(tx, [orderId]) : [];
  return { order, items, paymentReference: payment?.reference ?? null, publicUrl: ctx.publicUrl, discounts };
}

/** A placed order's confirmation to its customer (by their channels), and the shop's notice. */
export async function queueOrderMails(tx: Executor, ctx: CheckoutContext, orderId: number) {
  const letter = await orderLetter(tx, ctx, orderId);
  const { order } = letter;
  await queueOrderUpdate(tx, ctx, order, {
    mail: { kind: "order-confirmation", ...orderConfirmationMail(letter) },
    text:
      order.paymentMethod === "pay_on_delivery"
        ? { kind: "pay-on-delivery-placed", values: { amount: textAmount(order.totalKobo) } }
        : { kind: "order-placed" },
  });
  await queueMail(tx, { kind: "new-order", to: ctx.shopOrdersEmail, ...newOrderMail(letter) });
}

/** A payment the shop gives back: only the shop hears of it now; the customer hears when the refund is sent. */
async function queueShopMail(tx: Executor, ctx: CheckoutContext, orderId: number) {
  const letter = await orderLetter(tx, ctx, orderId);
  await queueMail(tx, { kind: "new-order", to: ctx.shopOrdersEmail, ...newOrderMail(letter) });
}

export type CancelOutcome = { status: "cancelled" | "not-open" } | { status: "awaiting"; message: string };

/**
 * The customer closed the payment window: the hold ends and its stock returns at once, unless the
 * provider says they paid by a way the bank confirms later (a transfer, USSD): then the order
 * waits for the money (awaitPayment).
 */
export async function cancelCheckout(ctx: CheckoutContext, reference: string, accountId: number): Promise<CancelOutcome> {
  const [found] = await ctx.db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.reference, reference), eq(orders.accountId, accountId)));
  if (!found) return { status: "not-open" };
  const verified = await ctx.gateway.verify(reference);
  if (verified.ok && verified.value.status === "pending") {
    const awaiting = await awaitPayment(ctx, found.orderId, reference, verified.value);
    return { status: "awaiting", message: awaiting.message };
  }
  // Money said to be on its way is not given up on because the provider cannot be asked now.
  if (!verified.ok && found.status === "awaiting") return { status: "awaiting", message: messages.paymentAwaiting(null) };
  // The order row first, then its variants in id order (moveStock), like completePayment.
  const ended = await ctx.db.transaction((tx) => endUnpaidOrder(tx, found.orderId, "cancelled", "Payment cancelled by the customer"));
  return { status: ended ? "cancelled" : "not-open" };
}

/**
 * Asks the provider again about every payment said to be on its way, and places the orders whose
 * money has landed: the webhook normally does it first; this covers a webhook that never came,
 * and the test gateway, which has none. Returns how many orders were placed.
 */
export async function completeAwaitingPayments(ctx: CheckoutContext): Promise<number> {
  const awaiting = await ctx.db.select({ reference: payments.reference }).from(payments).where(eq(payments.status, "awaiting"));
  let placed = 0;
  for (const { reference } of awaiting) {
    const outcome = await completePayment(ctx, reference, null);
    if (outcome.ok && !outcome.alreadyPaid) placed++;
  }
  return placed;
}

/** Asks about payments on their way every half minute (completeAwaitingPayments). */
export function startAwaitingPayments(ctx: CheckoutContext, intervalMs = 30_000): { stop(): void } {
  return everyJob(ctx.db, { name: "awaiting-payments", intervalMs, failure: "Asking about awaited payments failed" }, () =>
    completeAwaitingPayments(ctx),
  );
}

import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { z } from "zod";
import type { DeliveryDetails } from "~/common/delivery";
import { lineName } from "~/common/featured";
import { messages } from "~/common/messages";
import { formatNaira, formatNairaTotal } from "~/common/money";
import { STATE_NAMES } from "~/common/nigeria";
import { readablePhone, storedPhone, textablePhone } from "~/common/phone";
import type { SignedInAccount } from "../accounts/sessions";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "../admin/shop-settings";
import { getDelivery, readCart } from "../cart/cart";
import { priceOrder, recordDiscounts } from "../promotions/promotions";
import type { Database, Executor } from "../db/client";
import { refusable } from "../db/refusable";
import { accounts, orders, phoneCodes } from "../db/schema";
import { estimateArrival } from "../delivery/estimates";
import { announceMail, queueText } from "../mail/outbox";
import { countOrderPlaced } from "../metrics/metrics";
import { orderStatusMail } from "../mail/templates";
import { mayMove, ORDER_STATUSES, PAY_ON_DELIVERY_OPEN_STATUSES, placed, recordNewOrder, transition } from "../orders/lifecycle";
import { holdLines, lockVariants, moveStock, variantsOf } from "../orders/stock";
import { hitLimits, retryText } from "../rate-limits";
import { getShopTextChannels, queueOrderUpdate, statusText } from "../texts/order-updates";
import { everyJob } from "../background";
import {
  endUnpaidOrder,
  expireStaleOrders,
  insertOrder,
  lockCheckout,
  insertOrderItems,
  queueOrderMails,
  removeBoughtFromCart,
  type CheckoutContext,
} from "./checkout";

// Pay on delivery (issue 28, decision 0060): the customer places the order from the order
// summary with its units taken, and pays at the door; staff record the collection, or the refusal.
// The owner's controls keep it viable (Konga dropped it for the cancellations): on or off, the
// states, a ceiling on the order's value, how many open ones a customer may have, and who may use
// it at all: anyone, customers who confirmed their phone with a texted code, or customers who paid
// online before. Concurrent placements of one customer take turns (lockCheckout), so the limit of
// open orders holds on PostgreSQL too.

export type PayOnDeliveryWho = "anyone" | "confirmed-phone" | "paid-before";

export interface PayOnDeliverySettings {
  on: boolean;
  /** The delivery states it is offered in. */
  states: string[];
  /** The highest order total it is offered for. */
  ceilingKobo: number;
  /** A customer's open (placed, not yet delivered or ended) pay-on-delivery orders, at most. */
  maxOpen: number;
  who: PayOnDeliveryWho;
  /** An order not shipped within this many days of being placed expires, and its units return. */
  shipWithinDays: number;
  /** A shipped order not collected within this many days is flagged for staff. */
  collectWithinDays: number;
}

export const PAY_ON_DELIVERY_DEFAULTS: PayOnDeliverySettings = {
  on: false,
  states: ["Lagos"],
  ceilingKobo: 300_000_00,
  maxOpen: 2,
  who: "confirmed-phone",
  shipWithinDays: 7,
  collectWithinDays: 7,
};

export const PAY_ON_DELIVERY_WHO: Record<PayOnDeliveryWho, string> = {
  anyone: "Every signed-in customer",
  "confirmed-phone": "Customers who confirm their phone number with a code we text them",
  "paid-before": "Customers who have paid online for an order before",
};

const days = z.number().int().min(1).max(60);

export const PAY_ON_DELIVERY_SETTING: ShopSetting<PayOnDeliverySettings> = {
  key: "pay-on-delivery",
  subject: "Pay on delivery",
  defaults: PAY_ON_DELIVERY_DEFAULTS,
  schema: z.object({
    on: z.boolean(),
    states: z.array(z.enum(STATE_NAMES as [string, ...string[]])).min(1),
    ceilingKobo: z.number().int().min(1_000_00).max(10_000_000_00),
    maxOpen: z.number().int().min(1).max(20),
    who: z.enum(["anyone", "confirmed-phone", "paid-before"]),
    shipWithinDays: days,
    collectWithinDays: days,
  }),
  describe: (before, after) => {
    const changes: string[] = [];
    if (before.on !== after.on) changes.push(after.on ? "on" : "off");
    if (before.states.join() !== after.states.join()) changes.push(`states ${after.states.join(", ")}`);
    if (before.ceilingKobo !== after.ceilingKobo) changes.push(`up to ${formatNaira(after.ceilingKobo)}`);
    if (before.maxOpen !== after.maxOpen) changes.push(`${after.maxOpen} open per customer`);
    if (before.who !== after.who) changes.push(PAY_ON_DELIVERY_WHO[after.who].toLowerCase());
    if (before.shipWithinDays !== after.shipWithinDays) changes.push(`ship within ${after.shipWithinDays} days`);
    if (before.collectWithinDays !== after.collectWithinDays) changes.push(`collect within ${after.collectWithinDays} days`);
    return changes.join(", ");
  },
  saved: messages.payOnDeliverySaved,
};

export const getPayOnDeliverySettings = (db: Executor): Promise<PayOnDeliverySettings> => readShopSetting(db, PAY_ON_DELIVERY_SETTING);

export const changePayOnDeliverySettings = (db: Database, actor: SignedInAccount, value: PayOnDeliverySettings): Promise<SettingsChange> =>
  changeShopSetting(db, actor, PAY_ON_DELIVERY_SETTING, value);

export type PayOnDeliveryOffer =
  /** `phone`: the number a code goes to, when one must be confirmed first; null when none is needed. */
  | { offered: true; confirmPhone: string | null }
  /** `why`: what the customer reads; null when the shop does not offer it at all (nothing is said). */
  | { offered: false; why: string | null };

/** Whether this customer may pay this cart on delivery to this address, and what comes first. */
export async function payOnDeliveryOffer(
  db: Executor,
  accountId: number,
  delivery: Pick<DeliveryDetails, "state" | "phone">,
  totalKobo: number,
  textChannels: readonly string[] = [],
  /** Staff taking the order heard the customer: who may use it is theirs to judge, and no code is texted. */
  { byStaff = false }: { byStaff?: boolean } = {},
): Promise<PayOnDeliveryOffer> {
  const settings = await getPayOnDeliverySettings(db);
  if (!settings.on) return { offered: false, why: null };
  if (!settings.states.includes(delivery.state)) return { offered: false, why: messages.podStateNotOffered(statesText(settings.states)) };
  if (totalKobo > settings.ceilingKobo) return { offered: false, why: messages.podOverCeiling(formatNairaTotal(settings.ceilingKobo)) };
  const [open] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.paymentMethod, "pay_on_delivery"), inArray(orders.status, PAY_ON_DELIVERY_OPEN_STATUSES)));
  if (open.n >= settings.maxOpen) return { offered: false, why: messages.podTooManyOpen(open.n) };
  if (byStaff) return { offered: true, confirmPhone: null };
  if (settings.who === "paid-before") {
    const [paid] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.paymentMethod, "online"), isNotNull(orders.paidAt), placed()));
    if (paid.n === 0) return { offered: false, why: messages.podPaidBeforeOnly };
  }
  if (settings.who !== "confirmed-phone") return { offered: true, confirmPhone: null };
  const phone = textablePhone(delivery.phone);
  // A code goes by SMS: no SMS, no confirmation, no pay on delivery.
  // The owner's switch too: with SMS off the shop texts nobody.
  const smsOn = textChannels.includes("sms") && (await getShopTextChannels(db)).sms;
  if (!phone || !smsOn) return { offered: false, why: phone ? messages.podUnavailable : messages.podPhoneNotTextable };
  const [account] = await db.select({ confirmedPhone: accounts.confirmedPhone }).from(accounts).where(eq(accounts.id, accountId));
  return { offered: true, confirmPhone: account?.confirmedPhone === phone ? null : phone };
}

const statesText = (states: string[]) => (states.length === 1 ? states[0] : `${states.slice(0, -1).join(", ")} and ${states.at(-1)}`);

export type PayOnDeliveryResult = { ok: true; orderRef: string; totalKobo: number } | { ok: false; message: string };

/**
 * Places the customer's cart as an order paid on delivery, in one transaction: every control
 * checked again under the customer's checkout lock, an open online checkout ended, the units taken
 * (or the whole refused), the cart emptied, the customer and the shop told. `expectedTotalKobo`:
 * the total the page showed; if the order now costs something else, nothing is placed.
 */
export async function placePayOnDelivery(
  ctx: CheckoutContext,
  accountId: number,
  options: { expectedTotalKobo?: number } = {},
): Promise<PayOnDeliveryResult> {
  const outcome = await refusable(ctx.db, async (tx, refuse: (refusal: PayOnDeliveryResult) => never): Promise<PayOnDeliveryResult> => {
    await lockCheckout(tx, accountId);
    const given = await getDelivery(tx, accountId);
    if (!given) return { ok: false, message: messages.deliveryMissing };
    const delivery = { ...given, phone: storedPhone(given.phone) };
    const { lines, promotionCode: code } = await readCart(tx, accountId);
    if (lines.length === 0) return { ok: false, message: messages.cartEmpty };
    const overLimit = lines.find((line) => line.quantity > line.maxPerOrder);
    if (overLimit)
      return { ok: false, message: messages.orderLimitAtCheckout(lineName(overLimit.productName, overLimit.size), overLimit.maxPerOrder) };
    const shown = await priceOrder(tx, accountId, lines, code);
    if (shown.codeRefusal) return { ok: false, message: shown.codeRefusal.message };
    const offer = await payOnDeliveryOffer(tx, accountId, delivery, shown.totalKobo, ctx.textChannels ?? []);
    if (!offer.offered) return { ok: false, message: offer.why ?? messages.podUnavailable };
    if (offer.confirmPhone) return { ok: false, message: messages.podPhoneNotConfirmed };

    // A Pay Now opened before (its window closed or not): replaced by this order. A payment that
    // still arrives for it is refunded, as for any replaced checkout (decision 0020).
    const open = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.status, "pending"), eq(orders.source, "checkout")))
      .for("update");
    await lockVariants(tx, [
      ...(await variantsOf(
        tx,
        open.map((o) => o.id),
      )),
      ...lines.map((line) => line.variantId),
    ]);
    for (const order of open) await endUnpaidOrder(tx, order.id, "cancelled", "Replaced by an order paid on delivery");
    const held = await holdLines(tx, lines, { hold: true });
    if (!held.ok) {
      const name = lineName(held.line.productName, held.line.size);
      refuse({ ok: false, message: held.left === 0 ? messages.outOfStock(name) : messages.notEnoughStock(name, held.left) });
    }
    // The promotions again, their caps locked: this order's uses are counted now (decision 0064).
    const pricing = await priceOrder(tx, accountId, lines, code, { lock: true });
    if (pricing.codeRefusal) refuse({ ok: false, message: pricing.codeRefusal.message });
    if (pricing.totalKobo !== (options.expectedTotalKobo ?? shown.totalKobo))
      refuse({ ok: false, message: messages.totalChanged(formatNairaTotal(pricing.totalKobo), "Place order, pay on delivery") });
    const { totalKobo, discountKobo } = pricing;
    const now = new Date();
    const [order] = await insertOrder(tx, {
      accountId,
      totalKobo,
      discountKobo,
      ...delivery,
      status: "confirmed",
      paymentMethod: "pay_on_delivery",
      placedAt: now,
      arrivesBy: await estimateArrival(tx, delivery.state, now),
    });
    await insertOrderItems(tx, order.id, lines);
    await recordDiscounts(tx, order.id, accountId, pricing.discounts);
    await recordNewOrder(tx, { orderId: order.id, status: "confirmed", by: { customer: accountId }, note: "Placed to pay on delivery" });
    await removeBoughtFromCart(tx, accountId, order.id);
    await queueOrderMails(tx, ctx, order.id);
    return { ok: true, orderRef: order.orderRef, totalKobo };
  });
  if (outcome.ok) {
    countOrderPlaced(outcome.totalKobo);
    announceMail();
  }
  return outcome;
}

// ------------------------------------------------------------------ the phone's code

const CODE_MS = 10 * 60_000;
const CODE_TRIES = 5;
export const PHONE_CODE_LIMIT = { perAccount: 5, windowMs: 60 * 60_000 };

const hashCode = (code: string) => createHash("sha256").update(code).digest();

export type PhoneCodeResult = { ok: true; message: string } | { ok: false; message: string };

/** Texts a 6-digit code to the number, for the customer to confirm it is theirs (their choice of channels aside: they asked). */
export async function sendPhoneCode(ctx: CheckoutContext, accountId: number, phone: string): Promise<PhoneCodeResult> {
  const to = textablePhone(phone);
  if (!to) return { ok: false, message: messages.podPhoneNotTextable };
  // Only while the shop asks for a confirmed phone: an SMS costs the shop money.
  const settings = await getPayOnDeliverySettings(ctx.db);
  if (!settings.on || settings.who !== "confirmed-phone") return { ok: false, message: messages.podUnavailable };
  if (!(ctx.textChannels ?? []).includes("sms") || !(await getShopTextChannels(ctx.db)).sms) return { ok: false, message: messages.podUnavailable };
  const limit = await hitLimits(ctx.db, [{ key: `phone-code:${accountId}`, max: PHONE_CODE_LIMIT.perAccount, windowMs: PHONE_CODE_LIMIT.windowMs }]);
  if (!limit.ok) return { ok: false, message: messages.tooManyAttempts(retryText(limit.retryAfterSeconds)) };
  const code = String(randomInt(1_000_000)).padStart(6, "0");
  const values = { phone: to, codeHash: hashCode(code).toString("hex"), attempts: 0, expiresAt: new Date(Date.now() + CODE_MS) };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(phoneCodes)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: phoneCodes.accountId, set: values });
    await queueText(tx, {
      channel: "sms",
      kind: "phone-code",
      to,
      subject: "Phone code",
      text: `Foam Shop: your code is ${code}. It confirms this number for pay on delivery and works for 10 minutes.`,
    });
  });
  announceMail();
  return { ok: true, message: messages.phoneCodeSent(readablePhone(to)) };
}

/** The customer's code: the right one (within its 10 minutes and 5 tries) confirms the number it was sent to. */
export async function confirmPhoneCode(db: Database, accountId: number, code: string): Promise<PhoneCodeResult> {
  if (!/^\d{6}$/.test(code)) return { ok: false, message: messages.phoneCodeInvalid };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(phoneCodes).where(eq(phoneCodes.accountId, accountId)).for("update");
    if (!row || row.expiresAt <= new Date() || row.attempts >= CODE_TRIES) return { ok: false, message: messages.phoneCodeExpired };
    if (!timingSafeEqual(Buffer.from(row.codeHash, "hex"), hashCode(code))) {
      await tx
        .update(phoneCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(phoneCodes.accountId, accountId));
      return { ok: false, message: messages.phoneCodeWrong };
    }
    await tx.delete(phoneCodes).where(eq(phoneCodes.accountId, accountId));
    await tx.update(accounts).set({ confirmedPhone: row.phone, phoneConfirmedAt: new Date() }).where(eq(accounts.id, accountId));
    return { ok: true, message: messages.phoneConfirmed };
  });
}

// ------------------------------------------------------------------ after it is placed

/** The customer cancels their order paid on delivery before it ships: its units return. */
export async function cancelPayOnDelivery(ctx: CheckoutContext, accountId: number, orderRef: string): Promise<PhoneCodeResult> {
  const outcome = await ctx.db.transaction(async (tx): Promise<PhoneCodeResult> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderRef, orderRef), eq(orders.accountId, accountId), eq(orders.paymentMethod, "pay_on_delivery")))
      .for("update");
    if (!order) return { ok: false, message: messages.podNotCancellable };
    const moved = await transition(tx, {
      orderId: order.id,
      from: order.status,
      to: "cancelled",
      by: { customer: accountId },
      note: "Cancelled by the customer",
    });
    if (!moved.ok) return { ok: false, message: messages.podNotCancellable };
    await moveStock(tx, order, "cancelled");
    await queueOrderUpdate(tx, ctx, moved.order, {
      mail: { kind: "order-status", ...orderStatusMail({ order: moved.order, publicUrl: ctx.publicUrl }) },
      text: statusText(moved.order),
    });
    return { ok: true, message: messages.podCancelled };
  });
  if (outcome.ok) announceMail();
  return outcome;
}

/** The statuses an order paid on delivery expires from, as its table of moves says. */
const UNSHIPPED = ORDER_STATUSES.filter((status) => mayMove(status, "expired", "shop", "pay_on_delivery"));

/** Orders paid on delivery not shipped within the owner's days: they expire, and their units return. */
export async function expireUnshippedPayOnDelivery(db: Database, now = new Date()): Promise<number> {
  const settings = await getPayOnDeliverySettings(db);
  const before = new Date(now.getTime() - settings.shipWithinDays * 24 * 60 * 60_000);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentMethod, "pay_on_delivery"), inArray(orders.status, UNSHIPPED), lt(orders.placedAt, before)));
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      const moved = await transition(tx, {
        orderId: id,
        from: order.status,
        to: "expired",
        by: "shop",
        note: `Not shipped within ${settings.shipWithinDays} days`,
      });
      if (!moved.ok) return false;
      await moveStock(tx, order, "expired");
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

/**
 * Every minute: lapsed holds end, so their stock returns even when nobody checks out; and orders
 * paid on delivery that were not shipped in time expire.
 */
export function startOrderExpiry(db: Database, intervalMs = 60_000): { stop(): void } {
  return everyJob(db, { name: "order-expiry", intervalMs, failure: "Expiring unpaid orders failed" }, async () => {
    await expireStaleOrders(db);
    await expireUnshippedPayOnDelivery(db);
  });
}

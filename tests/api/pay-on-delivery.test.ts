import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { exportOrders } from "~/server/orders/order-export";
import { loadUncollected } from "~/server/reports/collections";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosDate } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { loadOverview } from "~/server/admin/overview";
import { addToCart, cartTotalKobo, getCart, getDelivery, removeFromCart, saveDelivery } from "~/server/cart/cart";
import { completePayment, insertOrder, lockCheckout, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import {
  cancelPayOnDelivery,
  changePayOnDeliverySettings,
  confirmPhoneCode,
  expireUnshippedPayOnDelivery,
  getPayOnDeliverySettings,
  PAY_ON_DELIVERY_DEFAULTS,
  payOnDeliveryOffer,
  placePayOnDelivery,
  sendPhoneCode,
  type PayOnDeliverySettings,
} from "~/server/checkout/pay-on-delivery";
import { accounts, auditLog, collections, orderEvents, orders, outbox, payments, phoneCodes } from "~/server/db/schema";
import { queryRows } from "~/server/db/client";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { collectionInput, recordCollection, type CollectionInput } from "~/server/orders/collections";
import type { PlacedStatus } from "~/server/orders/lifecycle";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { presetRange } from "~/server/reports/range";
import { loadSalesReport } from "~/server/reports/sales";
import { textAmount } from "~/server/texts/templates";
import { uniqueEmail } from "../support/accounts";
import {
  cartRows,
  deliveryFields,
  mailsOfKind,
  plainProductIds,
  quickAccount,
  quickCustomer,
  setStock,
  shopClient,
  type Shopper,
  stockOf,
  testCheckout,
} from "../support/shop";
import { useApiServer, useTestDatabase } from "../support/use-shop";

// Pay on delivery (issue 28, decision 0060), service level on the engine of this run, and over
// HTTP where the JSON API touches it (Pay Now, the customer's order list): the owner's rules, the
// texted code, placing the order (its units, the cart, an open Pay Now, the mail and the SMS, not a
// sale yet), concurrent placements (on PostgreSQL they really overlap; PGlite runs them in turn),
// the customer's cancel, the staff's moves and the collection at the door, the expiry of an order
// not shipped in time, and the collection form's amount.

const PUBLIC_URL = "http://shop.test";
const SHELF = 20;

const handle = useTestDatabase();
const api = useApiServer(handle);
/** The shop with an SMS provider (and WhatsApp): codes can be texted. */
let ctx: CheckoutContext;
/** The same shop with no text provider at all. */
let noTexts: CheckoutContext;
let owner: SignedInAccount;
let adminId: number;
/** Plain products (one size) of the seed: each test takes its own. */
let plainProducts: number[];
let nextProduct = 0;
let nextPhone = 0;

beforeAll(async () => {
  ctx = testCheckout(handle.db, { publicUrl: PUBLIC_URL, textChannels: ["sms", "whatsapp"] });
  noTexts = { ...ctx, textChannels: [] };
  const [ownerRow] = await handle.db
    .insert(accounts)
    .values({
      role: "admin",
      adminRole: "owner",
      fullName: "Ngozi Owner",
      email: uniqueEmail("pod-owner"),
      phoneNumber: "+2348012345678",
      passwordHash: "unused",
      emailVerifiedAt: new Date(),
    })
    .returning();
  owner = { ...ownerRow, role: "admin", adminRole: "owner", twoFactor: false };
  adminId = (await quickAccount(handle.db, "admin", "pod-staff", "Tunde Staff")).id;
  plainProducts = await plainProductIds(handle.db);
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

// ------------------------------------------------------------------ helpers

type Order = typeof orders.$inferSelect;

/** A plain product of this test's own, SHELF units on the shelf (or `stock`). */
async function product(stock = SHELF): Promise<number> {
  if (nextProduct >= plainProducts.length) throw new Error(`the seed has only ${plainProducts.length} plain products`);
  const productId = plainProducts[nextProduct++];
  await setStock(handle.db, productId, stock);
  return productId;
}

/** A mobile number of its own (E.164 once stored), so the texts to it are this test's only. */
function newPhone(): { typed: string; e164: string } {
  const digits = String(1_000_000 + nextPhone++).slice(1);
  return { typed: `0803${digits}0`, e164: `+234803${digits}0` };
}

interface Customer extends Shopper {
  phone: string;
  e164: string;
  deliveryEmail: string;
}

interface Where {
  state?: string;
  city?: string;
  phone?: string;
}

/** A customer with e-mail and SMS updates (the defaults), a phone of their own. */
async function customer(tag: string): Promise<Customer> {
  const who = await quickCustomer(handle.db, `pod-${tag}`);
  const { typed, e164 } = newPhone();
  return { ...who, phone: typed, e164, deliveryEmail: uniqueEmail(`pod-${tag}-deliver`) };
}

/** Lines in the cart ([productId, quantity]) and the delivery details kept, as the delivery page keeps them. */
async function fill(who: Customer, lines: [number, number][], where: Where = {}) {
  for (const [productId, quantity] of lines) {
    for (let i = 0; i < quantity; i++) expect((await addToCart(handle.db, who.id, { productId })).ok, `add ${productId}`).toBe(true);
  }
  await saveDelivery(handle.db, who.id, {
    firstName: "Chioma",
    lastName: "Okafor",
    phone: where.phone ?? who.phone,
    email: who.deliveryEmail,
    address: "12 Allen Avenue",
    state: where.state ?? "Lagos",
    city: where.city ?? "Ikeja",
  });
}

/** A customer with these lines in the cart and delivery details kept. */
async function shopper(tag: string, lines: [number, number][], where: Where = {}): Promise<Customer> {
  const who = await customer(tag);
  await fill(who, lines, where);
  return who;
}

/** What the order summary asks: may this customer pay this cart on delivery? */
async function offerFor(who: Shopper, c = ctx) {
  const delivery = await getDelivery(handle.db, who.id);
  if (!delivery) throw new Error("no delivery details kept");
  return payOnDeliveryOffer(handle.db, who.id, delivery, cartTotalKobo(await getCart(handle.db, who.id)), c.textChannels ?? []);
}

/** Pay on delivery on, offered to anyone, with these changes; saved by an owner as Settings saves it. */
async function setPod(change: Partial<PayOnDeliverySettings> = {}) {
  const value: PayOnDeliverySettings = { ...PAY_ON_DELIVERY_DEFAULTS, on: true, who: "anyone", ...change };
  expect(await changePayOnDeliverySettings(handle.db, owner, value)).toMatchObject({ ok: true });
  expect(await getPayOnDeliverySettings(handle.db)).toEqual(value);
}

async function orderByRef(orderRef: string): Promise<Order> {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

/** Places the customer's cart to pay on delivery, expecting it to succeed. */
async function placed(who: Shopper, c = ctx): Promise<Order> {
  const result = await placePayOnDelivery(c, who.id);
  if (!result.ok) throw new Error(`placing was refused: ${result.message}`);
  return orderByRef(result.orderRef);
}

const ordersOfCustomer = (accountId: number) => handle.db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id));

async function openPodOrders(accountId: number): Promise<number> {
  const [row] = await handle.db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.paymentMethod, "pay_on_delivery"),
        inArray(orders.status, ["confirmed", "processing", "shipped"]),
      ),
    );
  return row.n;
}

/** The texts (SMS, WhatsApp) queued to a number, oldest first. */
const textsTo = (e164: string) =>
  handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, e164), sql`${outbox.channel} <> 'email'`))
    .orderBy(asc(outbox.id));

/** The code in the newest "phone-code" SMS to this number. */
async function codeTextedTo(e164: string): Promise<string> {
  const [row] = await handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, e164), eq(outbox.kind, "phone-code")))
    .orderBy(desc(outbox.id))
    .limit(1);
  expect(row, `a code texted to ${e164}`).toBeDefined();
  expect(row.channel).toBe("sms");
  const code = /\b(\d{6})\b/.exec(row.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${row.text}"`);
  return code;
}

const staff = () => ({ db: handle.db, publicUrl: PUBLIC_URL, textChannels: ctx.textChannels });

async function move(order: Pick<Order, "orderRef">, ...statuses: PlacedStatus[]) {
  for (const to of statuses) {
    expect(await changeOrderStatus(staff(), adminId, order.orderRef, to), `→ ${to}`).toMatchObject({ ok: true, status: to });
  }
}

/** The collection form as staff submit it, parsed. */
function collected(fields: { method?: string; amount: string; reason?: string }): CollectionInput {
  return collectionInput.parse({ method: "cash", ...fields });
}

/** Sales in the report of the last 7 days and the Admin Info overview (the last 30): revenue and orders. */
async function sales() {
  const now = new Date();
  const report = await loadSalesReport(handle.db, presetRange("last-7-days", lagosDate(now)));
  const overview = await loadOverview(handle.db, now);
  return {
    revenueKobo: report.revenueKobo,
    orders: report.orderCount,
    overviewRevenueKobo: overview.revenueKobo,
    overviewOrders: overview.orderCount,
  };
}

const salesPlus = (before: Awaited<ReturnType<typeof sales>>, kobo: number, n: number) => ({
  revenueKobo: before.revenueKobo + kobo,
  orders: before.orders + n,
  overviewRevenueKobo: before.overviewRevenueKobo + kobo,
  overviewOrders: before.overviewOrders + n,
});

async function collectionsOf(orderId: number) {
  return handle.db.select().from(collections).where(eq(collections.orderId, orderId));
}

/** A customer pays one line online through the test gateway: a placed online order. */
async function paidOnline(who: Customer, productId: number): Promise<Order> {
  expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  const started = await startCheckout(ctx, who.id, deliveryFields({ phone: who.phone, confirmPhone: who.phone, email: who.deliveryEmail }));
  if (!started.ok) throw new Error(started.message);
  expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  expect(await completePayment(ctx, started.reference, who.id)).toMatchObject({ ok: true });
  return orderByRef(started.orderRef);
}

// ------------------------------------------------------------------ the owner's rules

describe("the owner's rules", () => {
  it("is off until an owner turns it on: not offered, nothing said, placing refused with nothing changed; staff cannot turn it on", async () => {
    expect(await getPayOnDeliverySettings(handle.db)).toMatchObject({ on: false });
    const productId = await product();
    const who = await shopper("off", [[productId, 1]]);
    expect(await offerFor(who)).toEqual({ offered: false, why: null });
    expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podUnavailable });
    expect(await ordersOfCustomer(who.id)).toEqual([]);
    expect(await cartRows(handle.db, who.id)).toHaveLength(1);
    expect(await stockOf(handle.db, productId)).toBe(SHELF);

    const staffAdmin: SignedInAccount = { ...owner, id: adminId, adminRole: "staff" };
    expect(await changePayOnDeliverySettings(handle.db, staffAdmin, { ...PAY_ON_DELIVERY_DEFAULTS, on: true })).toMatchObject({
      ok: false,
      reason: "not-owner",
    });
    expect(await getPayOnDeliverySettings(handle.db)).toMatchObject({ on: false });
  });

  it("is offered in the owner's states only, and says which", async () => {
    await setPod({ states: ["Lagos", "Ogun"] });
    const productId = await product();
    const oyo = await shopper("oyo", [[productId, 1]], { state: "Oyo", city: "Ibadan" });
    const why = "Pay on delivery is offered for deliveries in Lagos and Ogun only.";
    expect(await offerFor(oyo)).toEqual({ offered: false, why });
    expect(await placePayOnDelivery(ctx, oyo.id)).toEqual({ ok: false, message: why });
    expect(await ordersOfCustomer(oyo.id)).toEqual([]);

    const ogun = await shopper("ogun", [[productId, 1]], { state: "Ogun", city: "Abeokuta" });
    expect(await offerFor(ogun)).toEqual({ offered: true, confirmPhone: null });

    await setPod({ states: ["Lagos"] });
    expect(await offerFor(ogun)).toEqual({ offered: false, why: "Pay on delivery is offered for deliveries in Lagos only." });
    expect(await placePayOnDelivery(ctx, ogun.id)).toMatchObject({ ok: false });
  });

  it("is offered up to the owner's ceiling, the ceiling itself included", async () => {
    const productId = await product();
    const who = await shopper("ceiling", [[productId, 2]]);
    const total = cartTotalKobo(await getCart(handle.db, who.id));
    // The lowest ceiling the setting takes is ₦1,000: the cart must cost more for the check below.
    expect(total).toBeGreaterThan(1_000_00);

    await setPod({ ceilingKobo: 1_000_00 });
    const why = "Pay on delivery is for orders up to ₦1,000.00. Please pay online.";
    expect(await offerFor(who)).toEqual({ offered: false, why });
    expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: why });

    await setPod({ ceilingKobo: total - 1 });
    expect(await offerFor(who)).toEqual({ offered: false, why: messages.podOverCeiling(formatNairaTotal(total - 1)) });

    await setPod({ ceilingKobo: total });
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    const order = await placed(who);
    expect(order.totalKobo).toBe(total);
  });

  it("limits a customer's open orders to the owner's number; a cancelled, delivered or refused one frees its place", async () => {
    await setPod({ maxOpen: 2 });
    const productId = await product();
    const who = await shopper("limit", [[productId, 1]]);
    const first = await placed(who);
    await fill(who, [[productId, 1]]);
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    const second = await placed(who);

    await fill(who, [[productId, 1]]);
    const why = "You have 2 orders to pay on delivery already. Please pay online, or wait until one is delivered.";
    expect(await offerFor(who)).toEqual({ offered: false, why });
    expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: why });
    expect(await openPodOrders(who.id)).toBe(2);
    // Nothing of the refused placement was kept: the cart is as it was.
    expect(await cartRows(handle.db, who.id)).toHaveLength(1);

    // Someone else's orders are not theirs.
    const other = await shopper("limit-other", [[productId, 1]]);
    expect(await offerFor(other)).toEqual({ offered: true, confirmPhone: null });

    // One open order of a limit of one: said in the singular.
    await placed(other);
    await fill(other, [[productId, 1]]);
    await setPod({ maxOpen: 1 });
    expect(await offerFor(other)).toEqual({
      offered: false,
      why: "You have an order to pay on delivery already. Please pay online, or wait until it is delivered.",
    });
    await setPod({ maxOpen: 2 });

    // The customer cancels one: its place is free.
    expect(await cancelPayOnDelivery(ctx, who.id, first.orderRef)).toEqual({ ok: true, message: messages.podCancelled });
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    const third = await placed(who);

    // Delivered (collected at the door): its place is free.
    await fill(who, [[productId, 1]]);
    expect(await offerFor(who)).toMatchObject({ offered: false });
    await move(second, "processing", "shipped");
    expect(await offerFor(who), "a shipped order is still open").toMatchObject({ offered: false });
    expect(await recordCollection(staff(), adminId, second.orderRef, collected({ amount: String(second.totalKobo / 100) }))).toEqual({
      ok: true,
      orderRef: second.orderRef,
    });
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    const fourth = await placed(who);

    // Refused at the door: its place is free.
    await fill(who, [[productId, 1]]);
    expect(await offerFor(who)).toMatchObject({ offered: false });
    await move(third, "processing", "shipped", "cancelled");
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    expect((await orderByRef(fourth.orderRef)).status).toBe("confirmed");
  });

  it("paid-before: refused to a customer who never paid online (an open Pay Now or a collected order does not count), offered once they have", async () => {
    const productId = await product();
    // A customer whose only paid order was paid at the door.
    await setPod({ who: "anyone" });
    const atTheDoor = await shopper("paid-at-door", [[productId, 1]]);
    const order = await placed(atTheDoor);
    await move(order, "processing", "shipped");
    expect((await recordCollection(staff(), adminId, order.orderRef, collected({ amount: String(order.totalKobo / 100) }))).ok).toBe(true);

    await setPod({ who: "paid-before" });
    await fill(atTheDoor, [[productId, 1]]);
    expect(await offerFor(atTheDoor)).toEqual({ offered: false, why: messages.podPaidBeforeOnly });

    const who = await shopper("paid-before", [[productId, 1]]);
    expect(await offerFor(who)).toEqual({ offered: false, why: messages.podPaidBeforeOnly });
    expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podPaidBeforeOnly });
    // Pay Now pressed, not paid: still not paid before.
    const started = await startCheckout(ctx, who.id);
    if (!started.ok) throw new Error(started.message);
    expect(await offerFor(who)).toEqual({ offered: false, why: messages.podPaidBeforeOnly });
    // Paid.
    expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(ctx, started.reference, who.id)).toMatchObject({ ok: true });

    await fill(who, [[productId, 1]]);
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    const next = await placed(who);
    expect(next).toMatchObject({ status: "confirmed", paymentMethod: "pay_on_delivery" });
  });

  describe("confirmed-phone: a code texted to the delivery phone", () => {
    it("asks for the code, texts it by SMS to the delivery phone, and places the order once it is confirmed", async () => {
      await setPod({ who: "confirmed-phone" });
      const productId = await product();
      const who = await shopper("code", [[productId, 1]]);
      expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: who.e164 });
      expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podPhoneNotConfirmed });
      expect(await ordersOfCustomer(who.id)).toEqual([]);

      const delivery = await getDelivery(handle.db, who.id);
      expect(await sendPhoneCode(ctx, who.id, delivery!.phone)).toEqual({
        ok: true,
        message: `We sent a 6-digit code to +234 803 ${who.e164.slice(7, 10)} ${who.e164.slice(10)}. It works for 10 minutes.`,
      });
      const texts = await textsTo(who.e164);
      expect(texts.map((t) => [t.channel, t.kind])).toEqual([["sms", "phone-code"]]);
      const code = await codeTextedTo(who.e164);
      // Only its hash is kept.
      const [kept] = await handle.db.select().from(phoneCodes).where(eq(phoneCodes.accountId, who.id));
      expect(kept).toMatchObject({ phone: who.e164, attempts: 0 });
      expect(JSON.stringify(kept)).not.toContain(code);

      expect(await confirmPhoneCode(handle.db, who.id, code)).toEqual({ ok: true, message: messages.phoneConfirmed });
      const [account] = await handle.db.select().from(accounts).where(eq(accounts.id, who.id));
      expect(account.confirmedPhone).toBe(who.e164);
      expect(account.phoneConfirmedAt).toBeInstanceOf(Date);
      expect(await handle.db.select().from(phoneCodes).where(eq(phoneCodes.accountId, who.id))).toEqual([]);
      // A code is used once.
      expect(await confirmPhoneCode(handle.db, who.id, code)).toEqual({ ok: false, message: messages.phoneCodeExpired });

      expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
      const order = await placed(who);
      expect(order).toMatchObject({ status: "confirmed", phone: who.e164 });
      // The next order to the same number needs no new code.
      await fill(who, [[productId, 1]]);
      expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });
    });

    it("counts wrong codes: five tries, then even the right code is refused; a malformed code costs no try", async () => {
      await setPod({ who: "confirmed-phone" });
      const who = await shopper("tries", [[await product(), 1]]);
      expect((await sendPhoneCode(ctx, who.id, who.phone)).ok).toBe(true);
      const code = await codeTextedTo(who.e164);
      const wrong = code === "000000" ? "111111" : "000000";

      for (const malformed of ["12345", "1234567", "abcdef", " 12345", ""]) {
        expect(await confirmPhoneCode(handle.db, who.id, malformed), malformed).toEqual({ ok: false, message: messages.phoneCodeInvalid });
      }
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect(await confirmPhoneCode(handle.db, who.id, wrong), `try ${attempt}`).toEqual({ ok: false, message: messages.phoneCodeWrong });
        const [row] = await handle.db.select().from(phoneCodes).where(eq(phoneCodes.accountId, who.id));
        expect(row.attempts).toBe(attempt);
      }
      expect(await confirmPhoneCode(handle.db, who.id, code)).toEqual({ ok: false, message: messages.phoneCodeExpired });
      expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podPhoneNotConfirmed });

      // A new code starts again.
      expect((await sendPhoneCode(ctx, who.id, who.phone)).ok).toBe(true);
      const fresh = await codeTextedTo(who.e164);
      expect(await confirmPhoneCode(handle.db, who.id, fresh)).toEqual({ ok: true, message: messages.phoneConfirmed });
      expect((await placePayOnDelivery(ctx, who.id)).ok).toBe(true);
    });

    it("ten guesses at once use exactly the five tries", async () => {
      await setPod({ who: "confirmed-phone" });
      const who = await shopper("guesses", [[await product(), 1]]);
      expect((await sendPhoneCode(ctx, who.id, who.phone)).ok).toBe(true);
      const code = await codeTextedTo(who.e164);
      const guesses = Array.from({ length: 10 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
      const answers = await Promise.all(guesses.map((guess) => confirmPhoneCode(handle.db, who.id, guess)));
      expect(answers.filter((a) => a.message === messages.phoneCodeWrong)).toHaveLength(5);
      expect(answers.filter((a) => a.message === messages.phoneCodeExpired)).toHaveLength(5);
      const [row] = await handle.db.select().from(phoneCodes).where(eq(phoneCodes.accountId, who.id));
      expect(row.attempts).toBe(5);
      expect(await confirmPhoneCode(handle.db, who.id, code)).toEqual({ ok: false, message: messages.phoneCodeExpired });
    });

    it("refuses a code past its 10 minutes", async () => {
      await setPod({ who: "confirmed-phone" });
      const who = await shopper("expired-code", [[await product(), 1]]);
      expect((await sendPhoneCode(ctx, who.id, who.phone)).ok).toBe(true);
      const code = await codeTextedTo(who.e164);
      const [row] = await handle.db.select().from(phoneCodes).where(eq(phoneCodes.accountId, who.id));
      const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
      await handle.db
        .update(phoneCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(phoneCodes.accountId, who.id));
      expect(await confirmPhoneCode(handle.db, who.id, code)).toEqual({ ok: false, message: messages.phoneCodeExpired });
      const [account] = await handle.db.select().from(accounts).where(eq(accounts.id, who.id));
      expect(account.confirmedPhone).toBeNull();
      expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podPhoneNotConfirmed });
    });

    it("a number confirmed before is not the delivery number now: that one must be confirmed", async () => {
      await setPod({ who: "confirmed-phone" });
      const productId = await product();
      const who = await shopper("other-number", [[productId, 1]]);
      expect((await sendPhoneCode(ctx, who.id, who.phone)).ok).toBe(true);
      expect((await confirmPhoneCode(handle.db, who.id, await codeTextedTo(who.e164))).ok).toBe(true);
      expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });

      // New delivery details, another number.
      const other = newPhone();
      await fill(who, [], { phone: other.typed });
      expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: other.e164 });
      expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podPhoneNotConfirmed });

      // A code sent to the first number, then the delivery number changed: it confirms the first, not the new one.
      expect((await sendPhoneCode(ctx, who.id, who.phone)).ok).toBe(true);
      expect((await confirmPhoneCode(handle.db, who.id, await codeTextedTo(who.e164))).ok).toBe(true);
      expect(await placePayOnDelivery(ctx, who.id)).toEqual({ ok: false, message: messages.podPhoneNotConfirmed });
      expect(await ordersOfCustomer(who.id)).toEqual([]);

      expect((await sendPhoneCode(ctx, who.id, other.typed)).ok).toBe(true);
      expect((await confirmPhoneCode(handle.db, who.id, await codeTextedTo(other.e164))).ok).toBe(true);
      expect((await placed(who)).phone).toBe(other.e164);
    });

    it("without an SMS provider it is not offered and no code is sent; a number that cannot take a text is refused", async () => {
      await setPod({ who: "confirmed-phone" });
      const productId = await product();
      const who = await shopper("no-sms", [[productId, 1]]);
      expect(await offerFor(who, noTexts)).toEqual({ offered: false, why: messages.podUnavailable });
      expect(await offerFor(who, { ...ctx, textChannels: ["whatsapp"] })).toEqual({ offered: false, why: messages.podUnavailable });
      expect(await sendPhoneCode(noTexts, who.id, who.phone)).toEqual({ ok: false, message: messages.podUnavailable });
      expect(await placePayOnDelivery(noTexts, who.id)).toEqual({ ok: false, message: messages.podUnavailable });
      expect(await textsTo(who.e164)).toEqual([]);
      expect(await ordersOfCustomer(who.id)).toEqual([]);

      // A landline: no code can reach it.
      const landline = await shopper("landline", [[productId, 1]], { phone: "01 234 5678" });
      expect(await offerFor(landline)).toEqual({ offered: false, why: messages.podPhoneNotTextable });
      expect(await sendPhoneCode(ctx, landline.id, "01 234 5678")).toEqual({ ok: false, message: messages.podPhoneNotTextable });
      expect(await placePayOnDelivery(ctx, landline.id)).toEqual({ ok: false, message: messages.podPhoneNotTextable });
    });

    it("texts a customer at most 5 codes an hour", async () => {
      const who = await customer("code-limit");
      for (let i = 0; i < 5; i++) expect((await sendPhoneCode(ctx, who.id, who.phone)).ok, `code ${i + 1}`).toBe(true);
      const sixth = await sendPhoneCode(ctx, who.id, who.phone);
      expect(sixth.ok).toBe(false);
      expect(sixth.message).toMatch(/^Too many attempts\./);
      expect((await textsTo(who.e164)).filter((t) => t.kind === "phone-code")).toHaveLength(5);
    });
  });
});

// ------------------------------------------------------------------ placing

describe("placing an order to pay on delivery", () => {
  it("is confirmed and placed, not paid: its units taken, the cart emptied, an open Pay Now ended and its units back, mail and SMS sent, listed; not a sale", async () => {
    await setPod();
    const client = shopClient(api);
    const a = await product();
    const b = await product();
    // The cart and the delivery page, as the shop's pages keep them.
    const who = await shopper("place", [
      [a, 2],
      [b, 1],
    ]);

    // Pay Now over HTTP: a pending order holding 2 × a and 1 × b.
    const delivery = deliveryFields({ phone: who.phone, confirmPhone: who.phone, email: who.deliveryEmail });
    const started = await client.post("/api/api4users/initialize_payment.php", { user_id: who.id, ...delivery }, who.token);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const pending = await orderByRef(started.body.order_ref);
    expect(pending.status).toBe("pending");
    expect([await stockOf(handle.db, a), await stockOf(handle.db, b)]).toEqual([SHELF - 2, SHELF - 1]);

    // The customer takes b out, then pays the rest on delivery instead.
    const lineB = (await getCart(handle.db, who.id)).find((line) => line.productId === b)!;
    expect(await removeFromCart(handle.db, who.id, lineB.id)).toBe(true);
    const total = cartTotalKobo(await getCart(handle.db, who.id));
    const before = await sales();
    const startedAt = Date.now();
    const result = await placePayOnDelivery(ctx, who.id);
    expect(result).toMatchObject({ ok: true, totalKobo: total });
    if (!result.ok) return;
    const order = await orderByRef(result.orderRef);

    expect(order).toMatchObject({
      status: "confirmed",
      paymentMethod: "pay_on_delivery",
      paidAt: null,
      totalKobo: total,
      accountId: who.id,
      phone: who.e164,
      email: who.deliveryEmail,
      state: "Lagos",
    });
    expect(order.placedAt).toBeInstanceOf(Date);
    expect(order.placedAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 5_000);
    expect(order.placedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toMatchObject([{ status: "confirmed", accountId: who.id }]);

    // The Pay Now is over, its units back: b on the shelf again, a taken once (by this order).
    expect((await orderByRef(pending.orderRef)).status).toBe("cancelled");
    const [payment] = await handle.db.select().from(payments).where(eq(payments.orderId, pending.id));
    expect(payment.status).toBe("cancelled");
    expect([await stockOf(handle.db, a), await stockOf(handle.db, b)]).toEqual([SHELF - 2, SHELF]);
    // The cart and its delivery details are cleared.
    expect(await cartRows(handle.db, who.id)).toEqual([]);
    expect(await getDelivery(handle.db, who.id)).toBeNull();

    // The confirmation says pay on delivery; the shop is told; one SMS (WhatsApp is off by default).
    const [mail] = await mailsOfKind(handle.db, who.deliveryEmail, "order-confirmation");
    expect(mail.text).toContain(`You pay ${formatNairaTotal(total)} when it is delivered`);
    expect(mail.text).toContain("To pay on delivery");
    expect(mail.text).not.toContain("We have received your payment");
    const shopMails = (await mailsOfKind(handle.db, "orders@shop.test", "new-order")).filter((m) => m.text.includes(order.orderRef));
    expect(shopMails).toHaveLength(1);
    expect(shopMails[0].text).toContain("to pay on delivery");
    const texts = await textsTo(who.e164);
    expect(texts.map((t) => [t.channel, t.kind])).toEqual([["sms", "pay-on-delivery-placed"]]);
    expect(texts[0].text).toContain(order.orderRef);
    expect(texts[0].text).toContain(`Pay ${textAmount(total)}`);

    // Listed with the customer's orders over HTTP (the cancelled Pay Now never was placed).
    const listed = await client.get(`/api/api4users/get_user_orders.php?userId=${who.id}`, who.token);
    expect(listed.status).toBe(200);
    expect(listed.body.orders).toMatchObject([{ order_ref: order.orderRef, status: "confirmed", transaction_ref: null, total: total / 100 }]);

    // Not a sale until the money is collected.
    expect(await sales()).toEqual(before);

    // The replaced Pay Now's window was still open, and the customer pays it after all: the money
    // is given back (decision 0020), nothing more leaves the shelf, and it is no sale.
    expect((await chargeTestCard(handle.db, started.body.access_code, TEST_CARD_SUCCESS)).ok).toBe(true);
    const late = await client.post("/api/api4users/create_order.php", { userId: who.id, transactionRef: started.body.reference }, who.token);
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect(late.body.message).toBe(messages.paymentRefundedSuperseded);
    expect([await stockOf(handle.db, a), await stockOf(handle.db, b)]).toEqual([SHELF - 2, SHELF]);
    expect((await orderByRef(order.orderRef)).status).toBe("confirmed");
    expect(await sales()).toEqual(before);
  });

  it("refuses when a unit is gone, and keeps nothing: no order, the cart and the open Pay Now as they were", async () => {
    await setPod({ ceilingKobo: 10_000_000_00 });
    const a = await product(2);
    const b = await product();
    const who = await shopper("short", [[a, 2]]);
    const started = await startCheckout(ctx, who.id);
    if (!started.ok) throw new Error(started.message);
    expect(await stockOf(handle.db, a)).toBe(0);
    expect((await addToCart(handle.db, who.id, { productId: b })).ok).toBe(true);
    await setStock(handle.db, b, 0);

    const result = await placePayOnDelivery(ctx, who.id);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ message: expect.stringMatching(/out of stock/) });
    expect((await orderByRef(started.orderRef)).status).toBe("pending");
    expect([await stockOf(handle.db, a), await stockOf(handle.db, b)]).toEqual([0, 0]);
    expect((await ordersOfCustomer(who.id)).map((o) => o.status)).toEqual(["pending"]);
    expect(await cartRows(handle.db, who.id)).toHaveLength(2);
    expect(await getDelivery(handle.db, who.id)).not.toBeNull();
  });
});

// ------------------------------------------------------------------ at once

describe("placements at once", () => {
  it("20 customers at once for 5 units: exactly 5 orders, the shelf at 0, never below", async () => {
    await setPod({ maxOpen: 2 });
    const productId = await product(5);
    const buyers: Customer[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await shopper(`crowd-${i}`, [[productId, 1]]));
    const results = await Promise.all(buyers.map((who) => placePayOnDelivery(ctx, who.id)));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    for (const refused of results.filter((r) => !r.ok)) expect(refused).toMatchObject({ message: expect.stringMatching(/out of stock/) });
    expect(await stockOf(handle.db, productId)).toBe(0);
    const made = await handle.db
      .select({ n: count() })
      .from(orders)
      .where(
        inArray(
          orders.accountId,
          buyers.map((b) => b.id),
        ),
      );
    expect(made[0].n).toBe(5);
  });

  it("one customer pressing 20 times at once: one order, its units taken once; with one open before and a limit of 2, 2 open", async () => {
    await setPod({ maxOpen: 2 });
    const productId = await product();
    const who = await shopper("presses", [[productId, 1]]);
    await placed(who);
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 1);

    await fill(who, [[productId, 3]]);
    const results = await Promise.all(Array.from({ length: 20 }, () => placePayOnDelivery(ctx, who.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect([messages.cartEmpty, messages.deliveryMissing, messages.podTooManyOpen(2)]).toContain(refused.message);
    }
    expect(await openPodOrders(who.id)).toBe(2);
    expect(await ordersOfCustomer(who.id)).toHaveLength(2);
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 4);
  });

  it("counts the open orders under the customer's lock: a placement waits for another checkout of theirs and sees its order", async () => {
    await setPod({ maxOpen: 2 });
    const productId = await product();
    const who = await shopper("lock", [[productId, 1]]);
    await placed(who);
    await fill(who, [[productId, 1]]);
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });

    // Another connection (a second process on PostgreSQL) is placing an order of theirs: it holds
    // their checkout lock, and its order is not committed yet.
    const other = await handle.connectAgain();
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = other.db.transaction(async (tx) => {
        await lockCheckout(tx, who.id);
        const delivery = (await getDelivery(tx, who.id))!;
        await insertOrder(tx, {
          ...delivery,
          accountId: who.id,
          totalKobo: 1_000_00,
          status: "confirmed",
          paymentMethod: "pay_on_delivery",
          placedAt: new Date(),
        });
        holding();
        await gate;
      });
      await held;
      const placing = placePayOnDelivery(ctx, who.id);
      if (handle.engine === "postgres") {
        // The placement is waiting for the lock (not yet counting): seen from a third connection.
        const deadline = Date.now() + 5_000;
        for (;;) {
          const [row] = await queryRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
          );
          if (row.n > 0) break;
          if (Date.now() > deadline) throw new Error("the placement never waited for the customer's checkout lock");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      release();
      await holder;
      expect(await placing).toEqual({ ok: false, message: messages.podTooManyOpen(2) });
      expect(await openPodOrders(who.id)).toBe(2);
      expect(await stockOf(handle.db, productId)).toBe(SHELF - 1);
    } finally {
      await other.close();
    }
  });
});

// ------------------------------------------------------------------ the customer's cancel

describe("the customer's cancel", () => {
  it("cancels before shipping (confirmed or processing) with the units back; not after shipping; not someone else's; not an online order", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("cancel", [[productId, 2]]);
    const confirmed = await placed(who);
    await fill(who, [[productId, 3]]);
    const processing = await placed(who);
    await move(processing, "processing");
    await fill(who, [[productId, 1]]);
    const shipped = await placed(who);
    await move(shipped, "processing", "shipped");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 6);

    // Someone else cannot.
    const stranger = await customer("cancel-stranger");
    expect(await cancelPayOnDelivery(ctx, stranger.id, confirmed.orderRef)).toEqual({ ok: false, message: messages.podNotCancellable });
    expect((await orderByRef(confirmed.orderRef)).status).toBe("confirmed");

    expect(await cancelPayOnDelivery(ctx, who.id, confirmed.orderRef)).toEqual({ ok: true, message: messages.podCancelled });
    expect((await orderByRef(confirmed.orderRef)).status).toBe("cancelled");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 4);
    const [event] = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, confirmed.id)).orderBy(desc(orderEvents.id)).limit(1);
    expect(event).toMatchObject({ status: "cancelled", accountId: who.id });
    expect((await mailsOfKind(handle.db, who.deliveryEmail, "order-status")).length).toBeGreaterThanOrEqual(1);
    expect((await textsTo(who.e164)).map((t) => t.kind)).toContain("order-cancelled");
    // Twice: the second changes nothing.
    expect(await cancelPayOnDelivery(ctx, who.id, confirmed.orderRef)).toEqual({ ok: false, message: messages.podNotCancellable });
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 4);

    expect(await cancelPayOnDelivery(ctx, who.id, processing.orderRef)).toEqual({ ok: true, message: messages.podCancelled });
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 1);

    expect(await cancelPayOnDelivery(ctx, who.id, shipped.orderRef)).toEqual({ ok: false, message: messages.podNotCancellable });
    expect((await orderByRef(shipped.orderRef)).status).toBe("shipped");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 1);

    const online = await paidOnline(who, productId);
    expect(await cancelPayOnDelivery(ctx, who.id, online.orderRef)).toEqual({ ok: false, message: messages.podNotCancellable });
    expect((await orderByRef(online.orderRef)).status).toBe("paid");
  });
});

// ------------------------------------------------------------------ staff, and the door

describe("staff and the collection at the door", () => {
  it("shows apart from sales in the orders CSV and Reports until collected: to collect, then the method and collected", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("csv", [[productId, 1]]);
    const order = await placed(who);
    const csvRow = async () => {
      const file = await exportOrders(handle.db, "orders", { search: order.orderRef });
      if (!file.ok) throw new Error(file.message);
      return file.body.split("\r\n").find((line) => line.startsWith(order.orderRef)) ?? "";
    };
    expect(await csvRow()).toContain(",On delivery,,");
    expect(await csvRow()).toContain(",to collect,");
    const waiting = await loadUncollected(handle.db);
    expect(waiting.orders).toBeGreaterThanOrEqual(1);
    await move(order, "processing", "shipped");
    const amount = (order.totalKobo / 100).toLocaleString("en-NG");
    expect(await recordCollection(staff(), adminId, order.orderRef, collected({ method: "pos", amount }))).toMatchObject({ ok: true });
    expect(await csvRow()).toContain(",On delivery,POS,");
    expect(await csvRow()).toContain(",collected,");
    const after = await loadUncollected(handle.db);
    expect(after.orders).toBe(waiting.orders - 1);
    expect(after.valueKobo).toBe(waiting.valueKobo - order.totalKobo);
  });

  it("moves it on to shipped, the units staying taken; delivered only with a collection; paid is no move of it", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("staff-moves", [[productId, 2]]);
    const order = await placed(who);
    const bare = { ok: false, reason: "needs-collection", message: messages.collectionNeeded };
    expect(await changeOrderStatus(staff(), adminId, order.orderRef, "delivered")).toMatchObject({ ...bare, current: "confirmed" });
    expect(await changeOrderStatus(staff(), adminId, order.orderRef, "paid")).toMatchObject({ ok: false, reason: "not-allowed" });
    await move(order, "processing");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 2);
    await move(order, "shipped");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 2);
    expect(await changeOrderStatus(staff(), adminId, order.orderRef, "delivered")).toMatchObject({ ...bare, current: "shipped" });
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "shipped", paidAt: null });
    expect(await collectionsOf(order.id)).toEqual([]);

    // An admin's cancel before shipping returns the units.
    await fill(who, [[productId, 3]]);
    const other = await placed(who);
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 5);
    await move(other, "cancelled");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 2);
  });

  it("records a full cash collection: delivered and paid, the collection kept and audited, the customer texted, now a sale", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("collect", [[productId, 2]]);
    const order = await placed(who);
    await move(order, "processing", "shipped");
    const before = await sales();
    const at = Date.now();
    const amount = (order.totalKobo / 100).toLocaleString("en-NG");
    expect(await recordCollection(staff(), adminId, order.orderRef, collected({ method: "cash", amount }))).toEqual({
      ok: true,
      orderRef: order.orderRef,
    });
    const after = await orderByRef(order.orderRef);
    expect(after.status).toBe("delivered");
    expect(after.paidAt).toBeInstanceOf(Date);
    expect(after.paidAt!.getTime()).toBeGreaterThanOrEqual(at - 5_000);
    expect(after.placedAt).toEqual(order.placedAt);
    expect(await collectionsOf(order.id)).toMatchObject([{ method: "cash", amountKobo: order.totalKobo, collectedBy: adminId, reason: null }]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `Order ${order.orderRef}`))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(["order-status", "order-status", "collection"]);
    expect(audit[2]).toMatchObject({ actorId: adminId, detail: `${formatNairaTotal(order.totalKobo)} in cash` });
    const [event] = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(desc(orderEvents.id)).limit(1);
    expect(event).toMatchObject({ status: "delivered", accountId: adminId });
    const texts = await textsTo(who.e164);
    expect(texts.map((t) => t.kind)).toEqual(["pay-on-delivery-placed", "order-shipped", "pay-on-delivery-collected"]);
    expect(texts[2].text).toContain(order.orderRef);
    // The units left with the parcel: nothing comes back.
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 2);

    expect(await sales()).toEqual(salesPlus(before, order.totalKobo, 1));

    // Given back by hand afterwards: no longer a sale.
    await move(order, "refunded");
    expect(await sales()).toEqual(before);
  });

  it("asks why when the amount is not the total, and keeps the reason", async () => {
    await setPod({ maxOpen: 5 });
    const who = await shopper("short-collect", [[await product(), 1]]);
    const order = await placed(who);
    await move(order, "processing", "shipped");
    const less = String(order.totalKobo / 100 - 500);
    expect(await recordCollection(staff(), adminId, order.orderRef, collected({ method: "transfer", amount: less }))).toEqual({
      ok: false,
      message: messages.collectionReasonRequired,
    });
    expect(await recordCollection(staff(), adminId, order.orderRef, collected({ method: "transfer", amount: less, reason: "   " }))).toEqual({
      ok: false,
      message: messages.collectionReasonRequired,
    });
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "shipped", paidAt: null });
    expect(await collectionsOf(order.id)).toEqual([]);

    const reason = "Customer had a ₦500 voucher from the rider";
    expect(await recordCollection(staff(), adminId, order.orderRef, collected({ method: "pos", amount: less, reason: ` ${reason} ` }))).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await collectionsOf(order.id)).toMatchObject([{ method: "pos", amountKobo: order.totalKobo - 500_00, reason }]);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `Order ${order.orderRef}`), eq(auditLog.action, "collection")));
    expect(audit.detail).toContain(reason);
    expect((await orderByRef(order.orderRef)).status).toBe("delivered");
  });

  it("refuses a collection for an order not shipped, paid online, unknown, or already collected", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("no-collect", [[productId, 1]]);
    const order = await placed(who);
    const full = () => collected({ amount: String(order.totalKobo / 100) });
    const notShipped = { ok: false, message: messages.collectionNotShipped };
    expect(await recordCollection(staff(), adminId, order.orderRef, full())).toEqual(notShipped);
    await move(order, "processing");
    expect(await recordCollection(staff(), adminId, order.orderRef, full())).toEqual(notShipped);
    expect(await recordCollection(staff(), adminId, "ORD-0-0", full())).toEqual(notShipped);

    const online = await paidOnline(who, productId);
    await move(online, "processing", "shipped");
    expect(await recordCollection(staff(), adminId, online.orderRef, collected({ amount: String(online.totalKobo / 100) }))).toEqual(notShipped);
    expect(await orderByRef(online.orderRef)).toMatchObject({ status: "shipped" });
    expect(await collectionsOf(online.id)).toEqual([]);

    await move(order, "shipped");
    expect((await recordCollection(staff(), adminId, order.orderRef, full())).ok).toBe(true);
    const paidAt = (await orderByRef(order.orderRef)).paidAt;
    expect(await recordCollection(staff(), adminId, order.orderRef, full())).toEqual(notShipped);
    expect(await collectionsOf(order.id)).toHaveLength(1);
    expect((await orderByRef(order.orderRef)).paidAt).toEqual(paidAt);
  });

  it("refused at the door: cancelled, its units back on the shelf, never a sale", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("refused", [[productId, 3]]);
    const order = await placed(who);
    await move(order, "processing", "shipped");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 3);
    const before = await sales();
    await move(order, "cancelled");
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "cancelled", paidAt: null });
    expect(await stockOf(handle.db, productId)).toBe(SHELF);
    expect(await sales()).toEqual(before);
    // Cancelled is the end: no collection after it, no second return.
    expect(await recordCollection(staff(), adminId, order.orderRef, collected({ amount: String(order.totalKobo / 100) }))).toEqual({
      ok: false,
      message: messages.collectionNotShipped,
    });
    expect((await changeOrderStatus(staff(), adminId, order.orderRef, "cancelled")).ok).toBe(false);
    expect(await stockOf(handle.db, productId)).toBe(SHELF);
  });

  it("collected and refused at the door at once (two staff): one of them, and the units back only if refused", async () => {
    await setPod({ maxOpen: 5 });
    const productId = await product();
    const who = await shopper("door-race", [[productId, 2]]);
    const order = await placed(who);
    await move(order, "processing", "shipped");
    const [collection, refusal] = await Promise.all([
      recordCollection(staff(), adminId, order.orderRef, collected({ amount: String(order.totalKobo / 100) })),
      changeOrderStatus(staff(), adminId, order.orderRef, "cancelled"),
    ]);
    expect([collection.ok, refusal.ok].filter(Boolean)).toHaveLength(1);
    const after = await orderByRef(order.orderRef);
    if (collection.ok) {
      expect(after).toMatchObject({ status: "delivered" });
      expect(after.paidAt).not.toBeNull();
      expect(await collectionsOf(order.id)).toHaveLength(1);
      expect(await stockOf(handle.db, productId)).toBe(SHELF - 2);
    } else {
      expect(after).toMatchObject({ status: "cancelled", paidAt: null });
      expect(await collectionsOf(order.id)).toEqual([]);
      expect(await stockOf(handle.db, productId)).toBe(SHELF);
    }
  });

  it("two clicks at once record one collection", async () => {
    await setPod({ maxOpen: 5 });
    const who = await shopper("double-click", [[await product(), 1]]);
    const order = await placed(who);
    await move(order, "processing", "shipped");
    const input = collected({ amount: String(order.totalKobo / 100) });
    const before = await sales();
    const results = await Promise.all([
      recordCollection(staff(), adminId, order.orderRef, input),
      recordCollection(staff(), adminId, order.orderRef, input),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, message: messages.collectionNotShipped }]);
    expect(await collectionsOf(order.id)).toHaveLength(1);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `Order ${order.orderRef}`), eq(auditLog.action, "collection")));
    expect(audits).toHaveLength(1);
    const delivered = await handle.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, "delivered")));
    expect(delivered).toHaveLength(1);
    expect((await textsTo(who.e164)).filter((t) => t.kind === "pay-on-delivery-collected")).toHaveLength(1);
    expect(await sales()).toEqual(salesPlus(before, order.totalKobo, 1));
  });
});

// ------------------------------------------------------------------ not shipped in time

describe("orders not shipped in time", () => {
  it("expire after the owner's days, confirmed or processing: units back, the place freed; a shipped one stays", async () => {
    await setPod({ maxOpen: 3, shipWithinDays: 3 });
    const productId = await product();
    const who = await shopper("expire", [[productId, 1]]);
    const confirmed = await placed(who);
    await fill(who, [[productId, 2]]);
    const processing = await placed(who);
    await move(processing, "processing");
    await fill(who, [[productId, 4]]);
    const shipped = await placed(who);
    await move(shipped, "processing", "shipped");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 7);
    await fill(who, [[productId, 1]]);
    expect(await offerFor(who)).toMatchObject({ offered: false });

    const day = 24 * 60 * 60_000;
    await expireUnshippedPayOnDelivery(handle.db, new Date(Date.now() + 2 * day));
    expect((await orderByRef(confirmed.orderRef)).status).toBe("confirmed");
    expect((await orderByRef(processing.orderRef)).status).toBe("processing");

    const expired = await expireUnshippedPayOnDelivery(handle.db, new Date(Date.now() + 4 * day));
    expect(expired).toBeGreaterThanOrEqual(2);
    expect((await orderByRef(confirmed.orderRef)).status).toBe("expired");
    expect((await orderByRef(processing.orderRef)).status).toBe("expired");
    expect((await orderByRef(shipped.orderRef)).status).toBe("shipped");
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 4);
    const [event] = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, confirmed.id)).orderBy(desc(orderEvents.id)).limit(1);
    expect(event).toMatchObject({ status: "expired", accountId: null, note: "Not shipped within 3 days" });
    expect(await openPodOrders(who.id)).toBe(1);
    expect(await offerFor(who)).toEqual({ offered: true, confirmPhone: null });

    // Run again: nothing more comes back.
    await expireUnshippedPayOnDelivery(handle.db, new Date(Date.now() + 4 * day));
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 4);
    expect(await cancelPayOnDelivery(ctx, who.id, confirmed.orderRef)).toEqual({ ok: false, message: messages.podNotCancellable });
  });

  it("the expiry and the customer's cancel at once return the units once", async () => {
    await setPod({ maxOpen: 3, shipWithinDays: 3 });
    const productId = await product();
    const who = await shopper("expire-race", [[productId, 3]]);
    const order = await placed(who);
    expect(await stockOf(handle.db, productId)).toBe(SHELF - 3);
    const [, cancelled] = await Promise.all([
      expireUnshippedPayOnDelivery(handle.db, new Date(Date.now() + 4 * 24 * 60 * 60_000)),
      cancelPayOnDelivery(ctx, who.id, order.orderRef),
    ]);
    const status = (await orderByRef(order.orderRef)).status;
    expect(status).toBe(cancelled.ok ? "cancelled" : "expired");
    expect(await stockOf(handle.db, productId)).toBe(SHELF);
  });
});

// ------------------------------------------------------------------ the collection form

describe("the collection form's amount", () => {
  const amountOf = (amount: unknown) => collectionInput.safeParse({ method: "cash", amount });

  it.each([
    ["45000", 45_000_00],
    ["45,000", 45_000_00],
    ["₦45,000.00", 45_000_00],
    ["NGN 45,000", 45_000_00],
    [" 45,000.5 ", 45_000_50],
    ["0.29", 29],
    ["1,234,567.89", 123_456_789],
    ["999999999.99", 99_999_999_999],
  ])("reads %j as %i kobo", (typed, kobo) => {
    const parsed = amountOf(typed);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ method: "cash", amountKobo: kobo, reason: null });
  });

  it.each(["0", "0.00", "-5", "abc", "", "   ", "45,00", "4,5000", "1e5", "0x10", "45.001", "1000000000", "₦", "Infinity", "NaN", "４５"])(
    "refuses %j",
    (typed) => {
      const parsed = amountOf(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([messages.collectionAmountInvalid]);
    },
  );

  it("refuses a 100 KB amount at once, and amounts that are not text", () => {
    const started = performance.now();
    const parsed = amountOf("9".repeat(100_000));
    expect(performance.now() - started).toBeLessThan(100);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([messages.collectionAmountInvalid]);
    for (const amount of [45000, null, undefined, ["45000"], { amount: "45000" }]) {
      expect(
        amountOf(amount).error?.issues.map((i) => i.message),
        JSON.stringify(amount),
      ).toEqual([messages.collectionAmountInvalid]);
    }
  });

  it("takes cash, transfer or POS only, and a reason of at most 500 characters (blank is none)", () => {
    for (const method of ["cash", "transfer", "pos"]) expect(collectionInput.safeParse({ method, amount: "1" }).success, method).toBe(true);
    for (const method of ["cheque", "CASH", "", undefined, 1]) {
      expect(
        collectionInput.safeParse({ method, amount: "1" }).error?.issues.map((i) => i.message),
        String(method),
      ).toEqual([messages.collectionMethodInvalid]);
    }
    expect(collectionInput.parse({ method: "cash", amount: "1", reason: "  " }).reason).toBeNull();
    expect(collectionInput.parse({ method: "cash", amount: "1", reason: "x".repeat(500) }).reason).toHaveLength(500);
    expect(collectionInput.safeParse({ method: "cash", amount: "1", reason: "x".repeat(501) }).error?.issues.map((i) => i.message)).toEqual([
      messages.collectionReasonTooLong,
    ]);
  });
});

describe("the total the page showed", () => {
  // Last in the file: it takes a seeded product, and the tests above depend on the ones they get.
  it("refuses Place order when the total the page showed is no longer the cart's, naming that button, and places nothing", async () => {
    await setPod();
    const productId = await product();
    const who = await shopper("changed-total", [[productId, 1]]);
    const total = cartTotalKobo(await getCart(handle.db, who.id));
    expect(await placePayOnDelivery(ctx, who.id, { expectedTotalKobo: total + 1 })).toEqual({
      ok: false,
      message: `Your total has changed to ${formatNairaTotal(total)}. Please check it and press Place order, pay on delivery again.`,
    });
    expect(await ordersOfCustomer(who.id)).toEqual([]);
    expect(await stockOf(handle.db, productId)).toBe(SHELF);
    expect((await placed(who)).totalKobo).toBe(total);
  });
});

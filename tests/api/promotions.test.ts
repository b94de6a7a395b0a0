import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosDateTime } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { addToCart, getCart, readCart, saveDelivery } from "~/server/cart/cart";
import { cancelCheckout, completePayment, expireStaleOrders, HOLD_MS, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { changePayOnDeliverySettings, PAY_ON_DELIVERY_DEFAULTS, placePayOnDelivery } from "~/server/checkout/pay-on-delivery";
import { createStaffOrder, staffOrderInput } from "~/server/checkout/staff-orders";
import { accounts, auditLog, carts, collections, orderDiscounts, orders, outbox, payments, promotions, refunds } from "~/server/db/schema";
import { exportOrders } from "~/server/orders/order-export";
import { collectionInput, recordCollection } from "~/server/orders/collections";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { paystackGateway } from "~/server/payments/paystack";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { listPromotions, readPromotionForm, savePromotion, setPromotionStatus, type PromotionForm } from "~/server/promotions/admin";
import { applyCode, cartPricing, PROMO_CODE_LIMIT, promotionRules, removeCode } from "~/server/promotions/promotions";
import { presetRange } from "~/server/reports/range";
import { loadSalesReport } from "~/server/reports/sales";
import { SCRIPT } from "../support/hostile-text";
import { startPaystackStub } from "../support/paystack-stub";
import {
  deliveryFields,
  plainProductIds,
  quickAccount,
  quickCustomer,
  quickOwner,
  setStock,
  shopClient,
  testCheckout,
  variantOf,
  type Shopper,
} from "../support/shop";
import { useApiServer, useStarted, useTestDatabase } from "../support/use-shop";

// Promotions and codes (issue 29, decision 0064) on the engine of this run: every refusal in its
// words with nothing changed, the discount on the order, its mail, the CSV and the reports, the
// amount Paystack is asked for, what counts as a use (reserved at Pay Now, given back when the
// checkout ends unpaid, honoured when paid late), and caps that hold when twenty customers press
// Pay Now at once (on PostgreSQL these really overlap; PGlite runs them in turn).

const handle = useTestDatabase();
const stub = useStarted(() => startPaystackStub({ secretKey: "sk_test_promotions" }));
const api = useApiServer(handle);
let ctx: CheckoutContext;
let owner: SignedInAccount;
let staff: SignedInAccount;
let plain: number[];
let nextProduct = 0;
let nextCode = 0;
/** The last plain products: one each for the customers of a race, so only the promotion's lock can make them wait for each other. */
const RACERS = 20;
const racerProducts = async () => {
  const ids = plain.slice(-RACERS);
  for (const id of ids) await setStock(handle.db, id, 200);
  return ids;
};

beforeAll(async () => {
  ctx = testCheckout(handle.db);
  owner = await quickOwner(handle.db, "promo-owner");
  const staffRow = await quickAccount(handle.db, "admin", "promo-staff", "Tunde Staff");
  await handle.db.update(accounts).set({ adminRole: "staff" }).where(eq(accounts.id, staffRow.id));
  staff = { ...owner, id: staffRow.id, email: staffRow.email, adminRole: "staff", fullName: "Tunde Staff" };
  plain = await plainProductIds(handle.db);
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

/** A plain product of this test's own with `stock` units, and its price. */
async function product(stock = 100): Promise<{ id: number; priceKobo: number }> {
  if (nextProduct >= plain.length - RACERS) throw new Error(`the seed has only ${plain.length} plain products`);
  const id = plain[nextProduct++];
  await setStock(handle.db, id, stock);
  return { id, priceKobo: (await variantOf(handle.db, id)).priceKobo };
}

const form = (fields: Partial<PromotionForm>): PromotionForm => ({
  name: "Test promotion",
  code: "",
  kind: "percent",
  percent: "10",
  amount: "",
  minSubtotal: "",
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  productIds: [],
  categoryIds: [],
  firstOrderOnly: false,
  ...fields,
});

/** A promotion the owner creates through the panel's service; returns its id. */
async function promotion(fields: Partial<PromotionForm>): Promise<number> {
  const read = readPromotionForm(form(fields));
  if (!read.ok) throw new Error(read.message);
  const saved = await savePromotion(handle.db, owner, null, read.values);
  if (!saved.ok) throw new Error(saved.message);
  return saved.id;
}

const newCode = (prefix = "CODE") => `${prefix}${++nextCode}`;

/** A customer with `quantity` units of a product in the cart and delivery details kept. */
async function shopper(tag: string, productId: number, quantity = 1): Promise<Shopper> {
  const who = await quickCustomer(handle.db, `promo-${tag}`);
  for (let i = 0; i < quantity; i++) expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  await saveDelivery(handle.db, who.id, { ...deliveryFields({ email: `${tag}-${who.id}@buyer.test` }), phone: "08012345678" });
  return who;
}

/** An order staff take for the customer, one unit of the product, paid by link, with the code. */
const paymentLinkOrder = async (who: Shopper, productId: number, code: string) =>
  staffOrderInput.parse({
    customer: { fullName: "Bulk Buyer", email: who.email },
    lines: [{ variantId: (await variantOf(handle.db, productId)).id, quantity: 1 }],
    delivery: deliveryFields(),
    payment: "link",
    send: [],
    code,
  });

const apply = async (who: Shopper, code: string) => applyCode(handle.db, who.id, code, await getCart(handle.db, who.id));
const cartCodeOf = async (who: Shopper) =>
  (await handle.db.select({ code: carts.promotionCode }).from(carts).where(eq(carts.accountId, who.id)))[0]?.code;

/** Pay Now, then the test card: the order placed. */
async function buy(who: Shopper, c = ctx) {
  const started = await startCheckout(c, who.id);
  if (!started.ok) throw new Error(started.message);
  expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  expect(await completePayment(c, started.reference, who.id)).toMatchObject({ ok: true });
  return started;
}

const orderOf = async (orderRef: string) => (await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef)))[0];
const discountsOf = async (orderRef: string) => {
  const order = await orderOf(orderRef);
  return handle.db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order.id));
};

describe("a code on the cart", () => {
  it("applies case-insensitively, shows its discount line and the total, and comes off again", async () => {
    const { id, priceKobo } = await product();
    const code = newCode("WELCOME");
    await promotion({ name: "Welcome", code, percent: "10" });
    const who = await shopper("apply", id, 2);
    expect(await apply(who, `  ${code.toLowerCase()} `)).toEqual({ ok: true, code, message: messages.promoCodeApplied(code) });
    expect(await cartCodeOf(who)).toBe(code);
    const pricing = await cartPricing(handle.db, who.id, await readCart(handle.db, who.id), await promotionRules(handle.db));
    const off = Math.floor((2 * priceKobo * 10) / 100);
    expect(pricing).toMatchObject({
      subtotalKobo: 2 * priceKobo,
      discounts: [{ name: "Welcome", code, amountKobo: off }],
      totalKobo: 2 * priceKobo - off,
      codeRefusal: null,
    });
    await removeCode(handle.db, who.id);
    expect(await cartCodeOf(who)).toBeNull();
    expect((await cartPricing(handle.db, who.id, await readCart(handle.db, who.id), await promotionRules(handle.db))).totalKobo).toBe(2 * priceKobo);
  });

  it("refuses every code that does not hold, each in its own words, and changes nothing", async () => {
    const { id, priceKobo } = await product();
    const who = await shopper("refusals", id);
    const cases: [Partial<PromotionForm>, string][] = [
      [{ endsAt: lagosDateTime(new Date(Date.now() - 60_000)).slice(0, 16) }, messages.promoExpired],
      [{ startsAt: "2099-01-01 09:00" }, messages.promoNotStarted("1 Jan 2099, 9:00 am")],
      [{ minSubtotal: String((priceKobo + 100) / 100) }, messages.promoMinimum(formatNairaTotal(priceKobo + 100))],
      [{ productIds: [String(plain.at(-1))] }, messages.promoNoEligible],
      [{ kind: "fixed", percent: "", amount: String(priceKobo / 100) }, messages.promoBelowMinimum("₦50.00")],
    ];
    for (const [fields, message] of cases) {
      const code = newCode("NO");
      await promotion({ code, ...fields });
      expect(await apply(who, code), JSON.stringify(fields)).toEqual({ ok: false, reason: "refused", message });
    }
    const paused = newCode("PAUSE");
    const pausedId = await promotion({ code: paused });
    expect(await setPromotionStatus(handle.db, owner, pausedId, "paused")).toMatchObject({ ok: true, message: messages.promotionPaused });
    expect(await apply(who, paused)).toEqual({ ok: false, reason: "refused", message: messages.promoPaused });
    const ended = newCode("END");
    const endedId = await promotion({ code: ended });
    expect(await setPromotionStatus(handle.db, owner, endedId, "ended")).toMatchObject({ ok: true });
    expect(await apply(who, ended)).toEqual({ ok: false, reason: "refused", message: messages.promoExpired });
    expect(await setPromotionStatus(handle.db, owner, endedId, "active")).toEqual({ ok: false, message: messages.promotionAlreadyEnded });
    expect(await apply(who, "NOSUCHCODE")).toEqual({ ok: false, reason: "refused", message: messages.promoUnknown });
    expect(await apply(who, "   ")).toEqual({ ok: false, reason: "refused", message: messages.promoCodeRequired });
    expect(await apply(who, SCRIPT)).toEqual({ ok: false, reason: "refused", message: messages.promoUnknown });
    expect(await apply(who, "x".repeat(100_000))).toEqual({ ok: false, reason: "refused", message: messages.promoUnknown });
    expect(await cartCodeOf(who)).toBeNull();
    expect((await getCart(handle.db, who.id)).map((l) => l.quantity)).toEqual([1]);
  });

  it("counts a customer's tries: after 30 in 15 minutes even a right code waits", async () => {
    const { id } = await product();
    const code = newCode("GUESS");
    await promotion({ code });
    const who = await shopper("guesser", id);
    for (let i = 0; i < PROMO_CODE_LIMIT.max; i++) expect((await apply(who, `WRONG${i}`)).ok).toBe(false);
    expect(await apply(who, code)).toEqual({ ok: false, reason: "limited", message: messages.tooManyAttempts("Please try again in 15 minutes.") });
    expect(await cartCodeOf(who)).toBeNull();
  });

  it("a first-order code is refused once the customer has ordered, and a customer's cap holds", async () => {
    const { id } = await product();
    const first = newCode("FIRST");
    await promotion({ code: first, firstOrderOnly: true });
    const once = newCode("ONCE");
    await promotion({ code: once, maxUsesPerCustomer: "1" });
    const who = await shopper("first", id);
    expect((await apply(who, first)).ok).toBe(true);
    await buy(who);
    // A code used leaves the cart with the bought lines: the next order starts without it.
    expect(await cartCodeOf(who)).toBeNull();
    expect((await addToCart(handle.db, who.id, { productId: id })).ok).toBe(true);
    expect(await apply(who, first)).toEqual({ ok: false, reason: "refused", message: messages.promoFirstOrderOnly });
    expect((await apply(who, once)).ok).toBe(true);
    await saveDelivery(handle.db, who.id, { ...deliveryFields(), phone: "08012345678" });
    const placed = await buy(who);
    expect((await discountsOf(placed.orderRef)).map((d) => d.code)).toEqual([once]);
    expect((await addToCart(handle.db, who.id, { productId: id })).ok).toBe(true);
    expect(await apply(who, once)).toEqual({ ok: false, reason: "refused", message: messages.promoCustomerCap });
    // Staff taking an order for the same customer meet the same cap.
    expect(await createStaffOrder(ctx, staff.id, await paymentLinkOrder(who, id, once.toLowerCase()))).toEqual({
      ok: false,
      message: messages.promoCustomerCap,
    });
  });

  it("a first-order code is not a first order twice: a payment link staff sent that waits for its money counts", async () => {
    const { id } = await product();
    const first = newCode("FIRSTLINK");
    await promotion({ code: first, firstOrderOnly: true });
    const who = await shopper("first-link", id);
    expect(await createStaffOrder(ctx, staff.id, await paymentLinkOrder(who, id, first))).toMatchObject({ ok: true });
    expect(await apply(who, first)).toEqual({ ok: false, reason: "refused", message: messages.promoFirstOrderOnly });
    expect(await cartCodeOf(who)).toBeNull();
  });
});

describe("the cart's code over the JSON API", () => {
  const APPLY = "/api/api4users/apply_promotion_code.php";
  const REMOVE = "/api/api4users/remove_promotion_code.php";
  const cartOf = async (who: Shopper) => (await shopClient(api).get(`/api/api4users/get_user_cart.php?user_id=${who.id}`, who.token)).body;

  it("puts a code on the cart and takes it off; the cart says what Pay Now charges; a refused code changes nothing", async () => {
    const { id, priceKobo } = await product();
    const code = newCode("APP");
    await promotion({ name: "App week", code, kind: "fixed", percent: "", amount: "500" });
    const who = await shopper("api-code", id, 2);
    const shop = shopClient(api);
    const subtotal = (2 * priceKobo) / 100;
    expect(await cartOf(who)).toMatchObject({ subtotal, discounts: [], total: subtotal, promotion_code: null, promotion_code_refused: null });

    const refused = await shop.post(APPLY, { user_id: who.id, code: "NOPE-NOPE" }, who.token);
    expect([refused.status, refused.body]).toEqual([409, { success: false, error: messages.promoUnknown, message: messages.promoUnknown }]);
    expect(await cartCodeOf(who)).toBeNull();
    for (const bad of [{ user_id: who.id }, { user_id: who.id, code: "   " }, { user_id: who.id, code: "X".repeat(100_000) }]) {
      expect((await shop.post(APPLY, bad, who.token)).status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    expect(await cartCodeOf(who)).toBeNull();

    const applied = await shop.post(APPLY, { user_id: who.id, code: ` ${code.toLowerCase()} ` }, who.token);
    expect([applied.status, applied.body]).toEqual([200, { success: true, message: messages.promoCodeApplied(code), promotion_code: code }]);
    expect(await cartOf(who)).toMatchObject({
      subtotal,
      discounts: [{ name: "App week", code, amount: 500 }],
      total: subtotal - 500,
      promotion_code: code,
      promotion_code_refused: null,
    });
    // What the cart says is what Pay Now asks for.
    const paying = await shop.post("/api/api4users/initialize_payment.php", { user_id: who.id, ...deliveryFields() }, who.token);
    expect([paying.status, paying.body.amount]).toEqual([201, subtotal - 500]);
    await cancelCheckout(ctx, paying.body.reference, who.id);

    // A code that stops holding: the cart says why, and the app can take it off.
    const [row] = await handle.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, code));
    await setPromotionStatus(handle.db, owner, row.id, "paused");
    expect(await cartOf(who)).toMatchObject({ discounts: [], total: subtotal, promotion_code: code, promotion_code_refused: messages.promoPaused });
    const removed = await shop.post(REMOVE, { user_id: who.id }, who.token);
    expect([removed.status, removed.body]).toEqual([200, { success: true, message: messages.promoCodeRemoved }]);
    expect(await cartOf(who)).toMatchObject({ total: subtotal, promotion_code: null, promotion_code_refused: null });
  });

  it("acts on the caller's own cart only", async () => {
    const { id } = await product();
    const code = newCode("OWN");
    await promotion({ code });
    const owner = await shopper("api-own-a", id);
    const other = await shopper("api-own-b", id);
    expect((await apply(owner, code)).ok).toBe(true);
    const shop = shopClient(api);
    expect((await shop.post(APPLY, { user_id: owner.id, code }, other.token)).status).toBe(403);
    expect((await shop.post(REMOVE, { user_id: owner.id }, other.token)).status).toBe(403);
    expect((await shop.post(REMOVE, { user_id: owner.id })).status).toBe(401);
    expect(await cartCodeOf(owner)).toBe(code);
    expect(await cartCodeOf(other)).toBeNull();
  });
});

describe("the order a code buys", () => {
  it("asks Paystack for the discounted amount and records the discount on the order, its mail, its CSV row and the reports", async () => {
    const { id, priceKobo } = await product();
    const code = newCode("PAY");
    await promotion({ name: "Payday", code, kind: "fixed", percent: "", amount: "1000" });
    const paystack: CheckoutContext = {
      ...ctx,
      gateway: paystackGateway({ secretKey: stub.secretKey, publicKey: null, apiBase: stub.baseUrl }),
    };
    const who = await shopper("paystack", id, 2);
    expect((await apply(who, code)).ok).toBe(true);
    const started = await startCheckout(paystack, who.id);
    if (!started.ok) throw new Error(started.message);
    const expected = 2 * priceKobo - 100_000;
    expect(started.amountKobo).toBe(expected);
    expect(stub.transactions.get(started.reference)?.amount).toBe(expected);
    stub.settle(started.reference, { status: "success", channel: "card" });
    expect(await completePayment(paystack, started.reference, who.id)).toMatchObject({ ok: true });
    const order = await orderOf(started.orderRef);
    expect(order).toMatchObject({ status: "paid", totalKobo: expected, discountKobo: 100_000 });
    expect(await discountsOf(started.orderRef)).toMatchObject([{ name: "Payday", code, amountKobo: 100_000, accountId: who.id }]);
    const [mail] = await handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "order-confirmation"), eq(outbox.to, order.email)));
    expect(mail.text).toContain(`Discount (${code})`);
    expect(mail.text).toContain(`−${formatNairaTotal(100_000)}`);
    expect(mail.text).toContain(formatNairaTotal(expected));
    const today = lagosDate(new Date());
    const csv = await exportOrders(handle.db, "orders", { search: started.orderRef, from: today, to: today }, { today });
    if (!csv.ok) throw new Error(csv.message);
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    const cells = row.split(",");
    const column = (name: string) => cells[header.split(",").indexOf(name)];
    expect([column("Subtotal (NGN)"), column("Discount (NGN)"), column("Promotion codes"), column("Total (NGN)")]).toEqual([
      String((2 * priceKobo) / 100),
      "1000",
      code,
      String(expected / 100),
    ]);
    // And the JSON API's list of the customer's orders (requirements §3.12), as get_user_cart.php says it.
    const listed = (await shopClient(api).get(`/api/api4users/get_user_orders.php?userId=${who.id}`, who.token)).body as {
      orders: Array<{ order_ref: string }>;
    };
    expect(listed.orders.find((o) => o.order_ref === started.orderRef)).toMatchObject({
      subtotal: (2 * priceKobo) / 100,
      discounts: [{ name: "Payday", code, amount: 1000 }],
      total: expected / 100,
    });
  });

  it("refuses Pay Now when the total the page showed is no longer the cart's", async () => {
    const { id, priceKobo } = await product();
    const who = await shopper("changed", id);
    expect(await startCheckout(ctx, who.id, undefined, { expectedTotalKobo: priceKobo + 1 })).toEqual({
      ok: false,
      reason: "total-changed",
      message: messages.totalChanged(formatNairaTotal(priceKobo), "Pay Now"),
    });
    expect(await handle.db.select().from(orders).where(eq(orders.accountId, who.id))).toEqual([]);
    const opened = await startCheckout(ctx, who.id, undefined, { expectedTotalKobo: priceKobo });
    if (!opened.ok) throw new Error(opened.message);
    // Pressed again from a page that showed another total: the open payment is not resumed for it.
    expect(await startCheckout(ctx, who.id, undefined, { expectedTotalKobo: priceKobo - 1 })).toEqual({
      ok: false,
      reason: "total-changed",
      message: messages.totalChanged(formatNairaTotal(priceKobo), "Pay Now"),
    });
    expect(await startCheckout(ctx, who.id, undefined, { expectedTotalKobo: priceKobo })).toMatchObject({
      ok: true,
      resumed: true,
      reference: opened.reference,
    });
  });

  it("a code that stops holding refuses Pay Now in its words, and the cart keeps it", async () => {
    const { id } = await product();
    const code = newCode("STOP");
    const promotionId = await promotion({ code });
    const who = await shopper("stopped", id);
    expect((await apply(who, code)).ok).toBe(true);
    await setPromotionStatus(handle.db, owner, promotionId, "paused");
    expect(await startCheckout(ctx, who.id)).toEqual({ ok: false, reason: "promotion", message: messages.promoPaused });
    expect(await cartCodeOf(who)).toBe(code);
    const pricing = await cartPricing(handle.db, who.id, await readCart(handle.db, who.id), await promotionRules(handle.db));
    expect(pricing).toMatchObject({ discounts: [], codeRefusal: { reason: "paused", message: messages.promoPaused } });
  });
});

describe("what counts as a use", () => {
  it("a use is reserved at Pay Now, given back when the checkout is cancelled, and taken by the next customer", async () => {
    const { id } = await product();
    const code = newCode("ONE");
    await promotion({ code, maxUses: "1" });
    const a = await shopper("reserve-a", id);
    const b = await shopper("reserve-b", id);
    expect((await apply(a, code)).ok).toBe(true);
    expect((await apply(b, code)).ok).toBe(true);
    const opened = await startCheckout(ctx, a.id);
    if (!opened.ok) throw new Error(opened.message);
    expect(await startCheckout(ctx, b.id)).toEqual({ ok: false, reason: "promotion", message: messages.promoUsedUp });
    // A's own Pay Now again resumes the same checkout: their reservation is not counted against them.
    expect(await startCheckout(ctx, a.id)).toMatchObject({ ok: true, reference: opened.reference, resumed: true });
    expect(await cancelCheckout(ctx, opened.reference, a.id)).toEqual({ status: "cancelled" });
    const placed = await buy(b);
    expect((await discountsOf(placed.orderRef)).map((d) => d.code)).toEqual([code]);
  });

  it("a payment that arrives after its reservation lapsed is honoured, the only way past the cap", async () => {
    const { id, priceKobo } = await product();
    const code = newCode("LATE");
    const promotionId = await promotion({ code, maxUses: "1" });
    const late = await shopper("late-a", id);
    const next = await shopper("late-b", id);
    expect((await apply(late, code)).ok).toBe(true);
    const opened = await startCheckout(ctx, late.id);
    if (!opened.ok) throw new Error(opened.message);
    expect(await expireStaleOrders(handle.db, new Date(Date.now() + HOLD_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await orderOf(opened.orderRef)).status).toBe("expired");
    expect((await apply(next, code)).ok).toBe(true);
    await buy(next);
    // The late customer paid the discounted price: their order is placed with its discount.
    expect((await chargeTestCard(handle.db, opened.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(ctx, opened.reference, late.id)).toMatchObject({ ok: true });
    expect(await orderOf(opened.orderRef)).toMatchObject({ status: "paid", totalKobo: priceKobo - Math.floor(priceKobo / 10) });
    const [row] = (await listPromotions(handle.db)).filter((p) => p.id === promotionId);
    expect(row).toMatchObject({ uses: 2, reserved: 0 });
  });

  it("a payment for a checkout the customer replaced is refunded: what was paid, the discounted total", async () => {
    const { id, priceKobo } = await product();
    const other = await product();
    const code = newCode("BACK");
    await promotion({ code, percent: "20" });
    const who = await shopper("refund", id);
    expect((await apply(who, code)).ok).toBe(true);
    const first = await startCheckout(ctx, who.id);
    if (!first.ok) throw new Error(first.message);
    expect((await addToCart(handle.db, who.id, { productId: other.id })).ok).toBe(true);
    expect((await startCheckout(ctx, who.id)).ok).toBe(true);
    expect((await chargeTestCard(handle.db, first.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(ctx, first.reference, who.id)).toMatchObject({ ok: false, reason: "refunded" });
    const paid = priceKobo - Math.floor((priceKobo * 20) / 100);
    expect(first.amountKobo).toBe(paid);
    const order = await orderOf(first.orderRef);
    expect(await handle.db.select({ amountKobo: refunds.amountKobo }).from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      { amountKobo: paid },
    ]);
  });
});

describe("limits under load", () => {
  it("twenty customers pressing Pay Now at once with a 5-use code: exactly 5 discounted orders, paid", async () => {
    const ids = await racerProducts();
    const code = newCode("FIVE");
    const promotionId = await promotion({ code, maxUses: "5" });
    const shoppers = await Promise.all(ids.map((id, i) => shopper(`race-${i}`, id)));
    for (const who of shoppers) expect((await apply(who, code)).ok).toBe(true);
    const started = await Promise.all(shoppers.map((who) => startCheckout(ctx, who.id)));
    const opened = started.filter((s) => s.ok);
    expect(opened).toHaveLength(5);
    for (const refused of started.filter((s) => !s.ok)) expect(refused).toEqual({ ok: false, reason: "promotion", message: messages.promoUsedUp });
    await Promise.all(
      opened.map(async (s) => {
        expect((await chargeTestCard(handle.db, s.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
        const who = shoppers[started.indexOf(s)];
        expect(await completePayment(ctx, s.reference, who.id)).toMatchObject({ ok: true });
      }),
    );
    const uses = await handle.db
      .select({ status: orders.status })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
      .where(eq(orderDiscounts.promotionId, promotionId));
    expect(uses.map((u) => u.status)).toEqual(Array(5).fill("paid"));
  });

  it("an automatic promotion capped at 3 discounts exactly 3 of ten checkouts at once; a customer's cap holds across staff and checkout", async () => {
    const ids = (await racerProducts()).slice(0, 10);
    const promotionId = await promotion({ name: "Flash sale", maxUses: "3", percent: "5", productIds: ids.map(String) });
    const shoppers = await Promise.all(ids.map((id, i) => shopper(`auto-${i}`, id)));
    const started = await Promise.all(shoppers.map((who) => startCheckout(ctx, who.id)));
    expect(started.every((s) => s.ok)).toBe(true);
    const discounted = await handle.db.select().from(orderDiscounts).where(eq(orderDiscounts.promotionId, promotionId));
    expect(discounted).toHaveLength(3);
    await setPromotionStatus(handle.db, owner, promotionId, "ended");

    const code = newCode("MINE");
    await promotion({ code, maxUsesPerCustomer: "1" });
    const { id } = await product();
    const who = await shopper("own-cap", id);
    expect((await apply(who, code)).ok).toBe(true);
    const input = await paymentLinkOrder(who, id, code);
    const both = await Promise.all([startCheckout(ctx, who.id), createStaffOrder(ctx, staff.id, input)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    // In turn, the customer's checkout first: the order staff take stands beside it, and is refused.
    const next = await shopper("own-cap-2", id);
    expect((await apply(next, code)).ok).toBe(true);
    expect((await startCheckout(ctx, next.id)).ok).toBe(true);
    expect(await createStaffOrder(ctx, staff.id, { ...input, customer: { ...input.customer, email: next.email } })).toEqual({
      ok: false,
      message: messages.promoCustomerCap,
    });
    const theirs = (await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.accountId, who.id))).map((o) => o.id);
    expect(await handle.db.select().from(orderDiscounts).where(inArray(orderDiscounts.orderId, theirs))).toHaveLength(1);
  });
});

describe("the Promotions panel's service", () => {
  it("only owners create or change promotions; every change is audited; bad values are refused in words", async () => {
    const read = readPromotionForm(form({ code: newCode("STAFF") }));
    if (!read.ok) throw new Error(read.message);
    expect(await savePromotion(handle.db, staff, null, read.values)).toEqual({ ok: false, message: messages.ownersOnlyPromotions });
    const code = newCode("AUDIT");
    const id = await promotion({ name: "Audited", code });
    expect(await setPromotionStatus(handle.db, staff, id, "paused")).toEqual({ ok: false, message: messages.ownersOnlyPromotions });
    expect(await savePromotion(handle.db, owner, null, { ...read.values, code })).toEqual({ ok: false, message: messages.promotionCodeTaken });
    // Changed by an owner: the new values hold at once, and the change is in the log too.
    const changed = readPromotionForm(form({ name: "Audited", code, kind: "fixed", percent: "", amount: "2500", maxUses: "3" }));
    if (!changed.ok) throw new Error(changed.message);
    expect(await savePromotion(handle.db, staff, id, changed.values)).toEqual({ ok: false, message: messages.ownersOnlyPromotions });
    expect(await savePromotion(handle.db, owner, id, changed.values)).toEqual({ ok: true, id, message: messages.promotionSaved });
    expect((await listPromotions(handle.db)).find((p) => p.id === id)).toMatchObject({ summary: `₦2,500.00 off, code ${code}, 3 uses` });
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.subject, "Promotion Audited"));
    expect(entries.map((e) => [e.action, e.actorId, e.detail])).toEqual([
      ["promotion", owner.id, `Created: 10% off, code ${code}`],
      ["promotion", owner.id, `Changed: ₦2,500.00 off, code ${code}, 3 uses`],
    ]);
    // An ended promotion is not changed again.
    expect(await setPromotionStatus(handle.db, owner, id, "ended")).toMatchObject({ ok: true });
    expect(await savePromotion(handle.db, owner, id, changed.values)).toEqual({ ok: false, message: messages.promotionAlreadyEnded });
    const bad: [Partial<PromotionForm>, string][] = [
      [{ name: "" }, messages.promotionNameInvalid],
      [{ name: "x".repeat(100_000) }, messages.promotionNameInvalid],
      [{ code: "a b" }, messages.promotionCodeInvalid],
      [{ code: "x".repeat(100_000) }, messages.promotionCodeInvalid],
      [{ percent: "0" }, messages.promotionPercentInvalid],
      [{ percent: "101" }, messages.promotionPercentInvalid],
      [{ kind: "fixed", amount: "abc" }, messages.promotionAmountInvalid],
      [{ kind: "fixed", amount: "0.5" }, messages.promotionAmountInvalid],
      [{ minSubtotal: "lots" }, messages.promotionMinimumInvalid],
      [{ startsAt: "2026-12-10 10:00", endsAt: "2026-12-01 10:00" }, messages.promotionDatesInvalid],
      [{ startsAt: "2026-02-30 10:00" }, messages.promotionDatesInvalid],
      [{ maxUses: "0" }, messages.promotionCapInvalid],
      [{ maxUsesPerCustomer: "1.5" }, messages.promotionCapInvalid],
      [{ productIds: ["x"] }, messages.promotionTargetsInvalid],
    ];
    for (const [fields, message] of bad) expect(readPromotionForm(form(fields)), JSON.stringify(fields).slice(0, 80)).toEqual({ ok: false, message });
    const unknown = readPromotionForm(form({ productIds: ["999999"] }));
    if (!unknown.ok) throw new Error(unknown.message);
    expect(await savePromotion(handle.db, owner, null, unknown.values)).toEqual({ ok: false, message: messages.promotionTargetsInvalid });
    expect(
      await handle.db
        .select()
        .from(promotions)
        .where(eq(promotions.name, "x".repeat(100_000))),
    ).toEqual([]);
  });
});

describe("the reports", () => {
  it("add up: gross − discounts = net, and net = online payments + cash collected on delivery − refunds", async () => {
    const { id, priceKobo } = await product();
    const code = newCode("SUM");
    await promotion({ code, percent: "25" });
    const online = await shopper("sum-online", id, 2);
    expect((await apply(online, code)).ok).toBe(true);
    await buy(online);
    // Pay on delivery, with the same code, collected at the door.
    expect(await changePayOnDeliverySettings(handle.db, owner, { ...PAY_ON_DELIVERY_DEFAULTS, on: true, who: "anyone", maxOpen: 5 })).toMatchObject({
      ok: true,
    });
    const door = await shopper("sum-door", id, 1);
    expect((await apply(door, code)).ok).toBe(true);
    const placed = await placePayOnDelivery(ctx, door.id);
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.totalKobo).toBe(priceKobo - Math.floor(priceKobo / 4));
    const staffCtx = { db: handle.db, publicUrl: "http://shop.test" };
    for (const to of ["processing", "shipped"] as const)
      expect(await changeOrderStatus(staffCtx, staff.id, placed.orderRef, to)).toMatchObject({ ok: true });
    const collected = collectionInput.parse({ method: "cash", amount: String(placed.totalKobo / 100) });
    expect(await recordCollection(staffCtx, staff.id, placed.orderRef, collected)).toMatchObject({ ok: true });

    const report = await loadSalesReport(handle.db, presetRange("last-7-days", lagosDate(new Date())));
    expect(report.grossKobo - report.discountKobo).toBe(report.revenueKobo);
    expect(report.discountKobo).toBeGreaterThan(0);
    // This file's shop: every online payment that went through, the cash at the door, the refunds.
    const paidOnline = await handle.db.select({ amountKobo: payments.amountKobo }).from(payments).where(eq(payments.status, "success"));
    const cash = await handle.db.select({ amountKobo: collections.amountKobo }).from(collections);
    const given = await handle.db.select({ amountKobo: refunds.amountKobo }).from(refunds);
    const sum = (rows: { amountKobo: number }[]) => rows.reduce((total, r) => total + r.amountKobo, 0);
    expect(report.revenueKobo).toBe(sum(paidOnline) + sum(cash) - sum(given));
  });
});

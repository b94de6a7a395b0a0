import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { arrivalDay, arrivesBy, businessDaysFor, DEFAULT_DELIVERY_SETTINGS } from "~/common/delivery-estimate";
import { messages } from "~/common/messages";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { expireStaleOrders, HOLD_MS, PAYMENT_START_LIMIT } from "~/server/checkout/checkout";
import { sendDueRefunds } from "~/server/checkout/refunds";
import { carts, orderEvents, orders, outbox, payments, products, refunds } from "~/server/db/schema";
import { formatNairaTotal } from "~/common/money";
import { startPaystackStub } from "../support/paystack-stub";
import { checkoutContext } from "~/server/app";
import {
  cartRows,
  deliveryFields,
  firstImageOf,
  localDateTime,
  loggedIn,
  mailsOfKind,
  orderItemsOf,
  ordersOf,
  paidOrdersOf,
  paymentOf,
  quickCustomer,
  setStock,
  shopClient,
  stockOf,
  variantOf,
  type ShopClient,
  type Shopper,
} from "../support/shop";
import { useApiServer, useApiShop, useStarted } from "../support/use-shop";

// Checkout over HTTP, on the engine of this run: initialize_payment.php turns the server cart
// into a pending order with reserved stock and opens a payment; create_order.php (requirements §7) and
// Paystack's webhook verify the reference and mark that order paid, once. Paystack is a local
// stub (tests/support/paystack-stub.ts); a second server on the same database has no keys and
// uses the built-in test gateway.

const stub = useStarted(() => startPaystackStub({ secretKey: "sk_test_checkout_suite" }));
const { handle, api } = useApiShop({ env: () => ({ PAYSTACK_SECRET_KEY: stub.secretKey, PAYSTACK_API_BASE: stub.baseUrl }) });
const offline = useApiServer(handle);
const shop = shopClient(api);
const testShop = shopClient(offline);

it("runs on the engine this run asked for, Paystack through the local stub", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  expect(api.config.paystack).toMatchObject({ secretKey: stub.secretKey, apiBase: stub.baseUrl });
  expect(offline.config.paystack.secretKey).toBeUndefined();
});

const ADD = "/api/api4users/add_to_cart.php";
const DECREASE = "/api/api4users/decrease_quantity.php";
const INITIALIZE = "/api/api4users/initialize_payment.php";
const CREATE_ORDER = "/api/api4users/create_order.php";
const ordersPath = (userId: number) => `/api/api4users/get_user_orders.php?userId=${userId}`;

const failure = (text: string) => ({ success: false, error: text, message: text });

const customer = (tag: string) => loggedIn(handle.db, api.baseUrl, "customer", tag);

type Line = [productId: number, quantity: number, size?: string];

/** Fills the customer's server cart through add_to_cart.php. */
async function fillCart(who: Shopper, lines: Line[], client = shop) {
  for (const [productId, quantity, size = "0"] of lines) {
    for (let i = 0; i < quantity; i++) {
      const res = await client.post(ADD, { user_id: who.id, product_id: productId, size, price: 1, product_name: "x" }, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
}

/** The cart total the catalogue gives, in kobo. */
async function totalKoboOf(lines: Line[]) {
  let total = 0;
  for (const [productId, quantity, size = ""] of lines) total += (await variantOf(handle.db, productId, size)).priceKobo * quantity;
  return total;
}

function initialize(who: Shopper, delivery = deliveryFields(), client = shop) {
  return client.post(INITIALIZE, { user_id: who.id, ...delivery }, who.token);
}

interface Started {
  who: Shopper;
  delivery: ReturnType<typeof deliveryFields>;
  reference: string;
  orderRef: string;
  accessCode: string;
  lines: Line[];
}

/** A customer with these lines in the cart and a checkout opened (a pending order). */
async function startedCheckout(tag: string, lines: Line[], options: { who?: Shopper; client?: ShopClient } = {}): Promise<Started> {
  const client = options.client ?? shop;
  const who = options.who ?? (await customer(tag));
  await fillCart(who, lines, client);
  const delivery = deliveryFields();
  const res = await initialize(who, delivery, client);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { who, delivery, reference: res.body.reference, orderRef: res.body.order_ref, accessCode: res.body.access_code, lines };
}

/** Requirements §3.11 "Order as sent", the way the specification's client builds it. */
function orderAsSent(s: Started, overrides: Record<string, unknown> = {}) {
  return {
    userId: s.who.id,
    date: localDateTime(),
    transactionRef: s.reference,
    orderRef: s.orderRef,
    firstName: s.delivery.firstName,
    lastName: s.delivery.lastName,
    phone: s.delivery.phone,
    email: s.delivery.email,
    address: s.delivery.address,
    state: s.delivery.state,
    city: s.delivery.city,
    cartItems: s.lines.map(([productId, quantity]) => ({ imageUrl: "a.jpg", productName: "x", quantity, price: 1, productId })),
    total: 1,
    ...overrides,
  };
}

function createOrder(s: Started, overrides: Record<string, unknown> = {}, client = shop) {
  return client.post(CREATE_ORDER, orderAsSent(s, overrides), s.who.token);
}

function postWebhook(body: string, signature?: string) {
  return fetch(`${api.baseUrl}/api/paystack/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "x-paystack-signature": signature }) },
    body,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

async function orderByRef(orderRef: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

/** The e-mails about one order: the customer's confirmation and the shop's new-order notice. */
async function orderMails(orderRef: string, deliveryEmail: string) {
  const confirmations = (await mailsOfKind(handle.db, deliveryEmail, "order-confirmation")).filter((m) => m.subject.includes(orderRef));
  const notices = (await mailsOfKind(handle.db, api.config.shopOrdersEmail, "new-order")).filter((m) => m.subject.includes(orderRef));
  return { confirmations, notices };
}

/**
 * The checkout's payment was given back on the shop's own: the order is refunded, one refund was
 * accepted by the provider for the whole amount, and the customer got the refund e-mail.
 */
async function expectRefunded(s: Pick<Started, "orderRef" | "reference" | "delivery">, reason: "superseded" | "sold-out") {
  const order = await orderByRef(s.orderRef);
  expect(order).toMatchObject({ status: "refunded", needsRefund: false });
  expect(order.paidAt).not.toBeNull();
  const rows = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
  expect(rows.map((r) => ({ reason: r.reason, status: r.status, amountKobo: r.amountKobo }))).toEqual([
    { reason, status: "sent", amountKobo: order.totalKobo },
  ]);
  expect(stub.refunds.filter((r) => r.reference === s.reference).map((r) => r.amount)).toEqual([order.totalKobo]);
  expect(stub.transactions.get(s.reference)!.status).toBe("reversed");
  const mails = (await mailsOfKind(handle.db, s.delivery.email, "refund")).filter((m) => m.subject.includes(s.orderRef));
  expect(mails).toHaveLength(1);
  const events = await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
  expect(events.map((e) => e.status)).toContain("refunded");
}

/** Moves a customer's hold back in time, as if `ms` had passed since their Pay Now. */
async function holdStartedEarlier(who: Shopper, ms: number) {
  await handle.db
    .update(carts)
    .set({ holdStartedAt: sql`${carts.holdStartedAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(carts.accountId, who.id));
  await handle.db
    .update(orders)
    .set({ reservedUntil: sql`${orders.reservedUntil} - make_interval(secs => ${ms / 1000})` })
    .where(and(eq(orders.accountId, who.id), eq(orders.status, "pending")));
}

async function successfulPayments(orderId: number) {
  return handle.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "success")));
}

// ------------------------------------------------------------------ delivery details

describe("POST /api/api4users/initialize_payment.php: the delivery details", () => {
  async function refused(tag: string, overrides: Record<string, unknown>, status: number, text: string, lines: Line[] = [[53, 1]]) {
    const who = await customer(tag);
    await setStock(handle.db, 53, 13);
    await fillCart(who, lines);
    const initCalls = stub.calls.initialize;
    const res = await initialize(who, deliveryFields(overrides));
    expect(res.status).toBe(status);
    expect(res.body).toEqual(failure(text));
    expect(await ordersOf(handle.db, who.id)).toEqual([]);
    expect(await stockOf(handle.db, 53)).toBe(13);
    expect(stub.calls.initialize).toBe(initCalls);
  }

  it("refuses a confirmPhone that differs (400)", () => refused("mismatch", { confirmPhone: "08012345679" }, 400, messages.phoneMismatch));

  it("refuses a malformed e-mail (400)", () => refused("bad-email", { email: "chioma@nowhere" }, 400, messages.deliveryEmailInvalid));

  it("refuses a city that is not of the chosen state (400)", () =>
    refused("bad-city", { state: "Lagos", city: "Abuja" }, 400, messages.cityNotInState));

  it("refuses an empty cart (409)", () => refused("empty-cart", {}, 409, messages.cartEmpty, []));

  it("answers 401 without a token and 403 for another customer's user_id", async () => {
    const owner = await customer("init-owner");
    const other = await customer("init-other");
    await fillCart(owner, [[53, 1]]);
    const anonymous = await shop.post(INITIALIZE, { user_id: owner.id, ...deliveryFields() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(failure(messages.signInRequired));
    const foreign = await shop.post(INITIALIZE, { user_id: owner.id, ...deliveryFields() }, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(failure(messages.notYourAccount));
    expect(await ordersOf(handle.db, owner.id)).toEqual([]);
    expect(await ordersOf(handle.db, other.id)).toEqual([]);
  });
});

// ------------------------------------------------------------------ Paystack through the stub

describe("checkout with Paystack (local stub)", () => {
  it("initializes the transaction with the server's total in kobo and NGN", async () => {
    const lines: Line[] = [
      [1, 2, "6x4.5x8"],
      [36, 1],
    ];
    const expectedKobo = await totalKoboOf(lines);
    const who = await customer("init-amount");
    await fillCart(who, lines);
    const delivery = deliveryFields();
    const initCalls = stub.calls.initialize;
    const res = await initialize(who, delivery);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, amount: expectedKobo / 100, currency: "NGN", provider: "paystack" });
    expect(res.body.order_ref).toMatch(/^ORD-\d+-\d{1,4}$/);

    expect(stub.calls.initialize).toBe(initCalls + 1);
    const sent = stub.transactions.get(res.body.reference);
    expect(sent).toMatchObject({ amount: expectedKobo, currency: "NGN", email: delivery.email, accessCode: res.body.access_code, status: "pending" });

    const [order] = await ordersOf(handle.db, who.id);
    expect(order).toMatchObject({
      orderRef: res.body.order_ref,
      status: "pending",
      totalKobo: expectedKobo,
      email: delivery.email,
      city: "Ikeja",
      paidAt: null,
    });
    expect(await paymentOf(handle.db, res.body.reference)).toMatchObject({
      orderId: order.id,
      provider: "paystack",
      amountKobo: expectedKobo,
      status: "initialized",
    });
  });

  it("ignores a tampered total, price and cartItems in create_order: the order keeps the server's total", async () => {
    const s = await startedCheckout("tamper", [[54, 2]]);
    const variant = await variantOf(handle.db, 54);
    const expectedKobo = 2 * variant.priceKobo;
    stub.settle(s.reference, { status: "success" });
    const res = await createOrder(s, {
      orderRef: `ORD-${Date.now()}-42`,
      total: 1,
      cartItems: [
        { imageUrl: "x", productName: "Solar panel", quantity: 40, price: 1, productId: 63 },
        { imageUrl: "x", productName: "Pillow", quantity: 2, price: 1, productId: 54 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order_ref).toBe(s.orderRef);

    const [order] = await paidOrdersOf(handle.db, s.who.id);
    expect(order.totalKobo).toBe(expectedKobo);
    expect((await orderItemsOf(handle.db, order.id)).map((i) => [i.productId, i.quantity, i.unitPriceKobo])).toEqual([[54, 2, variant.priceKobo]]);
    const listed = await shop.get(ordersPath(s.who.id), s.who.token);
    expect(listed.body.orders).toHaveLength(1);
    expect(listed.body.orders[0].total).toBe(expectedKobo / 100);
    expect(listed.body.orders[0].items.map((i: any) => [i.product_id, i.quantity, i.price])).toEqual([[54, 2, variant.priceKobo / 100]]);
  });

  it("does not place the order before the customer has paid (provider says abandoned: 422)", async () => {
    const s = await startedCheckout("unpaid", [[55, 1]]);
    const res = await createOrder(s);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(failure("The transaction was not completed"));
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
    expect((await orderByRef(s.orderRef)).status).toBe("pending");
    expect(await orderMails(s.orderRef, s.delivery.email)).toEqual({ confirmations: [], notices: [] });
    expect(await cartRows(handle.db, s.who.id)).toHaveLength(1);
  });

  it("places the order once paid: 201, paid, cart cleared, stock taken, two mails queued", async () => {
    await setStock(handle.db, 56, 7);
    const s = await startedCheckout("paid", [[56, 2]]);
    stub.settle(s.reference, { status: "success" });
    const res = await createOrder(s);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: messages.orderPlacedTitle, order_ref: s.orderRef, transaction_ref: s.reference });

    const paid = await paidOrdersOf(handle.db, s.who.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ orderRef: s.orderRef, status: "paid", needsRefund: false, reservedUntil: null });
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status: "success" });
    expect(await cartRows(handle.db, s.who.id)).toEqual([]);
    expect(await stockOf(handle.db, 56)).toBe(5);

    const mails = await orderMails(s.orderRef, s.delivery.email);
    expect(mails.confirmations).toHaveLength(1);
    expect(mails.notices).toHaveLength(1);
    expect(mails.confirmations[0].text).toContain(s.reference);
    // The day promised at payment (decision 0037), kept on the order and said in the mail.
    expect(paid[0].arrivesBy).toBe(arrivalDay(paid[0].paidAt!, businessDaysFor(DEFAULT_DELIVERY_SETTINGS, s.delivery.state)));
    expect(mails.confirmations[0].text).toContain(`\n${arrivesBy(paid[0].arrivesBy!)}.\n`);
  });

  it("answers 200 to the same create_order again and still has exactly one paid order", async () => {
    await setStock(handle.db, 57, 30);
    const s = await startedCheckout("again", [[57, 1]]);
    stub.settle(s.reference, { status: "success" });
    expect((await createOrder(s)).status).toBe(201);
    const again = await createOrder(s);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, order_ref: s.orderRef, transaction_ref: s.reference });

    expect(await paidOrdersOf(handle.db, s.who.id)).toHaveLength(1);
    const mails = await orderMails(s.orderRef, s.delivery.email);
    expect([mails.confirmations.length, mails.notices.length]).toEqual([1, 1]);
    expect(await stockOf(handle.db, 57)).toBe(29);
  });

  it("refuses a payment of a different amount (422), pays nothing, gives back what Paystack received and alerts the owners once", async () => {
    const s = await startedCheckout("amount", [[58, 1]]);
    const amount = stub.transactions.get(s.reference)!.amount;
    stub.settle(s.reference, { status: "success", amount: amount - 100 });
    // The customer's page twice and Paystack's webhook, at once: one of them finds it.
    const { body, signature } = stub.webhook(s.reference);
    const [res, twice, hook] = await Promise.all([createOrder(s), createOrder(s), postWebhook(body, signature)]);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(failure(messages.paymentMismatch));
    expect(twice.status).toBe(422);
    expect(hook.status).toBeLessThan(500);
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status: "failed" });
    expect(await orderMails(s.orderRef, s.delivery.email)).toEqual({ confirmations: [], notices: [] });
    // Never failed in silence: the amount received (not the order's) goes back, once.
    expect(stub.refunds.filter((r) => r.reference === s.reference).map((r) => r.amount)).toEqual([amount - 100]);
    const [order] = await ordersOf(handle.db, s.who.id);
    expect(await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ reason: "mismatch", amountKobo: amount - 100, status: "sent" }),
    ]);
    expect(order.status).toBe("pending");
    const [refundMail] = await mailsOfKind(handle.db, s.delivery.email, "refund");
    expect(refundMail.subject).toBe(`Refund of ${formatNairaTotal(amount - 100)} for ${s.orderRef}`);
    const alerts = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Needs you: a payment that did not match its order (Order ${s.orderRef})`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain(
      `Paystack received ${formatNairaTotal(amount - 100)} for order ${s.orderRef}, which costs ${formatNairaTotal(amount)}`,
    );
  });

  it("refuses a payment in another currency (422) and pays nothing", async () => {
    const s = await startedCheckout("currency", [[58, 1]]);
    stub.settle(s.reference, { status: "success", currency: "USD" });
    const res = await createOrder(s);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(failure(messages.paymentMismatch));
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
  });

  it("refuses a failed or abandoned payment (422)", async () => {
    for (const [status, text] of [
      ["failed", "Declined"],
      ["abandoned", "The transaction was not completed"],
    ] as const) {
      const s = await startedCheckout(`status-${status}`, [[59, 1]]);
      stub.settle(s.reference, { status });
      const res = await createOrder(s);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(failure(text));
      expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
      expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status });
    }
  });

  it("answers 404 to a reference the shop never issued", async () => {
    const who = await customer("unknown-ref");
    const verifyCalls = stub.calls.verify;
    const res = await shop.post(CREATE_ORDER, { userId: who.id, transactionRef: "FS-never-issued", total: 5 }, who.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(failure(messages.paymentUnknown));
    expect(stub.calls.verify).toBe(verifyCalls);
    expect(await ordersOf(handle.db, who.id)).toEqual([]);
  });

  it("answers 403 to another customer's reference, even when it is paid", async () => {
    const s = await startedCheckout("ref-owner", [[60, 1]]);
    stub.settle(s.reference, { status: "success" });
    const thief = await customer("ref-thief");
    const res = await shop.post(CREATE_ORDER, orderAsSent({ ...s, who: thief }), thief.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(failure(messages.notYourAccount));
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
    expect(await ordersOf(handle.db, thief.id)).toEqual([]);
    // And naming the owner's user id with the thief's token is refused too.
    const asOwner = await shop.post(CREATE_ORDER, orderAsSent(s), thief.token);
    expect(asOwner.status).toBe(403);
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
  });
});

// ------------------------------------------------------------------ webhook

describe("POST /api/paystack/webhook", () => {
  it("pays the order of a settled transaction when the browser never came back", async () => {
    await setStock(handle.db, 61, 10);
    const s = await startedCheckout("webhook", [[61, 1]]);
    stub.settle(s.reference, { status: "success" });
    const { body, signature } = stub.webhook(s.reference);
    const res = await postWebhook(body, signature);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const paid = await paidOrdersOf(handle.db, s.who.id);
    expect(paid.map((o) => [o.orderRef, o.status])).toEqual([[s.orderRef, "paid"]]);
    expect(await cartRows(handle.db, s.who.id)).toEqual([]);
    expect(await stockOf(handle.db, 61)).toBe(9);
    const mails = await orderMails(s.orderRef, s.delivery.email);
    expect([mails.confirmations.length, mails.notices.length]).toEqual([1, 1]);
    // The browser coming back later finds the order placed.
    expect((await createOrder(s)).status).toBe(200);
  });

  it("refuses a body signed with another key (401) and changes nothing", async () => {
    const s = await startedCheckout("webhook-forged", [[62, 1]]);
    stub.settle(s.reference, { status: "success" });
    const forged = stub.webhook(s.reference, { secret: "sk_test_someone_else" });
    const verifyCalls = stub.calls.verify;
    for (const signature of [forged.signature, undefined, "abc"]) {
      const res = await postWebhook(forged.body, signature);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(failure("Invalid signature."));
    }
    // A good signature over a different body is as bad as a wrong key.
    const good = stub.webhook(s.reference);
    const res = await postWebhook(good.body.replace('"charge.success"', '"charge.success" '), good.signature);
    expect(res.status).toBe(401);

    expect(stub.calls.verify).toBe(verifyCalls);
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
    expect((await orderByRef(s.orderRef)).status).toBe("pending");
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status: "initialized" });
    expect(await orderMails(s.orderRef, s.delivery.email)).toEqual({ confirmations: [], notices: [] });
  });

  it("pays exactly once when the webhook and create_order arrive together", async () => {
    for (let round = 0; round < 4; round++) {
      await setStock(handle.db, 64, 12);
      const s = await startedCheckout(`race-${round}`, [[64, 1]]);
      expect(await stockOf(handle.db, 64)).toBe(11);
      stub.settle(s.reference, { status: "success" });
      const { body, signature } = stub.webhook(s.reference);
      const replies = await Promise.all([createOrder(s), postWebhook(body, signature), createOrder(s), postWebhook(body, signature), createOrder(s)]);
      const [browser1, hook1, browser2, hook2, browser3] = replies;
      for (const hook of [hook1, hook2]) expect(hook.status).toBe(200);
      const browserStatuses = [browser1, browser2, browser3].map((r) => r.status);
      for (const status of browserStatuses) expect([200, 201]).toContain(status);
      expect(browserStatuses.filter((status) => status === 201).length).toBeLessThanOrEqual(1);

      const paid = await paidOrdersOf(handle.db, s.who.id);
      expect(paid).toHaveLength(1);
      expect(await successfulPayments(paid[0].id)).toHaveLength(1);
      const paidEvents = await handle.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, paid[0].id), eq(orderEvents.status, "paid")));
      expect(paidEvents).toHaveLength(1);
      const mails = await orderMails(s.orderRef, s.delivery.email);
      expect([mails.confirmations.length, mails.notices.length]).toEqual([1, 1]);
      expect(await stockOf(handle.db, 64)).toBe(11);
    }
  });
});

// ------------------------------------------------------------------ stock reservation

describe("stock held by a checkout", () => {
  it("is held at initialize, for 15 minutes", async () => {
    expect(HOLD_MS).toBe(15 * 60_000);
    await setStock(handle.db, 65, 7);
    const before = Date.now();
    const s = await startedCheckout("reserve", [[65, 3]]);
    expect(await stockOf(handle.db, 65)).toBe(4);
    const order = await orderByRef(s.orderRef);
    expect(order.status).toBe("pending");
    expect(order.reservedUntil!.getTime()).toBeGreaterThanOrEqual(before + HOLD_MS - 1000);
    expect(order.reservedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + HOLD_MS + 1000);
    // The cart itself keeps its lines until the order is paid.
    expect(await cartRows(handle.db, s.who.id)).toHaveLength(1);
  });

  it("is released when the unpaid order expires", async () => {
    await setStock(handle.db, 66, 5);
    const s = await startedCheckout("expire", [[66, 2]]);
    expect(await stockOf(handle.db, 66)).toBe(3);
    expect(await expireStaleOrders(handle.db, new Date())).toBe(0);
    expect(await stockOf(handle.db, 66)).toBe(3);

    expect(await expireStaleOrders(handle.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await stockOf(handle.db, 66)).toBe(5);
    expect((await orderByRef(s.orderRef)).status).toBe("expired");
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status: "abandoned" });
    // Expiring again gives nothing back twice.
    await expireStaleOrders(handle.db, new Date(Date.now() + 31 * 60_000));
    expect(await stockOf(handle.db, 66)).toBe(5);
  });

  it("is released when the customer starts a new checkout", async () => {
    await setStock(handle.db, 67, 11);
    const s = await startedCheckout("restart", [[67, 2]]);
    expect(await stockOf(handle.db, 67)).toBe(9);
    const minus = await shop.post(DECREASE, { user_id: s.who.id, product_id: 67, size: null }, s.who.token);
    expect(minus.status).toBe(200);

    const second = await initialize(s.who);
    expect(second.status).toBe(201);
    expect(await stockOf(handle.db, 67)).toBe(10);
    expect((await orderByRef(s.orderRef)).status).toBe("cancelled");
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status: "cancelled" });
    const pending = (await ordersOf(handle.db, s.who.id)).filter((o) => o.status === "pending");
    expect(pending.map((o) => o.orderRef)).toEqual([second.body.order_ref]);
  });

  it("is taken again when a payment arrives after expiry and the stock is still there", async () => {
    await setStock(handle.db, 68, 4);
    const s = await startedCheckout("late-stock", [[68, 1]]);
    await expireStaleOrders(handle.db, new Date(Date.now() + 31 * 60_000));
    expect(await stockOf(handle.db, 68)).toBe(4);
    stub.settle(s.reference, { status: "success" });
    const res = await createOrder(s);
    expect(res.status).toBe(201);
    const [paid] = await paidOrdersOf(handle.db, s.who.id);
    expect(paid).toMatchObject({ orderRef: s.orderRef, status: "paid", needsRefund: false });
    expect(await stockOf(handle.db, 68)).toBe(3);
  });

  it("refunds a late payment through Paystack when its stock was sold meanwhile, and tells the customer", async () => {
    await setStock(handle.db, 69, 1);
    const late = await startedCheckout("late", [[69, 1]]);
    expect(await stockOf(handle.db, 69)).toBe(0);
    await expireStaleOrders(handle.db, new Date(Date.now() + 16 * 60_000));
    expect(await stockOf(handle.db, 69)).toBe(1);

    // Someone else buys the unit that came back.
    const rival = await startedCheckout("rival", [[69, 1]]);
    stub.settle(rival.reference, { status: "success" });
    expect((await createOrder(rival)).status).toBe(201);
    expect(await stockOf(handle.db, 69)).toBe(0);

    // Then the first customer's money arrives: it is given back, not kept.
    stub.settle(late.reference, { status: "success" });
    const res = await createOrder(late);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(failure(messages.paymentRefundedSoldOut));
    await expectRefunded(late, "sold-out");
    expect(await stockOf(handle.db, 69)).toBe(0);
    const mails = await orderMails(late.orderRef, late.delivery.email);
    expect([mails.confirmations.length, mails.notices.length]).toEqual([0, 1]);
    expect(mails.notices[0].subject).toContain("BEING REFUNDED");
    // The browser or the webhook again changes nothing: one refund.
    expect((await createOrder(late)).status).toBe(409);
    const { body, signature } = stub.webhook(late.reference);
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect(stub.refunds.filter((r) => r.reference === late.reference)).toHaveLength(1);
  });

  it("lets exactly 5 of 50 buyers check out concurrently when 5 are in stock", async () => {
    const productId = 70;
    await setStock(handle.db, productId, 5);
    const variant = await variantOf(handle.db, productId);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => quickCustomer(handle.db, `crowd-${i}`)));
    await Promise.all(buyers.map((b) => fillCart(b, [[productId, 1]])));

    const replies = await Promise.all(buyers.map((b) => initialize(b)));
    const won = replies.map((r, i) => ({ r, b: buyers[i] })).filter(({ r }) => r.status === 201);
    const lost = replies.filter((r) => r.status !== 201);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(45);
    for (const r of lost) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual(failure(messages.outOfStock(variant.productName)));
    }
    expect(await stockOf(handle.db, productId)).toBe(0);

    for (const { r, b } of won) {
      stub.settle(r.body.reference, { status: "success" });
      const res = await shop.post(CREATE_ORDER, { userId: b.id, transactionRef: r.body.reference }, b.token);
      expect(res.status).toBe(201);
    }
    const ids = buyers.map((b) => b.id);
    const placed = await handle.db.select().from(orders).where(inArray(orders.accountId, ids));
    expect(placed.filter((o) => o.status === "paid")).toHaveLength(5);
    expect(placed).toHaveLength(5);
    expect(await stockOf(handle.db, productId)).toBe(0);
  });

  it("keeps one open checkout and one payment per customer when Pay Now is pressed several times at once", async () => {
    await setStock(handle.db, 52, 9);
    const buyers = await Promise.all([0, 1, 2].map((i) => quickCustomer(handle.db, `double-click-${i}`)));
    for (const b of buyers) await fillCart(b, [[52, 1]]);
    const initCalls = stub.calls.initialize;
    const presses = buyers.map((b) => {
      const delivery = deliveryFields();
      return Promise.all([initialize(b, delivery), initialize(b, delivery), initialize(b, delivery), initialize(b, delivery)]);
    });
    for (const replies of await Promise.all(presses)) {
      for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(201);
      // The same payment window every time: never a second transaction to pay.
      expect(new Set(replies.map((r) => `${r.body.reference} ${r.body.access_code} ${r.body.order_ref}`)).size).toBe(1);
      expect(replies.filter((r) => r.body.resumed === false)).toHaveLength(1);
    }
    expect(stub.calls.initialize - initCalls).toBe(3);
    for (const b of buyers) expect((await ordersOf(handle.db, b.id)).map((o) => o.status)).toEqual(["pending"]);
    expect(await stockOf(handle.db, 52)).toBe(6);
  });

  it("limits how often one customer opens a payment (429), without holding more stock", async () => {
    await setStock(handle.db, 53, 50);
    const buyer = await quickCustomer(handle.db, "pay-now-spammer");
    await fillCart(buyer, [[53, 1]]);
    for (let i = 0; i < PAYMENT_START_LIMIT.perAccount; i++) expect((await initialize(buyer)).status).toBe(201);
    const refused = await initialize(buyer);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: "Too many attempts. Please try again in 15 minutes." });
    expect(await stockOf(handle.db, 53)).toBe(49);
    // Another customer is not affected.
    const other = await quickCustomer(handle.db, "pay-now-other");
    await fillCart(other, [[53, 1]]);
    expect((await initialize(other)).status).toBe(201);
  });

  it("never deadlocks when checkouts release and reserve the same products at once", async () => {
    // Orders whose lines were put in the cart in the opposite order of the variant ids: replacing
    // them releases stock while other customers reserve the same two variants.
    const [low, high] = [await variantOf(handle.db, 50), await variantOf(handle.db, 51)];
    expect(low.id).toBeLessThan(high.id);
    await setStock(handle.db, 50, 500);
    await setStock(handle.db, 51, 500);
    const restarting = await Promise.all(Array.from({ length: 15 }, (_, i) => quickCustomer(handle.db, `restart-${i}`)));
    const fresh = await Promise.all(Array.from({ length: 15 }, (_, i) => quickCustomer(handle.db, `fresh-${i}`)));
    for (const c of restarting)
      await fillCart(c, [
        [51, 1],
        [50, 1],
      ]);
    for (const c of fresh)
      await fillCart(c, [
        [50, 1],
        [51, 1],
      ]);
    for (const c of restarting) expect((await initialize(c)).status).toBe(201);

    const replies = await Promise.all([...restarting, ...fresh].map((c) => initialize(c)));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
    expect(await stockOf(handle.db, 50)).toBe(470);
    expect(await stockOf(handle.db, 51)).toBe(470);
    const open = await handle.db
      .select()
      .from(orders)
      .where(
        and(
          inArray(
            orders.accountId,
            [...restarting, ...fresh].map((c) => c.id),
          ),
          eq(orders.status, "pending"),
        ),
      );
    expect(open).toHaveLength(30);
  });

  it("never deadlocks when a new checkout frees one product and reserves another while others reserve both", async () => {
    // Each switching customer's open checkout holds variant 55; their new cart holds 54 instead.
    // Pay Now frees 55, then reserves 54, while the other customers reserve 54, then 55: without
    // every lock taken first and in id order, PostgreSQL ends some with "deadlock detected" (500).
    expect((await variantOf(handle.db, 54)).id).toBeLessThan((await variantOf(handle.db, 55)).id);
    await setStock(handle.db, 54, 500);
    await setStock(handle.db, 55, 500);
    const switching = await Promise.all(Array.from({ length: 15 }, (_, i) => quickCustomer(handle.db, `switch-${i}`)));
    const both = await Promise.all(Array.from({ length: 15 }, (_, i) => quickCustomer(handle.db, `both-${i}`)));
    for (const c of switching) {
      await fillCart(c, [[55, 1]]);
      expect((await initialize(c)).status).toBe(201);
      expect((await shop.post(DECREASE, { user_id: c.id, product_id: 55, size: null }, c.token)).status).toBe(200);
      await fillCart(c, [[54, 1]]);
    }
    for (const c of both)
      await fillCart(c, [
        [54, 1],
        [55, 1],
      ]);
    expect(await stockOf(handle.db, 55)).toBe(485);

    const replies = await Promise.all([...switching, ...both].map((c) => initialize(c)));
    expect(replies.map((r) => `${r.status} ${r.body.error ?? ""}`)).toEqual(replies.map(() => "201 "));
    expect(await stockOf(handle.db, 54)).toBe(470);
    expect(await stockOf(handle.db, 55)).toBe(485);
  });
});

// ------------------------------------------------------------------ one payment per checkout, a fair share (issue 15)

describe("one payment per checkout, and a fair share of scarce stock", () => {
  it("Pay Now again with the same cart resumes the same payment, and its hold keeps its deadline", async () => {
    await setStock(handle.db, 18, 10);
    const who = await customer("resume");
    await fillCart(who, [[18, 2]]);
    const delivery = deliveryFields();
    const first = await initialize(who, delivery);
    expect(first.status).toBe(201);
    expect(first.body.resumed).toBe(false);
    const held = (await orderByRef(first.body.order_ref)).reservedUntil;
    const initCalls = stub.calls.initialize;
    const again = await initialize(who, delivery);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      reference: first.body.reference,
      access_code: first.body.access_code,
      order_ref: first.body.order_ref,
      resumed: true,
    });
    expect(stub.calls.initialize).toBe(initCalls);
    expect((await orderByRef(first.body.order_ref)).reservedUntil).toEqual(held);
    expect(await stockOf(handle.db, 18)).toBe(8);
  });

  it("replaces, without waiting, an open checkout whose payment window was never opened (the shop died opening it)", async () => {
    await setStock(handle.db, 27, 10);
    const who = await customer("opener-died");
    await fillCart(who, [[27, 1]]);
    const delivery = deliveryFields();
    const first = await initialize(who, delivery);
    await handle.db
      .update(payments)
      .set({ accessCode: null, createdAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.reference, first.body.reference));
    const started = Date.now();
    const again = await initialize(who, delivery);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ resumed: false });
    expect(again.body.reference).not.toBe(first.body.reference);
    expect(await stockOf(handle.db, 27)).toBe(9);
  });

  it("a changed cart replaces the open checkout, and the new hold ends when the first one would have", async () => {
    await setStock(handle.db, 19, 10);
    const who = await customer("replace");
    await fillCart(who, [[19, 1]]);
    const delivery = deliveryFields();
    const first = await initialize(who, delivery);
    const deadline = (await orderByRef(first.body.order_ref)).reservedUntil;
    await fillCart(who, [[19, 1]]);
    const second = await initialize(who, delivery);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ resumed: false });
    expect(second.body.reference).not.toBe(first.body.reference);
    expect((await orderByRef(second.body.order_ref)).reservedUntil).toEqual(deadline);
    expect((await orderByRef(first.body.order_ref)).status).toBe("cancelled");
    expect(await stockOf(handle.db, 19)).toBe(8);
  });

  it("one customer cannot keep a product off sale: the hold ends 15 minutes after their first Pay Now, however often they press", async () => {
    const productId = 20;
    await setStock(handle.db, productId, 5);
    const hoarder = await customer("hoarder");
    const rival = await customer("hoarder-rival");
    await fillCart(hoarder, [[productId, 5]]);
    await fillCart(rival, [[productId, 1]]);
    const first = await initialize(hoarder);
    expect(first.status).toBe(201);
    expect(await stockOf(handle.db, productId)).toBe(0);
    expect((await initialize(rival)).status).toBe(409);

    // Pressing again, with the same details or new ones, never moves the deadline.
    const deadline = (await orderByRef(first.body.order_ref)).reservedUntil!;
    expect(deadline.getTime()).toBeLessThanOrEqual(Date.now() + HOLD_MS);
    for (let i = 0; i < 3; i++) {
      const again = await initialize(hoarder);
      expect(again.status).toBe(201);
      expect((await orderByRef(again.body.order_ref)).reservedUntil).toEqual(deadline);
    }

    // The 15 minutes pass: the units are back on sale...
    await holdStartedEarlier(hoarder, HOLD_MS + 60_000);
    expect(await expireStaleOrders(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(handle.db, productId)).toBe(5);
    // ...and pressing again holds nothing: the hoarder may still pay, but the stock stays for everyone.
    const unheld = await initialize(hoarder);
    expect(unheld.status).toBe(201);
    expect((await orderByRef(unheld.body.order_ref)).reservedUntil).toBeNull();
    expect(await stockOf(handle.db, productId)).toBe(5);
    const bought = await initialize(rival);
    expect(bought.status).toBe(201);
    stub.settle(bought.body.reference, { status: "success" });
    expect((await shop.post(CREATE_ORDER, { userId: rival.id, transactionRef: bought.body.reference }, rival.token)).status).toBe(201);
    expect(await stockOf(handle.db, productId)).toBe(4);

    // The hoarder's money for five now finds four: it is refunded, not kept.
    stub.settle(unheld.body.reference, { status: "success" });
    const late = await shop.post(CREATE_ORDER, { userId: hoarder.id, transactionRef: unheld.body.reference }, hoarder.token);
    expect(late.status).toBe(409);
    expect(late.body).toEqual(failure(messages.paymentRefundedSoldOut));
    expect((await orderByRef(unheld.body.order_ref)).status).toBe("refunded");
    expect(await stockOf(handle.db, productId)).toBe(4);
  });

  it("a checkout that holds nothing takes its units when the money comes, if they are all still there", async () => {
    await setStock(handle.db, 21, 6);
    const who = await customer("unheld-paid");
    await fillCart(who, [[21, 2]]);
    await initialize(who);
    await holdStartedEarlier(who, HOLD_MS + 60_000);
    await expireStaleOrders(handle.db);
    const unheld = await initialize(who);
    expect((await orderByRef(unheld.body.order_ref)).reservedUntil).toBeNull();
    expect(await stockOf(handle.db, 21)).toBe(6);
    stub.settle(unheld.body.reference, { status: "success" });
    expect((await shop.post(CREATE_ORDER, { userId: who.id, transactionRef: unheld.body.reference }, who.token)).status).toBe(201);
    expect((await orderByRef(unheld.body.order_ref)).status).toBe("paid");
    expect(await stockOf(handle.db, 21)).toBe(4);
    // Paying gives the next checkout a fresh hold.
    await fillCart(who, [[21, 1]]);
    const next = await initialize(who);
    expect((await orderByRef(next.body.order_ref)).reservedUntil!.getTime()).toBeGreaterThan(Date.now() + HOLD_MS - 60_000);
    expect(await stockOf(handle.db, 21)).toBe(3);
  });

  it("refuses a cart over the product's per-order limit at Pay Now (409), holding nothing", async () => {
    await setStock(handle.db, 22, 40);
    await handle.db.update(products).set({ maxPerOrder: 20 }).where(eq(products.id, 22));
    const who = await customer("over-limit");
    await fillCart(who, [[22, 12]]);
    // The admin lowers the limit after the customer filled the cart.
    await handle.db.update(products).set({ maxPerOrder: 10 }).where(eq(products.id, 22));
    const res = await initialize(who);
    expect(res.status).toBe(409);
    const variant = await variantOf(handle.db, 22);
    expect(res.body).toEqual(failure(messages.orderLimitAtCheckout(variant.productName, 10)));
    expect(await ordersOf(handle.db, who.id)).toEqual([]);
    expect(await stockOf(handle.db, 22)).toBe(40);
  });

  it("refunds a payment for a checkout the customer had replaced, and places the newer one", async () => {
    await setStock(handle.db, 23, 10);
    const who = await customer("superseded");
    await fillCart(who, [[23, 1]]);
    const oldDelivery = deliveryFields();
    const old = await initialize(who, oldDelivery);
    const newDelivery = deliveryFields({ address: "5 Awolowo Road" });
    const current = await initialize(who, newDelivery);
    expect(current.body.reference).not.toBe(old.body.reference);
    // Both payment windows were paid (two tabs).
    stub.settle(old.body.reference, { status: "success" });
    stub.settle(current.body.reference, { status: "success" });
    const placed = await shop.post(CREATE_ORDER, { userId: who.id, transactionRef: current.body.reference }, who.token);
    expect(placed.status).toBe(201);
    const refused = await shop.post(CREATE_ORDER, { userId: who.id, transactionRef: old.body.reference }, who.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(failure(messages.paymentRefundedSuperseded));
    await expectRefunded({ orderRef: old.body.order_ref, reference: old.body.reference, delivery: oldDelivery }, "superseded");
    expect((await orderByRef(current.body.order_ref)).status).toBe("paid");
    expect(await stockOf(handle.db, 23)).toBe(9);
  });

  it("a Pay Now after a payment whose browser never came back places that order instead of refunding it", async () => {
    await setStock(handle.db, 24, 10);
    await setStock(handle.db, 25, 10);
    const who = await customer("paid-unreported");
    await fillCart(who, [[24, 1]]);
    const first = await initialize(who);
    stub.settle(first.body.reference, { status: "success" }); // paid; neither the browser nor the webhook told the shop
    await fillCart(who, [[25, 1]]);
    const second = await initialize(who);
    expect(second.status).toBe(201);
    expect((await orderByRef(first.body.order_ref)).status).toBe("paid");
    const secondItems = await orderItemsOf(handle.db, (await orderByRef(second.body.order_ref)).id);
    expect(secondItems.map((i) => [i.productId, i.quantity])).toEqual([[25, 1]]);
    expect(second.body.amount).toBe((await variantOf(handle.db, 25)).priceKobo / 100);
    // Paying the second one places it too: two orders, no refund.
    stub.settle(second.body.reference, { status: "success" });
    expect((await shop.post(CREATE_ORDER, { userId: who.id, transactionRef: second.body.reference }, who.token)).status).toBe(201);
    expect((await paidOrdersOf(handle.db, who.id)).map((o) => o.status)).toEqual(["paid", "paid"]);
    expect(stub.refunds.filter((r) => [first.body.reference, second.body.reference].includes(r.reference))).toEqual([]);
    // With nothing else in the cart, Pay Now says the order is placed.
    await fillCart(who, [[24, 1]]);
    const third = await initialize(who);
    stub.settle(third.body.reference, { status: "success" });
    const fourth = await initialize(who);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ success: false, error: messages.orderAlreadyPaid, order_ref: third.body.order_ref });
    expect((await orderByRef(third.body.order_ref)).status).toBe("paid");
  });

  it("keeps asking Paystack to refund while it cannot be reached, then refunds", async () => {
    await setStock(handle.db, 26, 10);
    const who = await customer("refund-retry");
    await fillCart(who, [[26, 1]]);
    const oldDelivery = deliveryFields();
    const old = await initialize(who, oldDelivery);
    await initialize(who, deliveryFields({ address: "9 Broad Street" }));
    stub.settle(old.body.reference, { status: "success" });
    stub.failRefunds = true;
    try {
      const res = await shop.post(CREATE_ORDER, { userId: who.id, transactionRef: old.body.reference }, who.token);
      expect(res.status).toBe(409);
      const order = await orderByRef(old.body.order_ref);
      expect(order).toMatchObject({ status: "paid", needsRefund: true });
      const [pending] = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(pending).toMatchObject({ status: "pending", attempts: 1 });
      expect(pending.lastError).toBeTruthy();
      expect(await mailsOfKind(handle.db, oldDelivery.email, "refund")).toEqual([]);
    } finally {
      stub.failRefunds = false;
    }
    const ctx = checkoutContext(handle.db, api.config);
    // Not due yet: a refund is not asked for again at once.
    expect(await sendDueRefunds(ctx)).toBe(0);
    expect(await sendDueRefunds(ctx, new Date(Date.now() + 10 * 60_000))).toBe(1);
    await expectRefunded({ orderRef: old.body.order_ref, reference: old.body.reference, delivery: oldDelivery }, "superseded");
  });

  it("30 buyers pressing Pay Now twice and paying every window they got: as many paid orders as stock, and a refund for every extra charge", async () => {
    const productId = 28;
    await setStock(handle.db, productId, 5);
    const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => quickCustomer(handle.db, `double-pay-${i}`)));
    await Promise.all(buyers.map((b) => fillCart(b, [[productId, 1]])));
    // A double click each; the buyers who got a window then change their details and press again
    // (a second window, while the first stays open in another tab).
    const windows = await Promise.all(
      buyers.map(async (b) => {
        const delivery = deliveryFields();
        const pair = await Promise.all([initialize(b, delivery), initialize(b, delivery)]);
        for (const r of pair) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
        const got = pair.filter((r) => r.status === 201);
        expect(new Set(got.map((r) => r.body.reference)).size).toBeLessThanOrEqual(1);
        if (got.length === 0) return { b, references: [] as string[] };
        const again = await initialize(b, deliveryFields({ address: "3 Marina" }));
        expect(again.status, JSON.stringify(again.body)).toBe(201);
        return { b, references: [got[0].body.reference as string, again.body.reference as string] };
      }),
    );
    expect(windows.filter((w) => w.references.length > 0)).toHaveLength(5);
    // Every window is paid; the browser and the webhook report each payment at the same time.
    await Promise.all(
      windows.flatMap(({ b, references }) =>
        references.map(async (reference) => {
          stub.settle(reference, { status: "success" });
          const { body, signature } = stub.webhook(reference);
          const [browser, hook] = await Promise.all([
            shop.post(CREATE_ORDER, { userId: b.id, transactionRef: reference }, b.token),
            postWebhook(body, signature),
          ]);
          expect([200, 201, 409]).toContain(browser.status);
          expect(hook.status).toBe(200);
        }),
      ),
    );
    const all = await handle.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.accountId,
          buyers.map((b) => b.id),
        ),
      );
    const charged = all.filter((o) => o.paidAt !== null);
    expect(charged).toHaveLength(10);
    expect(charged.filter((o) => o.status === "paid")).toHaveLength(5);
    expect(await stockOf(handle.db, productId)).toBe(0);
    const refunded = charged.filter((o) => o.status === "refunded");
    expect(refunded).toHaveLength(5);
    const refundRows = await handle.db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.orderId,
          all.map((o) => o.id),
        ),
      );
    expect(refundRows.map((r) => `${r.orderId} ${r.status}`).sort()).toEqual(refunded.map((o) => `${o.id} sent`).sort());
    const refundedPayments = await handle.db
      .select({ reference: payments.reference })
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          refunded.map((o) => o.id),
        ),
      );
    for (const { reference } of refundedPayments) expect(stub.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ order history

describe("GET /api/api4users/get_user_orders.php", () => {
  it("lists the customer's paid orders newest first with the contract's fields; unpaid ones are not listed", async () => {
    const first = await startedCheckout("history", [[71, 1]]);
    stub.settle(first.reference, { status: "success" });
    expect((await createOrder(first)).status).toBe(201);

    const secondLines: Line[] = [
      [1, 2, "6x2.5x4"],
      [72, 1],
    ];
    const second = await startedCheckout("history", secondLines, { who: first.who });
    stub.settle(second.reference, { status: "success" });
    expect((await createOrder(second)).status).toBe(201);

    // A third checkout nobody paid.
    const third = await startedCheckout("history", [[73, 1]], { who: first.who });
    expect((await orderByRef(third.orderRef)).status).toBe("pending");

    const res = await shop.get(ordersPath(first.who.id), first.who.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.orders.map((o: any) => o.order_ref)).toEqual([second.orderRef, first.orderRef]);

    const small = await variantOf(handle.db, 1, "6x2.5x4");
    const plain72 = await variantOf(handle.db, 72);
    const plain71 = await variantOf(handle.db, 71);
    const lagos = (d: Date) => new Date(d.getTime() + 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    const [newest, oldest] = res.body.orders;
    expect(newest).toMatchObject({
      order_ref: second.orderRef,
      transaction_ref: second.reference,
      order_date: lagos((await orderByRef(second.orderRef)).createdAt),
      total: (2 * small.priceKobo + plain72.priceKobo) / 100,
      items: [
        {
          image_url: `/api/uploads/${await firstImageOf(handle.db, 1)}`,
          product_name: `${small.productName} (6x2.5x4)`,
          quantity: 2,
          price: small.priceKobo / 100,
          product_id: 1,
        },
        {
          image_url: `/api/uploads/${await firstImageOf(handle.db, 72)}`,
          product_name: plain72.productName,
          quantity: 1,
          price: plain72.priceKobo / 100,
          product_id: 72,
        },
      ],
    });
    expect(newest.order_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(newest.items).toHaveLength(2);
    expect(oldest).toMatchObject({
      order_ref: first.orderRef,
      transaction_ref: first.reference,
      total: plain71.priceKobo / 100,
      items: [{ product_name: plain71.productName, quantity: 1, price: plain71.priceKobo / 100, product_id: 71 }],
    });
    expect(await ordersOf(handle.db, first.who.id)).toHaveLength(3);
  });

  it("shows a customer only their own orders, and answers 403 to another userId", async () => {
    const mine = await startedCheckout("own-orders", [[73, 1]]);
    stub.settle(mine.reference, { status: "success" });
    expect((await createOrder(mine)).status).toBe(201);
    const other = await startedCheckout("other-orders", [[73, 1]]);
    stub.settle(other.reference, { status: "success" });
    expect((await createOrder(other)).status).toBe(201);

    const own = await shop.get(ordersPath(mine.who.id), mine.who.token);
    expect(own.body.orders.map((o: any) => o.order_ref)).toEqual([mine.orderRef]);
    const foreign = await shop.get(ordersPath(other.who.id), mine.who.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(failure(messages.notYourAccount));
    const anonymous = await shop.get(ordersPath(other.who.id));
    expect(anonymous.status).toBe(401);
    const fresh = await customer("no-orders");
    const none = await shop.get(ordersPath(fresh.id), fresh.token);
    expect(none.body).toEqual({ success: true, orders: [] });
  });
});

// ------------------------------------------------------------------ built-in test gateway

describe("checkout with the built-in test gateway (no Paystack keys)", () => {
  it("pays with the success card and places the order", async () => {
    await setStock(handle.db, 34, 6);
    const s = await startedCheckout("test-gw", [[34, 2]], { who: await customer("test-gw"), client: testShop });
    const [order] = await ordersOf(handle.db, s.who.id);
    expect(order.status).toBe("pending");
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ provider: "test", accessCode: s.accessCode });
    expect(await stockOf(handle.db, 34)).toBe(4);

    const early = await createOrder(s, {}, testShop);
    expect(early.status).toBe(422);
    expect(early.body).toEqual(failure(messages.paymentNotCompleted));

    const charge = await testShop.post("/api/test-gateway/charge", { access_code: s.accessCode, card_number: TEST_CARD_SUCCESS });
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({ success: true, reference: s.reference });

    const res = await createOrder(s, {}, testShop);
    expect(res.status).toBe(201);
    const paid = await paidOrdersOf(handle.db, s.who.id);
    expect(paid.map((o) => [o.orderRef, o.status])).toEqual([[s.orderRef, "paid"]]);
    expect(await cartRows(handle.db, s.who.id)).toEqual([]);
    expect(await stockOf(handle.db, 34)).toBe(4);
  });

  it("refuses the declined card (402) and does not place the order (422)", async () => {
    const s = await startedCheckout("test-gw-declined", [[37, 1]], { who: await customer("test-gw-declined"), client: testShop });
    const charge = await testShop.post("/api/test-gateway/charge", { access_code: s.accessCode, card_number: TEST_CARD_DECLINED });
    expect(charge.status).toBe(402);
    expect(charge.body).toEqual(failure("Declined"));

    const res = await createOrder(s, {}, testShop);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(failure("Declined"));
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
    expect(await paymentOf(handle.db, s.reference)).toMatchObject({ status: "failed" });
    // The declined transaction cannot be charged again with the good card.
    const retry = await testShop.post("/api/test-gateway/charge", { access_code: s.accessCode, card_number: TEST_CARD_SUCCESS });
    expect(retry.status).toBe(402);
    expect(await paidOrdersOf(handle.db, s.who.id)).toEqual([]);
  });
});

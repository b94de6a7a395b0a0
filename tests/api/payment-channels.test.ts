import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_CHANNELS } from "~/common/payment-channels";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { addToCart } from "~/server/cart/cart";
import {
  AWAITING_HOLD_MS,
  cancelCheckout,
  completeAwaitingPayments,
  completePayment,
  expireStaleOrders,
  HOLD_MS,
  startCheckout,
  type CheckoutContext,
} from "~/server/checkout/checkout";
import { orders, testGatewayTransactions } from "~/server/db/schema";
import { paystackGateway } from "~/server/payments/paystack";
import { chargeTestCard, payLaterByTest, testGateway } from "~/server/payments/test-gateway";
import { startPaystackStub } from "../support/paystack-stub";
import { cartRows, deliveryFields, localDateTime, mailsOfKind, paymentOf, quickCustomer, setStock, shopClient, stockOf } from "../support/shop";
import { useApiShop, useStarted } from "../support/use-shop";

// Issue 19: paying by bank transfer and USSD, as Nigerians pay. The money is on its way until the
// bank confirms it: the order waits for it with its hold stretched, is placed when it lands (the
// webhook, the customer's page asking again, or the shop asking every half minute), and records
// how it was paid. On the test gateway and against the Paystack stub, on the engine of this run.

const stub = useStarted(() => startPaystackStub({ secretKey: "sk_test_channels" }));
const { handle, api } = useApiShop({ env: () => ({ PAYSTACK_SECRET_KEY: stub.secretKey, PAYSTACK_API_BASE: stub.baseUrl }) });
let test: CheckoutContext;
let paystack: CheckoutContext;

beforeAll(() => {
  const shop = { db: handle.db, publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test" };
  test = { ...shop, gateway: testGateway(handle.db) };
  paystack = { ...shop, gateway: paystackGateway({ secretKey: stub.secretKey, publicKey: null, apiBase: stub.baseUrl }) };
});

/** One unit of product 33 in a new customer's cart, and Pay Now pressed. */
async function checkoutOf(ctx: CheckoutContext, tag: string) {
  const who = await quickCustomer(handle.db, tag);
  await setStock(handle.db, 33, 40);
  expect((await addToCart(handle.db, who.id, { productId: 33 })).ok).toBe(true);
  const started = await startCheckout(ctx, who.id, deliveryFields({ email: `${tag}@buyer.test` }));
  if (!started.ok) throw new Error(started.message);
  const order = async () => (await handle.db.select().from(orders).where(eq(orders.orderRef, started.orderRef)))[0];
  return { who, started, order, email: `${tag}@buyer.test` };
}

/** The test gateway's pretend bank confirms a payment now instead of in a few seconds. */
const arriveNow = (reference: string) =>
  handle.db
    .update(testGatewayTransactions)
    .set({ arrivesAt: new Date(Date.now() - 1000) })
    .where(eq(testGatewayTransactions.reference, reference));

const confirmations = (email: string) => mailsOfKind(handle.db, email, "order-confirmation");

describe("on the test gateway", () => {
  it("a bank transfer waits, with its hold stretched, then is placed once with the mail", async () => {
    const c = await checkoutOf(test, "transfer");
    const heldUntil = (await c.order()).reservedUntil!;
    expect((await payLaterByTest(handle.db, c.started.accessCode, "bank_transfer")).ok).toBe(true);

    const waiting = await completePayment(test, c.started.reference, c.who.id);
    expect(waiting).toMatchObject({ ok: false, reason: "awaiting", orderRef: c.started.orderRef });
    expect(waiting.ok ? "" : waiting.message).toBe(
      "Awaiting your bank transfer. Your order is placed as soon as the money arrives; we hold your items meanwhile.",
    );
    expect(await paymentOf(handle.db, c.started.reference)).toMatchObject({ status: "awaiting", channel: "bank_transfer" });
    const stretched = (await c.order()).reservedUntil!;
    expect(stretched.getTime()).toBeGreaterThan(heldUntil.getTime());
    expect(stretched.getTime()).toBeGreaterThanOrEqual(Date.now() + AWAITING_HOLD_MS - 60_000);
    expect((await c.order()).status).toBe("pending");
    expect(await cartRows(handle.db, c.who.id)).toHaveLength(1);
    expect(await confirmations(c.email)).toHaveLength(0);

    // Asking again does not stretch the hold again.
    await completePayment(test, c.started.reference, c.who.id);
    expect((await c.order()).reservedUntil!.getTime()).toBe(stretched.getTime());

    await arriveNow(c.started.reference);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => completePayment(test, c.started.reference, c.who.id)));
    expect(outcomes.filter((o) => o.ok && !o.alreadyPaid)).toHaveLength(1);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(await c.order()).toMatchObject({ status: "paid", reservedUntil: null });
    expect(await paymentOf(handle.db, c.started.reference)).toMatchObject({ status: "success", channel: "bank_transfer" });
    expect(await cartRows(handle.db, c.who.id)).toEqual([]);
    expect(await confirmations(c.email)).toHaveLength(1);
  });

  it("a USSD payment whose window was closed keeps its order and stock, and the shop places it when it lands", async () => {
    const c = await checkoutOf(test, "ussd");
    const stock = await stockOf(handle.db, 33);
    expect((await payLaterByTest(handle.db, c.started.accessCode, "ussd")).ok).toBe(true);

    const closed = await cancelCheckout(test, c.started.reference, c.who.id);
    expect(closed).toEqual({
      status: "awaiting",
      message: "Awaiting your USSD payment. Your order is placed as soon as the money arrives; we hold your items meanwhile.",
    });
    expect((await c.order()).status).toBe("pending");
    expect(await stockOf(handle.db, 33)).toBe(stock);

    // Not yet arrived: nothing placed.
    expect(await completeAwaitingPayments(test)).toBe(0);
    await arriveNow(c.started.reference);
    expect(await completeAwaitingPayments(test)).toBe(1);
    expect((await c.order()).status).toBe("paid");
    expect(await paymentOf(handle.db, c.started.reference)).toMatchObject({ status: "success", channel: "ussd" });
    expect(await confirmations(c.email)).toHaveLength(1);
    expect(await completeAwaitingPayments(test)).toBe(0);
  });

  it("a transfer that never comes ends with its stretched hold, and its stock returns", async () => {
    const c = await checkoutOf(test, "no-show");
    const stock = await stockOf(handle.db, 33);
    await payLaterByTest(handle.db, c.started.accessCode, "bank_transfer");
    await completePayment(test, c.started.reference, c.who.id);
    // Past the first hold, within the stretched one: still held.
    await expireStaleOrders(handle.db, new Date(Date.now() + HOLD_MS + 60_000));
    expect((await c.order()).status).toBe("pending");
    await expireStaleOrders(handle.db, new Date(Date.now() + AWAITING_HOLD_MS + 60_000));
    expect((await c.order()).status).toBe("expired");
    expect(await stockOf(handle.db, 33)).toBe(stock + 1);
    expect((await paymentOf(handle.db, c.started.reference)).status).toBe("abandoned");
  });

  it("a card payment records its channel, and a cancelled card window still ends the checkout", async () => {
    const paid = await checkoutOf(test, "card");
    expect((await chargeTestCard(handle.db, paid.started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(test, paid.started.reference, paid.who.id)).toMatchObject({ ok: true });
    expect((await paymentOf(handle.db, paid.started.reference)).channel).toBe("card");

    const closed = await checkoutOf(test, "closed");
    expect(await cancelCheckout(test, closed.started.reference, closed.who.id)).toEqual({ status: "cancelled" });
    expect((await closed.order()).status).toBe("cancelled");
  });

  it("refuses to pay later twice, or by a way it does not know", async () => {
    const c = await checkoutOf(test, "twice");
    expect((await payLaterByTest(handle.db, c.started.accessCode, "ussd")).ok).toBe(true);
    expect(await payLaterByTest(handle.db, c.started.accessCode, "bank_transfer")).toEqual({
      ok: false,
      message: "This payment is no longer open.",
    });
    const res = await fetch(`${api.baseUrl}/api/test-gateway/pay-later`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ access_code: c.started.accessCode, channel: "cheque" }),
    });
    // This API server has Paystack keys, so the test gateway's calls are not there at all.
    expect(res.status).toBe(404);
  });
});

describe("against the Paystack stub", () => {
  it("offers every channel, waits for a pending transfer, and places the order when the webhook comes", async () => {
    const c = await checkoutOf(paystack, "paystack-transfer");
    expect(stub.transactions.get(c.started.reference)?.channels).toEqual([...PAYMENT_CHANNELS]);

    stub.settle(c.started.reference, { status: "ongoing", channel: "bank_transfer" });
    expect(await completePayment(paystack, c.started.reference, c.who.id)).toMatchObject({ ok: false, reason: "awaiting" });
    expect(await cancelCheckout(paystack, c.started.reference, c.who.id)).toMatchObject({ status: "awaiting" });
    expect((await c.order()).status).toBe("pending");

    stub.settle(c.started.reference, { status: "success" });
    const { body, signature } = stub.webhook(c.started.reference);
    const res = await fetch(`${api.baseUrl}/api/paystack/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
      body,
    });
    expect(res.status).toBe(200);
    expect((await c.order()).status).toBe("paid");
    expect(await paymentOf(handle.db, c.started.reference)).toMatchObject({ status: "success", channel: "bank_transfer" });
    expect(await confirmations(c.email)).toHaveLength(1);
  });

  it("answers the create_order call with 202 while the money is on its way, then 201 once it landed", async () => {
    const c = await checkoutOf(paystack, "paystack-202");
    const { firstName, lastName, phone, email, address, state, city } = deliveryFields({ email: c.email });
    const sent = {
      userId: c.who.id,
      date: localDateTime(),
      transactionRef: c.started.reference,
      orderRef: c.started.orderRef,
      ...{ firstName, lastName, phone, email, address, state, city },
      cartItems: [{ imageUrl: "a.jpg", productName: "x", quantity: 1, price: 1, productId: 33 }],
      total: 1,
    };
    const createOrder = () => shopClient(api.baseUrl).post("/api/api4users/create_order.php", sent, c.who.token);
    stub.settle(c.started.reference, { status: "ongoing", channel: "ussd" });
    const waiting = await createOrder();
    expect(waiting.status).toBe(202);
    expect(waiting.body).toMatchObject({ success: false });
    expect(JSON.stringify(waiting.body)).toContain("Awaiting your USSD payment.");
    stub.settle(c.started.reference, { status: "success" });
    expect((await createOrder()).status).toBe(201);
    expect((await paymentOf(handle.db, c.started.reference)).channel).toBe("ussd");
  });
});

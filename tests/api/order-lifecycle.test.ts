import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { addToCart } from "~/server/cart/cart";
import { cancelCheckout, completePayment, expireStaleOrders, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { orderEvents, orders } from "~/server/db/schema";
import { transition, type Move, type OrderStatus } from "~/server/orders/lifecycle";
import { chargeTestCard, testGateway } from "~/server/payments/test-gateway";
import { deliveryFields, quickAccount, quickCustomer, setStock, stockOf } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// transition() against a real database, on the engine of this run: a move applies only from the
// status the caller saw, two moves at once never both apply, refused moves write nothing, and
// every applied move records exactly one order_events row. Also the checkout's own moves.

const handle = useTestDatabase();
let checkout: CheckoutContext;
let adminId: number;

beforeAll(async () => {
  checkout = { db: handle.db, gateway: testGateway(handle.db), publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test" };
  adminId = (await quickAccount(handle.db, "admin", "lifecycle-admin")).id;
});

/** A pending order: one unit of a plain product in the cart, Pay Now pressed. */
async function pendingOrder(tag: string, productId = 30) {
  const who = await quickCustomer(handle.db, tag);
  if ((await stockOf(handle.db, productId)) < 5) await setStock(handle.db, productId, 20);
  expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  const started = await startCheckout(checkout, who.id, deliveryFields());
  if (!started.ok) throw new Error(started.message);
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, started.orderRef));
  return { who, started, orderId: row.id };
}

async function statusOf(orderId: number): Promise<OrderStatus> {
  const [row] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row.status;
}

async function eventsOf(orderId: number) {
  return handle.db
    .select({ status: orderEvents.status, accountId: orderEvents.accountId, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

const move = (m: Move) => handle.db.transaction((tx) => transition(tx, m));

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("transition()", () => {
  it("records exactly one event per move, with who made it and the note", async () => {
    const { orderId } = await pendingOrder("walk");
    const steps: Move[] = [
      { orderId, from: "pending", to: "paid", by: "shop", set: { paidAt: new Date(), reservedUntil: null } },
      { orderId, from: "paid", to: "processing", by: adminId, note: "Packed" },
      { orderId, to: "shipped", by: adminId, set: { trackingId: "GIG-1" } },
      { orderId, from: "shipped", to: "delivered", by: adminId },
      { orderId, from: "delivered", to: "refunded", by: "shop", note: "Refunded automatically" },
    ];
    for (const step of steps) {
      const before = (await eventsOf(orderId)).length;
      const result = await move(step);
      expect(result, `${step.from ?? "now"} → ${step.to}`).toMatchObject({ ok: true, order: { id: orderId, status: step.to } });
      expect(await eventsOf(orderId)).toHaveLength(before + 1);
    }
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "refunded", trackingId: "GIG-1" });
    expect(row.paidAt).not.toBeNull();
    expect(await eventsOf(orderId)).toEqual([
      { status: "pending", accountId: null, note: null },
      { status: "paid", accountId: null, note: null },
      { status: "processing", accountId: adminId, note: "Packed" },
      { status: "shipped", accountId: adminId, note: null },
      { status: "delivered", accountId: adminId, note: null },
      { status: "refunded", accountId: null, note: "Refunded automatically" },
    ]);
  });

  it("refuses a stale `from` (the order moved meanwhile) and writes nothing", async () => {
    const { orderId } = await pendingOrder("stale");
    // Both saw it pending; the payment lands first.
    expect(await move({ orderId, from: "pending", to: "paid", by: "shop", set: { paidAt: new Date() } })).toMatchObject({
      ok: true,
      from: "pending",
    });
    const events = await eventsOf(orderId);
    const result = await move({ orderId, from: "pending", to: "expired", by: "shop", note: "Not paid while its stock was held" });
    expect(result).toEqual({ ok: false, reason: "stale", current: "paid" });
    expect(await statusOf(orderId)).toBe("paid");
    expect(await eventsOf(orderId)).toEqual(events);
  });

  it("two moves from the same status at once: exactly one applies, and one event is recorded", async () => {
    const { orderId } = await pendingOrder("race");
    const results = await Promise.all([
      move({ orderId, from: "pending", to: "cancelled", by: "shop", note: "Payment cancelled by the customer" }),
      move({ orderId, from: "pending", to: "expired", by: "shop", note: "Not paid while its stock was held" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const winner = results.find((r) => r.ok)!;
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "stale", current: winner.ok ? winner.order.status : null });
    const events = await eventsOf(orderId);
    expect(events.map((e) => e.status)).toEqual(["pending", await statusOf(orderId)]);
  });

  it("two admins moving a placed order at once without `from`: one wins, the other is refused by the table", async () => {
    const { orderId } = await pendingOrder("admins");
    expect((await move({ orderId, to: "paid", by: "shop", set: { paidAt: new Date() } })).ok).toBe(true);
    const results = await Promise.all([move({ orderId, to: "processing", by: adminId }), move({ orderId, to: "processing", by: adminId })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "not-allowed", current: "processing" });
    expect((await eventsOf(orderId)).filter((e) => e.status === "processing")).toHaveLength(1);
  });

  it("refuses what the table refuses, or what its actor may not do, and writes nothing", async () => {
    const { orderId } = await pendingOrder("refused");
    const refusals: Move[] = [
      { orderId, to: "processing", by: adminId },
      { orderId, to: "paid", by: adminId },
      { orderId, to: "cancelled", by: adminId },
      { orderId, to: "refunded", by: "shop" },
      { orderId, to: "pending", by: "shop" },
    ];
    for (const refused of refusals) {
      expect(await move(refused), `${refused.to} by ${refused.by}`).toEqual({ ok: false, reason: "not-allowed", current: "pending" });
    }
    expect(await statusOf(orderId)).toBe("pending");
    expect((await eventsOf(orderId)).map((e) => e.status)).toEqual(["pending"]);
  });

  it("an order is paid once; an admin moves only placed orders; an unknown order is not found", async () => {
    const unpaid = await pendingOrder("unpaid-cancel");
    expect((await move({ orderId: unpaid.orderId, to: "cancelled", by: "shop" })).ok).toBe(true);
    // A checkout that was cancelled unpaid is no order to refund.
    expect(await move({ orderId: unpaid.orderId, to: "refunded", by: adminId })).toEqual({ ok: false, reason: "not-found" });

    const placed = await pendingOrder("paid-cancel");
    expect((await move({ orderId: placed.orderId, to: "paid", by: "shop", set: { paidAt: new Date() } })).ok).toBe(true);
    expect((await move({ orderId: placed.orderId, to: "cancelled", by: adminId })).ok).toBe(true);
    // An order an admin cancelled was paid: a second payment does not make it paid again.
    expect(await move({ orderId: placed.orderId, to: "paid", by: "shop", set: { paidAt: new Date() } })).toEqual({ ok: false, reason: "not-found" });
    expect(await statusOf(placed.orderId)).toBe("cancelled");
    expect((await eventsOf(placed.orderId)).map((e) => e.status)).toEqual(["pending", "paid", "cancelled"]);

    expect(await move({ orderId: 2_000_000_000, to: "paid", by: "shop" })).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the checkout's moves go through it", () => {
  it("cancelling the payment window twice: cancelled once, one event", async () => {
    const { who, started, orderId } = await pendingOrder("cancel-twice");
    expect(await cancelCheckout(checkout, started.reference, who.id)).toEqual({ status: "cancelled" });
    expect(await cancelCheckout(checkout, started.reference, who.id)).toEqual({ status: "not-open" });
    expect(await eventsOf(orderId)).toEqual([
      { status: "pending", accountId: null, note: null },
      { status: "cancelled", accountId: null, note: "Payment cancelled by the customer" },
    ]);
  });

  it("a payment after the window was cancelled: cancelled → paid, the stock taken again, one event each", async () => {
    const { who, started, orderId } = await pendingOrder("late-pay", 31);
    const stock = await stockOf(handle.db, 31);
    expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await cancelCheckout(checkout, started.reference, who.id)).toEqual({ status: "cancelled" });
    expect(await stockOf(handle.db, 31)).toBe(stock + 1);
    expect(await completePayment(checkout, started.reference, who.id)).toMatchObject({ ok: true, alreadyPaid: false });
    expect(await completePayment(checkout, started.reference, who.id)).toMatchObject({ ok: true, alreadyPaid: true });
    expect(await statusOf(orderId)).toBe("paid");
    expect(await stockOf(handle.db, 31)).toBe(stock);
    expect((await eventsOf(orderId)).map((e) => e.status)).toEqual(["pending", "cancelled", "paid"]);
    // Expiry finds nothing to end: the order is paid.
    await expireStaleOrders(handle.db, new Date(Date.now() + 48 * 60 * 60_000));
    expect((await eventsOf(orderId)).map((e) => e.status)).toEqual(["pending", "cancelled", "paid"]);
  });
});

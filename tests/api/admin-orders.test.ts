import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { addToCart } from "~/server/cart/cart";
import { cancelCheckout, completePayment, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { accounts, orderEvents, orders, outbox } from "~/server/db/schema";
import { changeOrderStatus, countOrdersByStatus, getOrderForAdmin, listOrdersForAdmin, summarizeVerification } from "~/server/orders/admin-orders";
import type { PlacedStatus } from "~/server/orders/lifecycle";
import { lagosDayStart } from "~/common/lagos-time";
import { listOrders } from "~/server/orders/orders";
import { chargeTestCard, testGateway } from "~/server/payments/test-gateway";
import { deliveryFields, mailsOfKind, quickCustomer, setStock, stockOf, variantOf, type Shopper } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// The admin's Orders panel, service level, on the engine of this run: orders are bought through
// the real checkout with the built-in test gateway, then listed, opened and moved on by an admin.

const handle = useTestDatabase();
let checkout: CheckoutContext;
let adminId: number;
let otherAdminId: number;
const PUBLIC_URL = "http://shop.test";

async function newAdmin(name: string): Promise<number> {
  const [admin] = await handle.db
    .insert(accounts)
    .values({
      role: "admin",
      fullName: name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`,
      phoneNumber: "2348012345678",
      passwordHash: "unused",
      emailVerifiedAt: new Date(),
    })
    .returning({ id: accounts.id });
  return admin.id;
}

beforeAll(async () => {
  checkout = { db: handle.db, gateway: testGateway(handle.db), publicUrl: PUBLIC_URL, shopOrdersEmail: "orders@shop.test" };
  adminId = await newAdmin("Ngozi Owner");
  otherAdminId = await newAdmin("Tunde Staff");
});

const ctx = () => ({ db: handle.db, publicUrl: PUBLIC_URL });

interface Bought {
  who: Shopper;
  orderRef: string;
  reference: string;
  email: string;
  totalKobo: number;
}

/** Fills the cart (plain products: [productId, quantity]) and opens a checkout: a pending order. */
async function openCheckout(tag: string, lines: [number, number][]) {
  const who = await quickCustomer(handle.db, tag);
  for (const [productId, quantity] of lines) {
    // Some seeded products hold little stock: enough for this test, without touching the rest.
    if ((await stockOf(handle.db, productId)) < quantity) await setStock(handle.db, productId, quantity + 10);
    for (let i = 0; i < quantity; i++) expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  }
  const delivery = deliveryFields();
  const started = await startCheckout(checkout, who.id, delivery);
  if (!started.ok) throw new Error(started.message);
  return { who, started, email: delivery.email };
}

/** A customer pays for these lines through the test gateway: a placed (paid) order. */
async function buy(tag: string, lines: [number, number][]): Promise<Bought> {
  const { who, started, email } = await openCheckout(tag, lines);
  expect(await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).toEqual({ ok: true, reference: started.reference });
  const paid = await completePayment(checkout, started.reference, who.id);
  expect(paid).toMatchObject({ ok: true, alreadyPaid: false });
  return { who, orderRef: started.orderRef, reference: started.reference, email, totalKobo: started.amountKobo };
}

/**
 * Paid after its checkout was cancelled and its stock sold, and the provider refused the automatic
 * refund: flagged for an admin to refund (or restock and deliver).
 */
async function buyTooLate(tag: string, productId: number): Promise<Bought> {
  const { who, started, email } = await openCheckout(tag, [[productId, 1]]);
  expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  expect(await cancelCheckout(checkout, started.reference, who.id)).toEqual({ status: "cancelled" });
  await setStock(handle.db, productId, 0);
  const refusing: CheckoutContext = { ...checkout, gateway: { ...checkout.gateway, refund: async () => ({ ok: false, message: "Refund refused" }) } };
  const paid = await completePayment(refusing, started.reference, who.id);
  expect(paid).toMatchObject({ ok: false, reason: "refunded", refundReason: "sold-out" });
  return { who, orderRef: started.orderRef, reference: started.reference, email, totalKobo: started.amountKobo };
}

async function orderRow(orderRef: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

async function eventsOf(orderRef: string) {
  const order = await orderRow(orderRef);
  return handle.db
    .select({ status: orderEvents.status, accountId: orderEvents.accountId, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
}

const statusMails = (to: string) => mailsOfKind(handle.db, to, "order-status");

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("one order, as the admin sees it", () => {
  it("has its lines, delivery details, payment with the provider's verification, and its history", async () => {
    const pillow = await variantOf(handle.db, 20);
    const mat = await variantOf(handle.db, 21);
    const bought = await buy("detail", [
      [20, 2],
      [21, 1],
    ]);
    const order = await getOrderForAdmin(handle.db, bought.orderRef);
    expect(order).not.toBeNull();
    expect(order).toMatchObject({
      orderRef: bought.orderRef,
      status: "paid",
      needsRefund: false,
      totalKobo: 2 * pillow.priceKobo + mat.priceKobo,
      currency: "NGN",
      trackingId: null,
      customer: { id: bought.who.id, fullName: "Bulk Buyer", email: bought.who.email },
      delivery: { firstName: "Chioma", lastName: "Okafor", email: bought.email, address: "12 Allen Avenue", state: "Lagos", city: "Ikeja" },
      nextStatuses: ["processing", "cancelled", "refunded"],
    });
    expect(order!.orderDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(order!.items).toEqual([
      expect.objectContaining({
        productId: 20,
        productName: pillow.productName,
        size: "",
        quantity: 2,
        unitPriceKobo: pillow.priceKobo,
        subtotalKobo: 2 * pillow.priceKobo,
      }),
      expect.objectContaining({ productId: 21, productName: mat.productName, quantity: 1, subtotalKobo: mat.priceKobo }),
    ]);
    expect(order!.payment).toMatchObject({
      provider: "test",
      reference: bought.reference,
      status: "success",
      amountKobo: bought.totalKobo,
      currency: "NGN",
      verified: true,
      verification: { status: "success", amountKobo: bought.totalKobo, currency: "NGN", gatewayResponse: "Successful" },
    });
    expect(order!.payment!.verification!.paidAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(order!.events.map((e) => [e.status, e.adminName])).toEqual([
      ["pending", null],
      ["paid", null],
    ]);
  });

  it("reads Paystack's verification fields as well as the test gateway's", () => {
    expect(
      summarizeVerification({
        status: "success",
        amount: 9_100_000,
        currency: "NGN",
        gateway_response: "Approved",
        paid_at: "2026-03-01T23:30:00.000Z",
      }),
    ).toEqual({ status: "success", amountKobo: 9_100_000, currency: "NGN", gatewayResponse: "Approved", paidAt: "2026-03-02 00:30:00" });
    expect(summarizeVerification(null)).toBeNull();
  });

  it("is null for an unknown reference", async () => {
    expect(await getOrderForAdmin(handle.db, "ORD-0-0")).toBeNull();
  });
});

describe("status changes", () => {
  it("paid → processing → shipped (with a tracking id) → delivered: each recorded with its admin and e-mailed", async () => {
    const bought = await buy("journey", [[22, 1]]);
    const steps: [PlacedStatus, { trackingId?: string; note?: string }, number][] = [
      ["processing", { note: "Packed at Ikeja" }, adminId],
      ["shipped", { trackingId: " GIG-123456 ", note: "GIG Logistics" }, otherAdminId],
      ["delivered", {}, adminId],
    ];
    for (const [to, options, by] of steps) {
      const result = await changeOrderStatus(ctx(), by, bought.orderRef, to, options);
      expect(result).toMatchObject({ ok: true, orderRef: bought.orderRef, status: to });
    }
    const row = await orderRow(bought.orderRef);
    expect(row).toMatchObject({ status: "delivered", trackingId: "GIG-123456" });
    expect((await eventsOf(bought.orderRef)).slice(2)).toEqual([
      { status: "processing", accountId: adminId, note: "Packed at Ikeja" },
      { status: "shipped", accountId: otherAdminId, note: "GIG Logistics" },
      { status: "delivered", accountId: adminId, note: null },
    ]);

    // The history names the admins.
    const detail = await getOrderForAdmin(handle.db, bought.orderRef);
    expect(detail!.events.slice(2).map((e) => [e.status, e.adminName, e.note])).toEqual([
      ["processing", "Ngozi Owner", "Packed at Ikeja"],
      ["shipped", "Tunde Staff", "GIG Logistics"],
      ["delivered", "Ngozi Owner", null],
    ]);
    expect(detail!.nextStatuses).toEqual(["refunded"]);

    // One e-mail per change, to the order's address, the shipped one with the tracking id.
    const mails = await statusMails(bought.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Foam Shop order ${bought.orderRef} is being prepared`,
      `Your Foam Shop order ${bought.orderRef} is on its way`,
      `Your Foam Shop order ${bought.orderRef} has been delivered`,
    ]);
    expect(mails[1].text).toContain("Tracking ID: GIG-123456");
    expect(mails[1].html).toContain("GIG-123456");
    expect(mails[1].text).toContain(`${PUBLIC_URL}/userdashboard?menu=1`);
    // The admin's note is for the history only.
    expect(mails[1].text).not.toContain("GIG Logistics");
    expect(mails.every((m) => m.status === "pending")).toBe(true);

    // The customer's My Orders shows the new status and the tracking id.
    const [mine] = await listOrders(handle.db, bought.who.id);
    expect(mine).toMatchObject({ orderRef: bought.orderRef, status: "delivered", trackingId: "GIG-123456" });
  });

  it("refuses every change the workflow does not allow, and changes nothing then", async () => {
    const bought = await buy("refused", [[23, 1]]);
    const refused: [PlacedStatus[], PlacedStatus][] = [
      [[], "shipped"],
      [[], "delivered"],
      [[], "paid"],
      [["processing"], "paid"],
      [["processing"], "delivered"],
      [["processing", "shipped"], "processing"],
      [["processing", "shipped"], "cancelled"],
      [["processing", "shipped", "delivered"], "shipped"],
      [["processing", "shipped", "delivered"], "cancelled"],
    ];
    let done: PlacedStatus[] = [];
    for (const [path, to] of refused) {
      for (const step of path.slice(done.length)) {
        expect((await changeOrderStatus(ctx(), adminId, bought.orderRef, step)).ok).toBe(true);
      }
      done = path;
      const before = await orderRow(bought.orderRef);
      const events = (await eventsOf(bought.orderRef)).length;
      const mails = (await statusMails(bought.email)).length;
      const result = await changeOrderStatus(ctx(), adminId, bought.orderRef, to, { trackingId: "NOPE" });
      expect(result, `${before.status} → ${to}`).toMatchObject({ ok: false, reason: "not-allowed" });
      if (!result.ok) expect(result.message).toMatch(before.status === to ? /already/ : /cannot be moved/);
      expect(await orderRow(bought.orderRef)).toEqual(before);
      expect(await eventsOf(bought.orderRef)).toHaveLength(events);
      expect(await statusMails(bought.email)).toHaveLength(mails);
    }
  });

  it("a refunded order is finished; a cancelled one can only be refunded", async () => {
    const bought = await buy("finished", [[24, 1]]);
    expect((await changeOrderStatus(ctx(), adminId, bought.orderRef, "cancelled")).ok).toBe(true);
    for (const to of ["paid", "processing", "shipped", "delivered", "cancelled"] as const) {
      expect(await changeOrderStatus(ctx(), adminId, bought.orderRef, to)).toMatchObject({ ok: false, reason: "not-allowed" });
    }
    expect((await changeOrderStatus(ctx(), adminId, bought.orderRef, "refunded")).ok).toBe(true);
    for (const to of ["paid", "processing", "shipped", "delivered", "cancelled", "refunded"] as const) {
      expect(await changeOrderStatus(ctx(), adminId, bought.orderRef, to)).toMatchObject({ ok: false, reason: "not-allowed" });
    }
  });

  it("answers not-found for an unknown order and for one that was never paid", async () => {
    expect(await changeOrderStatus(ctx(), adminId, "ORD-1-1", "processing")).toMatchObject({ ok: false, reason: "not-found" });
    const { started } = await openCheckout("unpaid", [[25, 1]]);
    expect(await changeOrderStatus(ctx(), adminId, started.orderRef, "processing")).toMatchObject({ ok: false, reason: "not-found" });
    expect((await orderRow(started.orderRef)).status).toBe("pending");
  });

  it("two admins moving the same order at once: one wins, the other is told", async () => {
    const bought = await buy("race", [[26, 1]]);
    const results = await Promise.all([
      changeOrderStatus(ctx(), adminId, bought.orderRef, "processing"),
      changeOrderStatus(ctx(), otherAdminId, bought.orderRef, "processing"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, reason: "not-allowed", message: "This order is already processing." });
    expect((await eventsOf(bought.orderRef)).filter((e) => e.status === "processing")).toHaveLength(1);
    expect(await statusMails(bought.email)).toHaveLength(1);
  });
});

describe("stock", () => {
  it("cancelling a paid order puts its units back, once", async () => {
    await setStock(handle.db, 27, 10);
    await setStock(handle.db, 28, 10);
    const bought = await buy("cancel", [
      [28, 2],
      [27, 3],
    ]);
    expect([await stockOf(handle.db, 27), await stockOf(handle.db, 28)]).toEqual([7, 8]);
    const result = await changeOrderStatus(ctx(), adminId, bought.orderRef, "cancelled", { note: "Customer called to cancel" });
    expect(result).toMatchObject({ ok: true, status: "cancelled" });
    expect([await stockOf(handle.db, 27), await stockOf(handle.db, 28)]).toEqual([10, 10]);
    const [mail] = await statusMails(bought.email);
    expect(mail.subject).toBe(`Your Foam Shop order ${bought.orderRef} has been cancelled`);

    // The refund that follows moves money, not stock.
    expect((await changeOrderStatus(ctx(), adminId, bought.orderRef, "refunded")).ok).toBe(true);
    expect([await stockOf(handle.db, 27), await stockOf(handle.db, 28)]).toEqual([10, 10]);
  });

  it("refunding an order that has not shipped puts its units back; one that has shipped does not", async () => {
    await setStock(handle.db, 29, 10);
    const notShipped = await buy("refund-early", [[29, 2]]);
    expect((await changeOrderStatus(ctx(), adminId, notShipped.orderRef, "processing")).ok).toBe(true);
    expect(await stockOf(handle.db, 29)).toBe(8);
    expect((await changeOrderStatus(ctx(), adminId, notShipped.orderRef, "refunded")).ok).toBe(true);
    expect(await stockOf(handle.db, 29)).toBe(10);

    const shipped = await buy("refund-late", [[29, 1]]);
    for (const to of ["processing", "shipped", "refunded"] as const)
      expect((await changeOrderStatus(ctx(), adminId, shipped.orderRef, to)).ok).toBe(true);
    expect(await stockOf(handle.db, 29)).toBe(9);
    const mails = await statusMails(shipped.email);
    expect(mails.at(-1)!.subject).toBe(`Your Foam Shop order ${shipped.orderRef} has been refunded`);
  });
});

describe("orders flagged for a refund", () => {
  it("refunding clears the flag and returns no stock (it held none)", async () => {
    const late = await buyTooLate("late-refund", 30);
    expect(await orderRow(late.orderRef)).toMatchObject({ status: "paid", needsRefund: true });
    const [listed] = await listOrdersForAdmin(handle.db, { needsRefund: true });
    expect(listed).toMatchObject({ orderRef: late.orderRef, needsRefund: true });

    // Cancelling keeps the flag: the customer still has to get the money back.
    expect((await changeOrderStatus(ctx(), adminId, late.orderRef, "cancelled")).ok).toBe(true);
    expect(await orderRow(late.orderRef)).toMatchObject({ status: "cancelled", needsRefund: true });
    expect(await stockOf(handle.db, 30)).toBe(0);

    const result = await changeOrderStatus(ctx(), adminId, late.orderRef, "refunded", { note: "Refunded on the Paystack dashboard" });
    expect(result).toMatchObject({ ok: true, status: "refunded", needsRefund: false });
    expect(await orderRow(late.orderRef)).toMatchObject({ status: "refunded", needsRefund: false });
    expect(await stockOf(handle.db, 30)).toBe(0);
    expect((await listOrdersForAdmin(handle.db, { needsRefund: true })).map((o) => o.orderRef)).not.toContain(late.orderRef);
  });

  it("going ahead with it takes the units once they are back, and is refused before", async () => {
    const late = await buyTooLate("late-deliver", 31);
    const refused = await changeOrderStatus(ctx(), adminId, late.orderRef, "processing");
    expect(refused).toMatchObject({ ok: false, reason: "out-of-stock" });
    expect(await orderRow(late.orderRef)).toMatchObject({ status: "paid", needsRefund: true });
    expect(await statusMails(late.email)).toHaveLength(0);

    await setStock(handle.db, 31, 4);
    expect(await changeOrderStatus(ctx(), adminId, late.orderRef, "processing")).toMatchObject({ ok: true, needsRefund: false });
    expect(await stockOf(handle.db, 31)).toBe(3);
  });
});

describe("the list", () => {
  it("shows placed orders only, newest first, with customer, total, status, flag and item count", async () => {
    const first = await buy("list-a", [[32, 1]]);
    const second = await buy("list-b", [
      [32, 2],
      [33, 1],
    ]);
    const { started: unpaid } = await openCheckout("list-unpaid", [[33, 1]]);
    const all = await listOrdersForAdmin(handle.db);
    const refs = all.map((o) => o.orderRef);
    expect(refs).not.toContain(unpaid.orderRef);
    expect(refs.indexOf(second.orderRef)).toBeLessThan(refs.indexOf(first.orderRef));
    expect(all.find((o) => o.orderRef === second.orderRef)).toMatchObject({
      status: "paid",
      needsRefund: false,
      totalKobo: second.totalKobo,
      itemCount: 3,
      customerName: "Bulk Buyer",
      customerEmail: second.who.email,
    });
  });

  it("filters by status and counts each status", async () => {
    const moved = await buy("filter-status", [[34, 1]]);
    expect((await changeOrderStatus(ctx(), adminId, moved.orderRef, "processing")).ok).toBe(true);
    const processing = await listOrdersForAdmin(handle.db, { status: "processing" });
    expect(processing.length).toBeGreaterThan(0);
    expect(processing.every((o) => o.status === "processing")).toBe(true);
    expect(processing.map((o) => o.orderRef)).toContain(moved.orderRef);
    expect((await listOrdersForAdmin(handle.db, { status: "paid" })).map((o) => o.orderRef)).not.toContain(moved.orderRef);

    const counts = await countOrdersByStatus(handle.db);
    const placed = await listOrdersForAdmin(handle.db, {}, 10_000);
    expect(counts.all).toBe(placed.length);
    for (const status of ["paid", "processing", "shipped", "delivered", "cancelled", "refunded"] as const) {
      expect(counts.byStatus[status], status).toBe(placed.filter((o) => o.status === status).length);
    }
    expect(counts.needsRefund).toBe(placed.filter((o) => o.needsRefund).length);
  });

  it("filters by Lagos day (UTC+1): an order at 23:30 UTC belongs to the next day", async () => {
    const lateNight = await buy("lagos-night", [[35, 1]]);
    const evening = await buy("lagos-evening", [[35, 1]]);
    // 2025-03-01 23:30 UTC is 2 March 00:30 in Lagos; 2025-03-01 22:59 UTC is 1 March 23:59.
    await handle.db
      .update(orders)
      .set({ createdAt: new Date("2025-03-01T23:30:00Z") })
      .where(eq(orders.orderRef, lateNight.orderRef));
    await handle.db
      .update(orders)
      .set({ createdAt: new Date("2025-03-01T22:59:00Z") })
      .where(eq(orders.orderRef, evening.orderRef));
    const refsOn = async (from?: string, to?: string) => (await listOrdersForAdmin(handle.db, { from, to })).map((o) => o.orderRef);

    expect(await refsOn("2025-03-02", "2025-03-02")).toEqual([lateNight.orderRef]);
    expect(await refsOn("2025-03-01", "2025-03-01")).toEqual([evening.orderRef]);
    expect(await refsOn("2025-03-01", "2025-03-02")).toEqual([lateNight.orderRef, evening.orderRef]);
    expect(await refsOn(undefined, "2025-03-01")).toEqual([evening.orderRef]);
    expect(await refsOn("2025-03-02")).toContain(lateNight.orderRef);
    expect(await refsOn("2025-03-02")).not.toContain(evening.orderRef);
    expect(await refsOn("2025-02-28", "2025-02-28")).toEqual([]);
    const [listed] = await listOrdersForAdmin(handle.db, { from: "2025-03-02", to: "2025-03-02" });
    expect(listed.orderDate).toBe("2025-03-02 00:30:00");
    expect(lagosDayStart("2025-03-02").toISOString()).toBe("2025-03-01T23:00:00.000Z");

    // Counts follow the days chosen; a status and a day together narrow both ways.
    expect((await countOrdersByStatus(handle.db, { from: "2025-03-01", to: "2025-03-01" })).all).toBe(1);
    expect(await listOrdersForAdmin(handle.db, { status: "processing", from: "2025-03-01", to: "2025-03-02" })).toEqual([]);
    // Nonsense days are ignored rather than failing.
    expect((await refsOn("2025-02-30", "tomorrow")).length).toBeGreaterThan(2);
  });
});

it("every status e-mail went through the outbox, none sent inside the change", async () => {
  const rows = await handle.db.select({ kind: outbox.kind, status: outbox.status }).from(outbox).where(eq(outbox.kind, "order-status"));
  expect(rows.length).toBeGreaterThan(5);
  expect(rows.every((r) => r.status === "pending")).toBe(true);
});

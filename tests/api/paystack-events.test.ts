import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { incidents, orderEvents, orders, outbox, paystackEvents, refunds } from "~/server/db/schema";
import { PAYSTACK_DISPUTES_URL } from "~/server/payments/paystack-events";
import { uniqueEmail } from "../support/accounts";
import { scrape, valueOf } from "../support/metrics";
import { startPaystackStub } from "../support/paystack-stub";
import { loggedIn, openCheckout, shopClient, type Shopper } from "../support/shop";
import { useApiServer, useApiShop, useStarted } from "../support/use-shop";

// Paystack's refund and dispute events (issue 27, decision 0057) through the local stub's signed
// webhooks, on the engine of the run: each acts once however often it comes, to however many
// processes; a refund Paystack could not make, or a dispute, alerts the owners once.

const stub = useStarted(() => startPaystackStub({ secretKey: "sk_test_events_suite" }));
const paystack = () => ({ PAYSTACK_SECRET_KEY: stub.secretKey, PAYSTACK_API_BASE: stub.baseUrl });
const { handle, api } = useApiShop({ env: paystack });
/** A second process on the same database, as behind Caddy. */
const second = useApiServer(handle, { env: paystack });
const shop = shopClient(api);

const owners = [uniqueEmail("events-owner-a"), uniqueEmail("events-owner-b")];
beforeAll(async () => {
  for (const email of owners) {
    const made = await createVerifiedAccount(
      handle.db,
      "admin",
      { fullName: "Ngozi Owner", email, password: "Owner-pass-2026", phoneNumber: "2348031234567" },
      { adminRole: "owner" },
    );
    expect(made.ok).toBe(true);
  }
});

async function post(signed: { body: string; signature: string }, baseUrl = api.baseUrl) {
  const res = await fetch(`${baseUrl}/api/paystack/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-paystack-signature": signed.signature },
    body: signed.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A customer's checkout of one product, opened with Paystack (the stub). */
const opened = (who: Shopper, productId: number) => openCheckout(handle.db, shop, who, productId);

/** The customer pays in Paystack's window and Paystack says so (charge.success). */
async function paid(reference: string) {
  stub.settle(reference, { status: "success" });
  expect((await post(stub.webhook(reference))).status).toBe(200);
}

const orderOf = async (orderRef: string) => (await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef)))[0];
const alertsTo = (subject: RegExp) =>
  handle.db
    .select()
    .from(outbox)
    .where(inArray(outbox.to, owners))
    .then((rows) => rows.filter((m) => subject.test(m.subject)));

describe("refund.processed and refund.failed", () => {
  let orderRef: string;
  let reference: string;

  beforeAll(async () => {
    // A payment for a checkout the customer had replaced: the shop refunds it at once (Paystack accepts).
    const who = await loggedIn(handle.db, api.baseUrl, "customer", "events-refund");
    const first = await opened(who, 44);
    await opened(who, 45);
    await paid(first.reference);
    ({ orderRef, reference } = first);
    expect((await orderOf(orderRef)).status).toBe("refunded");
    expect(stub.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
  });

  it("marks the refund processed when the money reached the customer, once", async () => {
    const event = stub.refundEvent(reference, "processed");
    expect(await post(event)).toEqual({ status: 200, body: { success: true } });
    const [refund] = await handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, (await orderOf(orderRef)).id));
    expect(refund).toMatchObject({ status: "sent", processedAt: expect.any(Date) });
    expect(await post(event)).toEqual({ status: 200, body: { success: true, duplicate: true } });
  });

  it("puts a refund Paystack could not make back to Refund needed, and alerts each owner once, however often it comes", async () => {
    const before = valueOf((await scrape(api.baseUrl)).text, "shop_refunds", { state: "failed" });
    const event = stub.refundEvent(reference, "failed");
    // The same event at both processes at once, then again: it acts once.
    const answers = await Promise.all([post(event), post(event, second.baseUrl), post(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(2);

    const order = await orderOf(orderRef);
    expect(order.needsRefund).toBe(true);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: "failed", lastError: "refund.failed: Paystack could not make it" });
    const notes = await handle.db.select({ note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(notes.map((n) => n.note)).toContain("Paystack could not refund this payment (Paystack could not make it): it needs a refund again.");
    const mails = await alertsTo(new RegExp(`^Needs you: a refund Paystack could not make \\(Order ${orderRef}\\)$`));
    expect(mails.map((m) => m.to).sort()).toEqual([...owners].sort());
    expect(mails[0].text).toContain(`${api.config.publicUrl}/admin/orders/${orderRef}`);
    const open = await handle.db.select().from(incidents).where(eq(incidents.kind, "refund-failed"));
    expect(open).toEqual([expect.objectContaining({ subject: `Order ${orderRef}`, resolvedAt: null })]);
    expect(valueOf((await scrape(api.baseUrl)).text, "shop_refunds", { state: "failed" })).toBe(before + 1);
  });
});

describe("charge.dispute.create, .remind and .resolve", () => {
  it("marks the order disputed with its due date, alerts the owners once with Paystack's dashboard, and says once when it is over", async () => {
    const who = await loggedIn(handle.db, api.baseUrl, "customer", "events-dispute");
    const { reference, orderRef } = await opened(who, 46);
    await paid(reference);
    expect((await orderOf(orderRef)).status).toBe("paid");

    const dueAt = "2026-12-03T10:00:00.000Z";
    const create = stub.disputeEvent(reference, "create", { id: 9001, dueAt });
    expect((await post(create)).status).toBe(200);
    expect(await post(create)).toEqual({ status: 200, body: { success: true, duplicate: true } });
    let order = await orderOf(orderRef);
    expect(order).toMatchObject({ status: "paid", disputeStatus: "open", disputeDueAt: new Date(dueAt), disputeResolution: null });
    const opening = await alertsTo(new RegExp(`^Needs you: a payment disputed by the customer's bank \\(Order ${orderRef}\\)$`));
    expect(opening).toHaveLength(owners.length);
    expect(opening[0].text).toContain(PAYSTACK_DISPUTES_URL);
    expect(opening[0].text).toContain("answer by 3 Dec 2026, 11:00");

    // A reminder with a later date moves the date and sends no second alert.
    const later = "2026-12-05T10:00:00.000Z";
    expect((await post(stub.disputeEvent(reference, "remind", { id: 9001, dueAt: later }))).status).toBe(200);
    expect((await orderOf(orderRef)).disputeDueAt).toEqual(new Date(later));
    expect(await alertsTo(/^Needs you: a payment disputed/)).toHaveLength(owners.length);

    const resolve = stub.disputeEvent(reference, "resolve", { id: 9001, resolution: "merchant-accepted" });
    expect((await post(resolve)).status).toBe(200);
    expect(await post(resolve)).toEqual({ status: 200, body: { success: true, duplicate: true } });
    order = await orderOf(orderRef);
    expect(order).toMatchObject({ status: "paid", disputeStatus: "resolved", disputeResolution: "merchant-accepted" });
    const over = await alertsTo(new RegExp(`^Resolved: a payment disputed by the customer's bank \\(Order ${orderRef}\\)$`));
    expect(over).toHaveLength(owners.length);
    const [incident] = await handle.db.select().from(incidents).where(eq(incidents.key, "dispute:9001"));
    expect(incident.resolvedAt).toBeInstanceOf(Date);
  });
});

describe("events the shop does not act on", () => {
  it("answers an unknown event, or one about another shop's payment, with 200 and ignores it", async () => {
    const count = async () => (await handle.db.select({ id: paystackEvents.id }).from(paystackEvents)).length;
    const before = await count();
    expect(await post(stub.signedEvent("transfer.success", { reference: "TRF_1" }))).toEqual({ status: 200, body: { success: true, ignored: true } });
    expect(await post(stub.signedEvent("refund.failed", { transaction_reference: "another-shops-ref", status: "failed" }))).toEqual({
      status: 200,
      body: { success: true, ignored: true },
    });
    expect(await post(stub.signedEvent("charge.dispute.create", { id: 1 }))).toEqual({ status: 200, body: { success: true, ignored: true } });
    expect(await count()).toBe(before);
  });

  it("refuses an event that Paystack did not sign", async () => {
    const forged = stub.signedEvent("charge.dispute.resolve", { id: 9001, transaction: { reference: "x" } });
    expect((await post({ body: forged.body, signature: "0".repeat(128) })).status).toBe(401);
    const rows = await handle.db
      .select()
      .from(paystackEvents)
      .where(and(eq(paystackEvents.event, "charge.dispute.resolve")));
    expect(rows.every((r) => (r.payload as { data: { id: number } }).data.id === 9001)).toBe(true);
  });
});

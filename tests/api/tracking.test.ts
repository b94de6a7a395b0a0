import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { arrivalDay, arrivesBy, DEFAULT_ZONE_DAYS } from "~/common/delivery-estimate";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { orderEvents, orders } from "~/server/db/schema";
import { TRACK_LIMIT, trackOrder } from "~/server/orders/tracking";
import { freshClientAddress } from "../support/accounts";
import { deliveryFields, loggedIn, shopClient, type Shopper } from "../support/shop";
import { useApiShop } from "../support/use-shop";

// Order tracking without signing in (/trackorder, requirements §2 and §5 "Track order"), at the service:
// trackOrder(db, orderRef, email, clientAddress) finds a placed (paid) order only by its reference
// together with its billing e-mail or its account's e-mail, reports the status, tracking id and a
// delivery estimate ("Arrives by", the day promised when it was paid), and limits lookups per
// client address.
// Orders are placed the real way, over HTTP with the built-in test gateway, on this run's engine.

const { handle, api } = useApiShop();
const shop = shopClient(api);

it("runs on the engine this run asked for, with the built-in test gateway", async () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  expect(api.config.paystack.secretKey).toBeUndefined();
});

// ------------------------------------------------------------------ helpers

const PRODUCT = 47; // Absorbent Microfibre Door Mat: plenty of stock, one price.

interface Placed {
  who: Shopper;
  orderRef: string;
  deliveryEmail: string;
  id: number;
}

/** A customer whose cart holds one door mat and whose checkout is open (a pending order). */
async function openCheckout(tag: string, deliveryEmail: string) {
  const who = await loggedIn(handle.db, api.baseUrl, "customer", tag);
  const add = await shop.post(
    "/api/api4users/add_to_cart.php",
    { user_id: who.id, product_id: PRODUCT, size: "0", price: 1, product_name: "x" },
    who.token,
  );
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const init = await shop.post("/api/api4users/initialize_payment.php", { user_id: who.id, ...deliveryFields({ email: deliveryEmail }) }, who.token);
  expect(init.status, JSON.stringify(init.body)).toBe(201);
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, init.body.order_ref));
  return {
    who,
    orderRef: init.body.order_ref as string,
    reference: init.body.reference as string,
    accessCode: init.body.access_code as string,
    id: row.id,
  };
}

/** A placed order: checkout, the success card on the test gateway, then create_order.php. */
async function placeOrder(tag: string, deliveryEmail = `${tag}.billing.${Date.now()}@example.com`): Promise<Placed> {
  const open = await openCheckout(tag, deliveryEmail);
  const charge = await shop.post("/api/test-gateway/charge", { access_code: open.accessCode, card_number: TEST_CARD_SUCCESS });
  expect(charge.status, JSON.stringify(charge.body)).toBe(200);
  const created = await shop.post("/api/api4users/create_order.php", { userId: open.who.id, transactionRef: open.reference }, open.who.token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, open.orderRef));
  expect(row.status).toBe("paid");
  expect(row.paidAt).not.toBeNull();
  return { who: open.who, orderRef: open.orderRef, deliveryEmail, id: row.id };
}

/** Each lookup from a fresh client address, so no test spends another's rate limit. */
const track = (orderRef: string, email: string) => trackOrder(handle.db, orderRef, email, freshClientAddress());

/** "Mon, 19 Jan" as Node's ICU writes it for en-NG; the comma is optional so a different ICU passes. */
const day = (weekday: string, date: number, month: string) => `${weekday},? ${date} ${month}`;
const lagosDate = (d: Date) => d.toLocaleDateString("en-CA", { timeZone: "Africa/Lagos" });

async function setOrder(id: number, values: Partial<typeof orders.$inferInsert>) {
  await handle.db.update(orders).set(values).where(eq(orders.id, id));
}

// ------------------------------------------------------------------ finding an order

describe("trackOrder: which lookups find a placed order", () => {
  let placed: Placed;
  beforeAll(async () => {
    placed = await placeOrder("track-find");
  });

  it("finds a paid order by its reference and the billing (delivery) e-mail", async () => {
    const result = await track(placed.orderRef, placed.deliveryEmail);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(result.order).toEqual({
      orderRef: placed.orderRef,
      status: "paid",
      statusLabel: "Paid, being prepared",
      trackingId: null,
      placedOn: lagosDate(row.paidAt!),
      estimate: arrivesBy(row.arrivesBy!),
    });
    // The day promised at payment, by the default settings for the delivery state.
    expect(row.arrivesBy).toBe(arrivalDay(row.paidAt!, DEFAULT_ZONE_DAYS.lagos));
  });

  it("finds it whatever the case of the e-mail, and with spaces around either field", async () => {
    for (const email of [
      placed.deliveryEmail.toUpperCase(),
      ` ${placed.deliveryEmail} `,
      placed.deliveryEmail.replace(/^./, (c) => c.toUpperCase()),
    ]) {
      const result = await track(placed.orderRef, email);
      expect(result.ok, email).toBe(true);
    }
    expect((await track(`  ${placed.orderRef}  `, placed.deliveryEmail)).ok).toBe(true);
  });

  it("finds it whatever the case of the Order ID, as a customer reads it out or types it on a phone (issue 19)", async () => {
    for (const orderRef of [placed.orderRef.toLowerCase(), placed.orderRef.replace("ORD", "Ord")]) {
      expect(await track(orderRef, placed.deliveryEmail), orderRef).toMatchObject({ ok: true, order: { orderRef: placed.orderRef } });
    }
  });

  it("finds it by the account's own e-mail too (any case)", async () => {
    expect(placed.who.email).not.toBe(placed.deliveryEmail);
    const result = await track(placed.orderRef, placed.who.email);
    expect(result).toMatchObject({ ok: true, order: { orderRef: placed.orderRef, status: "paid" } });
    expect((await track(placed.orderRef, placed.who.email.toUpperCase())).ok).toBe(true);
  });

  it("answers no-match, and nothing more, for a wrong e-mail", async () => {
    expect(await track(placed.orderRef, "someone.else@example.com")).toEqual({ ok: false, reason: "no-match" });
    // A near miss is still a miss.
    expect(await track(placed.orderRef, placed.deliveryEmail.replace("@", "x@"))).toEqual({ ok: false, reason: "no-match" });
  });

  it("answers no-match for an unknown reference, and for a reference that is only a prefix", async () => {
    expect(await track("ORD-1795229917881-3889", placed.deliveryEmail)).toEqual({ ok: false, reason: "no-match" });
    expect(await track(placed.orderRef.slice(0, -1), placed.deliveryEmail)).toEqual({ ok: false, reason: "no-match" });
    expect(await track("", placed.deliveryEmail)).toEqual({ ok: false, reason: "no-match" });
  });

  it("answers no-match for another customer's order with my e-mail", async () => {
    const other = await placeOrder("track-other");
    expect(await track(other.orderRef, placed.deliveryEmail)).toEqual({ ok: false, reason: "no-match" });
    expect(await track(other.orderRef, placed.who.email)).toEqual({ ok: false, reason: "no-match" });
    expect((await track(other.orderRef, other.deliveryEmail)).ok).toBe(true);
  });

  it("answers no-match for a pending (unpaid) order, even with the right reference and e-mail", async () => {
    const pendingEmail = `track-pending.${Date.now()}@example.com`;
    const pending = await openCheckout("track-pending", pendingEmail);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, pending.id));
    expect(row.status).toBe("pending");
    expect(row.paidAt).toBeNull();
    expect(await track(pending.orderRef, pendingEmail)).toEqual({ ok: false, reason: "no-match" });
    expect(await track(pending.orderRef, pending.who.email)).toEqual({ ok: false, reason: "no-match" });
  });
});

// ------------------------------------------------------------------ status, tracking id, estimate

describe("trackOrder: status, tracking id and estimate follow the admin's changes", () => {
  let placed: Placed;
  beforeAll(async () => {
    placed = await placeOrder("track-status");
  });

  it("a paid order arrives by the day promised when it was paid", async () => {
    await setOrder(placed.id, { arrivesBy: "2026-01-21" });
    expect(await track(placed.orderRef, placed.deliveryEmail)).toMatchObject({ ok: true, order: { estimate: "Arrives by Wed 21 Jan" } });
  });

  it("an order paid before estimates were kept gets one from its payment day and state, in Lagos days", async () => {
    // Paid on Friday 16 January 2026 at 00:30 in Lagos (Thursday 23:30 UTC), to Kano (5 business days):
    // taken up on Friday, then Monday to Friday.
    const paidAt = new Date("2026-01-15T23:30:00Z");
    // Placed when paid, as migration 0026 recorded every order paid before it.
    await setOrder(placed.id, { paidAt, placedAt: paidAt, state: "Kano", arrivesBy: null });
    const result = await track(placed.orderRef, placed.deliveryEmail);
    expect(result).toMatchObject({ ok: true, order: { placedOn: "2026-01-16", estimate: "Arrives by Fri 23 Jan" } });
  });

  it("shows the status and tracking id an admin set", async () => {
    await setOrder(placed.id, { status: "processing" });
    expect(await track(placed.orderRef, placed.deliveryEmail)).toMatchObject({
      ok: true,
      order: { status: "processing", statusLabel: "Processing", trackingId: null },
    });

    await setOrder(placed.id, { status: "shipped", trackingId: "GIG-LAG-000123" });
    const shipped = await track(placed.orderRef, placed.deliveryEmail);
    expect(shipped).toMatchObject({
      ok: true,
      order: { orderRef: placed.orderRef, status: "shipped", statusLabel: "Shipped", trackingId: "GIG-LAG-000123" },
    });
    if (shipped.ok) expect(shipped.order.estimate).toBe("Arrives by Fri 23 Jan");
  });

  it('a delivered order says "Delivered on" the day of its delivered event, in Lagos time', async () => {
    await setOrder(placed.id, { status: "delivered" });
    // Tuesday 20 January 2026, 23:30 UTC is already Wednesday 21 January in Lagos.
    await handle.db
      .insert(orderEvents)
      .values({ orderId: placed.id, status: "delivered", note: "test", createdAt: new Date("2026-01-20T23:30:00Z") });
    const result = await track(placed.orderRef, placed.who.email);
    expect(result).toMatchObject({ ok: true, order: { status: "delivered", trackingId: "GIG-LAG-000123" } });
    if (result.ok) expect(result.order.estimate).toMatch(new RegExp(`^Delivered on ${day("Wed", 21, "Jan")}\\.$`));
  });

  it("uses the newest delivered event when there are several", async () => {
    await handle.db
      .insert(orderEvents)
      .values({ orderId: placed.id, status: "delivered", note: "again", createdAt: new Date("2026-01-23T09:00:00Z") });
    const result = await track(placed.orderRef, placed.deliveryEmail);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.order.estimate).toMatch(new RegExp(`^Delivered on ${day("Fri", 23, "Jan")}\\.$`));
  });

  it('a cancelled or refunded order "will not be delivered"', async () => {
    for (const status of ["cancelled", "refunded"] as const) {
      await setOrder(placed.id, { status });
      const result = await track(placed.orderRef, placed.deliveryEmail);
      expect(result, status).toMatchObject({ ok: true, order: { status, estimate: "This order will not be delivered." } });
    }
  });

  it("a delivered order with no delivered event still says it was delivered", async () => {
    const other = await placeOrder("track-delivered-no-event");
    await setOrder(other.id, { status: "delivered" });
    const result = await track(other.orderRef, other.deliveryEmail);
    expect(result).toMatchObject({ ok: true, order: { status: "delivered", estimate: expect.stringMatching(/^Delivered/) } });
  });
});

// ------------------------------------------------------------------ rate limit

describe(`trackOrder: at most ${TRACK_LIMIT.failuresPerAddress} failed lookups per address in 15 minutes`, () => {
  it("refuses the lookup after 100 failed ones from one address, even a right one, and leaves other addresses alone", async () => {
    expect(TRACK_LIMIT).toEqual({ failuresPerAddress: 100, windowMs: 15 * 60_000 });
    const placed = await placeOrder("track-limit");
    const address = freshClientAddress();
    for (let i = 1; i <= 100; i++) {
      const result = await trackOrder(handle.db, `ORD-${i}`, placed.deliveryEmail, address);
      expect(result, `lookup ${i}`).toEqual({ ok: false, reason: "no-match" });
    }
    const refused = await trackOrder(handle.db, placed.orderRef, placed.deliveryEmail, address);
    expect(refused).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: expect.any(Number) });
    if (!refused.ok && refused.reason === "rate-limited") {
      expect(refused.retryAfterSeconds).toBeGreaterThan(15 * 60 - 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    expect((await trackOrder(handle.db, "ORD-x", "x@example.com", address)).ok).toBe(false);
    // Another address is not affected.
    expect((await trackOrder(handle.db, placed.orderRef, placed.deliveryEmail, freshClientAddress())).ok).toBe(true);
  });

  // Issue 15: thousands of shoppers share a carrier NAT address; those who know their reference
  // must not use up each other's allowance (30 lookups of any kind used to block the address).
  it("does not count lookups that find the order: 150 from one address all answer", async () => {
    const placed = await placeOrder("track-shared");
    const address = freshClientAddress();
    for (let i = 1; i <= 150; i++) {
      const result = await trackOrder(handle.db, placed.orderRef, placed.deliveryEmail, address);
      expect(result.ok, `lookup ${i}: ${JSON.stringify(result)}`).toBe(true);
    }
    // A shopper who mistypes now and then is still answered.
    expect((await trackOrder(handle.db, `${placed.orderRef}9`, placed.deliveryEmail, address)).ok).toBe(false);
    expect((await trackOrder(handle.db, placed.orderRef, placed.deliveryEmail, address)).ok).toBe(true);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { addToCart, saveDelivery } from "~/server/cart/cart";
import { cancelPayOnDelivery, PAY_ON_DELIVERY_DEFAULTS, PAY_ON_DELIVERY_SETTING, placePayOnDelivery } from "~/server/checkout/pay-on-delivery";
import { recordCollection } from "~/server/orders/collections";
import { cancelCheckout, completePayment, expireStaleOrders, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { sendDueRefunds } from "~/server/checkout/refunds";
import { carts, orders, payments, refunds, shopSettings } from "~/server/db/schema";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { ORDER_STATUSES, type OrderStatus, type PlacedStatus } from "~/server/orders/lifecycle";
import { holdsStock } from "~/server/orders/stock";
import { chargeTestCard, testGateway } from "~/server/payments/test-gateway";
import { deliveryFields, plainProductIds, quickAccount, quickCustomer, setStock, stockOf } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// Which orders hold stock, status by status, on a real database (the engine of this run; decision
// 0050): each case brings an order of 2 units of its own product to a status through the shop's
// own calls (Pay Now, the payment, the customer's cancel, expiry, the admin's moves), checks what
// is left on the shelf and what holdsStock says, then ends the order and checks that exactly the
// units it held came back. A status that holds stock and stops holding it fails here: its units
// stay off the shelf when it ends, or never leave it.

const UNITS = 2;
const SHELF = 10;

const handle = useTestDatabase();
let checkout: CheckoutContext;
/** The same shop with a provider that cannot refund now: a refund stays pending (needs_refund). */
let refundsDown: CheckoutContext;
let adminId: number;
/** Plain products (one size) of the seed, one per case. */
let plainProducts: number[];

beforeAll(async () => {
  checkout = { db: handle.db, gateway: testGateway(handle.db), publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test" };
  refundsDown = {
    ...checkout,
    gateway: { ...checkout.gateway, refund: async () => ({ ok: false, message: "The provider cannot be reached", unreachable: true }) },
  };
  adminId = (await quickAccount(handle.db, "admin", "stock-admin")).id;
  plainProducts = await plainProductIds(handle.db);
  // Pay on delivery for anyone, as many open orders as the cases need.
  await handle.db.insert(shopSettings).values({
    key: PAY_ON_DELIVERY_SETTING.key,
    value: { ...PAY_ON_DELIVERY_DEFAULTS, on: true, who: "anyone", maxOpen: 20, ceilingKobo: 10_000_000_00 },
  });
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

interface Case {
  productId: number;
  who: { id: number };
  reference: string;
  accessCode: string;
  orderRef: string;
  orderId: number;
}

let nextProduct = 0;

/** Pay Now for 2 units of a product of its own, with SHELF in stock; `held: false` after the customer's hold was used up. */
async function payNow(tag: string, { held = true } = {}): Promise<Case> {
  const productId = plainProducts[nextProduct++];
  await setStock(handle.db, productId, SHELF);
  const who = await quickCustomer(handle.db, tag);
  for (let i = 0; i < UNITS; i++) expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  // Their 15 minutes began 20 minutes ago: this Pay Now holds nothing (decision 0020).
  if (!held)
    await handle.db
      .update(carts)
      .set({ holdStartedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(carts.accountId, who.id));
  const started = await startCheckout(checkout, who.id, deliveryFields());
  if (!started.ok) throw new Error(started.message);
  const [row] = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.orderRef, started.orderRef));
  return { productId, who, reference: started.reference, accessCode: started.accessCode, orderRef: started.orderRef, orderId: row.id };
}

async function pay(c: Case, ctx = checkout) {
  expect((await chargeTestCard(handle.db, c.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  return completePayment(ctx, c.reference, c.who.id);
}

async function paid(tag: string): Promise<Case> {
  const c = await payNow(tag);
  expect(await pay(c)).toMatchObject({ ok: true, alreadyPaid: false });
  return c;
}

async function move(c: Case, ...statuses: PlacedStatus[]) {
  for (const to of statuses) {
    const change = await changeOrderStatus({ db: handle.db, publicUrl: "http://shop.test" }, adminId, c.orderRef, to);
    expect(change, `→ ${to}`).toMatchObject({ ok: true, status: to });
  }
}

/** Reaches a status: paid, then moved on by an admin. */
const paidThen =
  (...statuses: PlacedStatus[]) =>
  async (tag: string): Promise<Case> => {
    const c = await paid(tag);
    await move(c, ...statuses);
    return c;
  };

/** Paid after its units were sold (the hold had ended, someone bought them): kept for a refund, holding nothing. */
async function paidAfterSoldOut(tag: string): Promise<Case> {
  const c = await payNow(tag);
  expect(await cancelCheckout(checkout, c.reference, c.who.id)).toEqual({ status: "cancelled" });
  await setStock(handle.db, c.productId, 1);
  expect(await pay(c, refundsDown)).toMatchObject({ ok: false, reason: "refunded", refundReason: "sold-out" });
  // The shop restocked.
  await setStock(handle.db, c.productId, SHELF);
  return c;
}

/** 2 units of a product of its own, placed to pay on delivery (decision 0060). */
async function payOnDelivery(tag: string): Promise<Case> {
  const productId = plainProducts[nextProduct++];
  await setStock(handle.db, productId, SHELF);
  const who = await quickCustomer(handle.db, tag);
  for (let i = 0; i < UNITS; i++) expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  await saveDelivery(handle.db, who.id, deliveryFields());
  const placed = await placePayOnDelivery(checkout, who.id);
  if (!placed.ok) throw new Error(placed.message);
  const [row] = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.orderRef, placed.orderRef));
  return { productId, who, reference: "", accessCode: "", orderRef: placed.orderRef, orderId: row.id };
}

const payOnDeliveryThen =
  (...statuses: PlacedStatus[]) =>
  async (tag: string): Promise<Case> => {
    const c = await payOnDelivery(tag);
    await move(c, ...statuses);
    return c;
  };

async function orderRow(c: Case) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, c.orderId));
  return row;
}

/** Where the order's units are: held (off the shelf, back when it ends), sent (gone with the parcel) or on the shelf. */
type Units = "held" | "sent" | "on the shelf";

interface StatusCase {
  status: OrderStatus;
  label: string;
  units: Units;
  reach(tag: string): Promise<Case>;
  /** Ends the order (the customer cancels, it expires, an admin cancels or refunds it). */
  end(c: Case): Promise<void>;
}

const CASES: StatusCase[] = [
  {
    status: "pending",
    label: "pending, its hold running",
    units: "held",
    reach: (tag) => payNow(tag),
    end: async (c) => expect(await cancelCheckout(checkout, c.reference, c.who.id)).toEqual({ status: "cancelled" }),
  },
  {
    status: "pending",
    label: "pending, the customer's hold used up",
    units: "on the shelf",
    reach: (tag) => payNow(tag, { held: false }),
    end: async () => expect(await expireStaleOrders(handle.db, new Date(Date.now() + 25 * 60 * 60_000))).toBeGreaterThanOrEqual(1),
  },
  { status: "paid", label: "paid", units: "held", reach: paid, end: (c) => move(c, "cancelled") },
  { status: "paid", label: "paid after its units were sold", units: "on the shelf", reach: paidAfterSoldOut, end: (c) => move(c, "refunded") },
  {
    status: "processing",
    label: "processing",
    units: "held",
    reach: paidThen("processing"),
    end: (c) => move(c, "cancelled"),
  },
  {
    status: "processing",
    label: "processing after a restock (paid after its units were sold)",
    units: "held",
    reach: async (tag) => {
      const c = await paidAfterSoldOut(tag);
      await move(c, "processing");
      return c;
    },
    end: (c) => move(c, "refunded"),
  },
  {
    status: "shipped",
    label: "shipped",
    units: "sent",
    reach: paidThen("processing", "shipped"),
    end: (c) => move(c, "refunded"),
  },
  {
    status: "delivered",
    label: "delivered",
    units: "sent",
    reach: paidThen("processing", "shipped", "delivered"),
    end: (c) => move(c, "refunded"),
  },
  {
    status: "cancelled",
    label: "cancelled by an admin after payment",
    units: "on the shelf",
    reach: paidThen("cancelled"),
    end: (c) => move(c, "refunded"),
  },
  {
    status: "cancelled",
    label: "cancelled by the customer before paying",
    units: "on the shelf",
    reach: async (tag) => {
      const c = await payNow(tag);
      expect(await cancelCheckout(checkout, c.reference, c.who.id)).toEqual({ status: "cancelled" });
      return c;
    },
    end: async () => {},
  },
  {
    status: "refunded",
    label: "refunded",
    units: "on the shelf",
    reach: paidThen("refunded"),
    end: async () => {},
  },
  {
    status: "expired",
    label: "expired",
    units: "on the shelf",
    reach: async (tag) => {
      const c = await payNow(tag);
      expect(await expireStaleOrders(handle.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
      return c;
    },
    end: async () => {},
  },
  {
    status: "confirmed",
    label: "confirmed, to pay on delivery",
    units: "held",
    reach: payOnDelivery,
    end: async (c) => expect(await cancelPayOnDelivery(checkout, c.who.id, c.orderRef)).toMatchObject({ ok: true }),
  },
  {
    status: "processing",
    label: "processing, to pay on delivery",
    units: "held",
    reach: payOnDeliveryThen("processing"),
    end: (c) => move(c, "cancelled"),
  },
  {
    status: "shipped",
    label: "shipped, to pay on delivery",
    units: "sent",
    reach: payOnDeliveryThen("processing", "shipped"),
    end: async (c) =>
      expect(
        await recordCollection(checkout, adminId, c.orderRef, { method: "cash", amountKobo: (await orderRow(c)).totalKobo, reason: null }),
      ).toEqual({
        ok: true,
        orderRef: c.orderRef,
      }),
  },
  {
    status: "cancelled",
    label: "refused at the door (its parcel came back)",
    units: "on the shelf",
    reach: payOnDeliveryThen("processing", "shipped", "cancelled"),
    end: async () => {},
  },
];

describe("every order status, on the shelf", () => {
  it("has a case for each status", () => {
    expect([...new Set(CASES.map((c) => c.status))].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each(CASES.map((c, i) => [c.label, i] as const))("%s", async (_label, i) => {
    const { status, units, reach, end } = CASES[i];
    const c = await reach(`stock-${i}`);
    const row = await orderRow(c);
    expect(row.status).toBe(status);
    const offShelf = units === "on the shelf" ? 0 : UNITS;
    expect(await stockOf(handle.db, c.productId), "on the shelf while it is there").toBe(SHELF - offShelf);
    expect(holdsStock(row), "holdsStock").toBe(units === "held");
    await end(c);
    const sent = units === "sent" ? UNITS : 0;
    expect(await stockOf(handle.db, c.productId), `on the shelf after it ended (${(await orderRow(c)).status})`).toBe(SHELF - sent);
  });
});

describe("the automatic refund", () => {
  it("puts back the units of an order an admin restocked and sent to processing while the refund was retried", async () => {
    const c = await paidAfterSoldOut("refund-after-restock");
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.orderId, c.orderId));
    expect(refund).toMatchObject({ status: "pending", reason: "sold-out" });
    await move(c, "processing");
    expect(await stockOf(handle.db, c.productId)).toBe(SHELF - UNITS);
    // The provider answers again: the money goes back, and so do the units.
    expect(await sendDueRefunds(checkout, new Date(Date.now() + 2 * 24 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await orderRow(c)).toMatchObject({ status: "refunded", needsRefund: false });
    expect(await stockOf(handle.db, c.productId)).toBe(SHELF);
    const [payment] = await handle.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, c.orderId));
    expect(payment.status).toBe("success");
  });
});

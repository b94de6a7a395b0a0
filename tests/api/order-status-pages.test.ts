import { beforeAll, describe, expect, it } from "vitest";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { startSession, type Role } from "~/server/accounts/sessions";
import { addToCart } from "~/server/cart/cart";
import { completePayment, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { chargeTestCard, testGateway } from "~/server/payments/test-gateway";
import { deliveryFields, quickAccount, quickCustomer, setStock } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// The words of the order lifecycle (server/orders/lifecycle.ts) where people read them, rendered
// from the current source: a customer's My Orders and order tracking use the customer's words,
// the admin's Orders panel and order page the staff's. No page shows a raw status value.

const { handle, shop } = usePageShop({ env: { SMTP_URL: "smtp://127.0.0.1:9", PUBLIC_URL: "http://shop.test" } });
let checkout: CheckoutContext;
let adminId: number;
let customer: { id: number; token: string };
let orderRef: string;
let billingEmail: string;

async function page(path: string, role: Role, token: string): Promise<string> {
  const res = await fetch(`${shop.baseUrl}${path}`, { headers: { cookie: await shop.cookieFor(role, token) }, redirect: "manual" });
  expect(res.status, path).toBe(200);
  return res.text();
}

async function adminPage(path: string): Promise<string> {
  const { token } = await startSession(handle.db, { id: adminId, role: "admin" });
  return page(path, "admin", token);
}

async function trackPage(): Promise<string> {
  const res = await fetch(`${shop.baseUrl}/trackorder`, {
    method: "POST",
    headers: { origin: shop.baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ orderId: orderRef, email: billingEmail }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The text of the element carrying this test id (one, without nested tags). */
function testIdText(html: string, testId: string): string[] {
  return [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, "g"))].map((m) => m[1].trim());
}

beforeAll(async () => {
  checkout = { db: handle.db, gateway: testGateway(handle.db), publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test" };
  adminId = (await quickAccount(handle.db, "admin", "status-pages-admin")).id;

  const who = await quickCustomer(handle.db, "status-pages");
  customer = { id: who.id, token: (await startSession(handle.db, { id: who.id, role: "customer" })).token };
  await setStock(handle.db, 32, 20);
  expect((await addToCart(handle.db, who.id, { productId: 32 })).ok).toBe(true);
  const delivery = deliveryFields();
  billingEmail = delivery.email;
  const started = await startCheckout(checkout, who.id, delivery);
  if (!started.ok) throw new Error(started.message);
  expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  expect(await completePayment(checkout, started.reference, who.id)).toMatchObject({ ok: true });
  orderRef = started.orderRef;
});

describe("a paid order", () => {
  it("is 'Paid, being prepared' in My Orders and on the tracking page", async () => {
    expect(testIdText(await page("/userdashboard?menu=1", "customer", customer.token), "order-status")).toEqual(["Paid, being prepared"]);
    expect(testIdText(await trackPage(), "tracked-status")).toEqual(["Paid, being prepared"]);
  });

  it("is 'Paid' to the admin, with the moves an admin may make in staff words", async () => {
    const list = await adminPage("/admin?menu=5");
    expect(list).toContain(orderRef);
    expect(testIdText(list, "order-status")).toContain("Paid");
    // The status filter lists the placed statuses in staff words.
    for (const label of ["All statuses", "Paid", "Processing", "Shipped", "Delivered", "Cancelled", "Refunded", "Refund needed"])
      expect(list).toContain(`>${label}`);

    const detail = await adminPage(`/admin/orders/${orderRef}`);
    expect(testIdText(detail, "order-status")).toEqual(["Paid", "Paid"]);
    const options = [...detail.matchAll(/<option value="([a-z]+)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ["processing", "Processing"],
      ["cancelled", "Cancelled"],
      ["refunded", "Refunded"],
    ]);
  });
});

describe("after an admin ships it", () => {
  it("is 'Shipped' everywhere, in the customer's words and the staff's", async () => {
    for (const to of ["processing", "shipped"] as const) {
      expect((await changeOrderStatus({ db: handle.db, publicUrl: "http://shop.test" }, adminId, orderRef, to, { trackingId: "GIG-9" })).ok).toBe(
        true,
      );
    }
    expect(testIdText(await page("/userdashboard?menu=1", "customer", customer.token), "order-status")).toEqual(["Shipped"]);
    expect(testIdText(await trackPage(), "tracked-status")).toEqual(["Shipped"]);
    expect(testIdText(await adminPage(`/admin/orders/${orderRef}`), "order-status")).toEqual(["Shipped", "Shipped"]);
  });
});

import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { startSession, type Role } from "~/server/accounts/sessions";
import { checkoutContext } from "~/server/app";
import { addToCart, saveDelivery } from "~/server/cart/cart";
import { completePayment, startCheckout } from "~/server/checkout/checkout";
import { queryRows } from "~/server/db/client";
import { orders, reviews } from "~/server/db/schema";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { freshClientAddress, uniqueEmail } from "../support/accounts";
import { deliveryFields, setStock } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// Issue 16: "Unknown form intents fall through to a default action: admin.tsx sends any unknown
// intent to the phone update." Every page whose action tells its forms apart by `intent` handles
// each intent it has by name and answers any other (or none) 400, with words the page shows, and
// changes nothing.

const PRODUCT = 20;

const { handle, shop } = usePageShop();
const cookies: Partial<Record<Role, string>> = {};
let orderRef: string;
let reviewId: number;

beforeAll(async () => {
  const { db } = handle;
  const ids: Partial<Record<Role, number>> = {};
  for (const role of ["customer", "admin"] as const) {
    const created = await createVerifiedAccount(db, role, {
      fullName: "Emeka Obi",
      email: uniqueEmail(`intent-${role}`),
      password: "correct horse battery",
      phoneNumber: "2348012345678",
    });
    if (!created.ok) throw new Error(`could not create the ${role}`);
    ids[role] = created.account.id;
    const { token } = await startSession(db, { id: created.account.id, role });
    cookies[role] = await shop.cookieFor(role, token);
  }
  // A paid order for the admin's order page, then a cart with delivery details so that the cart
  // and the order summary render.
  await setStock(db, PRODUCT, 1000);
  const checkout = checkoutContext(db, shop.config);
  const delivery = deliveryFields({ email: uniqueEmail("intent-delivery") });
  expect((await addToCart(db, ids.customer!, { productId: PRODUCT })).ok).toBe(true);
  const paid = await startCheckout(checkout, ids.customer!, delivery);
  if (!paid.ok) throw new Error(paid.message);
  expect((await chargeTestCard(db, paid.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  const placed = await completePayment(checkout, paid.reference, ids.customer!);
  if (!placed.ok) throw new Error(placed.message);
  orderRef = placed.orderRef;
  // A review waiting for staff: an intent that fell through to moderation would approve it.
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderRef, orderRef));
  const [review] = await db
    .insert(reviews)
    .values({ productId: PRODUCT, accountId: ids.customer!, orderId: order.id, rating: 5, body: "Waiting", reviewerName: "Intent C." })
    .returning({ id: reviews.id });
  reviewId = review.id;
  expect((await addToCart(db, ids.customer!, { productId: PRODUCT })).ok).toBe(true);
  await saveDelivery(db, ids.customer!, delivery);
});

/** Every table but the rate-limit counters (they count attempts before they are judged), as "rows:md5". */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    handle.db,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    // Pictures by their ids only: their bytes would make this slow, and no form here touches them.
    const rows = name === "product_images" ? sql.raw(`select id::text as r from "${name}"`) : sql.raw(`select t::text as r from "${name}" t`);
    const [row] = await queryRows<{ d: string }>(
      handle.db,
      sql`select count(*) || ':' || coalesce(md5(string_agg(r, ',' order by r)), '-') as d from (${rows}) s`,
    );
    digest[name] = row.d;
  }
  return digest;
}

/**
 * A page form as a browser posts it, signed in as `role`. Each on a connection of its own: the
 * embedded database runs in this process, and a long snapshot can hold up the timers that retire
 * an idle keep-alive connection on both sides, so that fetch would reuse one the server is closing.
 */
function post(path: string, role: Role, fields: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> {
  const body = new URLSearchParams(fields).toString();
  const headers = {
    origin: shop.baseUrl,
    cookie: cookies[role]!,
    "x-forwarded-for": freshClientAddress(),
    "content-type": "application/x-www-form-urlencoded",
    "content-length": Buffer.byteLength(body),
  };
  return new Promise((resolve, reject) => {
    const req = http.request(`${shop.baseUrl}${path}`, { method: "POST", agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location ?? null, html: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const UNKNOWN = ["frobnicate", "", "Update-Phone", "update-phone ", "logout\u0000"];

describe("a page form with an intent the page does not have", () => {
  const pages: { title: string; path: () => string; role: Role; fields: Record<string, string>; shows: string }[] = [
    // The admin dashboard once sent these to the phone update.
    {
      title: "the admin dashboard",
      path: () => "/admin",
      role: "admin",
      fields: { phoneNumber: "2348099999999", productId: String(PRODUCT), id: "1", read: "true", reviewId: "0", decision: "approve" },
      shows: messages.requestUnreadable,
    },
    {
      title: "the admin dashboard's Register an Admin",
      path: () => "/admin?menu=3",
      role: "admin",
      fields: {
        fullName: "New Admin",
        email: uniqueEmail("intent-new-admin"),
        phoneNumber: "2348012345678",
        password: "Admin123!x",
        confirmPassword: "Admin123!x",
      },
      shows: messages.requestUnreadable,
    },
    {
      title: "the customer dashboard",
      path: () => "/userdashboard",
      role: "customer",
      fields: { phoneNumber: "2348099999999" },
      shows: messages.requestUnreadable,
    },
    {
      title: "the cart",
      path: () => "/cartpage",
      role: "customer",
      fields: { productId: String(PRODUCT), size: "", lineId: "1" },
      shows: messages.quantityFailed,
    },
    {
      title: "the order summary's Pay Now",
      path: () => "/ordersummarypage",
      role: "customer",
      fields: { reference: "ref-1" },
      shows: messages.orderFailed,
    },
    {
      title: "the admin's order page",
      path: () => `/admin/orders/${orderRef}`,
      role: "admin",
      fields: { status: "shipped", trackingId: "GIG-1" },
      shows: messages.requestUnreadable,
    },
    {
      title: "the admin's product page (Save changes, Duplicate)",
      path: () => `/admin/products/${PRODUCT}`,
      role: "admin",
      fields: { productName: "Renamed By Intent", description: "x", category: "Pillows", price: "1", availableStock: "1" },
      shows: messages.requestUnreadable,
    },
    {
      title: "the products CSV import",
      path: () => "/admin/products/import",
      role: "admin",
      fields: { digest: "0".repeat(64) },
      shows: messages.requestUnreadable,
    },
  ];

  for (const page of pages) {
    it(`is answered 400 and changes nothing: ${page.title}`, async () => {
      const before = await snapshot();
      for (const intent of UNKNOWN) {
        const res = await post(page.path(), page.role, { intent, ...page.fields });
        const what = `${page.path()} intent=${JSON.stringify(intent)}`;
        expect(res.status, `${what}: ${res.location ?? ""}`).toBe(400);
        expect(res.html, what).toContain(page.shows);
      }
      expect(await snapshot(), page.path()).toEqual(before);
    });
  }

  it("and with no intent at all, the same", async () => {
    // The order page has one form, which may leave its intent out (its only one, order-status).
    const before = await snapshot();
    for (const page of pages.filter((p) => !p.path().startsWith("/admin/orders/"))) {
      const res = await post(page.path(), page.role, page.fields);
      expect(res.status, page.path()).toBe(400);
      expect(res.html, page.path()).toContain(page.shows);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("the known intents still reach their forms", () => {
  it("update-phone changes the admin's phone number", async () => {
    const res = await post("/admin", "admin", { intent: "update-phone", phoneNumber: "2348077777777" });
    expect(res.status).toBe(200);
    expect(res.html).toContain(messages.phoneUpdated);
  });

  it("review-moderate approves a review", async () => {
    const res = await post("/admin?menu=13", "admin", { intent: "review-moderate", reviewId: String(reviewId), decision: "approve" });
    expect(res.status).toBe(200);
    expect(res.html).toContain(messages.reviewApproved);
  });

  it("logout ends the customer's session", async () => {
    const res = await post("/userdashboard", "customer", { intent: "logout" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/?notice=logged-out");
  });
});

import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { startSession, type Role, type SignedInAccount } from "~/server/accounts/sessions";
import type { Database } from "~/server/db/client";
import { accounts, cartItems, carts, orderItems, orders, outbox, payments, productImages, products, productVariants } from "~/server/db/schema";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { addToCart } from "~/server/cart/cart";
import { completePayment, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { chargeTestCard, testGateway } from "~/server/payments/test-gateway";
import { apiClient, baseUrlOf, uniqueEmail, type Reply, type ServerAddress } from "./accounts";

// Helpers for the cart, checkout and order calls of requirements §7: customers with a Bearer token,
// GET and POST with that token, catalogue variants and their stock, and what the database holds.

export interface Shopper {
  id: number;
  email: string;
  token: string;
}

const PASSWORD = "correct horse battery";

/** GET and POST against one server, with an optional Bearer token. */
export function shopClient(server: ServerAddress) {
  const rawPost = apiClient(server);
  return {
    post: (path: string, body?: unknown, token?: string): Promise<Reply> => rawPost(path, body, { token }),
    async get(path: string, token?: string): Promise<Reply> {
      const res = await fetch(`${baseUrlOf(server)}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Left as text: the assertion on it will say what came back.
      }
      return { status: res.status, headers: res.headers, body };
    },
  };
}
export type ShopClient = ReturnType<typeof shopClient>;

/** A verified account created in the database, logged in through the API (requirements §7 login call). */
export async function loggedIn(db: Database, baseUrl: string, role: Role, tag: string): Promise<Shopper> {
  const email = uniqueEmail(tag);
  const created = await createVerifiedAccount(db, role, { fullName: "Chioma Okafor", email, password: PASSWORD, phoneNumber: "2348012345678" });
  if (!created.ok) throw new Error(`could not create ${email}`);
  const path = role === "customer" ? "/api/api4users/user_login.php" : "/api/admin_login.php";
  const res = await apiClient(baseUrl)(path, { email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.user.id).toBe(created.account.id);
  return { id: created.account.id, email, token: res.body.token };
}

/** A verified account with a session made directly (no password hashing): for tests that need many, or only an id. */
export async function quickAccount(
  db: Database,
  role: Role,
  tag: string,
  fullName = role === "customer" ? "Bulk Buyer" : "Ngozi Owner",
): Promise<Shopper> {
  const email = uniqueEmail(tag);
  const [account] = await db
    .insert(accounts)
    .values({ role, fullName, email, phoneNumber: "+2348012345678", passwordHash: "unused", emailVerifiedAt: new Date() })
    .returning({ id: accounts.id });
  const { token } = await startSession(db, { id: account.id, role });
  return { id: account.id, email, token };
}

/** An owner made directly, as the signed-in account the owners' services take (settings, staff). */
export async function quickOwner(db: Database, tag: string): Promise<SignedInAccount> {
  const admin = await quickAccount(db, "admin", tag, "Ngozi Owner");
  await db.update(accounts).set({ adminRole: "owner" }).where(eq(accounts.id, admin.id));
  return {
    id: admin.id,
    role: "admin",
    adminRole: "owner",
    fullName: "Ngozi Owner",
    email: admin.email,
    phoneNumber: "+2348012345678",
    twoFactor: false,
  };
}

/** The seed's plain products (one size, on sale), in id order: tests that need products of their own take them in turn. */
export async function plainProductIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ productId: products.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.size, ""), isNull(products.archivedAt), isNull(productVariants.archivedAt), eq(products.hidden, false)))
    .orderBy(asc(products.id));
  return rows.map((r) => r.productId);
}

/** A customer with a session made directly (no password hashing): for tests that need many. */
export const quickCustomer = (db: Database, tag: string): Promise<Shopper> => quickAccount(db, "customer", tag);

export interface VariantRow {
  id: number;
  productId: number;
  productName: string;
  size: string;
  priceKobo: number;
  stock: number;
}

/** A catalogue variant as the database holds it ('' is a plain product's only size). */
export async function variantOf(db: Database, productId: number, size = ""): Promise<VariantRow> {
  const [row] = await db
    .select({
      id: productVariants.id,
      productId: products.id,
      productName: products.name,
      size: productVariants.size,
      priceKobo: productVariants.priceKobo,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  if (!row) throw new Error(`no variant ${productId}/${JSON.stringify(size)} in the seed`);
  return row;
}

/** The file name of a product's first picture (the one a cart line and an order item show). */
export async function firstImageOf(db: Database, productId: number): Promise<string> {
  const [row] = await db
    .select({ fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1);
  if (!row) throw new Error(`product ${productId} has no picture`);
  return row.fileName;
}

export async function setStock(db: Database, productId: number, stock: number, size = ""): Promise<void> {
  await db
    .update(productVariants)
    .set({ stock })
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
}

export async function stockOf(db: Database, productId: number, size = ""): Promise<number> {
  return (await variantOf(db, productId, size)).stock;
}

/** The cart lines of an account straight from the database: variant id and quantity. */
export async function cartRows(db: Database, accountId: number): Promise<{ variantId: number; quantity: number }[]> {
  return db
    .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.accountId, accountId))
    .orderBy(asc(cartItems.id));
}

export async function ordersOf(db: Database, accountId: number) {
  return db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id));
}

export async function paidOrdersOf(db: Database, accountId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), isNotNull(orders.paidAt)))
    .orderBy(asc(orders.id));
}

export async function orderItemsOf(db: Database, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function paymentOf(db: Database, reference: string) {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** Queued e-mails of one kind to one address (newest last). */
export async function mailsOfKind(db: Database, to: string, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)))
    .orderBy(asc(outbox.id));
}

/** The delivery form of requirements §3 (DeliveryDetail), valid unless overridden. */
export function deliveryFields(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Chioma",
    lastName: "Okafor",
    phone: "08012345678",
    confirmPhone: "08012345678",
    email: uniqueEmail("deliver"),
    address: "12 Allen Avenue",
    state: "Lagos",
    city: "Ikeja",
    ...overrides,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The 'YYYY-MM-DD HH:MM:SS' local time of requirements §3.11, as the client sends it. */
export function localDateTime(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The checkout of a test shop: the test gateway on this database, and no text channel unless given. */
export function testCheckout(db: Database, overrides: Partial<CheckoutContext> = {}): CheckoutContext {
  return { db, gateway: testGateway(db), publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test", ...overrides };
}

/** A customer buys one unit of a plain product through the test gateway: a placed (paid) order. */
export async function paidOrder(
  db: Database,
  tag: string,
  { productId = 20, delivery = {} }: { productId?: number; delivery?: Record<string, unknown> } = {},
): Promise<{ orderRef: string; customerId: number }> {
  const checkout = testCheckout(db);
  const who = await quickCustomer(db, tag);
  if ((await stockOf(db, productId)) < 1) await setStock(db, productId, 10);
  const added = await addToCart(db, who.id, { productId });
  if (!added.ok) throw new Error(`could not add product ${productId} to the cart`);
  const started = await startCheckout(checkout, who.id, deliveryFields(delivery));
  if (!started.ok) throw new Error(started.message);
  const charged = await chargeTestCard(db, started.accessCode, TEST_CARD_SUCCESS);
  if (!charged.ok) throw new Error("the test card was refused");
  const paid = await completePayment(checkout, started.reference, who.id);
  if (!paid.ok) throw new Error("the payment did not complete");
  return { orderRef: started.orderRef, customerId: who.id };
}

/**
 * A customer's checkout of one unit of a product, opened over HTTP as the shop's client opens it
 * (add_to_cart.php, then initialize_payment.php), with the product's stock set first.
 */
export async function openCheckout(db: Database, client: ShopClient, who: Shopper, productId: number, stock = 10) {
  await setStock(db, productId, stock);
  const added = await client.post(
    "/api/api4users/add_to_cart.php",
    { user_id: who.id, product_id: productId, size: "0", price: 1, product_name: "x" },
    who.token,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const delivery = deliveryFields();
  const started = await client.post("/api/api4users/initialize_payment.php", { user_id: who.id, ...delivery }, who.token);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return {
    delivery,
    reference: started.body.reference as string,
    orderRef: started.body.order_ref as string,
    accessCode: started.body.access_code as string,
  };
}

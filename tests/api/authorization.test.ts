import { readFile, writeFile } from "node:fs/promises";
import { and, asc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import routeConfig from "~/app/routes";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { SESSION_COOKIE_NAMES, startSession, type Role } from "~/server/accounts/sessions";
import { apiRouter } from "~/server/api";
import { checkoutContext } from "~/server/app";
import { addToCart, clearCart, saveDelivery } from "~/server/cart/cart";
import { createProduct, productInput } from "~/server/catalog/admin";
import { completePayment, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import type { DeliveryDetails } from "~/common/delivery";
import {
  accounts,
  cartItems,
  carts,
  orderEvents,
  orderItems,
  orders,
  payments,
  rateLimits,
  sessions,
  testGatewayTransactions,
} from "~/server/db/schema";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { forgedToken, uniqueEmail } from "../support/accounts";
import { routerCalls } from "../support/api-calls";
import { deliveryFields, firstImageOf, ordersOf, setStock } from "../support/shop";
import {
  ACTORS,
  API_ROWS,
  MATRIX,
  PAGE_ROWS,
  PLACEHOLDERS,
  renderMatrixMarkdown,
  type Actor,
  type FieldValue,
  type MatrixRow,
} from "./authorization-matrix";
import { usePageShop } from "../support/use-shop";

// Runs the authorization matrix (authorization-matrix.ts) against the whole shop over HTTP, on the
// engine of this run. Pages are served by the build's own createShopApp (tests/support/pages.ts):
// the real redirects, cookies and actions of the source under test.

// SMTP_URL and a Termii key set (nothing is sent: no mailer runs) so the dev mailbox and the dev
// phone are off, as in production.
const { handle, shop } = usePageShop({
  env: { SMTP_URL: "smtp://127.0.0.1:9", TERMII_API_KEY: "termii-test-key", TERMII_SENDER_ID: "FoamShop", PUBLIC_URL: "http://shop.test" },
});
let checkout: CheckoutContext;

const PASSWORD = "correct horse battery";
/** In both customers' carts; the other plain product is in neither. */
const PRODUCT_IN_CART = 20;
const PRODUCT_OTHER = 21;
const FEATURED_PRODUCT = 1;

interface Customer {
  id: number;
  email: string;
  fullName: string;
  phoneNumber: string;
  /** What restore() puts back before every row. */
  delivery: DeliveryDetails;
  /** The paid order made once in beforeAll. */
  orderRef: string;
  paymentRef: string;
  updatesToken: string;
  offersToken: string;
}

interface Account {
  id: number;
  email: string;
}

let customerA: Customer;
let customerB: Customer;
let admin: Account;
let spare: { customer: string; admin: string };
let fixed: Record<string, string | number>;

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

async function verifiedAccount(role: Role, fullName: string, tag: string, phoneNumber = "2348012345678") {
  const created = await createVerifiedAccount(handle.db, role, { fullName, email: uniqueEmail(tag), password: PASSWORD, phoneNumber });
  if (!created.ok) throw new Error(`could not create the ${tag} account`);
  return created.account;
}

async function throwawayProduct(name: string): Promise<number> {
  const input = productInput.parse({
    productName: name,
    description: "Made by the authorization test.",
    price: "1000",
    availableStock: "3",
    category: "Pillows",
  });
  const created = await createProduct(handle.db, admin.id, input, [{ name: "front.png", bytes: await png() }]);
  if (!created.ok) throw new Error(created.message);
  return created.productId;
}

/** A customer with a paid order (through the test gateway), then the state every row starts from. */
async function customerWithOrder(fullName: string, tag: string, phoneNumber: string, delivery: DeliveryDetails): Promise<Customer> {
  const account = await verifiedAccount("customer", fullName, tag, phoneNumber);
  expect((await addToCart(handle.db, account.id, { productId: PRODUCT_OTHER })).ok).toBe(true);
  const started = await startCheckout(checkout, account.id, delivery);
  if (!started.ok) throw new Error(started.message);
  expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  expect(await completePayment(checkout, started.reference, account.id)).toMatchObject({ ok: true });
  const [order] = await handle.db.select({ updatesToken: orders.updatesToken }).from(orders).where(eq(orders.orderRef, started.orderRef));
  const [{ offersToken }] = await handle.db.select({ offersToken: accounts.offersToken }).from(accounts).where(eq(accounts.id, account.id));
  const customer = { ...account, delivery, orderRef: started.orderRef, paymentRef: started.reference, updatesToken: order.updatesToken, offersToken };
  await restore(customer);
  return customer;
}

/**
 * Puts a customer back as every row expects them, whatever the owner's own requests of the row
 * before did: their phone number, one cart line (two of PRODUCT_IN_CART), their delivery details
 * and an open checkout.
 */
async function restore(c: Customer) {
  const { db } = handle;
  await db.update(accounts).set({ phoneNumber: c.phoneNumber }).where(eq(accounts.id, c.id));
  await clearCart(db, c.id);
  for (let i = 0; i < 2; i++) expect((await addToCart(db, c.id, { productId: PRODUCT_IN_CART })).ok).toBe(true);
  await saveDelivery(db, c.id, c.delivery);
  const [pending] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.accountId, c.id), eq(orders.status, "pending")));
  if (!pending) {
    const started = await startCheckout(checkout, c.id);
    if (!started.ok) throw new Error(started.message);
  }
}

/** A's open checkout and cart line as they are now (they change when A acts on them). */
async function currentOfA() {
  const { db } = handle;
  const [pending] = await db
    .select({ orderRef: orders.orderRef, reference: payments.reference, accessCode: payments.accessCode })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.accountId, customerA.id), eq(orders.status, "pending")));
  const [line] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.accountId, customerA.id));
  return {
    "A.pendingOrderRef": pending.orderRef,
    "A.pendingRef": pending.reference,
    "A.accessCode": pending.accessCode ?? "",
    "A.cartLineId": line.id,
  };
}

/** Everything of A's that another actor must not change: re-read from the database. */
async function snapshotOfA() {
  const { db } = handle;
  const id = customerA.id;
  const orderRows = await ordersOf(db, id);
  const orderIds = orderRows.map((o) => o.id);
  const paymentRows = orderIds.length ? await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id)) : [];
  const references = paymentRows.map((p) => p.reference);
  return {
    account: await db.select().from(accounts).where(eq(accounts.id, id)),
    sessions: await db.select().from(sessions).where(eq(sessions.accountId, id)).orderBy(asc(sessions.tokenHash)),
    cart: await db.select().from(carts).where(eq(carts.accountId, id)),
    cartLines: await db
      .select({ line: cartItems })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.accountId, id))
      .orderBy(asc(cartItems.id)),
    orders: orderRows,
    orderItems: orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)) : [],
    orderEvents: orderIds.length
      ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.id))
      : [],
    payments: paymentRows,
    gateway: references.length
      ? await db
          .select()
          .from(testGatewayTransactions)
          .where(inArray(testGatewayTransactions.reference, references))
          .orderBy(asc(testGatewayTransactions.reference))
      : [],
  };
}

beforeAll(async () => {
  checkout = checkoutContext(handle.db, shop.config);
  for (const productId of [PRODUCT_IN_CART, PRODUCT_OTHER]) await setStock(handle.db, productId, 100_000);

  customerA = await customerWithOrder("Adaeze Alpha", "customer-a", "2348011110001", {
    ...deliveryFields({ firstName: "Adaeze", lastName: "Alpha", phone: "08011110001", confirmPhone: "08011110001", address: "7 Alpha Close" }),
    email: uniqueEmail("adaeze.delivery"),
  });
  customerB = await customerWithOrder("Bolanle Beta", "customer-b", "2348022220002", {
    ...deliveryFields({ firstName: "Bolanle", lastName: "Beta", phone: "08022220002", confirmPhone: "08022220002", address: "9 Beta Street" }),
    email: uniqueEmail("bolanle.delivery"),
  });
  admin = await verifiedAccount("admin", "Ngozi Owner", "admin");
  const spareAdmin = await verifiedAccount("admin", "Spare Admin", "spare-admin");
  spare = {
    customer: (await verifiedAccount("customer", "Spare Customer", "spare-customer")).email,
    admin: spareAdmin.email,
  };
  fixed = {
    "A.id": customerA.id,
    "A.email": customerA.email,
    "A.firstName": "Adaeze",
    "A.address": customerA.delivery.address,
    "A.deliveryEmail": customerA.delivery.email,
    "A.orderRef": customerA.orderRef,
    "A.paymentRef": customerA.paymentRef,
    "A.updatesToken": customerA.updatesToken,
    "A.offersToken": customerA.offersToken,
    "spare.customer": spare.customer,
    "spare.admin": spare.admin,
    "spare.adminId": spareAdmin.id,
    "spare.password": PASSWORD,
    "product.inCart": PRODUCT_IN_CART,
    "product.other": PRODUCT_OTHER,
    "product.featured": FEATURED_PRODUCT,
    "product.forEdit": await throwawayProduct("Matrix Edit Me"),
    "product.forApiDelete": await throwawayProduct("Matrix Delete Me By Call"),
    "product.forPageDelete": await throwawayProduct("Matrix Delete Me By Page"),
    "image.file": await firstImageOf(handle.db, PRODUCT_IN_CART),
  };
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

// ---------------------------------------------------------------- sending a row

type Values = (key: string) => string | number;

function fill(template: string, value: Values): string {
  return template.replace(/\{([\w.]+)\}/g, (_, key: string) => String(value(key)));
}

/** A placeholder standing alone keeps its type (a user_id stays a number); text around one makes a string. */
function fillField(field: FieldValue, value: Values): unknown {
  if (field === null || typeof field === "number") return field;
  if (typeof field === "object") return Object.fromEntries(Object.entries(field).map(([k, v]) => [k, fillField(v, value)]));
  const alone = /^\{([\w.]+)\}$/.exec(field);
  return alone ? value(alone[1]) : fill(field, value);
}

interface Sent {
  /** What the request carried, to tell A's details it sent from ones it was told. */
  request: string;
  status: number;
  location: string | null;
  text: string;
}

/** The actor's account; none for the visitor. */
const accountOf = (actor: Actor): Account | null => ({ visitor: null, customerA, customerB, admin })[actor];

async function sessionOf(actor: Actor): Promise<{ role: Role; token: string } | null> {
  const who = accountOf(actor);
  if (!who) return null;
  const role: Role = actor === "admin" ? "admin" : "customer";
  // A fresh session per row: a logout row ends only its own.
  const { token } = await startSession(handle.db, { id: who.id, role });
  return { role, token };
}

/** The Cookie header a browser sends after logging in to a page as this role. */
async function cookieFor(role: Role, token: string): Promise<string> {
  const cookie = await shop.cookieFor(role, token);
  expect(cookie.startsWith(`${SESSION_COOKIE_NAMES[role]}=`)).toBe(true);
  return cookie;
}

async function send(row: MatrixRow, actor: Actor, value: Values): Promise<Sent> {
  const session = await sessionOf(actor);
  const path = fill(row.request, value);
  const body = row.body && (fillField(row.body, value) as Record<string, unknown>);
  const headers: Record<string, string> = {};
  if (session && row.surface === "api") headers.authorization = `Bearer ${session.token}`;
  if (session && row.surface === "page") headers.cookie = await cookieFor(session.role, session.token);
  // A browser's page form says where it comes from; API clients do not.
  if (row.surface === "page" && row.method === "POST") headers.origin = shop.baseUrl;
  let payload: BodyInit | undefined;
  if (row.method === "POST") {
    if (row.files) {
      const form = new FormData();
      for (const [k, v] of Object.entries(body ?? {})) form.append(k, String(v ?? ""));
      for (const field of row.files) form.append(field, new Blob([new Uint8Array(await png())], { type: "image/png" }), "front.png");
      payload = form;
    } else if (row.surface === "api") {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body ?? {});
    } else {
      payload = new URLSearchParams(Object.entries(body ?? {}).map(([k, v]) => [k, String(v ?? "")]));
    }
  }
  const res = await fetch(`${shop.baseUrl}${path}`, { method: row.method, headers, body: payload, redirect: "manual" });
  return { request: `${path} ${JSON.stringify(body ?? {})}`, status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** `<status>[ → <location>][ +<marker>...]`, see authorization-matrix.ts. */
function checkOutcome(outcome: string, sent: Sent, value: Values, what: string) {
  const parsed = /^(\d{3})(?: → (\S+))?((?: \+[\w.]+)*)$/.exec(outcome);
  if (!parsed) throw new Error(`${what}: cannot read the outcome "${outcome}"`);
  const [, status, location, markers] = parsed;
  const shown = `${what} got ${sent.status}${sent.location ? ` → ${sent.location}` : ""}: ${sent.text.slice(0, 300)}`;
  expect(sent.status, shown).toBe(Number(status));
  // A `*` in the location stands for an id the request makes (a duplicated product's).
  if (location?.includes("*")) {
    const pattern = fill(location, value)
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    expect(sent.location ?? "", shown).toMatch(new RegExp(`^${pattern.join("\\d+")}$`));
  } else expect(sent.location, shown).toBe(location ? fill(location, value) : null);
  for (const marker of markers.split(" +").filter(Boolean)) {
    const text = marker.startsWith("msg.") ? messages[marker.slice(4) as keyof typeof messages] : value(marker);
    if (typeof text !== "string" && typeof text !== "number") throw new Error(`${what}: no text for +${marker}`);
    expect(sent.text.includes(String(text)), `${what} should show ${marker} (${text}): ${sent.text.slice(0, 300)}`).toBe(true);
  }
}

// Visitor, B and the admin act before A, so that A's own changes (clearing the cart, cancelling the
// checkout, logging out) cannot hide what the others did.
const ORDER: Actor[] = ["visitor", "customerB", "admin", "customerA"];

function rowTitle(row: MatrixRow): string {
  const body = row.body ? ` ${JSON.stringify(row.body)}` : "";
  return `${row.surface} ${row.method} ${row.request}${body.length > 90 ? `${body.slice(0, 87)}...` : body}`;
}

describe("every call and page, as each actor", () => {
  for (const row of MATRIX) {
    it(rowTitle(row), async () => {
      // Rate limits are not what this matrix is about: every row starts with none used.
      await handle.db.delete(rateLimits);
      await restore(customerA);
      await restore(customerB);
      const a: Record<string, string | number> = { ...fixed, ...(await currentOfA()) };
      // A's details another actor must not learn; A's ids are left out (small numbers occur anywhere).
      const aDetails = Object.keys(PLACEHOLDERS).filter((key) => key.startsWith("A.") && typeof a[key] === "string" && a[key] !== "");
      const forged = forgedToken();
      const before = await snapshotOfA();

      for (const actor of ORDER) {
        const self = accountOf(actor);
        const value: Values = (key) => {
          if (!(key in PLACEHOLDERS)) throw new Error(`{${key}} is not in PLACEHOLDERS`);
          if (key === "fresh.email") return uniqueEmail("fresh");
          if (key === "forged.token") return forged;
          if (key === "self.id") return self?.id ?? 0;
          if (key === "self.email") return self?.email ?? "nobody@example.com";
          const known = a[key];
          if (known === undefined) throw new Error(`this test gives {${key}} no value`);
          return known;
        };
        const what = `${actor} on ${rowTitle(row)}`;
        const sent = await send(row, actor, value);
        checkOutcome(row.expect[actor], sent, value, what);

        if (actor === "customerA" || (actor === "admin" && row.adminSeesA)) continue;
        // Nothing of A's changed, and nothing of A's was told that the request did not carry.
        if (!row.secretOfA?.changes) expect(await snapshotOfA(), `${what} changed A's data`).toEqual(before);
        for (const key of aDetails.filter((k) => !row.secretOfA?.learns.includes(k))) {
          const detail = String(a[key]);
          if (sent.request.includes(detail)) continue;
          expect(sent.text.includes(detail), `${what} told ${key} (${detail}): ${sent.text.slice(0, 300)}`).toBe(false);
        }
      }
    });
  }
});

it("takes a page session only under its own role's cookie", async () => {
  const page = async (path: string, cookie: string) => {
    const res = await fetch(`${shop.baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
    return `${res.status} → ${res.headers.get("location")}`;
  };
  const customerToken = (await startSession(handle.db, { id: customerA.id, role: "customer" })).token;
  const adminToken = (await startSession(handle.db, { id: admin.id, role: "admin" })).token;
  // A customer's token renamed to the admin cookie is no admin session, and the other way round.
  const customerAsAdmin = (await cookieFor("customer", customerToken)).replace(SESSION_COOKIE_NAMES.customer, SESSION_COOKIE_NAMES.admin);
  const adminAsCustomer = (await cookieFor("admin", adminToken)).replace(SESSION_COOKIE_NAMES.admin, SESSION_COOKIE_NAMES.customer);
  expect(await page("/admin", customerAsAdmin)).toBe("302 → /adminlogin");
  expect(await page("/userdashboard", adminAsCustomer)).toBe("302 → /userlogin");
  // The same cookies under their own names do open the pages.
  expect(await page("/admin", await cookieFor("admin", adminToken))).toBe("200 → null");
  expect(await page("/userdashboard", await cookieFor("customer", customerToken))).toBe("200 → null");
});

// ---------------------------------------------------------------- the matrix is complete

/** "/" + each path of app/routes.ts, with the module that serves it. Layouts and the panels' modules have no address of their own. */
function pageRoutes(): { route: string; file: string }[] {
  type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
  const flat = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
  return flat(routeConfig as Entry[])
    .filter((e) => e.index || e.path !== undefined)
    .map((e) => ({ route: e.index ? "/" : `/${e.path}`, file: e.file }));
}

/** "METHOD /api/path" of every call the API router answers (Express 5 router stack). */
function apiCalls(): string[] {
  return routerCalls(apiRouter(handle.db, shop.config, checkout)).map((call) => `${call.method} /api${call.path}`);
}

/** Whether a row's request (placeholders standing for one path segment) is an address of its route. */
function routeMatches(route: string, request: string): boolean {
  const pattern = route
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${pattern}$`).test(request.split("?")[0]);
}

describe("the matrix", () => {
  it("lists every API call the server answers, and no other", () => {
    const served = new Set(apiCalls());
    expect(served.size).toBeGreaterThan(20);
    const listed = new Set(API_ROWS.map((row) => `${row.method} ${row.route}`));
    expect(
      [...served].filter((call) => !listed.has(call)),
      "API calls the matrix does not list",
    ).toEqual([]);
    expect(
      [...listed].filter((call) => !served.has(call)),
      "matrix rows for API calls that do not exist",
    ).toEqual([]);
    for (const row of API_ROWS) expect(routeMatches(row.route, row.request), `${row.request} is not ${row.route}`).toBe(true);
  });

  it("lists every page (GET) and every page form (POST), and no other", async () => {
    const routes = pageRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const gets = new Set(PAGE_ROWS.filter((r) => r.method === "GET").map((r) => r.route));
    const posts = new Set(PAGE_ROWS.filter((r) => r.method === "POST").map((r) => r.route));
    expect(
      routes.filter((r) => !gets.has(r.route)).map((r) => r.route),
      "pages the matrix does not list",
    ).toEqual([]);
    const withAction: string[] = [];
    for (const { route, file } of routes) {
      const source = await readFile(new URL(`../../app/${file}`, import.meta.url), "utf8");
      if (/export\s+(?:async\s+)?(?:function|const)\s+action\b/.test(source)) withAction.push(route);
    }
    expect(
      withAction.filter((route) => !posts.has(route)),
      "page forms (actions) the matrix does not list",
    ).toEqual([]);
    expect(
      [...posts].filter((route) => !withAction.includes(route)),
      "POST rows for pages without an action",
    ).toEqual([]);
    const known = new Set(routes.map((r) => r.route));
    expect(
      [...gets].filter((route) => !known.has(route)),
      "rows for pages that do not exist",
    ).toEqual([]);
    for (const row of PAGE_ROWS) expect(routeMatches(row.route, row.request), `${row.request} is not ${row.route}`).toBe(true);
  });

  it("is what docs/authorization.md shows", async () => {
    const file = new URL("../../docs/authorization.md", import.meta.url);
    const wanted = renderMatrixMarkdown();
    if (process.env.UPDATE_AUTHORIZATION_DOC) await writeFile(file, wanted);
    expect(await readFile(file, "utf8"), "run with UPDATE_AUTHORIZATION_DOC=1 to rewrite docs/authorization.md").toBe(wanted);
  });

  it("has an outcome for every actor in every row", () => {
    for (const row of MATRIX) expect(Object.keys(row.expect).sort()).toEqual([...ACTORS].sort());
  });
});

import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "~/common/lagos-time";
import { lineName } from "~/common/featured";
import { messages } from "~/common/messages";
import type { Role } from "../support/accounts";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { outbox, products, stockAlerts } from "~/server/db/schema";
import { sendStockAlerts, STOCK_ALERT_DAYS, subscribeStockAlert, type StockAlertContext } from "~/server/marketing/stock-alerts";
import { changeShopTextChannels } from "~/server/texts/order-updates";
import { textProduct } from "~/server/texts/templates";
import { plainProductIds, quickCustomer, quickOwner, setStock } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// "Tell me when it's back" (issue 29, decision 0062), through the page's own resource route
// (/productdetail/{id}/stock-alert, as the button sends it) and the job that sends the alerts, on
// the engine of this run: who may ask and how, refusals that keep nothing, one message per alert
// by its channel once stock returns (once even with two runs at once), and lapsing after 60 days.

const PUBLIC_URL = "https://foamshop.ng";
const { handle, shop } = usePageShop({ env: { PUBLIC_URL } });
/** The demo's dev phone: both text channels, as the page shop has them. */
const CTX: StockAlertContext = { publicUrl: PUBLIC_URL, textChannels: ["sms", "whatsapp"] };

let soldOut: number[];
let owner: SignedInAccount;
beforeAll(async () => {
  // Plain products of the seed, each sold out for this file (a product each test owns).
  soldOut = (await plainProductIds(handle.db)).slice(-8);
  for (const id of soldOut) await setStock(handle.db, id, 0);
  owner = await quickOwner(handle.db, "alerts-owner");
});

const path = (productId: number) => `/productdetail/${productId}/stock-alert`;

async function post(productId: number, fields: Record<string, string>, who?: { role: Role; token: string }) {
  const headers: Record<string, string> = { origin: shop.baseUrl, "content-type": "application/x-www-form-urlencoded" };
  if (who) headers.cookie = await shop.cookieFor(who.role, who.token);
  const res = await fetch(`${shop.baseUrl}${path(productId)}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return { status: res.status, body: JSON.parse(await res.text()) as unknown };
}

async function ask(productId: number, who?: { role: Role; token: string }, size = "") {
  const headers: Record<string, string> = who ? { cookie: await shop.cookieFor(who.role, who.token) } : {};
  const res = await fetch(`${shop.baseUrl}${path(productId)}?size=${encodeURIComponent(size)}`, { headers });
  return { status: res.status, cache: res.headers.get("cache-control"), text: await res.text() };
}

const customer = (tag: string) => quickCustomer(handle.db, tag).then((c) => ({ ...c, role: "customer" as const }));
const alertsOf = (accountId: number) => handle.db.select().from(stockAlerts).where(eq(stockAlerts.accountId, accountId));
const messagesOf = (to: string[]) =>
  handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "back-in-stock"), inArray(outbox.to, to)));
const productName = async (id: number) => (await handle.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0].name;

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("asking", () => {
  it("asks a visitor to sign in, and keeps nothing of what a visitor sends", async () => {
    const reply = await ask(soldOut[0]);
    expect(reply).toMatchObject({ status: 200, cache: "private, no-store" });
    expect(reply.text).toContain("visitor");
    expect(await post(soldOut[0], { size: "", channel: "email" })).toEqual({
      status: 401,
      body: { status: "error", message: messages.stockAlertLogin },
    });
    expect(messages.stockAlertLogin).toBe("Sign in to be told when this size is back in stock.");
    expect(await handle.db.select().from(stockAlerts)).toEqual([]);
  });

  it("offers a customer e-mail, SMS and WhatsApp, and keeps one alert per size whatever is pressed", async () => {
    const ada = await customer("alerts-ada");
    const before = await ask(soldOut[0], ada);
    expect(before.text).toContain("customer");
    for (const channel of ["email", "sms", "whatsapp"]) expect(before.text).toContain(`"${channel}"`);
    const name = await productName(soldOut[0]);
    expect(await post(soldOut[0], { size: "", channel: "sms" }, ada)).toEqual({
      status: 200,
      body: { status: "done", message: `Done: we will tell you by SMS when ${name} is back in stock.` },
    });
    // Twenty presses at once, then e-mail: still one alert, by the last channel chosen.
    const presses = await Promise.all(Array.from({ length: 20 }, () => post(soldOut[0], { size: "0", channel: "whatsapp" }, ada)));
    expect(presses.map((p) => p.status)).toEqual(Array(20).fill(200));
    expect(await post(soldOut[0], { size: "", channel: "email" }, ada)).toMatchObject({ status: 200 });
    const alerts = await alertsOf(ada.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ channel: "email", sentAt: null });
    expect(alerts[0].expiresAt.getTime() - alerts[0].createdAt.getTime()).toBeGreaterThanOrEqual(STOCK_ALERT_DAYS * DAY_MS - 60_000);
    // The dialog says so when asked again.
    expect((await ask(soldOut[0], ada)).text).toContain("email");
  });

  it("refuses a size in stock, a product not on sale, a channel it cannot use and oversized input, keeping nothing", async () => {
    const bola = await customer("alerts-bola");
    const [inStock] = await plainProductIds(handle.db);
    await setStock(handle.db, inStock, 4);
    const name = await productName(inStock);
    expect(await post(inStock, { size: "", channel: "email" }, bola)).toEqual({
      status: 409,
      body: { status: "error", message: `${name} is in stock: you can add it to your cart now.` },
    });
    expect((await post(999_999, { size: "", channel: "email" }, bola)).status).toBe(404);
    await handle.db.update(products).set({ hidden: true }).where(eq(products.id, soldOut[1]));
    expect(await post(soldOut[1], { size: "", channel: "email" }, bola)).toMatchObject({
      status: 404,
      body: { message: messages.productUnavailable },
    });
    await handle.db.update(products).set({ hidden: false }).where(eq(products.id, soldOut[1]));
    for (const fields of [
      { size: "", channel: "pigeon" },
      { size: "", channel: "x".repeat(100_000) },
      { size: "y".repeat(100_000), channel: "email" },
      { size: "\u0000", channel: "email" },
    ]) {
      expect(await post(soldOut[1], fields, bola)).toEqual({
        status: 400,
        body: { status: "error", message: messages.stockAlertChannelUnavailable },
      });
    }
    // A shop with no text provider offers e-mail only.
    const noTexts = { ...CTX, textChannels: [] };
    expect(await subscribeStockAlert(handle.db, noTexts, bola.id, { productId: soldOut[1], size: "", channel: "sms" })).toEqual({
      ok: false,
      reason: "channel",
      message: "We cannot reach you that way. Please choose another.",
    });
    expect(await alertsOf(bola.id)).toEqual([]);
  });
});

describe("telling", () => {
  it("sends one message per alert by its channel once the size is back, never twice, even with two runs at once", async () => {
    const product = soldOut[2];
    const who = await Promise.all(["email", "sms", "whatsapp"].map((c) => customer(`alerts-by-${c}`)));
    const channels = ["email", "sms", "whatsapp"] as const;
    for (const [i, c] of who.entries())
      expect((await subscribeStockAlert(handle.db, CTX, c.id, { productId: product, size: "", channel: channels[i] })).ok).toBe(true);
    // Still sold out: nothing goes.
    expect((await sendStockAlerts(handle.db, CTX)).sent).toBe(0);
    await setStock(handle.db, product, 3);
    const other = await handle.connectAgain();
    const runs = await Promise.all([sendStockAlerts(handle.db, CTX), sendStockAlerts(other.db, CTX)]);
    await other.close();
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(3);
    expect((await sendStockAlerts(handle.db, CTX)).sent).toBe(0);
    const sent = await messagesOf([who[0].email, "+2348012345678"]);
    const name = lineName(await productName(product), "");
    const mine = sent.filter((m) => m.to === who[0].email || m.text.includes(textProduct(name)));
    expect(mine.map((m) => m.channel).sort()).toEqual(["email", "sms", "whatsapp"]);
    const text = mine.find((m) => m.channel === "sms")!;
    expect(text.text).toBe(`Foam Shop: ${textProduct(name)} is back in stock: ${PUBLIC_URL}/productdetail/${product} Thank you.`);
    const mail = mine.find((m) => m.channel === "email")!;
    expect(mail.subject).toBe(`${name} is back in stock at Foam Shop`);
    expect(mail.text).toContain(`${PUBLIC_URL}/productdetail/${product}`);
    for (const c of who) expect((await alertsOf(c.id))[0].sentAt).not.toBeNull();
  });

  it("sends by e-mail when the owner has turned that text channel off since", async () => {
    const product = soldOut[3];
    const dayo = await customer("alerts-sms-off");
    expect((await subscribeStockAlert(handle.db, CTX, dayo.id, { productId: product, size: "", channel: "sms" })).ok).toBe(true);
    expect((await changeShopTextChannels(handle.db, owner, { sms: false, whatsapp: true })).ok).toBe(true);
    try {
      await setStock(handle.db, product, 1);
      await sendStockAlerts(handle.db, CTX);
      expect((await messagesOf([dayo.email])).map((m) => m.channel)).toEqual(["email"]);
    } finally {
      await changeShopTextChannels(handle.db, owner, { sms: true, whatsapp: true });
    }
  });

  it("waits while the product is off sale, and lets an alert lapse unused after 60 days", async () => {
    const [hiddenOne, lapsing] = [soldOut[4], soldOut[5]];
    const efe = await customer("alerts-lapse");
    await subscribeStockAlert(handle.db, CTX, efe.id, { productId: hiddenOne, size: "", channel: "email" });
    await subscribeStockAlert(handle.db, CTX, efe.id, { productId: lapsing, size: "", channel: "email" });
    await handle.db.update(products).set({ hidden: true }).where(eq(products.id, hiddenOne));
    await setStock(handle.db, hiddenOne, 5);
    await sendStockAlerts(handle.db, CTX);
    expect(await messagesOf([efe.email])).toEqual([]);
    // 61 days on, before stock returns: the lapsed alert goes; the hidden product's lapses too.
    const later = new Date(Date.now() + (STOCK_ALERT_DAYS + 1) * DAY_MS);
    const run = await sendStockAlerts(handle.db, CTX, later);
    expect(run.sent).toBe(0);
    expect(run.lapsed).toBeGreaterThanOrEqual(2);
    expect(await alertsOf(efe.id)).toEqual([]);
    await setStock(handle.db, lapsing, 5);
    await sendStockAlerts(handle.db, CTX);
    expect(await messagesOf([efe.email])).toEqual([]);
    expect(await alertsOf(efe.id)).toEqual([]);
  });
});

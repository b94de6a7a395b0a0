import { Writable } from "node:stream";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { checkoutContext } from "~/server/app";
import { addToCart, saveDelivery } from "~/server/cart/cart";
import { PAY_ON_DELIVERY_DEFAULTS, PAY_ON_DELIVERY_SETTING, placePayOnDelivery } from "~/server/checkout/pay-on-delivery";
import { createStaffOrder, staffOrderInput } from "~/server/checkout/staff-orders";
import { recordCollection } from "~/server/orders/collections";
import { completePayment, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { refundsOf } from "~/server/checkout/refunds";
import { loadConfig, type Config } from "~/server/config";
import { accounts, orders, outbox, shopSettings, testGatewayTransactions } from "~/server/db/schema";
import { configureLog } from "~/server/log";
import { startMailer, type Mailer, type MailSender } from "~/server/mail/mailer";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { chargeTestCard, payLaterByTest, testGateway } from "~/server/payments/test-gateway";
import { changeShopTextChannels, getOrderUpdateChoices, saveOrderUpdateChoices, stopTextsByLink } from "~/server/texts/order-updates";
import { availableTextChannels, devPhoneEnabled } from "~/server/texts/providers";
import { smsSize } from "~/server/texts/segments";
import { textAmount } from "~/server/texts/templates";
import { uniqueEmail } from "../support/accounts";
import { deliveryFields, quickAccount, quickCustomer, setStock, stockOf, variantOf, type Shopper } from "../support/shop";
import { shopWhatsappTemplates, startTermiiStub, startWhatsappStub, type RecordedRequest } from "../support/text-stubs";
import { useStarted, useTestDatabase } from "../support/use-shop";

// Text messages about orders (issue 28) from the real flows to the providers' doors: checkout,
// the admin's status moves and refunds queue them in the outbox, and the mailer sends them to
// local stand-ins of Termii and the WhatsApp Cloud API (tests/support/text-stubs.ts), which check
// what they receive as the real APIs do. Service level, on the engine of this run.

const PUBLIC_URL = "https://foamshop.ng";
const termii = useStarted(() => startTermiiStub({ senderId: "FoamShop" }));
const whatsapp = useStarted(() => startWhatsappStub({ templates: shopWhatsappTemplates() }));
const handle = useTestDatabase();

/** A real shop (not a demo) with both providers, at the stubs. */
const providerEnv = (secrets: { apiKey?: string; accessToken?: string } = {}) => ({
  SHOP_DEMO: "off",
  PUBLIC_URL,
  TERMII_API_KEY: secrets.apiKey ?? termii.apiKey,
  TERMII_SENDER_ID: termii.senderId,
  TERMII_API_BASE: termii.baseUrl,
  WHATSAPP_ACCESS_TOKEN: secrets.accessToken ?? whatsapp.accessToken,
  WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
  WHATSAPP_API_BASE: whatsapp.apiBase,
});

let config: Config;
let ctx: CheckoutContext;
let mailer: Mailer;
let adminId: number;
/** The e-mails the mailer sent (no SMTP: a sink). */
const mails: Parameters<MailSender>[0][] = [];
const mailSink: MailSender = async (mail) => {
  mails.push(mail);
};
/** Each pass would otherwise wait an hour: the tests send when they say (deliver). */
const startTestMailer = (c: Config) => startMailer(handle.db, c, { send: mailSink, intervalMs: 3_600_000 });

beforeAll(async () => {
  config = loadConfig(providerEnv());
  // The shop's own context (server/app.ts), paying through the built-in test gateway.
  ctx = { ...checkoutContext(handle.db, config), gateway: testGateway(handle.db) };
  mailer = startTestMailer(config);
  adminId = (await quickAccount(handle.db, "admin", "texts-admin", "Tunde Staff")).id;
});
afterAll(async () => {
  await mailer?.stop();
});
beforeEach(async () => {
  // What an earlier test left queued goes first: each test sees only its own requests.
  await deliver();
  termii.reset();
  whatsapp.reset();
});

/**
 * Sends what is due now. Twice: a pass already running when the test's rows were committed (woken
 * by announceMail) may have looked before them; the second call is a pass that starts after.
 */
async function deliver(m = mailer) {
  await m.deliverDue();
  await m.deliverDue();
}

type Order = typeof orders.$inferSelect;

async function orderByRef(orderRef: string): Promise<Order> {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

/** A customer with their order-update choices (e-mail and SMS on by default; WhatsApp on here unless said). */
async function customer(tag: string, choices: { sms?: boolean; whatsapp?: boolean } = {}): Promise<Shopper> {
  const who = await quickCustomer(handle.db, tag);
  await saveOrderUpdateChoices(handle.db, who.id, { email: true, sms: choices.sms ?? true, whatsapp: choices.whatsapp ?? true });
  return who;
}

/** One unit of a plain product in the cart and Pay Now pressed, with this delivery phone: a pending order. */
async function checkout(who: Shopper, phone: string, c = ctx, overrides: Record<string, unknown> = {}) {
  const productId = 20;
  if ((await stockOf(handle.db, productId)) < 5) await setStock(handle.db, productId, 50);
  expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  const delivery = deliveryFields({ phone, confirmPhone: phone, ...overrides });
  const started = await startCheckout(c, who.id, delivery);
  if (!started.ok) throw new Error(started.message);
  return { ...started, email: delivery.email };
}

/** Paid by the test card: a placed order. */
async function buy(who: Shopper, phone = "0803 123 4567", c = ctx) {
  const started = await checkout(who, phone, c);
  expect(await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).toEqual({ ok: true, reference: started.reference });
  expect(await completePayment(c, started.reference, who.id)).toMatchObject({ ok: true, alreadyPaid: false });
  return { order: await orderByRef(started.orderRef), email: started.email };
}

/** The order's link in its texts. */
const linkOf = (order: Order) => `${PUBLIC_URL}/o/${order.updatesToken}`;

/** The outbox's texts (SMS and WhatsApp) about an order, oldest first. */
async function textRowsOf(order: Order) {
  const rows = await handle.db.select().from(outbox).where(ne(outbox.channel, "email")).orderBy(asc(outbox.id));
  return rows.filter((row) => row.text.includes(order.orderRef));
}

async function mailRowsTo(to: string) {
  return handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, "email"), eq(outbox.to, to)))
    .orderBy(asc(outbox.id));
}

const smsBody = (r: RecordedRequest) => r.body as { api_key: string; to: string; from: string; sms: string; type: string; channel: string };
const waBody = (r: RecordedRequest) =>
  r.body as {
    to: string;
    template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] };
  };
const templateValues = (r: RecordedRequest) =>
  waBody(r)
    .template.components.find((c) => c.type === "body")!
    .parameters.map((p) => p.text);

/**
 * Exactly one SMS and one WhatsApp message reached the stubs since the last reset, both about this
 * order, as the real APIs take them: the SMS on Termii's DND route from the shop's sender ID, in one
 * GSM-7 part, with the order's number and link; the WhatsApp message as the named template with
 * these values in order.
 */
function expectSentTexts(order: Order, template: string, values: string[], to = "2348031234567") {
  expect(termii.requests.map((r) => r.status)).toEqual([200]);
  const sms = smsBody(termii.accepted[0]);
  expect(sms).toEqual({ api_key: termii.apiKey, to, from: "FoamShop", sms: sms.sms, type: "plain", channel: "dnd" });
  expect(sms.sms).toContain(order.orderRef);
  expect(sms.sms).toContain(`/o/${order.updatesToken}`);
  expect(sms.sms).toContain(linkOf(order));
  for (const value of values) expect(sms.sms).toContain(value);
  expect(smsSize(sms.sms)).toMatchObject({ encoding: "GSM-7", segments: 1 });

  expect(whatsapp.requests.map((r) => r.status)).toEqual([200]);
  const [wa] = whatsapp.accepted;
  expect(wa.path).toBe(`/v21.0/${whatsapp.phoneNumberId}/messages`);
  expect(wa.headers.authorization).toBe(`Bearer ${whatsapp.accessToken}`);
  expect(waBody(wa).to).toBe(to);
  expect(waBody(wa).template.name).toBe(template);
  expect(waBody(wa).template.language).toEqual({ code: "en" });
  expect(templateValues(wa)).toEqual(values);
}

it("runs on the engine this run asked for, a real shop texting through both stubs", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  expect(config.demo).toBe(false);
  expect(devPhoneEnabled(config)).toBe(false);
  expect(availableTextChannels(config)).toEqual(["sms", "whatsapp"]);
  expect(ctx.textChannels).toEqual(["sms", "whatsapp"]);
  expect(ctx.publicUrl).toBe(PUBLIC_URL);
});

describe("every kind of text, from its flow to Termii and WhatsApp", () => {
  it("order-placed: a paid order texts its delivery phone (not the account's) beside its e-mail", async () => {
    const who = await customer("texts-placed");
    const { order, email } = await buy(who, "0803 123 4567");
    expect(order.phone).toBe("+2348031234567");
    expect(order.updatesToken).toMatch(/^[0-9a-f]{12}$/);

    const rows = await textRowsOf(order);
    expect(rows.map((r) => [r.channel, r.kind, r.to, r.status])).toEqual([
      ["sms", "order-placed", "+2348031234567", "pending"],
      ["whatsapp", "order-placed", "+2348031234567", "pending"],
    ]);
    expect(rows[0].whatsappTemplate).toBeNull();
    expect(rows[1].whatsappTemplate).toEqual({ name: "order_placed", parameters: [order.orderRef, linkOf(order)] });
    expect(rows.every((r) => r.html === null)).toBe(true);

    await deliver();
    expectSentTexts(order, "order_placed", [order.orderRef, linkOf(order)]);
    expect(smsBody(termii.accepted[0]).sms).toBe(rows[0].text);
    expect((await textRowsOf(order)).map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["sent", 1, null],
      ["sent", 1, null],
    ]);
    // The account's own number (2348012345678) hears nothing; the e-mail went as before.
    expect([...termii.requests, ...whatsapp.requests].map((r) => (r.body as { to: string }).to)).not.toContain("2348012345678");
    expect(mails.filter((m) => m.to === email).map((m) => m.kind)).toEqual(["order-confirmation"]);
  });

  it("an admin's moves: processing sends no text; shipped and delivered send theirs", async () => {
    const who = await customer("texts-moves");
    const { order } = await buy(who);
    await deliver();
    termii.reset();
    whatsapp.reset();

    expect(await changeOrderStatus(ctx, adminId, order.orderRef, "processing")).toMatchObject({ ok: true });
    await deliver();
    expect(termii.requests).toEqual([]);
    expect(whatsapp.requests).toEqual([]);
    expect((await textRowsOf(order)).map((r) => r.kind)).toEqual(["order-placed", "order-placed"]);

    expect(await changeOrderStatus(ctx, adminId, order.orderRef, "shipped", { trackingId: "GIG-4471" })).toMatchObject({ ok: true });
    await deliver();
    expectSentTexts(order, "order_shipped", [order.orderRef, linkOf(order)]);

    termii.reset();
    whatsapp.reset();
    expect(await changeOrderStatus(ctx, adminId, order.orderRef, "delivered")).toMatchObject({ ok: true });
    await deliver();
    expectSentTexts(order, "order_delivered", [order.orderRef, linkOf(order)]);
    expect((await textRowsOf(order)).map((r) => `${r.channel}:${r.kind}:${r.status}`)).toEqual([
      "sms:order-placed:sent",
      "whatsapp:order-placed:sent",
      "sms:order-shipped:sent",
      "whatsapp:order-shipped:sent",
      "sms:order-delivered:sent",
      "whatsapp:order-delivered:sent",
    ]);
  });

  it("order-cancelled: an admin cancels a paid order", async () => {
    const { order } = await buy(await customer("texts-cancel"));
    await deliver();
    termii.reset();
    whatsapp.reset();
    expect(await changeOrderStatus(ctx, adminId, order.orderRef, "cancelled")).toMatchObject({ ok: true });
    await deliver();
    expectSentTexts(order, "order_cancelled", [order.orderRef, linkOf(order)]);
  });

  it("order-refunded: an admin refunds a paid order; the text says the order's total in NGN", async () => {
    const { order } = await buy(await customer("texts-refund"));
    await deliver();
    termii.reset();
    whatsapp.reset();
    expect(await changeOrderStatus(ctx, adminId, order.orderRef, "refunded")).toMatchObject({ ok: true });
    await deliver();
    const amount = textAmount(order.totalKobo);
    expect(amount).toMatch(/^NGN \d{1,3}(,\d{3})*(\.\d\d)?$/);
    expectSentTexts(order, "order_refunded", [amount, order.orderRef, linkOf(order)]);
    expect(smsBody(termii.accepted[0]).sms).not.toContain("₦");
  });

  it("order-refunded: the shop refunds a replaced checkout paid late; the text says what came back, and no order-placed goes", async () => {
    const who = await customer("texts-auto-refund");
    const first = await checkout(who, "0805 555 1234");
    // A second Pay Now with other details replaces the first checkout; then the first is paid.
    const second = await checkout(who, "0805 555 1234", ctx, { address: "9 Broad Street" });
    expect(second.orderRef).not.toBe(first.orderRef);
    expect(await chargeTestCard(handle.db, first.accessCode, TEST_CARD_SUCCESS)).toMatchObject({ ok: true });
    expect(await completePayment(ctx, first.reference, who.id)).toMatchObject({ ok: false, reason: "refunded", refundReason: "superseded" });

    const order = await orderByRef(first.orderRef);
    expect(order.status).toBe("refunded");
    const [refund] = await refundsOf(handle.db, order.id);
    expect(refund).toMatchObject({ status: "sent" });
    await deliver();
    expectSentTexts(order, "order_refunded", [textAmount(refund.amountKobo), order.orderRef, linkOf(order)], "2348055551234");
    expect((await textRowsOf(order)).map((r) => r.kind)).toEqual(["order-refunded", "order-refunded"]);
    expect(await textRowsOf(await orderByRef(second.orderRef))).toEqual([]);
  });

  it("awaiting-transfer: a bank transfer on its way is texted once, and order-placed follows when it lands", async () => {
    const who = await customer("texts-transfer");
    const started = await checkout(who, "0803 123 4567");
    expect(await payLaterByTest(handle.db, started.accessCode, "bank_transfer")).toMatchObject({ ok: true });
    expect(await completePayment(ctx, started.reference, who.id)).toMatchObject({ ok: false, reason: "awaiting" });
    // Asking again while the money is on its way texts nothing more.
    expect(await completePayment(ctx, started.reference, who.id)).toMatchObject({ ok: false, reason: "awaiting" });
    const order = await orderByRef(started.orderRef);
    expect(order.status).toBe("pending");
    await deliver();
    expectSentTexts(order, "awaiting_transfer", [order.orderRef, "bank transfer", linkOf(order)]);
    expect(smsBody(termii.accepted[0]).sms).toContain("until your bank transfer arrives");

    // The pretend bank confirms now.
    await handle.db
      .update(testGatewayTransactions)
      .set({ arrivesAt: new Date(Date.now() - 1000) })
      .where(eq(testGatewayTransactions.reference, started.reference));
    termii.reset();
    whatsapp.reset();
    expect(await completePayment(ctx, started.reference, who.id)).toMatchObject({ ok: true, alreadyPaid: false });
    await deliver();
    expectSentTexts(order, "order_placed", [order.orderRef, linkOf(order)]);
  });
});

describe("the outbox and a provider that refuses", () => {
  /** Moves a text's next attempt to now, as if its pause had passed. */
  const pauseOver = (id: number) =>
    handle.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id));
  const rowOf = async (id: number) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0];

  it("retries an SMS Termii refused (HTTP 500) after its pause, and it is sent once", async () => {
    termii.refuseNext(1, 500);
    const before = Date.now();
    const { order } = await buy(await customer("texts-retry-sms"));
    await deliver();
    const [sms, wa] = await textRowsOf(order);
    expect(termii.requests.map((r) => r.status)).toEqual([500]);
    expect(termii.accepted).toEqual([]);
    // WhatsApp went its own way.
    expect(whatsapp.accepted).toHaveLength(1);
    expect(await rowOf(wa.id)).toMatchObject({ status: "sent", attempts: 1 });

    const failed = await rowOf(sms.id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "Termii refused the SMS (HTTP 500): Server Error" });
    // The first pause is a minute.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1_000);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000 + 1_000);
    // Not before its pause.
    await deliver();
    expect(termii.requests).toHaveLength(1);

    await pauseOver(sms.id);
    await deliver();
    expect(termii.requests.map((r) => r.status)).toEqual([500, 200]);
    expect(termii.accepted).toHaveLength(1);
    expect(smsBody(termii.accepted[0]).sms).toBe(sms.text);
    expect(await rowOf(sms.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    await deliver();
    expect(termii.requests).toHaveLength(2);
  });

  it("retries a WhatsApp message the Cloud API refused (HTTP 400), and it is sent once", async () => {
    whatsapp.refuseNext(1, 400);
    const { order } = await buy(await customer("texts-retry-wa"));
    await deliver();
    const [sms, wa] = await textRowsOf(order);
    expect(await rowOf(sms.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await rowOf(wa.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "WhatsApp refused the message (HTTP 400, code 131030): (#131030) Recipient phone number not in allowed list",
    });
    await pauseOver(wa.id);
    await deliver();
    expect(whatsapp.requests.map((r) => r.status)).toEqual([400, 200]);
    expect(templateValues(whatsapp.accepted[0])).toEqual([order.orderRef, linkOf(order)]);
    expect(await rowOf(wa.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after six refused attempts: the text is failed with the last reason, and not tried again", async () => {
    termii.refuseNext(100, 500);
    const { order } = await buy(await customer("texts-give-up", { whatsapp: false }));
    const [sms] = await textRowsOf(order);
    await deliver();
    expect(termii.requests).toHaveLength(1);
    for (let attempt = 2; attempt <= 6; attempt++) {
      await pauseOver(sms.id);
      await deliver();
      expect(termii.requests, `attempt ${attempt}`).toHaveLength(attempt);
    }
    expect(termii.accepted).toEqual([]);
    expect(await rowOf(sms.id)).toMatchObject({ status: "failed", attempts: 6, lastError: "Termii refused the SMS (HTTP 500): Server Error" });
    await pauseOver(sms.id);
    await deliver();
    expect(termii.requests).toHaveLength(6);
  });
});

describe("who gets texts", () => {
  it("follows the customer's choices: SMS off sends only WhatsApp; a new account has SMS on and WhatsApp off", async () => {
    const noSms = await customer("texts-no-sms", { sms: false, whatsapp: true });
    const a = await buy(noSms);
    expect((await textRowsOf(a.order)).map((r) => r.channel)).toEqual(["whatsapp"]);
    expect((await mailRowsTo(a.email)).map((r) => r.kind)).toEqual(["order-confirmation"]);

    const fresh = await quickCustomer(handle.db, "texts-defaults");
    expect(await getOrderUpdateChoices(handle.db, fresh.id)).toEqual({ email: true, sms: true, whatsapp: false });
    const b = await buy(fresh);
    expect((await textRowsOf(b.order)).map((r) => r.channel)).toEqual(["sms"]);

    const none = await customer("texts-none", { sms: false, whatsapp: false });
    const c = await buy(none);
    expect(await textRowsOf(c.order)).toEqual([]);
    expect((await mailRowsTo(c.email)).map((r) => r.kind)).toEqual(["order-confirmation"]);
  });

  it("follows the owner's setting: SMS off for the shop sends none to anyone; a staff admin cannot change it", async () => {
    const [ownerRow] = await handle.db
      .insert(accounts)
      .values({
        role: "admin",
        adminRole: "owner",
        fullName: "Ngozi Owner",
        email: uniqueEmail("texts-owner"),
        phoneNumber: "+2348012345678",
        passwordHash: "unused",
        emailVerifiedAt: new Date(),
      })
      .returning();
    const owner: SignedInAccount = { ...ownerRow, role: "admin", adminRole: "owner", twoFactor: false };
    const staff: SignedInAccount = { ...owner, id: adminId, adminRole: "staff" };
    expect(await changeShopTextChannels(handle.db, staff, { sms: false, whatsapp: false })).toMatchObject({ ok: false, reason: "not-owner" });

    expect(await changeShopTextChannels(handle.db, owner, { sms: false, whatsapp: true })).toMatchObject({ ok: true });
    try {
      const a = await buy(await customer("texts-shop-no-sms"));
      expect((await textRowsOf(a.order)).map((r) => r.channel)).toEqual(["whatsapp"]);

      expect(await changeShopTextChannels(handle.db, owner, { sms: false, whatsapp: false })).toMatchObject({ ok: true });
      const b = await buy(await customer("texts-shop-none"));
      expect(await textRowsOf(b.order)).toEqual([]);
      expect((await mailRowsTo(b.email)).map((r) => r.kind)).toEqual(["order-confirmation"]);
      // A status move too.
      expect(await changeOrderStatus(ctx, adminId, b.order.orderRef, "cancelled")).toMatchObject({ ok: true });
      expect(await textRowsOf(b.order)).toEqual([]);
    } finally {
      expect(await changeShopTextChannels(handle.db, owner, { sms: true, whatsapp: true })).toMatchObject({ ok: true });
    }
    const c = await buy(await customer("texts-shop-back"));
    expect((await textRowsOf(c.order)).map((r) => r.channel)).toEqual(["sms", "whatsapp"]);
  });

  it("the order link's button stops SMS and WhatsApp for that order's customer only, on every order, and e-mail goes on", async () => {
    const ada = await customer("texts-stop-ada");
    const bola = await customer("texts-stop-bola");
    const adaFirst = await buy(ada, "0803 123 4567");
    const bolaOrder = await buy(bola, "0805 555 1234");
    await deliver();

    expect(await stopTextsByLink(handle.db, adaFirst.order.updatesToken)).toBe(true);
    expect(await getOrderUpdateChoices(handle.db, ada.id)).toEqual({ email: true, sms: false, whatsapp: false });
    expect(await getOrderUpdateChoices(handle.db, bola.id)).toEqual({ email: true, sms: true, whatsapp: true });
    // Pressed twice (a second tab): still stopped, still true.
    expect(await stopTextsByLink(handle.db, adaFirst.order.updatesToken)).toBe(true);

    termii.reset();
    whatsapp.reset();
    for (const o of [adaFirst.order, bolaOrder.order])
      expect(await changeOrderStatus(ctx, adminId, o.orderRef, "cancelled")).toMatchObject({ ok: true });
    const adaSecond = await buy(ada, "0803 123 4567");
    await deliver();
    expect(termii.accepted.map((r) => smsBody(r).to)).toEqual(["2348055551234"]);
    expect(whatsapp.accepted.map((r) => waBody(r).to)).toEqual(["2348055551234"]);
    expect(smsBody(termii.accepted[0]).sms).toContain(bolaOrder.order.orderRef);
    expect((await textRowsOf(adaFirst.order)).map((r) => r.kind)).toEqual(["order-placed", "order-placed"]);
    expect(await textRowsOf(adaSecond.order)).toEqual([]);
    // Ada still hears by e-mail.
    expect(mails.filter((m) => m.to === adaFirst.email).map((m) => m.kind)).toEqual(["order-confirmation", "order-status"]);
    expect(mails.filter((m) => m.to === adaSecond.email).map((m) => m.kind)).toEqual(["order-confirmation"]);
  });

  it("an unknown token stops nothing and says so", async () => {
    const who = await customer("texts-unknown-token");
    await buy(who);
    const choicesOfAll = () =>
      handle.db
        .select({ id: accounts.id, sms: accounts.orderUpdatesSms, whatsapp: accounts.orderUpdatesWhatsapp })
        .from(accounts)
        .orderBy(asc(accounts.id));
    const before = await choicesOfAll();
    expect(before.some((a) => a.sms)).toBe(true);
    for (const token of ["000000000000", "", "0123456789abcdef", "' or 1=1 --", "%"]) expect(await stopTextsByLink(handle.db, token)).toBe(false);
    expect(await choicesOfAll()).toEqual(before);
  });

  it("a delivery number no phone company routes gets no text, and its e-mail still goes", async () => {
    const { order, email } = await buy(await customer("texts-not-a-number"), "1234567");
    expect(order.phone).toBe("1234567");
    expect(await textRowsOf(order)).toEqual([]);
    expect((await mailRowsTo(email)).map((r) => r.kind)).toEqual(["order-confirmation"]);
  });
});

describe("a shop without a text provider", () => {
  it("a real shop queues no texts at all, and e-mails as before", async () => {
    const bare = loadConfig({ SHOP_DEMO: "off", PUBLIC_URL });
    const bareCtx: CheckoutContext = { ...checkoutContext(handle.db, bare), gateway: testGateway(handle.db) };
    expect(bareCtx.textChannels).toEqual([]);
    const { order, email } = await buy(await customer("texts-no-provider"), "0803 123 4567", bareCtx);
    expect(await changeOrderStatus(bareCtx, adminId, order.orderRef, "processing")).toMatchObject({ ok: true });
    expect(await changeOrderStatus(bareCtx, adminId, order.orderRef, "shipped")).toMatchObject({ ok: true });
    expect(await textRowsOf(order)).toEqual([]);
    expect((await mailRowsTo(email)).map((r) => r.kind)).toEqual(["order-confirmation", "order-status", "order-status"]);
    await deliver();
    expect(termii.requests).toEqual([]);
    expect(whatsapp.requests).toEqual([]);
  });

  it("a shop with Termii only queues no WhatsApp message, even for a customer who chose it", async () => {
    const smsOnly = loadConfig({
      SHOP_DEMO: "off",
      PUBLIC_URL,
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_API_BASE: termii.baseUrl,
    });
    const smsCtx: CheckoutContext = { ...checkoutContext(handle.db, smsOnly), gateway: testGateway(handle.db) };
    expect(smsCtx.textChannels).toEqual(["sms"]);
    const { order } = await buy(await customer("texts-termii-only", { whatsapp: true }), "0803 123 4567", smsCtx);
    expect((await textRowsOf(order)).map((r) => r.channel)).toEqual(["sms"]);
  });
});

describe("secrets", () => {
  it("a wrong key and token are refused, and neither the real nor the wrong ones reach the outbox or the log", async () => {
    const wrong = { apiKey: "TLwrong-termii-key-9f8e7d6c5b4a", accessToken: "EAAGwrong-whatsapp-token-1a2b3c4d5e6f" };
    const lines: string[] = [];
    configureLog(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split("\n").filter(Boolean));
          done();
        },
      }),
    );
    await mailer.stop();
    const misconfigured = startTestMailer(loadConfig(providerEnv(wrong)));
    let rows: Awaited<ReturnType<typeof textRowsOf>> = [];
    try {
      const { order } = await buy(await customer("texts-secrets"));
      await deliver(misconfigured);
      expect(termii.requests.map((r) => r.status)).toEqual([401]);
      expect(whatsapp.requests.map((r) => r.status)).toEqual([401]);
      rows = await textRowsOf(order);
      expect(rows.map((r) => [r.channel, r.status, r.lastError])).toEqual([
        ["sms", "pending", "Termii refused the SMS (HTTP 401): Invalid API key, please check and try again."],
        ["whatsapp", "pending", "WhatsApp refused the message (HTTP 401, code 190): Invalid OAuth access token - Cannot parse access token"],
      ]);
    } finally {
      await misconfigured.stop();
      configureLog(loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" }).logLevel);
      mailer = startTestMailer(config);
    }
    const logged = lines.join("\n");
    expect(logged).toContain("SMS");
    expect(logged).toContain("HTTP 401");
    const stored = JSON.stringify(
      await handle.db
        .select()
        .from(outbox)
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        ),
    );
    for (const secret of [wrong.apiKey, wrong.accessToken, termii.apiKey, whatsapp.accessToken]) {
      expect(logged).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }

    // Once the keys are right, the waiting texts go.
    termii.reset();
    whatsapp.reset();
    for (const row of rows)
      await handle.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.id, row.id));
    await deliver();
    expect(termii.accepted).toHaveLength(1);
    expect(whatsapp.accepted).toHaveLength(1);
  });
});

describe("the kinds of pay on delivery and staff orders, through both providers", () => {
  it("sends pay-on-delivery-placed, pay-on-delivery-collected and payment-link through Termii and WhatsApp, each as its template", async () => {
    await handle.db
      .insert(shopSettings)
      .values({ key: PAY_ON_DELIVERY_SETTING.key, value: { ...PAY_ON_DELIVERY_DEFAULTS, on: true, who: "anyone", ceilingKobo: 10_000_000_00 } })
      .onConflictDoNothing();
    if ((await stockOf(handle.db, 20)) < 5) await setStock(handle.db, 20, 50);
    // Placed to pay on delivery, then collected at the door.
    const who = await customer("pod-kinds");
    expect((await addToCart(handle.db, who.id, { productId: 20 })).ok).toBe(true);
    await saveDelivery(handle.db, who.id, deliveryFields({ phone: "0803 777 1212", confirmPhone: "0803 777 1212" }));
    const placed = await placePayOnDelivery(ctx, who.id);
    if (!placed.ok) throw new Error(placed.message);
    for (const to of ["processing", "shipped"] as const)
      expect(await changeOrderStatus(ctx, adminId, placed.orderRef, to)).toMatchObject({ ok: true });
    const order = await orderByRef(placed.orderRef);
    expect(await recordCollection(ctx, adminId, order.orderRef, { method: "cash", amountKobo: order.totalKobo, reason: null })).toMatchObject({
      ok: true,
    });
    // An order staff took, its link sent by SMS and WhatsApp.
    const taken = await createStaffOrder(
      ctx,
      adminId,
      staffOrderInput.parse({
        customer: { fullName: "Kemi Link", email: uniqueEmail("link-kinds") },
        lines: [{ variantId: (await variantOf(handle.db, 20)).id, quantity: 1 }],
        delivery: deliveryFields({ phone: "0803 777 3434", confirmPhone: "0803 777 3434" }),
        payment: "link",
        send: ["sms", "whatsapp"],
      }),
    );
    if (!taken.ok) throw new Error(taken.message);
    // The mailer may have sent some already (announceMail wakes it): every request since the test began counts.
    await deliver();
    const templates = whatsapp.requests.filter((r) => r.status === 200).map((r) => waBody(r).template.name);
    expect(templates).toEqual(expect.arrayContaining(["pay_on_delivery_placed", "pay_on_delivery_collected", "payment_link"]));
    const sms = termii.requests.filter((r) => r.status === 200).map((r) => smsBody(r).sms);
    expect(sms.some((t) => t.includes(`order ${order.orderRef} is confirmed. Pay`))).toBe(true);
    expect(sms.some((t) => t.includes(`we received`) && t.includes(order.orderRef))).toBe(true);
    expect(sms.some((t) => t.includes(taken.orderRef) && t.includes(taken.link!))).toBe(true);
    for (const text of sms) expect(smsSize(text).segments, text).toBe(1);
  });
});

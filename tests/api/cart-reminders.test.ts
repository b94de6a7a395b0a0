import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DAY_MS, lagosDate, lagosDayStart } from "~/common/lagos-time";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { addToCart } from "~/server/cart/cart";
import { completePayment, startCheckout } from "~/server/checkout/checkout";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { loadConfig } from "~/server/config";
import { accounts, cartReminders, carts, orders, outbox } from "~/server/db/schema";
import { startMailer, type MailSender } from "~/server/mail/mailer";
import { queueText } from "~/server/mail/outbox";
import { cartRecovery, changeCartReminderSettings, sendCartReminders, type CartReminderContext } from "~/server/marketing/cart-reminders";
import { getOfferChoices, OFFERS_LINK_LIMIT, offersByLink, saveOfferChoices } from "~/server/marketing/offers";
import { smsSize } from "~/server/texts/segments";
import { readPromotionForm, savePromotion, setPromotionStatus } from "~/server/promotions/admin";
import { textContent } from "~/server/texts/templates";
import { deliveryFields, plainProductIds, quickCustomer, quickOwner, setStock, testCheckout, variantOf, type Shopper } from "../support/shop";
import { freshClientAddress } from "../support/accounts";
import { startTermiiStub } from "../support/text-stubs";
import { usePageShop, useStarted } from "../support/use-shop";

// Carts that come back (issue 29, decision 0062), on the engine of this run: one reminder per cart
// change after the owner's hours, never when the customer ordered since, only what is still
// available, only by a channel their offers consent allows, never outside 8 am to 8 pm Lagos time
// (the job's and the outbox's), SMS by the promotional route; the offers link that stops them with
// no sign-in; and the Reports' recovered carts.

const PUBLIC_URL = "https://foamshop.ng";
const { handle, shop } = usePageShop({ env: { PUBLIC_URL } });
const termii = useStarted(() => startTermiiStub({ senderId: "FoamShop" }));
const CTX: CartReminderContext = { publicUrl: PUBLIC_URL, textChannels: ["sms", "whatsapp"] };
const HOUR = 60 * 60_000;

/** Yesterday at this Lagos hour: always in the past, within the three days a change is reminded for. */
const lagosYesterdayAt = (hour: number) => new Date(lagosDayStart(lagosDate(new Date(Date.now() - DAY_MS))).getTime() + hour * HOUR);
/** Ten in the morning yesterday, Lagos: within the hours offers may go. */
const AT = lagosYesterdayAt(10);

let owner: SignedInAccount;
let products: number[];
beforeAll(async () => {
  owner = await quickOwner(handle.db, "reminders-owner");
  products = (await plainProductIds(handle.db)).slice(0, 6);
  for (const id of products) await setStock(handle.db, id, 50);
  expect((await changeCartReminderSettings(handle.db, owner, { on: true, hours: 4 })).ok).toBe(true);
});
afterAll(async () => {
  await changeCartReminderSettings(handle.db, owner, { on: false, hours: 4 });
});

/** A customer with these products in the cart, last changed `changedAt`. */
async function cartOf(tag: string, productIds: number[], changedAt = new Date(AT.getTime() - 5 * HOUR)): Promise<Shopper> {
  const who = await quickCustomer(handle.db, tag);
  for (const productId of productIds) expect((await addToCart(handle.db, who.id, { productId })).ok).toBe(true);
  await handle.db.update(carts).set({ changedAt }).where(eq(carts.accountId, who.id));
  return who;
}

const remindersTo = (who: Shopper) =>
  handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "cart-reminder"), inArray(outbox.to, [who.email, "+2348012345678"])));
/** The customer's cart bought with the test card: a placed order, now. */
async function buy(who: Shopper): Promise<string> {
  const checkout = testCheckout(handle.db);
  const started = await startCheckout(checkout, who.id, deliveryFields());
  if (!started.ok) throw new Error(started.message);
  expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
  expect((await completePayment(checkout, started.reference, who.id)).ok).toBe(true);
  return started.orderRef;
}

const logged = (who: Shopper) => handle.db.select().from(cartReminders).where(eq(cartReminders.accountId, who.id));

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("the reminder", () => {
  it("comes once per cart change, after the owner's hours, listing what is still available", async () => {
    const ada = await cartOf("remind-ada", [products[0], products[1]]);
    await setStock(handle.db, products[1], 0);
    try {
      // Three hours after the change: not yet.
      expect(await sendCartReminders(handle.db, CTX, new Date(AT.getTime() - 2 * HOUR))).toMatchObject({ sent: 0 });
      const other = await handle.connectAgain();
      const runs = await Promise.all([sendCartReminders(handle.db, CTX, AT), sendCartReminders(other.db, CTX, AT)]);
      await other.close();
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
      const [mail, ...more] = (await remindersTo(ada)).filter((m) => m.to === ada.email);
      expect(more).toEqual([]);
      expect(mail.subject).toBe("Your Foam Shop cart is waiting for you");
      expect(mail.text).toContain(`${PUBLIC_URL}/cartpage`);
      const [account] = await handle.db.select().from(accounts).where(eq(accounts.id, ada.id));
      expect(mail.text).toContain(`${PUBLIC_URL}/offers/${account.offersToken}`);
      expect(account.offersToken).toMatch(/^[0-9a-f]{16}$/);
      // The sold-out line is not offered.
      expect(mail.text).toContain((await variantOf(handle.db, products[0])).productName);
      expect(mail.text).not.toContain((await variantOf(handle.db, products[1])).productName);
      // The same change again, later the same day: nothing more.
      expect((await sendCartReminders(handle.db, CTX, new Date(AT.getTime() + 3 * HOUR))).sent).toBe(0);
      expect(await logged(ada)).toHaveLength(1);
      // A new change is a new reminder, in its own time.
      await handle.db
        .update(carts)
        .set({ changedAt: new Date(AT.getTime() - HOUR) })
        .where(eq(carts.accountId, ada.id));
      expect((await sendCartReminders(handle.db, CTX, new Date(AT.getTime() + 2 * HOUR))).sent).toBe(0);
      expect((await sendCartReminders(handle.db, CTX, new Date(AT.getTime() + 3 * HOUR))).sent).toBeGreaterThanOrEqual(1);
      expect(await logged(ada)).toHaveLength(2);
    } finally {
      await setStock(handle.db, products[1], 50);
    }
  });

  it("offers the owner's promotion code while its promotion is on, and none once it is paused", async () => {
    const read = readPromotionForm({
      name: "Come back",
      code: "COMEBACK",
      kind: "percent",
      percent: "5",
      amount: "",
      minSubtotal: "",
      startsAt: "",
      endsAt: "",
      maxUses: "",
      maxUsesPerCustomer: "1",
      productIds: [],
      categoryIds: [],
      firstOrderOnly: false,
    });
    if (!read.ok) throw new Error(read.message);
    const saved = await savePromotion(handle.db, owner, null, read.values);
    if (!saved.ok) throw new Error(saved.message);
    expect((await changeCartReminderSettings(handle.db, owner, { on: true, hours: 4, code: "COMEBACK" })).ok).toBe(true);
    try {
      const bola = await cartOf("remind-code-bola", [products[2]]);
      expect((await sendCartReminders(handle.db, CTX, AT)).sent).toBeGreaterThanOrEqual(1);
      const [offered] = (await remindersTo(bola)).filter((m) => m.to === bola.email);
      expect(offered.text).toContain("Enter the code COMEBACK in your cart for a discount.");
      expect(await setPromotionStatus(handle.db, owner, saved.id, "paused")).toMatchObject({ ok: true });
      const tolu = await cartOf("remind-code-tolu", [products[2]]);
      expect((await sendCartReminders(handle.db, CTX, AT)).sent).toBeGreaterThanOrEqual(1);
      const [plain] = (await remindersTo(tolu)).filter((m) => m.to === tolu.email);
      expect(plain.text).not.toContain("COMEBACK");
    } finally {
      await changeCartReminderSettings(handle.db, owner, { on: true, hours: 4 });
    }
  });

  it("never comes when the customer ordered since the change, or nothing is still available, or the change is days old", async () => {
    // An order placed after the change: bought now, the product put back, the change dated yesterday.
    const bola = await cartOf("remind-ordered", [products[2]]);
    await buy(bola);
    expect((await addToCart(handle.db, bola.id, { productId: products[2] })).ok).toBe(true);
    await handle.db
      .update(carts)
      .set({ changedAt: new Date(AT.getTime() - 5 * HOUR) })
      .where(eq(carts.accountId, bola.id));
    const chika = await cartOf("remind-sold-out", [products[4]]);
    await setStock(handle.db, products[4], 0);
    const dayo = await cartOf("remind-old", [products[5]], new Date(AT.getTime() - 4 * DAY_MS));
    try {
      await sendCartReminders(handle.db, CTX, AT);
      for (const who of [bola, chika, dayo]) expect(await remindersTo(who)).toEqual([]);
      for (const who of [bola, chika, dayo]) expect(await logged(who)).toEqual([]);
    } finally {
      await setStock(handle.db, products[4], 50);
    }
  });

  it("never comes outside 8 am to 8 pm Lagos time, nor when the owner has them off", async () => {
    const efe = await cartOf("remind-night", [products[0]], lagosYesterdayAt(14));
    for (const hour of [20, 21, 23]) expect((await sendCartReminders(handle.db, CTX, lagosYesterdayAt(hour))).sent).toBe(0);
    expect((await sendCartReminders(handle.db, CTX, lagosYesterdayAt(24 + 7.99))).sent).toBe(0);
    expect(await remindersTo(efe)).toEqual([]);
    await changeCartReminderSettings(handle.db, owner, { on: false, hours: 4 });
    try {
      expect((await sendCartReminders(handle.db, CTX, lagosYesterdayAt(19))).sent).toBe(0);
    } finally {
      await changeCartReminderSettings(handle.db, owner, { on: true, hours: 4 });
    }
    expect((await sendCartReminders(handle.db, CTX, lagosYesterdayAt(19))).sent).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(efe)).toHaveLength(1);
  });

  it("goes by WhatsApp or SMS only to a customer who said yes to offers there, in one SMS with the offers link; none when they said no to all", async () => {
    const funke = await cartOf("remind-sms", [products[0], products[1], products[2]]);
    await saveOfferChoices(handle.db, funke.id, { email: true, sms: true, whatsapp: false });
    const gbenga = await cartOf("remind-none", [products[0]]);
    await saveOfferChoices(handle.db, gbenga.id, { email: false, sms: false, whatsapp: false });
    await sendCartReminders(handle.db, CTX, AT);
    const [account] = await handle.db.select().from(accounts).where(eq(accounts.id, funke.id));
    const texts = (await remindersTo(funke)).filter((m) => m.text.includes(account.offersToken));
    expect(texts.map((m) => m.channel)).toEqual(["sms"]);
    expect(texts[0].text).toMatch(
      /^Foam Shop: .+ and 2 more is waiting in your cart\. Order or stop offers: https:\/\/foamshop\.ng\/offers\/[0-9a-f]{16} Thanks\.$/,
    );
    expect(smsSize(texts[0].text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect((await remindersTo(gbenga)).filter((m) => m.to === gbenga.email)).toEqual([]);
    expect(await logged(gbenga)).toEqual([]);
  });
});

describe("the outbox", () => {
  it("holds an offer queued or retried at night until 8 am, and sends its SMS by Termii's promotional route", async () => {
    const config = loadConfig({
      SHOP_DEMO: "off",
      PUBLIC_URL,
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_API_BASE: termii.baseUrl,
    });
    const sink: MailSender = async () => {};
    // The instants first: the helpers read the clock, which is about to be set to them.
    const night = lagosYesterdayAt(22);
    const eightAm = lagosYesterdayAt(24 + 8);
    const afterEight = lagosYesterdayAt(24 + 8.1);
    vi.useFakeTimers({ toFake: ["Date"], now: night });
    const mailer = startMailer(handle.db, config, { send: sink, intervalMs: 3_600_000 });
    try {
      const content = textContent("cart-reminder", { product: "Night Rug", link: `${PUBLIC_URL}/offers/0123456789abcdef` });
      await queueText(handle.db, { channel: "sms", kind: "cart-reminder", to: "+2348099990001", ...content });
      // Due since a minute before 10 pm (a retry, say).
      await handle.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(night.getTime() - 60_000) })
        .where(eq(outbox.to, "+2348099990001"));
      await mailer.deliverDue();
      await mailer.deliverDue();
      const [held] = await handle.db.select().from(outbox).where(eq(outbox.to, "+2348099990001"));
      expect(held).toMatchObject({ status: "pending", attempts: 0 });
      expect(held.nextAttemptAt.getTime()).toBe(eightAm.getTime());
      expect(termii.requests.filter((r) => r.body?.to === "2348099990001")).toEqual([]);
      vi.setSystemTime(afterEight);
      await mailer.deliverDue();
      await mailer.deliverDue();
      const [sent] = await handle.db.select().from(outbox).where(eq(outbox.to, "+2348099990001"));
      expect(sent.status).toBe("sent");
      const [request] = termii.accepted.filter((r) => r.body?.to === "2348099990001");
      expect(request.body).toMatchObject({ channel: "generic", sms: content.text });
    } finally {
      await mailer.stop();
      vi.useRealTimers();
    }
  });
});

describe("the offers link", () => {
  const form = (token: string) =>
    fetch(`${shop.baseUrl}/offers/${token}`, {
      method: "POST",
      headers: { origin: shop.baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });

  it("leads to the cart, and stops every offer with one press and no sign-in; opening it changes nothing", async () => {
    const hana = await quickCustomer(handle.db, "offers-link");
    await saveOfferChoices(handle.db, hana.id, { email: true, sms: true, whatsapp: true });
    const [{ offersToken }] = await handle.db.select({ offersToken: accounts.offersToken }).from(accounts).where(eq(accounts.id, hana.id));
    const page = await fetch(`${shop.baseUrl}/offers/${offersToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Stop offers");
    expect(html).toContain('href="/cartpage"');
    expect(await getOfferChoices(handle.db, hana.id)).toEqual({ email: true, sms: true, whatsapp: true });
    const stopped = await form(offersToken);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain(messages.offersStopped);
    expect(await getOfferChoices(handle.db, hana.id)).toEqual({ email: false, sms: false, whatsapp: false });
    expect(messages.offersStopped).toBe("Done: we will not send you offers any more. You can turn them back on in your dashboard.");
  });

  it("answers an unknown link with 404 and its words, and changes no one's choices", async () => {
    const before = await handle.db.select({ id: accounts.id, email: accounts.offersEmail }).from(accounts);
    const page = await fetch(`${shop.baseUrl}/offers/ffffffffffffffff`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(messages.offersLinkUnknown);
    expect((await form("ffffffffffffffff")).status).toBe(404);
    expect(await handle.db.select({ id: accounts.id, email: accounts.offersEmail }).from(accounts)).toEqual(before);
  });

  it("refuses an address after 100 wrong links, even a right one, and leaves other addresses alone", async () => {
    expect(OFFERS_LINK_LIMIT).toEqual({ failuresPerAddress: 100, windowMs: 15 * 60_000 });
    const kemi = await quickCustomer(handle.db, "offers-guess");
    const [{ offersToken }] = await handle.db.select({ offersToken: accounts.offersToken }).from(accounts).where(eq(accounts.id, kemi.id));
    const address = freshClientAddress();
    for (let i = 0; i < 100; i++) {
      expect(await offersByLink(handle.db, i.toString(16).padStart(16, "0"), address), `guess ${i}`).toEqual({ ok: false, reason: "no-match" });
    }
    expect(await offersByLink(handle.db, offersToken, address, { stop: true })).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await getOfferChoices(handle.db, kemi.id)).toMatchObject({ email: true });
    expect(await offersByLink(handle.db, offersToken, freshClientAddress())).toEqual({ ok: true, receiving: true });
  });
});

describe("Reports", () => {
  it("counts the reminders sent, the carts recovered within 7 days and what they brought in", async () => {
    const from = new Date(Date.now() - 2 * HOUR);
    const ike = await quickCustomer(handle.db, "recovered");
    const jide = await quickCustomer(handle.db, "not-recovered");
    await handle.db.insert(cartReminders).values([
      { accountId: ike.id, channel: "email", createdAt: new Date(Date.now() - HOUR) },
      { accountId: jide.id, channel: "sms", createdAt: new Date(Date.now() - HOUR) },
    ]);
    expect((await addToCart(handle.db, ike.id, { productId: products[0] })).ok).toBe(true);
    const orderRef = await buy(ike);
    const [placed] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
    expect(placed.totalKobo).toBeGreaterThan(0);
    const figures = await cartRecovery(handle.db, from, new Date(Date.now() + HOUR));
    expect(figures).toEqual({ reminders: 2, recovered: 1, revenueKobo: placed.totalKobo });
  });
});

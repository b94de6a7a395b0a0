import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { PAYMENT_CHANNELS } from "~/common/payment-channels";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { findSession, type SignedInAccount } from "~/server/accounts/sessions";
import { listAudit } from "~/server/admin/audit";
import { addToCart } from "~/server/cart/cart";
import { createCatalogCache } from "~/server/catalog/catalog-cache";
import { completePayment, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import { accounts, testGatewayTransactions } from "~/server/db/schema";
import { changePaymentChannels, getPaymentChannels, readPaymentChannelsForm } from "~/server/payments/channels";
import { chargeTestCard, payLaterByTest, testGateway } from "~/server/payments/test-gateway";
import { deliveryFields, paymentOf, quickAccount, quickCustomer, setStock } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// The ways to pay the owner offers (issue 19, decision 0041), on the engine of this run: owners
// choose them in Settings, staff cannot, none is refused; a checkout opens its payment with the
// channels in force and the test gateway pays by no other; the storefront's words follow at once
// (the pages' kept copy too); the order page and the orders CSV say how an order was paid.

const { handle, shop } = usePageShop();
let owner: SignedInAccount & { token: string };
let ownerCookie: string;
let staffCookie: string;
let checkout: CheckoutContext;

async function admin(tag: string, standing: "owner" | "staff"): Promise<SignedInAccount & { token: string }> {
  const made = await quickAccount(handle.db, "admin", tag, `Admin ${tag}`);
  if (standing === "owner") await handle.db.update(accounts).set({ adminRole: "owner" }).where(eq(accounts.id, made.id));
  const signedIn = await findSession(handle.db, made.token);
  if (!signedIn) throw new Error("no session");
  return { ...signedIn, token: made.token };
}

beforeAll(async () => {
  checkout = { db: handle.db, gateway: testGateway(handle.db), publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test" };
  owner = await admin("ways-owner", "owner");
  ownerCookie = await shop.cookieFor("admin", owner.token);
  staffCookie = await shop.cookieFor("admin", (await admin("ways-staff", "staff")).token);
});

/** The Settings panel's "Ways to pay" form, as the browser sends it. */
function postChannels(channels: string[], cookie = ownerCookie) {
  const form = new FormData();
  form.append("intent", "payment-settings");
  for (const c of channels) form.append("channel", c);
  return fetch(`${shop.baseUrl}/admin?menu=12`, { method: "POST", headers: { Cookie: cookie }, body: form, redirect: "manual" });
}

const settingsAudit = async () => (await listAudit(handle.db, { action: "settings" })).filter((e) => e.subject === "Ways to pay");

/** A customer's checkout of one unit of product 33 on the test gateway. */
async function startedCheckout(tag: string) {
  const who = await quickCustomer(handle.db, tag);
  await setStock(handle.db, 33, 40);
  expect((await addToCart(handle.db, who.id, { productId: 33 })).ok).toBe(true);
  const started = await startCheckout(checkout, who.id, deliveryFields({ email: `${tag}@buyer.test` }));
  if (!started.ok) throw new Error(started.message);
  return { who, started };
}

describe("reading the form", () => {
  it("takes the checked channels in Paystack's order, each once; none or an unknown one is refused", () => {
    expect(readPaymentChannelsForm(["ussd", "card", "ussd"])).toEqual({ ok: true, channels: ["card", "ussd"] });
    expect(readPaymentChannelsForm([])).toEqual({ ok: false, message: "Please choose at least one way to pay." });
    expect(readPaymentChannelsForm(["card", "bitcoin"])).toEqual({ ok: false, message: "Please choose the ways to pay from the list." });
    expect(readPaymentChannelsForm(["x".repeat(100_000)])).toEqual({ ok: false, message: messages.paymentChannelUnknown });
  });
});

describe("the Settings panel's ways to pay", () => {
  it("offers every channel until an owner chooses, and shows owners the boxes checked", async () => {
    expect(await getPaymentChannels(handle.db)).toEqual([...PAYMENT_CHANNELS]);
    const html = await (await fetch(`${shop.baseUrl}/admin?menu=12`, { headers: { Cookie: ownerCookie } })).text();
    for (const c of PAYMENT_CHANNELS) expect(html).toMatch(new RegExp(`name="channel" checked="" value="${c}"`));
  });

  it("refuses staff (403) and an empty choice (400) with a clear message, changing nothing; saves an owner's, in the audit log", async () => {
    const logged = (await settingsAudit()).length;
    const staff = await postChannels(["card"], staffCookie);
    expect(staff.status).toBe(403);
    expect(await staff.text()).toContain(messages.ownersOnlySettings);
    const none = await postChannels([]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Please choose at least one way to pay.");
    expect(await getPaymentChannels(handle.db)).toEqual([...PAYMENT_CHANNELS]);
    expect(await settingsAudit()).toHaveLength(logged);

    const saved = await postChannels(["ussd", "card"]);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Ways to pay saved.");
    expect(await getPaymentChannels(handle.db)).toEqual(["card", "ussd"]);
    const [entry] = (await settingsAudit()).slice(-1);
    expect(entry?.detail).toBe("Card, Bank account, USSD, Bank transfer, Mobile money → Card, USSD");
    // The same again changes nothing and logs nothing.
    expect(await (await postChannels(["card", "ussd"])).text()).toContain(messages.settingsUnchanged);
    expect(await settingsAudit()).toHaveLength(logged + 1);
  });

  it("the pages' kept ways to pay are read again as soon as an owner changes them", async () => {
    const cache = await createCatalogCache(handle, { isCacheable: () => true });
    try {
      let reads = 0;
      const kept = () => cache.remember("payment-channels", () => (reads++, getPaymentChannels(handle.db)));
      const before = await kept();
      await kept();
      expect(reads).toBe(1);
      const wanted = before.includes("bank") ? (["card"] as const) : (["card", "bank"] as const);
      expect((await changePaymentChannels(handle.db, owner, [...wanted])).ok).toBe(true);
      // Read again by the next ask, though PostgreSQL's notification may still be on its way (decision 0054).
      expect(await kept()).toEqual(wanted);
      expect(reads).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it("the storefront's words follow", async () => {
    await changePaymentChannels(handle.db, owner, [...PAYMENT_CHANNELS]);
    const terms = async () => (await (await fetch(`${shop.baseUrl}/termsandconditions`)).text()).replace(/<!-- -->/g, "");
    expect(await terms()).toContain("by card (Visa, Mastercard, Verve), bank account, USSD, bank transfer or mobile money.");
    expect(await terms()).toContain('aria-label="Verve"');
    await changePaymentChannels(handle.db, owner, ["bank_transfer", "ussd"]);
    const after = await terms();
    expect(after).toContain("by USSD or bank transfer.");
    // No card offered: no card logos in the footer, and the badge names the rest.
    expect(after).not.toContain('aria-label="Verve"');
    expect(after).toContain("Transfer, USSD");
  });
});

describe("a checkout opens its payment with the ways in force", () => {
  it("the test gateway pays by no way the shop did not offer, and says so", async () => {
    await changePaymentChannels(handle.db, owner, ["card", "ussd"]);
    const { who, started } = await startedCheckout("ways-card-ussd");
    const [t] = await handle.db.select().from(testGatewayTransactions).where(eq(testGatewayTransactions.reference, started.reference));
    expect(t?.channels).toEqual(["card", "ussd"]);

    const transfer = await payLaterByTest(handle.db, started.accessCode, "bank_transfer");
    expect(transfer).toEqual({ ok: false, message: "This way to pay is not offered for this payment." });
    expect((await paymentOf(handle.db, started.reference))?.status).toBe("initialized");
    // Through the gateway's own endpoint too, and its transaction tells the window what to show.
    const refused = await fetch(`${shop.baseUrl}/api/test-gateway/pay-later`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ access_code: started.accessCode, channel: "bank_transfer" }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, error: messages.paymentChannelNotOffered });
    const read = await fetch(`${shop.baseUrl}/api/test-gateway/transaction?access_code=${started.accessCode}`);
    expect(await read.json()).toMatchObject({ success: true, channels: ["card", "ussd"] });

    expect(await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).toMatchObject({ ok: true });
    expect(await completePayment(checkout, started.reference, who.id)).toMatchObject({ ok: true });
  });

  it("no card offered: a card is refused", async () => {
    await changePaymentChannels(handle.db, owner, ["bank_transfer"]);
    const { started } = await startedCheckout("ways-transfer-only");
    expect(await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).toEqual({ ok: false, message: messages.paymentChannelNotOffered });
    expect((await payLaterByTest(handle.db, started.accessCode, "bank_transfer")).ok).toBe(true);
  });
});

describe("how an order was paid, for staff", () => {
  it("the order page and the orders CSV name the channel", async () => {
    await changePaymentChannels(handle.db, owner, [...PAYMENT_CHANNELS]);
    const { who, started } = await startedCheckout("ways-by-ussd");
    expect((await payLaterByTest(handle.db, started.accessCode, "ussd")).ok).toBe(true);
    await handle.db
      .update(testGatewayTransactions)
      .set({ arrivesAt: new Date(Date.now() - 1000) })
      .where(eq(testGatewayTransactions.reference, started.reference));
    expect(await completePayment(checkout, started.reference, who.id)).toMatchObject({ ok: true });

    const page = await (await fetch(`${shop.baseUrl}/admin/orders/${started.orderRef}`, { headers: { Cookie: staffCookie } })).text();
    expect(page).toMatch(/Paid by<\/dt>.*?data-testid="payment-channel">USSD</s);
    const invoice = await (await fetch(`${shop.baseUrl}/admin/orders/${started.orderRef}/invoice`, { headers: { Cookie: staffCookie } })).text();
    expect(invoice.replace(/<!-- -->/g, "")).toContain("Paid by USSD through");

    const csv = await (await fetch(`${shop.baseUrl}/admin/orders.csv`, { headers: { Cookie: staffCookie } })).text();
    const [header, ...rows] = csv.split("\r\n");
    const column = header!.split(",").indexOf("Paid by");
    expect(column).toBeGreaterThan(0);
    const row = rows.find((r) => r.startsWith(started.orderRef));
    expect(row?.split(",")[column]).toBe("USSD");
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Frame, Page, Route } from "@playwright/test";
import { freePort, shopEnv, startShop, stopShop } from "~/scripts/shop-server.mjs";
import { findLink, uniqueEmail } from "../support/accounts";
import { startPaystackStub, type PaystackStub } from "../support/paystack-stub";
import { startSmtpServer } from "../support/smtp";
import { test as base, expect, expectOnTop, forgive, fullPageShot, gotoHydrated, logInThroughPage } from "./fixtures";
import { addToCart, checkoutToSummary } from "./shopping";

// Issue 19: a purchase by card against the Paystack stub, in the browser. The other browser tests
// pay with the demo shop's test gateway; this file starts a shop of its own (one a worker) as a
// real one runs: not in demo mode, Paystack's keys, PAYSTACK_API_BASE at the stub, mail over SMTP.
//
// The browser side is Paystack's own @paystack/inline-js (PayNow.tsx), unchanged. What its
// bundle (v2.22.2, es/inline.js) does for `new PaystackPop().resumeTransaction(accessCode, cbs)`:
// - it adds two full-window iframes: a loader (written in place) and the checkout, whose src is
//   `https://checkout.paystack.com/popup` (checkoutUrl + "popup"), shows them, and posts to the
//   checkout `{ type: "inline:url", path: "newTransaction", params: { accessCode, mode: "popup",
//   metadata } }` and the string "render" (later "close" when it hides it; also "analytics" objects);
// - it listens to messages whose origin is https://checkout.paystack.com (or whose source is its
//   iframe), `{ event, data }`: "loaded:checkout" (it posts inline:url again: the first one went
//   to a frame still loading), "loaded:transaction" (hides the loader; onLoad), "success" (hides
//   the window; onSuccess(data), data.reference being the transaction's), "close" or "cancel"
//   (hides it; onCancel), "transfer:pending" (hides it; onCancel, then an optional
//   onBankTransferConfirmationPending), and "error": only `data.type === "setup"` reaches onError
//   (the access code is refused); any other error is only logged. A declined card is Paystack's
//   own business: its window says so and lets the customer try again; the page hears only the
//   close that follows.
// - for resumeTransaction it calls no API itself (checkout() would call api.paystack.co's
//   transaction/verify_access_code); the checkout page does.
// Here Playwright serves a fake checkout at that address that speaks this protocol and asks
// "Paystack" (api.paystack.co, routed to the stub) about the access code and to charge it, as
// Paystack's checkout asks Paystack's servers. Paystack's real checkout page is not exercised.

const CHECKOUT_URL = "https://checkout.paystack.com/popup";
const SUCCESS_CARD = "4084 0840 8408 4081";
const DECLINED_CARD = "4084 0800 0000 5408";

interface PaystackShop {
  baseUrl: string;
  stub: PaystackStub;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

const test = base.extend<object, { paystackShop: PaystackShop }>({
  paystackShop: [
    async ({}, use) => {
      const stub = await startPaystackStub();
      const smtp = await startSmtpServer();
      const dir = mkdtempSync(path.join(os.tmpdir(), "shop-paystack-e2e-"));
      const port = await freePort();
      const shop = await startShop(
        shopEnv(port, path.join(dir, "data"), {
          PAYSTACK_SECRET_KEY: stub.secretKey,
          PAYSTACK_PUBLIC_KEY: "pk_test_stub",
          PAYSTACK_API_BASE: stub.baseUrl,
          SMTP_URL: smtp.url,
          LOG_LEVEL: "warn",
          // The pictures the run's first shop drew (playwright.config.ts): drawn again they cost a minute.
          PICTURE_CACHE_DIR: process.env.E2E_RUN_DIR ? path.join(process.env.E2E_RUN_DIR, "pictures") : "",
        }),
      );
      // Paystack announces a payment that lands to the shop's webhook, signed.
      stub.webhookUrl = `${shop.base}/api/paystack/webhook`;
      await use({ baseUrl: shop.base, stub, smtp });
      await stopShop(shop);
      await Promise.all([stub.close(), smtp.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 300_000 },
  ],
  baseURL: async ({ paystackShop }, use) => use(paystackShop.baseUrl),
});

// In order, in one worker: one Paystack shop started for the file, not one in each worker.
test.describe.configure({ mode: "default" });

/** What the fake checkout does when Pay is pressed: charge the card at "Paystack", or only claim success (a forged window). */
type Checkout = { forge: boolean; accessCodes: string[]; unexpected: string[] };

/**
 * Paystack's checkout page as the parent page meets it (the protocol above): it looks the access
 * code up, takes a card or a bank transfer, and reports back by postMessage.
 */
function fakeCheckoutPage(forge: boolean): string {
  const script = `
const api = "https://api.paystack.co/";
const forge = ${JSON.stringify(forge)};
const $ = (id) => document.getElementById(id);
let tx = null;
let transferSent = false;
const tell = (event, data) => parent.postMessage({ event, data }, "*");
const form = (fields) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
const naira = (kobo) => "NGN " + (kobo / 100).toLocaleString("en-NG");
function show(id) { for (const s of document.querySelectorAll("section")) s.hidden = s.id !== id; }
async function load(accessCode) {
  const reply = await (await fetch(api + "transaction/verify_access_code/" + encodeURIComponent(accessCode))).json();
  if (!reply.status) {
    $("problem").textContent = reply.message;
    show("failed");
    return tell("error", { type: "setup", message: reply.message });
  }
  tx = reply.data;
  $("email").textContent = tx.email;
  $("amount").textContent = "Pay " + naira(tx.amount);
  $("pay").textContent = "Pay " + naira(tx.amount);
  $("transfer-amount").textContent = naira(tx.amount);
  show("card");
  tell("loaded:transaction", { id: tx.id, customer: { email: tx.email }, accessCode: tx.access_code });
}
window.addEventListener("message", (e) => {
  const m = e.data;
  if (m && m.type === "inline:url" && m.params && m.params.accessCode && (!tx || tx.access_code !== m.params.accessCode)) load(m.params.accessCode);
});
$("pay").addEventListener("click", async () => {
  $("declined").textContent = "";
  const success = (reference) => tell("success", { id: tx.id, reference, trxref: reference, status: "success", message: "Approved", trans: String(tx.id), transaction: String(tx.id) });
  if (forge) return success(tx.reference);
  const reply = await (await fetch(api + "checkout/charge", form({ access_code: tx.access_code, channel: "card", card_number: $("card-number").value }))).json();
  if (reply.status && reply.data.status === "success") return success(reply.data.reference);
  $("declined").textContent = reply.status ? reply.data.gateway_response : reply.message;
});
$("by-transfer").addEventListener("click", () => show("transfer"));
$("sent").addEventListener("click", async () => {
  const reply = await (await fetch(api + "checkout/charge", form({ access_code: tx.access_code, channel: "bank_transfer" }))).json();
  if (reply.status && reply.data.status === "ongoing") { transferSent = true; show("confirming"); }
});
$("close").addEventListener("click", () => (transferSent ? tell("transfer:pending", { status: "ongoing" }) : tell("close", { status: "abandoned" })));
tell("loaded:checkout", {});
`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack Checkout (test)</title>
<style>
body { margin: 0; font: 15px/1.4 system-ui, sans-serif; background: transparent; }
main { background: #fff; max-width: 22rem; margin: 10vh auto 0; padding: 1.25rem; border-radius: .75rem; position: relative; }
#close { position: absolute; top: .5rem; right: .5rem; border: 0; background: #eee; border-radius: 50%; width: 2rem; height: 2rem; font-size: 1.1rem; }
button.main { width: 100%; padding: .8rem; background: #3bb75e; color: #fff; border: 0; border-radius: .4rem; font-weight: 700; margin-top: .75rem; }
input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; margin-top: .25rem; }
#declined, #problem { color: #b42318; }
</style></head><body><main>
<button id="close" aria-label="Close">&times;</button>
<p id="email"></p><p id="amount"></p>
<section id="loading"><p>Loading...</p></section>
<section id="card" hidden>
<label for="card-number">Card number</label><input id="card-number" inputmode="numeric" autocomplete="off">
<p id="declined" role="alert"></p>
<button id="pay" class="main">Pay</button>
<button id="by-transfer" class="main">Pay with Transfer</button>
</section>
<section id="transfer" hidden><p>Transfer <strong id="transfer-amount"></strong> to Paystack-Titan 9990001234</p><button id="sent" class="main">I've sent the money</button></section>
<section id="confirming" hidden><p>We are confirming your transfer. You may close this window.</p></section>
<section id="failed" hidden><p id="problem" role="alert"></p></section>
</main><script>${script}</script></body></html>`;
}

/** Serves the fake checkout, and sends what it asks api.paystack.co to the stub; anything else of Paystack's is refused and noted. */
async function routePaystack(page: Page, stub: PaystackStub): Promise<Checkout> {
  const checkout: Checkout = { forge: false, accessCodes: [], unexpected: [] };
  await page.route(/^https:\/\/([\w-]+\.)*paystack\.(com|co)\//, async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.href === CHECKOUT_URL) return route.fulfill({ contentType: "text/html; charset=utf-8", body: fakeCheckoutPage(checkout.forge) });
    if (url.host === "api.paystack.co") {
      const code = /^\/transaction\/verify_access_code\/(.+)$/.exec(url.pathname)?.[1];
      if (code) checkout.accessCodes.push(decodeURIComponent(code));
      return route.fulfill({ response: await route.fetch({ url: `${stub.baseUrl}${url.pathname}${url.search}`, maxRetries: 1 }) });
    }
    checkout.unexpected.push(`${route.request().method()} ${url.href}`);
    return route.abort();
  });
  return checkout;
}

/** The visible Paystack window (each Pay Now makes a new PaystackPop, whose earlier frames stay hidden). */
async function paystackWindow(page: Page): Promise<Frame> {
  const frame = page.locator(`iframe[src="${CHECKOUT_URL}"]:visible`);
  await expect(frame).toHaveCount(1);
  const content = (await (await frame.elementHandle())!.contentFrame())!;
  await expect(content.getByLabel("Card number")).toBeVisible();
  return content;
}

/**
 * Paystack's window has gone: the checkout frame at once, its dimmed background 300 ms later
 * (inline-js fades it out, transparent but still over the page meanwhile).
 */
async function paystackClosed(page: Page) {
  await expect(page.locator(`iframe[src="${CHECKOUT_URL}"]:visible, iframe[id^="inline-background-"]:visible`)).toHaveCount(0);
}

/** The reference of the transaction behind the access code the window was opened on. */
function referenceOf(stub: PaystackStub, accessCode: string | undefined) {
  const tx = [...stub.transactions.values()].find((t) => t.accessCode === accessCode);
  if (!tx) throw new Error(`The stub has no transaction with access code ${accessCode}`);
  return tx;
}

const delivery = (label: string) => ({
  firstName: "Chiamaka",
  lastName: "Eze",
  phone: "08037778888",
  email: uniqueEmail(label),
  address: "12 Allen Avenue, Ikeja",
  state: "Lagos",
  city: "Ikeja",
});

/** Signs up over the API, verifies with the link the shop mailed over SMTP, and logs in through the login page. */
async function signUpAndLogIn(page: Page, shop: PaystackShop, label: string) {
  const customer = { fullName: "Chiamaka Eze", email: uniqueEmail(label), password: "Customer-2026!", phoneNumber: "2348037778888" };
  const signUp = await page.request.post("/api/api4users/user_signup.php", { data: customer });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const mail = await shop.smtp.waitForMail((m) => m.envelope.to.includes(customer.email) && /^Verify your email/.test(m.parsed.subject ?? ""));
  const link = findLink(mail.parsed.text ?? "", shop.baseUrl, "/verifyuser");
  expect(link, "a verification link in the mail").not.toBeNull();
  const verified = await page.request.post("/api/api4users/user_verify_email.php", { data: { token: link!.token } });
  expect(verified.status(), await verified.text()).toBe(200);
  await logInThroughPage(page, "/userlogin", customer.email, customer.password);
  await expect(page).toHaveURL(/\/userdashboard/);
}

/** Every message the page showed, in order (a toast may come and go between two looks). */
async function recordNotices(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { notices: string[] }).notices = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[data-testid=notice]")) {
        const text = (el.textContent ?? "").trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { notices: string[] }).notices);
}

async function expectNoOrders(page: Page) {
  await gotoHydrated(page, "/userdashboard?menu=1");
  await expect(page.getByText("No orders found.")).toBeVisible();
  await expect(page.getByTestId("order-ref")).toHaveCount(0);
}

/** To the order summary with one mattress in the cart; returns the grand total shown. */
async function toOrderSummary(page: Page, shop: PaystackShop, label: string) {
  await signUpAndLogIn(page, shop, label);
  await addToCart(page, "/productdetail/32");
  const d = delivery(`${label}-ship`);
  await checkoutToSummary(page, d);
  return { d, total: (await page.getByTestId("grand-total").textContent())!.trim() };
}

test("a customer buys by card in Paystack's window: the shop verifies with Paystack, places the order and mails it", async ({
  page,
  paystackShop: shop,
}, testInfo) => {
  test.setTimeout(120_000);
  const { stub } = shop;
  const checkout = await routePaystack(page, stub);
  const { d, total } = await toOrderSummary(page, shop, "paystack-card");
  await expectOnTop(page.getByRole("button", { name: "Pay Now" }));
  await page.getByRole("button", { name: "Pay Now" }).click();

  const paystack = await paystackWindow(page);
  // What Paystack shows is what the shop asked it to take: the summary's total, the customer's address.
  const tx = referenceOf(stub, checkout.accessCodes.at(-1));
  await expect(paystack.locator("#amount")).toHaveText(`Pay NGN ${total.replace(/^₦/, "").replace(/\.00$/, "")}`);
  await expect(paystack.locator("#email")).toHaveText(tx.email);
  await paystack.getByLabel("Card number").fill(SUCCESS_CARD);
  const verifiesBefore = stub.calls.verify;
  await paystack.getByRole("button", { name: /^Pay NGN/ }).click();

  await paystackClosed(page);
  await expectOnTop(page.getByTestId("notice").filter({ hasText: "Payment successful!" }), "'Payment successful!' is readable");
  const placed = page.getByRole("dialog");
  await expect(placed.getByRole("heading")).toHaveText("Order Placed Successfully!", { timeout: 15_000 });
  await expect(placed).toContainText("You will receive an email with the order details.");
  const orderRef = (await placed.getByText(/^Your order number is /).textContent())!.match(/ORD-[\w-]+/)![0];
  // The order was placed on Paystack's word, asked by the server, not on the page's.
  expect(stub.calls.verify).toBeGreaterThan(verifiesBefore);
  expect(stub.transactions.get(tx.reference)).toMatchObject({ status: "success", channel: "card" });
  await fullPageShot(page, `test-results/shots/${testInfo.project.name}-paystack-card-placed.png`);
  await expectOnTop(placed.getByRole("button", { name: "OK" }));
  await placed.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);

  await gotoHydrated(page, "/userdashboard?menu=1");
  await expect(page.getByTestId("order-ref")).toHaveText([orderRef]);
  await fullPageShot(page, `test-results/shots/${testInfo.project.name}-paystack-card-my-orders.png`);
  const mail = await shop.smtp.waitForMail((m) => m.envelope.to.includes(d.email) && m.parsed.subject === `Your Foam Shop order ${orderRef}`);
  expect(mail.parsed.text).toContain(orderRef);
  expect(mail.parsed.text).toContain(tx.reference);
  // Paystack's webhook came too, and the shop took it (the order was placed once: one order above).
  await expect.poll(() => stub.webhookDeliveries.filter((w) => w.reference === tx.reference)).toEqual([{ reference: tx.reference, status: 200 }]);
  expect(checkout.unexpected).toEqual([]);
});

test("a window that claims success Paystack does not confirm places no order", async ({ page, paystackShop: shop }) => {
  test.setTimeout(120_000);
  const { stub } = shop;
  const checkout = await routePaystack(page, stub);
  // The window posts "success" without charging anything: only the server's question to Paystack can tell.
  checkout.forge = true;
  await toOrderSummary(page, shop, "paystack-forged");
  await page.getByRole("button", { name: "Pay Now" }).click();
  const paystack = await paystackWindow(page);
  const tx = referenceOf(stub, checkout.accessCodes.at(-1));
  const verifiesBefore = stub.calls.verify;
  await paystack.getByRole("button", { name: /^Pay NGN/ }).click();

  const problem = page.getByRole("dialog");
  await expect(problem).toBeVisible({ timeout: 15_000 });
  await expect(problem.getByRole("heading")).not.toHaveText("Order Placed Successfully!");
  expect(stub.calls.verify).toBeGreaterThan(verifiesBefore);
  expect(stub.transactions.get(tx.reference)!.status).toBe("pending");
  await problem.getByRole("button").first().click();
  await expectNoOrders(page);
});

test("closing Paystack's window: 'Payment cancelled.', no order, and Pay Now again", async ({ page, paystackShop: shop }) => {
  test.setTimeout(120_000);
  const { stub } = shop;
  const checkout = await routePaystack(page, stub);
  await toOrderSummary(page, shop, "paystack-close");
  await page.getByRole("button", { name: "Pay Now" }).click();
  const paystack = await paystackWindow(page);
  await paystack.getByRole("button", { name: "Close" }).click();
  await paystackClosed(page);
  await expectOnTop(page.getByTestId("notice").filter({ hasText: "Payment cancelled." }), "'Payment cancelled.' is readable");
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(stub.transactions.get(referenceOf(stub, checkout.accessCodes.at(-1)).reference)!.status).toBe("pending");
  await expectNoOrders(page);
});

test("a declined card: Paystack's window says so and stays open; closing it places no order", async ({ page, paystackShop: shop }) => {
  test.setTimeout(120_000);
  const { stub } = shop;
  const checkout = await routePaystack(page, stub);
  await toOrderSummary(page, shop, "paystack-declined");
  await page.getByRole("button", { name: "Pay Now" }).click();
  const paystack = await paystackWindow(page);
  await paystack.getByLabel("Card number").fill(DECLINED_CARD);
  await paystack.getByRole("button", { name: /^Pay NGN/ }).click();
  await expect(paystack.getByRole("alert")).toHaveText("Declined");
  const tx = referenceOf(stub, checkout.accessCodes.at(-1));
  expect(stub.transactions.get(tx.reference)!.status).toBe("failed");
  await paystack.getByRole("button", { name: "Close" }).click();
  await paystackClosed(page);
  await expectOnTop(page.getByTestId("notice").filter({ hasText: "Payment cancelled." }), "'Payment cancelled.' is readable");
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  await expectNoOrders(page);
});

test("an access code Paystack refuses: 'Payment failed: ...', readable, and no order", async ({ page, paystackShop: shop, consoleErrors }) => {
  test.setTimeout(120_000);
  const { stub } = shop;
  await routePaystack(page, stub);
  await toOrderSummary(page, shop, "paystack-refused");
  stub.refuseCheckout = "Access code has expired";
  try {
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByTestId("notice")).toHaveText("Payment failed: Access code has expired");
    await paystackClosed(page);
    await expectOnTop(page.getByTestId("notice").filter({ hasText: "Payment failed: Access code has expired" }), "'Payment failed: ...' is readable");
  } finally {
    stub.refuseCheckout = null;
  }
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  await expectNoOrders(page);
  // Paystack's window's own look-up was refused (the browser logs its 400): expected here.
  forgive(consoleErrors, /status of 400 \(Bad Request\)/);
});

test("a bank transfer in Paystack's window, then the window closed: no 'Payment cancelled.', the order waits and is placed when the money lands", async ({
  page,
  paystackShop: shop,
}) => {
  test.setTimeout(120_000);
  const { stub } = shop;
  const checkout = await routePaystack(page, stub);
  const notices = await recordNotices(page);
  const { d } = await toOrderSummary(page, shop, "paystack-transfer");
  await page.getByRole("button", { name: "Pay Now" }).click();
  const paystack = await paystackWindow(page);
  await paystack.getByRole("button", { name: "Pay with Transfer" }).click();
  await paystack.getByRole("button", { name: "I've sent the money" }).click();
  await expect(paystack.getByText("We are confirming your transfer.")).toBeVisible();
  await paystack.getByRole("button", { name: "Close" }).click();
  await paystackClosed(page);

  // The server asked Paystack: the money is on its way, so the checkout was not cancelled.
  const waiting = page.getByRole("status").filter({ hasText: "Awaiting your bank transfer." });
  await expectOnTop(waiting, "the awaiting message is readable");
  await expect(page.getByRole("button", { name: "Awaiting payment..." })).toBeDisabled();
  expect(await notices()).not.toContain("Payment cancelled.");

  // The bank confirms it: Paystack's webhook places the order, and the page, asking again, shows it.
  const tx = referenceOf(stub, checkout.accessCodes.at(-1));
  await stub.confirm(tx.reference);
  const placed = page.getByRole("dialog");
  await expect(placed.getByRole("heading")).toHaveText("Order Placed Successfully!", { timeout: 15_000 });
  const orderRef = (await placed.getByText(/^Your order number is /).textContent())!.match(/ORD-[\w-]+/)![0];
  expect(await notices()).toEqual(["Payment successful!"]);
  expect(stub.webhookDeliveries.filter((w) => w.reference === tx.reference)).toEqual([{ reference: tx.reference, status: 200 }]);
  await shop.smtp.waitForMail((m) => m.envelope.to.includes(d.email) && m.parsed.subject === `Your Foam Shop order ${orderRef}`);
});

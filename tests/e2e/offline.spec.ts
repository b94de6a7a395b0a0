import type { Page } from "@playwright/test";
import { expect, expectOnTop, forgive, fullPageShot, gotoHydrated, lookShot, test } from "./fixtures";

// Issue 30: the shop installs like an app and reads offline. With its service worker (which the
// other browser tests block): Chromium's own installability check, a catalogue page seen before
// opening with no network (with the offline note), an unseen page opening the shop's offline
// page, and Cache Storage never holding a customer's name, cart or orders. At 375 px.

test.use({ serviceWorkers: "allow" });

/** How long a change kept offline may take to be sent once the phone is back: one retry, after 5 s, and its answer. */
const BACK_ONLINE_MS = 15_000;

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
}

/** Every entry of every cache of the origin, as text. */
function cacheStorageText(page: Page): Promise<{ url: string; text: string }[]> {
  return page.evaluate(async () => {
    const entries: { url: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("Content-Type") ?? "";
        entries.push({ url: request.url, text: /text|json|javascript/.test(type) ? ((await response?.text()) ?? "") : "" });
      }
    }
    return entries;
  });
}

test("Chromium finds the shop installable @one-width", async ({ page }) => {
  await gotoHydrated(page, "/");
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ short_name: "Foam Shop", display: "standalone", start_url: "/?source=app" });
  expect(manifest.icons.filter((icon: { purpose: string }) => icon.purpose === "maskable").map((icon: { sizes: string }) => icon.sizes)).toEqual([
    "192x192",
    "512x512",
  ]);
});

test("offline, a product page seen before opens with a note, and an unseen page opens the offline page @one-width", async ({
  page,
  context,
  consoleErrors,
}) => {
  await gotoHydrated(page, "/");
  await controlled(page);
  // Seen through the worker: kept.
  await gotoHydrated(page, "/productdetail/32");
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  // The worker writes its copy just after answering.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await (await caches.open("pages")).match("/productdetail/32"))), { timeout: 10_000 })
    .toBe(true);
  // Its picture too, at the width the phone chose.
  const picture = page.getByRole("img", { name: name! }).first();
  const pictureUrl = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(pictureUrl).toContain("/api/uploads/");
  await expect
    .poll(() => page.evaluate(async (url) => Boolean(await (await caches.open("pictures")).match(url)), pictureUrl), { timeout: 10_000 })
    .toBe(true);
  await context.setOffline(true);
  try {
    await page.goto("/productdetail/32");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name!);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectOnTop(page.getByTestId("offline-note"));
    await expect(page.getByTestId("offline-note")).toHaveText("You're offline; prices may have changed.");
    await fullPageShot(page, "test-results/shots/phone-offline-product.png");
    // Never seen: the shop's own page, with the way to what is kept.
    await page.goto("/productdetail/33");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
    await expectOnTop(page.getByRole("link", { name: "Go to the home page" }));
    await expect(page.getByRole("link", { name: name! })).toBeVisible();
    // The offline page's policy allows no inline style: the shot adds none.
    await lookShot(page, "test-results/shots/phone-offline-page.png", { fullPage: true });
    // A personal page is never kept: offline, it is the offline page too.
    await page.goto("/cartpage");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
  } finally {
    await context.setOffline(false);
  }
  // What the pages asked the network for while offline (a picture's other width, the review
  // form's standing, the routes behind a link not seen) failed, as it should.
  forgive(consoleErrors, /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/);
});

test("Cache Storage never holds a customer's name, cart or orders, during a session or after it @one-width", async ({ page, login }) => {
  const customer = await login({ label: "offline-cache", fullName: "Zainab Cacheless" });
  await gotoHydrated(page, "/");
  await controlled(page);
  for (const path of ["/", "/productdetail/32", "/productlistpage/Pillows", "/cartpage", "/userdashboard", "/userdashboard?menu=1"])
    await gotoHydrated(page, path);
  await expect(page.getByText("Welcome Zainab").first()).toBeAttached();
  const during = await cacheStorageText(page);
  // The worker keeps the app shell (precached); a signed-in customer's pages it keeps none of.
  expect(during.length).toBeGreaterThan(10);
  // No personal page is kept, and no kept text names the customer (scripts only name routes).
  expect(
    during
      .map((entry) => new URL(entry.url).pathname)
      .filter((path) => /^\/(?:cartpage|userdashboard|deliverydetailpage|ordersummarypage)/.test(path)),
  ).toEqual([]);
  expect(during.filter((entry) => entry.text.includes("Zainab") || entry.text.includes(customer.email)).map((e) => e.url)).toEqual([]);
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/userdashboard"));
  const after = await cacheStorageText(page);
  expect(after.filter((entry) => entry.text.includes("Zainab") || entry.text.includes(customer.email))).toEqual([]);
});

test("offline, Add to Cart is kept and sent once when the phone is back online; Pay Now waits, and says why @one-width", async ({
  page,
  context,
  login,
  consoleErrors,
}) => {
  // Two sends that may each wait for a retry (BACK_ONLINE_MS), beside a whole purchase.
  test.setTimeout(60_000);
  await login({ label: "offline-cart" });
  await gotoHydrated(page, "/");
  await controlled(page);
  await gotoHydrated(page, "/productdetail/32");
  await context.setOffline(true);
  try {
    const add = page.getByRole("button", { name: "Add to Cart" });
    await expectOnTop(add);
    await add.click();
    await expectOnTop(page.getByRole("status").filter({ hasText: "Saved — will send when you're back online." }));
    await lookShot(page, "test-results/shots/phone-offline-cart-saved.png");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("foam-shop:cart-queue") ?? "[]").length)).toBe(1);
  } finally {
    await context.setOffline(false);
  }
  // Back online: sent, once, and said. The first send may meet the connection still coming back
  // (seen in CI: the request failed); CartQueue then tries again 5 s later (FIRST_RETRY_MS).
  const upToDate = page.getByRole("status").filter({ hasText: "You're back online: your cart is up to date." });
  await expect(upToDate).toBeVisible({ timeout: BACK_ONLINE_MS });
  await expectOnTop(upToDate);
  expect(await page.evaluate(() => localStorage.getItem("foam-shop:cart-queue"))).toBeNull();
  await gotoHydrated(page, "/cartpage");
  await expect(page.getByTestId("line-quantity")).toHaveText(["1"]);
  // On the cart page too: a plus pressed offline is kept (the form's own answer), and sent later.
  await context.setOffline(true);
  try {
    const more = page.getByRole("button", { name: /^One more / });
    await expectOnTop(more);
    await more.click();
    await expectOnTop(page.getByRole("status").filter({ hasText: "Saved — will send when you're back online." }));
  } finally {
    await context.setOffline(false);
  }
  await expect(upToDate).toBeVisible({ timeout: BACK_ONLINE_MS });
  await expectOnTop(upToDate);
  await expect(page.getByTestId("line-quantity")).toHaveText(["2"]);

  // Pay Now never waits in a queue: offline it is off, and the page says why.
  await page.getByRole("link", { name: "Checkout" }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("First name").fill("Ngozi");
  await page.getByLabel("Last name").fill("Eze");
  await page.getByLabel("Phone number", { exact: true }).fill("08031112222");
  await page.getByLabel("Confirm phone number").fill("08031112222");
  await page.getByLabel("Email").fill("ngozi.offline@example.com");
  await page.getByLabel("Delivery address").fill("5 Awolowo Road");
  await page.getByLabel("State").selectOption("Lagos");
  await page.getByLabel("City").selectOption("Ikeja");
  await page.getByRole("button", { name: "Continue to order summary" }).click();
  await expect(page).toHaveURL(/\/ordersummarypage$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await context.setOffline(true);
  try {
    const payNow = page.getByRole("button", { name: "Pay Now" });
    await expect(payNow).toBeDisabled();
    const why = page.locator("#pay-now-offline");
    await expect(why).toHaveText(
      "You're offline. Pay Now needs a connection: we never send a payment later, so you see at once whether it went through.",
    );
    await expectOnTop(why);
    await lookShot(page, "test-results/shots/phone-offline-pay-now.png");
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  forgive(consoleErrors, /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to fetch/);
});

import { expect, expectOnTop, fullPageShot, gotoHydrated, lookShot, test, uniqueEmail } from "./fixtures";
import { buyOne } from "./shopping";

// Text messages (issue 28): a customer chooses their channels in the dashboard, a purchase texts
// them by SMS and WhatsApp (the dev phone shows both in demo mode), and the order's link in the
// text opens the order with no sign-in and stops the texts with one button. What it checks is the
// same at every width; the pages are photographed at both.

test("a customer turns WhatsApp on, buys, reads both texts on the dev phone, and the order's link stops them @one-width", async ({
  page,
  browser,
  login,
}, info) => {
  // A long flow: 19-31 s on a slow day here (2026-11-27), too close to the 30 s of one page.
  test.setTimeout(60_000);
  await login({ label: "texts" });
  await gotoHydrated(page, "/userdashboard");
  const updates = page.getByRole("group", { name: "Order updates" });
  // Out of the box: e-mail and SMS on, WhatsApp off.
  await expect(updates.getByRole("checkbox", { name: /E-mail/ })).toBeChecked();
  await expect(updates.getByRole("checkbox", { name: /SMS/ })).toBeChecked();
  await expect(updates.getByRole("checkbox", { name: /WhatsApp/ })).not.toBeChecked();
  await expect(updates).toContainText("+234 803 111 2222");
  await updates.getByRole("checkbox", { name: /WhatsApp/ }).check();
  await page.getByRole("button", { name: "Save order updates" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Your choices are saved." });
  await expectOnTop(saved);
  await page.reload();
  await expect(page.getByRole("group", { name: "Order updates" }).getByRole("checkbox", { name: /WhatsApp/ })).toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await fullPageShot(page, "test-results/shots/phone-order-updates.png");

  const { orderRef } = await buyOne(page, "/productdetail/32", {
    firstName: "Bisi",
    lastName: "Adeyemi",
    phone: "0803 456 7890",
    email: uniqueEmail("texts-delivery"),
    address: "3 Awolowo Road",
    state: "Lagos",
    city: "Lagos Island",
  });

  await gotoHydrated(page, "/dev/phone");
  const texts = page.getByTestId("dev-text").filter({ hasText: orderRef });
  await expect(texts).toHaveCount(2);
  const sms = texts.filter({ hasText: "SMS" });
  await expect(sms).toContainText("Order placed");
  await expect(sms).toContainText("to +2348034567890");
  await expect(sms).toContainText(`Foam Shop: thank you! Order ${orderRef} is paid and being prepared.`);
  await expect(sms).toContainText("(GSM-7): 1 SMS");
  await expect(texts.filter({ hasText: "WhatsApp" })).toContainText(`Order ${orderRef} is paid`);
  await fullPageShot(page, "test-results/shots/phone-dev-phone.png");
  await page.setViewportSize({ width: 1280, height: 800 });
  await fullPageShot(page, "test-results/shots/desktop-dev-phone.png");

  // The link, opened on another phone with no sign-in.
  const link = /https?:\/\/\S+\/o\/[0-9a-f]{12}/.exec((await sms.textContent())!)![0];
  const stranger = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const other = await stranger.newPage();
  await other.goto(new URL(link).pathname);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Your order");
  await expect(other.getByRole("heading", { name: orderRef })).toBeVisible();
  await expect(other.getByTestId("tracked-status")).toHaveText("Paid, being prepared");
  await other.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await fullPageShot(other, "test-results/shots/phone-order-link.png");
  const stop = other.getByRole("button", { name: "Stop text messages" });
  await expectOnTop(stop);
  await stop.click();
  const stopped = other.getByRole("status").filter({ hasText: "Done: we will not text you about your orders any more." });
  await expectOnTop(stopped);
  await stranger.close();

  // Back in the dashboard: both text channels are off, e-mail still on.
  await gotoHydrated(page, "/userdashboard");
  const after = page.getByRole("group", { name: "Order updates" });
  await expect(after.getByRole("checkbox", { name: /E-mail/ })).toBeChecked();
  await expect(after.getByRole("checkbox", { name: /SMS/ })).not.toBeChecked();
  await expect(after.getByRole("checkbox", { name: /WhatsApp/ })).not.toBeChecked();
  expect(info.project.name).toBe("phone");
});

test("an unknown order link answers 404 with a way on, and changes nothing @one-width", async ({ page, consoleErrors }) => {
  const answer = await page.goto("/o/0123456789ab");
  expect(answer?.status()).toBe(404);
  await expect(page.getByText("This link is not valid. Sign in to see your orders, or track one with its Order ID.")).toBeVisible();
  consoleErrors.length = 0;
});

test("an owner sees SMS and WhatsApp in Settings, on, shown on the dev phone in the demo @one-width", async ({ page, ownerLogin }) => {
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=12");
  const texts = page.getByRole("group", { name: "Text messages" });
  // The browser tests share one shop and the first test above reads its texts: this one changes nothing.
  for (const name of ["SMS", "WhatsApp"]) await expect(texts.getByRole("checkbox", { name: new RegExp(`^${name}`) })).toBeChecked();
  await expect(texts.getByText("Demo: shown on the dev phone (/dev/phone)")).toHaveCount(2);
  const save = page.getByRole("button", { name: "Save text messages" });
  await expectOnTop(save);
  await save.click();
  await expectOnTop(page.getByRole("status").filter({ hasText: "Nothing changed." }));
  await texts.scrollIntoViewIfNeeded();
  await lookShot(page, "test-results/shots/phone-text-settings.png");
  await page.setViewportSize({ width: 1280, height: 800 });
  await texts.scrollIntoViewIfNeeded();
  await lookShot(page, "test-results/shots/desktop-text-settings.png");
});

import { expect, expectOnTop, fullPageShot, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { SUCCESS_CARD } from "./shopping";

// Orders staff take (issue 28): an order for a customer on the phone, its payment link texted and
// e-mailed, then opened in a fresh browser with no sign-in and paid with the test card, once.
// The same at every width: it runs on a phone; the panel and the link's page are photographed at both.

test("staff take a phone order; its link, opened in a fresh browser, is paid with the test card @one-width", async ({
  page,
  browser,
  ownerLogin,
}) => {
  // A long flow: 19-31 s on a slow day here (2026-11-27), too close to the 30 s of one page.
  test.setTimeout(60_000);
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=16");
  await expect(page.getByRole("heading", { name: "Take an order" })).toBeVisible();
  const email = uniqueEmail("phone-order");
  await page.getByLabel("First name").fill("Ngozi");
  await page.getByLabel("Last name").fill("Eze");
  await page.getByLabel("Phone number").fill("0802 333 4444");
  await page.getByLabel("E-mail (leave empty if they have none)").fill(email);
  await page.getByLabel("Delivery address").fill("21 Awolowo Road");
  await page.getByLabel("State").selectOption("Lagos");
  await page.getByLabel("City").selectOption("Ikeja");
  await page.getByLabel("Product 1").selectOption({ index: 1 });
  await page.getByLabel("Quantity 1").fill("2");
  await fullPageShot(page, "test-results/shots/phone-take-an-order.png");
  const take = page.getByRole("button", { name: "Take the order" });
  await expectOnTop(take);
  await take.click();
  const done = page.getByRole("status").filter({ hasText: "is waiting for its payment. The payment link went by e-mail, SMS." });
  await expectOnTop(done);
  const orderRef = /ORD-\d+-\d+/.exec((await done.textContent())!)![0];
  const link = (await page.getByTestId("payment-link").textContent())!.trim();
  expect(link).toMatch(/\/pay\/[\w-]{22}$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await fullPageShot(page, "test-results/shots/desktop-take-an-order.png");

  // The text on the dev phone carries the same link.
  const phone = await (await page.request.get("/dev/phone")).text();
  expect(phone).toContain(`pay for order ${orderRef}`.replace("pay for", "for"));
  expect(phone).toContain(link);

  // The customer, on another phone, not signed in.
  const customer = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const pay = await customer.newPage();
  await pay.goto(new URL(link).pathname);
  await pay.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(pay.getByRole("heading", { level: 1 })).toHaveText("Pay for your order");
  await expect(pay.getByText(orderRef)).toBeVisible();
  await fullPageShot(pay, "test-results/shots/phone-pay-link.png");
  const total = (await pay.getByTestId("link-total").textContent())!.trim();
  const payButton = pay.getByRole("button", { name: `Pay ${total}` });
  await expectOnTop(payButton);
  await payButton.dblclick();
  const window = pay.getByRole("dialog", { name: /^Pay ₦/ });
  await window.getByRole("button", { name: SUCCESS_CARD }).click();
  await window.getByRole("button", { name: /^Pay ₦/ }).click();
  const placed = pay.getByRole("dialog");
  await expect(placed.getByRole("heading")).toHaveText("Order Placed Successfully!", { timeout: 15_000 });
  await placed.getByRole("button", { name: "OK" }).click();
  await expect(pay.getByRole("status").filter({ hasText: "This order is paid. Thank you!" })).toBeVisible();
  await pay.setViewportSize({ width: 1280, height: 800 });
  await fullPageShot(pay, "test-results/shots/desktop-pay-link-paid.png");
  await customer.close();

  // Staff see it paid, and marked as taken by staff, on its page and in the Orders list.
  await gotoHydrated(page, `/admin/orders/${orderRef}`);
  await expect(page.getByTestId("payment-verified")).toBeVisible();
  await expect(page.getByText("Taken by staff", { exact: true })).toBeVisible();
  await gotoHydrated(page, `/admin?menu=5&q=${orderRef}`);
  // The list's phone layout (cards; the table is for wider screens).
  await expect(page.getByText(orderRef, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByText("Taken by staff", { exact: true }).filter({ visible: true })).toHaveCount(1);
});

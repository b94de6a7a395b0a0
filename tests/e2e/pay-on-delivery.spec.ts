import type { Page } from "@playwright/test";
import { expect, expectOnTop, fullPageShot, gotoHydrated, logInThroughPage, owner, test, uniqueEmail } from "./fixtures";
import { addToCart, checkoutToSummary } from "./shopping";

// Pay on delivery (issue 28): on for Lagos in the demo, for customers who confirm their phone
// with a texted code. A customer places the order from the order summary, staff ship it and
// record the cash at the door. The flow is the same at every width: it runs on a phone, and the
// order summary and the collection card are photographed at both widths.

/** The newest code texted to this number, read from the dev phone. */
async function textedCode(page: Page, phone: string): Promise<string> {
  const html = await (await page.request.get("/dev/phone")).text();
  // Newest first: one item per text.
  const text = html.split('data-testid="dev-text"').find((item) => item.includes(phone) && item.includes("your code is"));
  const code = text ? /your code is (\d{6})/.exec(text)?.[1] : undefined;
  if (!code) throw new Error(`No code texted to ${phone} on the dev phone`);
  return code;
}

test("a customer confirms their phone, places an order to pay on delivery, and staff record the cash at the door @one-width", async ({
  page,
  browser,
  login,
}) => {
  await login({ label: "pod" });
  await addToCart(page, "/productdetail/32");
  await checkoutToSummary(page, {
    firstName: "Tunde",
    lastName: "Bakare",
    phone: "0803 555 0101",
    email: uniqueEmail("pod-delivery"),
    address: "8 Adeola Odeku Street",
    state: "Lagos",
    city: "Lagos Island",
  });
  const total = (await page.getByTestId("grand-total").textContent())!.trim();
  const pod = page.getByRole("region", { name: "Or pay on delivery" });
  await expect(pod).toContainText(`Pay ${total} when it arrives: in cash, by transfer or by card (POS).`);
  await expect(pod).toContainText("First we text a code to +234 803 555 0101 to confirm it is yours.");
  await fullPageShot(page, "test-results/shots/phone-pay-on-delivery-summary.png");
  await page.setViewportSize({ width: 1280, height: 800 });
  await fullPageShot(page, "test-results/shots/desktop-pay-on-delivery-summary.png");
  await page.setViewportSize({ width: 375, height: 812 });

  await pod.getByRole("button", { name: "Text me a code" }).click();
  await expect(pod.getByRole("status")).toHaveText("We sent a 6-digit code to +234 803 555 0101. It works for 10 minutes.");
  // A wrong code first: refused, nothing placed.
  await pod.getByLabel("The 6-digit code").fill("000000");
  await pod.getByRole("button", { name: "Confirm code" }).click();
  await expect(pod.getByRole("alert")).toHaveText("That code is not right. Check the text message and try again.");
  await pod.getByLabel("The 6-digit code").fill(await textedCode(page, "+2348035550101"));
  await pod.getByRole("button", { name: "Confirm code" }).click();
  await expect(pod.getByRole("status")).toHaveText("Thank you: your phone number is confirmed.");
  const place = pod.getByRole("button", { name: "Place order, pay on delivery" });
  await expectOnTop(place);
  // A double tap places one order.
  await place.dblclick();
  const placed = page.getByRole("dialog");
  await expect(placed.getByRole("heading")).toHaveText("Order Placed Successfully!");
  await expect(placed).toContainText("Order placed! You pay when it is delivered.");
  const orderRef = /ORD-\d+-\d+/.exec((await placed.textContent())!)![0];
  await expectOnTop(placed.getByRole("button", { name: "OK" }));
  await placed.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/userdashboard\?menu=1$/);
  await expect(page.getByTestId("order-ref")).toHaveText([orderRef]);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed: pay on delivery");
  await expect(page.getByText(`To pay on delivery: ${total}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this order" })).toBeVisible();

  // The shop's side: processing, shipped, then the cash at the door.
  const staff = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const admin = await staff.newPage();
  await logInThroughPage(admin, "/adminlogin", owner.email, owner.password);
  await expect(admin).toHaveURL(/\/admin(\?|$)/);
  for (const status of ["Processing", "Shipped"]) {
    await gotoHydrated(admin, `/admin/orders/${orderRef}`);
    await admin.getByLabel("New status").selectOption({ label: status });
    await admin.getByRole("button", { name: "Update status" }).click();
    await expect(admin.getByRole("status").filter({ hasText: `is now ${status.toLowerCase()}` })).toBeVisible();
  }
  const door = admin.getByRole("region", { name: "Collected at the door" });
  await expect(door.getByLabel("Amount collected (₦)")).toHaveValue(total.replace(/[₦,]/g, "").replace(/\.00$/, ""));
  await fullPageShot(admin, "test-results/shots/phone-collection.png");
  await door.getByLabel("Cash").check();
  const collected = door.getByRole("button", { name: "Collected" });
  await expectOnTop(collected);
  await collected.click();
  const done = admin.getByRole("status").filter({ hasText: "Collected: the order is paid and delivered." });
  await expectOnTop(done);
  await expect(admin.getByTestId("payment-on-delivery")).toContainText(`${total} (Cash)`);
  await staff.close();

  await gotoHydrated(page, "/userdashboard?menu=1");
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  await expect(page.getByRole("button", { name: "Cancel this order" })).toHaveCount(0);
});

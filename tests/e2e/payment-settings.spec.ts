import { adminMenu, expect, expectOnTop, forgiveBadRequest, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { addToCart, checkoutToSummary, openPayment } from "./shopping";

// Issue 19: the owner chooses the ways to pay in Settings. The browser tests share one shop, and
// other tests read its ways to pay, so these change nothing: the form is checked with a refusal and
// an unchanged save. A real change, and the storefront and gateway following it, are checked
// through the HTTP API (tests/api/payment-settings.test.ts). The test window shows only the ways
// its transaction offers: here the transaction's answer is changed on its way to the page.

test("an owner sees the ways to pay, checked, and is told when none is chosen or nothing changed", async ({ page, ownerLogin, consoleErrors }) => {
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=0");
  await (await adminMenu(page)).getByRole("link", { name: "Settings" }).click();
  const ways = page.getByRole("group", { name: "Ways to pay" });
  await expect(ways.getByRole("checkbox")).toHaveCount(5);
  for (const name of ["Card", "Bank account", "USSD", "Bank transfer", "Mobile money"]) await expect(ways.getByLabel(name)).toBeChecked();
  const save = page.getByRole("button", { name: "Save ways to pay" });

  for (const box of await ways.getByRole("checkbox").all()) await box.uncheck();
  await expectOnTop(save);
  await save.click();
  const refused = page.getByText("Please choose at least one way to pay.");
  await expect(refused).toBeVisible();
  await expectOnTop(refused);
  forgiveBadRequest(consoleErrors); // the refused save answers 400
  // The answer belongs to this form: the delivery form above says nothing.
  await expect(page.getByText("Please choose at least one way to pay.")).toHaveCount(1);
  await page.reload();
  for (const name of ["Card", "Bank account", "USSD", "Bank transfer", "Mobile money"]) await expect(ways.getByLabel(name)).toBeChecked();

  await save.click();
  await expect(page.getByText("Nothing changed.")).toBeVisible();
});

test("the test payment window offers only the ways its payment was opened with", async ({ page, login }) => {
  await login({ label: "ways-buyer" });
  await addToCart(page, "/productdetail/32");
  await checkoutToSummary(page, {
    firstName: "Kemi",
    lastName: "Adeyemi",
    phone: "08035557777",
    email: uniqueEmail("ways-ship"),
    address: "9 Awolowo Road, Ikeja",
    state: "Lagos",
    city: "Ikeja",
  });
  // As the gateway answers for a payment opened when the owner offered card and USSD only.
  await page.route("**/api/test-gateway/transaction?*", async (route) => {
    const answer = await (await route.fetch({ maxRetries: 1 })).json();
    await route.fulfill({ json: { ...answer, channels: ["card", "ussd"] } });
  });
  const payment = await openPayment(page);
  const tabs = payment.getByRole("group", { name: "Pay with" }).getByRole("button");
  await expect(tabs).toHaveText(["Card", "USSD"]);
  await payment.getByRole("button", { name: "USSD" }).click();
  await expect(payment).toContainText("Dial this code");
  await payment.getByRole("button", { name: "Cancel payment" }).click();
  await expect(payment).toBeHidden();
  await gotoHydrated(page, "/cartpage");
});

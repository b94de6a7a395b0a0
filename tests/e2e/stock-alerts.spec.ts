import { expect, expectOnTop, forgiveBadRequest, fullPageShot, gotoHydrated, lookShot, test } from "./fixtures";

// Issue 29. "Tell me when it's back": on a sold-out product of the demo's catalogue, a visitor is
// asked to sign in; a customer chooses how to be told and hears that it is done, and the dialog
// says so when pressed again. What happens when stock returns is the job's (tests/api/stock-alerts
// .test.ts); the shop the browser tests share keeps its stock. Then offers: a customer's consent in
// User Info, the owner's cart reminders in Settings (saved unchanged: the shop is shared), and an
// unknown offers link. One width: nothing here changes with it.

/** The seed's Eco Foam Baby Cot Mattress, sold out (server/demo/seed-data.ts). */
const SOLD_OUT = "/productdetail/25";

test("a visitor is asked to sign in; a customer asks to be told by SMS, and is told it is done @one-width", async ({ page, login }) => {
  await gotoHydrated(page, SOLD_OUT);
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  const tell = page.getByRole("button", { name: "Tell me when it's back" });
  await expectOnTop(tell);
  await tell.click();
  const dialog = page.getByRole("dialog", { name: "Tell me when it's back" });
  await expect(dialog).toContainText("Sign in to be told when this size is back in stock.");
  await expectOnTop(dialog.getByRole("button", { name: "Login" }));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await login({ label: "stock-alert" });
  await gotoHydrated(page, SOLD_OUT);
  await fullPageShot(page, "test-results/shots/phone-stock-alert-button.png");
  await tell.click();
  const choices = dialog.getByRole("group", { name: "How should we tell you?" });
  await expect(choices.getByRole("radio", { name: "E-mail" })).toBeChecked();
  await expect(choices.getByRole("radio")).toHaveCount(3);
  await choices.getByRole("radio", { name: "SMS" }).check();
  await lookShot(page, "test-results/shots/phone-stock-alert-choose.png");
  const send = dialog.getByRole("button", { name: "Tell me" });
  await expectOnTop(send);
  await send.click();
  const done = dialog.getByRole("status").filter({ hasText: "Done: we will tell you by SMS when Eco Foam Baby Cot Mattress is back in stock." });
  await expectOnTop(done);
  await lookShot(page, "test-results/shots/phone-stock-alert-done.png");
  await dialog.getByRole("button", { name: "OK" }).click();

  // Pressed again: the dialog knows.
  await tell.click();
  await expect(dialog).toContainText("You will be told by SMS when this size is back.");
  await expect(choices.getByRole("radio", { name: "SMS" })).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 800 });
  await lookShot(page, "test-results/shots/desktop-stock-alert-again.png");
});

test("a customer says yes to offers by SMS in User Info @one-width", async ({ page, login }) => {
  await login({ label: "offers" });
  await gotoHydrated(page, "/userdashboard");
  const offers = page.getByRole("group", { name: "Offers" });
  // Out of the box: e-mail only.
  await expect(offers.getByRole("checkbox", { name: /E-mail/ })).toBeChecked();
  await expect(offers.getByRole("checkbox", { name: /SMS/ })).not.toBeChecked();
  await expect(offers.getByRole("checkbox", { name: /WhatsApp/ })).not.toBeChecked();
  await offers.getByRole("checkbox", { name: /SMS/ }).check();
  const save = page.getByRole("button", { name: "Save offers" });
  await expectOnTop(save);
  await save.click();
  await expectOnTop(page.getByRole("status").filter({ hasText: "Your choices for offers are saved." }));
  await fullPageShot(page, "test-results/shots/phone-offers-choices.png");
  await page.reload();
  await expect(page.getByRole("group", { name: "Offers" }).getByRole("checkbox", { name: /SMS/ })).toBeChecked();
  // Order updates are a consent of their own: untouched.
  await expect(page.getByRole("group", { name: "Order updates" }).getByRole("checkbox", { name: /WhatsApp/ })).not.toBeChecked();
});

test("an owner sees cart reminders on in the demo, and a wrong number of hours is refused @one-width", async ({
  page,
  ownerLogin,
  consoleErrors,
}) => {
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=12");
  const reminders = page.getByRole("group", { name: "Cart reminders" });
  await expect(reminders.getByRole("checkbox", { name: "Send cart reminders" })).toBeChecked();
  const hours = reminders.getByLabel("After the cart sat untouched for (hours)");
  await expect(hours).toHaveValue("4");
  const save = page.getByRole("button", { name: "Save cart reminders" });
  await hours.fill("0");
  await save.click();
  await expectOnTop(page.getByRole("alert").filter({ hasText: "Please enter how long a cart waits before its reminder: whole hours from 1 to 72." }));
  // The refusal is a 400: the browser's expected complaint.
  forgiveBadRequest(consoleErrors);
  await page.reload();
  await expect(page.getByRole("group", { name: "Cart reminders" }).getByLabel("After the cart sat untouched for (hours)")).toHaveValue("4");
  await expectOnTop(save);
  await save.click();
  await expectOnTop(page.getByRole("status").filter({ hasText: "Nothing changed." }));
  await reminders.scrollIntoViewIfNeeded();
  await lookShot(page, "test-results/shots/phone-cart-reminder-settings.png");
});

test("an unknown offers link answers 404 with a way on @one-width", async ({ page, consoleErrors }) => {
  const answer = await page.goto("/offers/0123456789abcdef");
  expect(answer?.status()).toBe(404);
  await expect(page.getByText("This link is not valid. Sign in to choose which messages you get.")).toBeVisible();
  await lookShot(page, "test-results/shots/phone-offers-link-unknown.png");
  consoleErrors.length = 0;
});

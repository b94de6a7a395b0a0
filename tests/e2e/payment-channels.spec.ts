import type { Page } from "@playwright/test";
import { expect, expectOnTop, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { addToCart, checkoutToSummary, openPayment } from "./shopping";

// Issue 19: a purchase by bank transfer and by USSD on the built-in test gateway, as Nigerians pay.
// The money is on its way until the pretend bank confirms it a few seconds later: the order
// summary says so, keeps asking, then shows 'Payment successful!' and the order, and the
// confirmation e-mail goes out. Closing the window after sending the money keeps the order.

const delivery = (label: string) => ({
  firstName: "Tunde",
  lastName: "Bakare",
  phone: "08035556666",
  email: uniqueEmail(label),
  address: "4 Allen Avenue, Ikeja",
  state: "Lagos",
  city: "Ikeja",
});

/** The order summary's words while the money is on its way, then the placed order; returns its number. */
async function waitForTheMoney(page: Page, channelWords: string): Promise<string> {
  const waiting = page.getByRole("status").filter({ hasText: `Awaiting your ${channelWords}.` });
  await expect(waiting).toBeVisible();
  await expectOnTop(waiting, "the awaiting message is readable");
  await expect(page.getByRole("button", { name: "Awaiting payment..." })).toBeDisabled();
  // 'Payment successful!' is read first (2 s), then the order's dialog covers the page.
  const paid = page.getByTestId("notice").filter({ hasText: "Payment successful!" });
  await expect(paid).toBeVisible({ timeout: 30_000 });
  await expectOnTop(paid, "'Payment successful!' is readable");
  const placed = page.getByRole("dialog");
  await expect(placed.getByRole("heading")).toHaveText("Order Placed Successfully!", { timeout: 30_000 });
  const number = (await placed.getByText(/^Your order number is ORD-/).textContent())!.match(/ORD-\d+-\d+/)![0];
  await expectOnTop(placed.getByRole("button", { name: "OK" }));
  await placed.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  return number;
}

async function expectPlacedWithMail(page: Page, orderRef: string, email: string) {
  await gotoHydrated(page, "/userdashboard?menu=1");
  await expect(page.getByTestId("order-ref")).toHaveText([orderRef]);
  await page.goto("/dev/mailbox");
  await expect(
    page
      .getByRole("link")
      .filter({ hasText: `Your Foam Shop order ${orderRef}` })
      .filter({ hasText: email }),
  ).toHaveCount(1);
}

test("a customer pays by bank transfer: 'awaiting your bank transfer', then the order is placed with its e-mail", async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ label: "transfer-buyer" });
  await addToCart(page, "/productdetail/32");
  const d = delivery("transfer-ship");
  await checkoutToSummary(page, d);
  // The ways to pay, Nigeria's own Verve among the cards, beside Pay Now and in the footer.
  const ways = page.getByRole("complementary", { name: "Payment", exact: true }).getByRole("list", { name: "Ways to pay" });
  for (const name of ["Visa", "Mastercard", "Verve"]) await expect(ways.getByRole("img", { name })).toBeVisible();
  await expect(ways.getByRole("listitem")).toHaveText(["", "", "verve", "Bank account", "USSD", "Bank transfer", "Mobile money"]);
  await expect(page.getByRole("complementary", { name: "Payment", exact: true })).toContainText(
    "Pay by card (Visa, Mastercard, Verve), bank account, USSD, bank transfer or mobile money, secured by Paystack.",
  );
  await expect(page.locator("footer").getByRole("list", { name: "Ways to pay" }).getByRole("img", { name: "Verve" })).toHaveCount(1);
  const payment = await openPayment(page);
  await payment.getByRole("button", { name: "Bank transfer" }).click();
  await expect(payment).toContainText("9990001234");
  await expect(payment).toContainText(`Transfer exactly ${(await page.getByTestId("grand-total").textContent())!.trim()} to:`);
  await expectOnTop(payment.getByRole("button", { name: "I have sent the money" }));
  await payment.getByRole("button", { name: "I have sent the money" }).click();
  await expect(payment).toBeHidden();
  const orderRef = await waitForTheMoney(page, "bank transfer");
  await expectPlacedWithMail(page, orderRef, d.email);
});

test("a customer pays by USSD: the order waits for the money and is placed", async ({ page, login }) => {
  test.setTimeout(120_000);
  await login({ label: "ussd-buyer" });
  await addToCart(page, "/productdetail/32");
  const d = delivery("ussd-ship");
  await checkoutToSummary(page, d);
  const payment = await openPayment(page);
  await payment.getByRole("button", { name: "USSD" }).click();
  await expect(payment).toContainText(/\*000\*\d+#/);
  await payment.getByRole("button", { name: "I have dialled and approved" }).click();
  const orderRef = await waitForTheMoney(page, "USSD payment");
  await expectPlacedWithMail(page, orderRef, d.email);
});

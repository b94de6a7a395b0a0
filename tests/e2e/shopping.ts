import type { Page } from "@playwright/test";
import type { DeliveryDetails } from "~/common/delivery";
import { expect, gotoHydrated } from "./fixtures";

// The customer's way from a product page to a placed order, in steps, for the browser tests that
// need a purchase on the way to what they test (checkout.spec.ts tests the way itself, step by
// step). Payments go through the built-in test gateway (no Paystack keys).

/** The test gateway's card that pays. */
export const SUCCESS_CARD = "Success card: 4084 0840 8408 4081";

/** Adds one unit from a product page (size chosen on /productdetail2), and closes the Success dialog. */
export async function addToCart(page: Page, path: string, size?: string) {
  await gotoHydrated(page, path);
  if (size) await page.locator("select#size").selectOption(size);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Success");
  await expect(dialog).toContainText("Product added to cart");
  await dialog.getByRole("button", { name: "Continue shopping" }).click();
  await expect(dialog).toHaveCount(0);
}

/** Fills /deliverydetailpage (both phone fields the same). */
export async function fillDelivery(page: Page, d: DeliveryDetails) {
  await page.getByLabel("First name").fill(d.firstName);
  await page.getByLabel("Last name").fill(d.lastName);
  await page.getByLabel("Phone number", { exact: true }).fill(d.phone);
  await page.getByLabel("Confirm phone number").fill(d.phone);
  await page.getByLabel("Email").fill(d.email);
  await page.getByLabel("Delivery address").fill(d.address);
  await page.getByLabel("State").selectOption(d.state);
  await page.getByLabel("City").selectOption(d.city);
}

/** From a cart with items: Checkout, the delivery form, then the order summary (hydrated). */
export async function checkoutToSummary(page: Page, d: DeliveryDetails) {
  await gotoHydrated(page, "/cartpage");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/deliverydetailpage$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await fillDelivery(page, d);
  await page.getByRole("button", { name: "Continue to order summary" }).click();
  await expect(page).toHaveURL(/\/ordersummarypage$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order Summary");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Opens the test gateway's window from the order summary. */
export async function openPayment(page: Page) {
  await page.getByRole("button", { name: "Pay Now" }).click();
  const payment = page.getByRole("dialog", { name: /^Pay ₦/ });
  await expect(payment).toBeVisible();
  await expect(payment.getByText("Test mode")).toBeVisible();
  return payment;
}

/** In the open payment window: the success card, Pay; the order is placed and OK leads to the dashboard. */
export async function payWithSuccessCard(page: Page) {
  const payment = page.getByRole("dialog", { name: /^Pay ₦/ });
  await payment.getByRole("button", { name: SUCCESS_CARD }).click();
  await payment.getByRole("button", { name: /^Pay ₦/ }).click();
  const placed = page.getByRole("dialog");
  await expect(placed.getByRole("heading")).toHaveText("Order Placed Successfully!", { timeout: 15_000 });
  await placed.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
}

/**
 * The signed-in customer buys one unit of the product at `path` (its first size) through the
 * cart, the delivery form and the test gateway. Returns the summary's grand total as shown, and
 * the order's reference from My Orders, where the page is left (the customer's only order).
 */
export async function buyOne(page: Page, path: string, delivery: DeliveryDetails): Promise<{ orderRef: string; total: string }> {
  await addToCart(page, path);
  await checkoutToSummary(page, delivery);
  const total = (await page.getByTestId("grand-total").textContent())!.trim();
  await openPayment(page);
  await payWithSuccessCard(page);
  await gotoHydrated(page, "/userdashboard?menu=1");
  const ref = page.getByTestId("order-ref");
  await expect(ref).toHaveCount(1);
  return { orderRef: (await ref.textContent())!.trim(), total };
}

import type { Page, TestInfo } from "@playwright/test";
import type { DeliveryDetails } from "~/common/delivery";
import { seedProducts } from "~/server/demo/seed-data";
import {
  adminMenu,
  expect,
  expectAccessible,
  forgiveNotFound,
  fullPageShot,
  gotoHydrated,
  loadAllPictures,
  owner,
  test,
  uniqueEmail,
} from "./fixtures";
import { buyOne } from "./shopping";

// The admin's Orders panel in Chromium (issue 5): a new customer buys through the test gateway,
// the shop's owner finds the order (status filter), opens it, moves it to processing and then to
// shipped with a tracking id, and the customer's My Orders shows both. The customer and the
// admin share one browser: their sessions are separate cookies.

/** A featured mattress no other browser test buys, so stock changes elsewhere cannot interfere. */
const product = seedProducts.find((p) => p.id === 15 && p.featured)!;

/** A full-page picture, taken from the top so the sticky header sits where it belongs. */
async function shot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, `test-results/shots/${info.project.name}-${name}.png`);
}

test(
  "an admin moves a paid order to processing, then shipped with a tracking id; the customer sees it in My Orders",
  { tag: "@one-width" },
  async ({ page, login, ownerLogin }, info) => {
    test.setTimeout(150_000);
    const variant = product.variants[0];
    const lineName = `${product.name} (${variant.size})`;
    const delivery: DeliveryDetails = {
      firstName: "Funmilayo",
      lastName: "Adeyemi",
      phone: "08035556666",
      email: uniqueEmail("ship-to"),
      address: "7 Admiralty Way, Lekki Phase 1",
      state: "Lagos",
      city: "Lagos Island",
    };
    await login({ label: "orders-buyer" });
    const { orderRef } = await buyOne(page, `/productdetail2/${product.id}`, delivery);
    const customerOrder = page.getByRole("listitem").filter({ has: page.getByTestId("order-ref") });
    await expect(customerOrder.getByText("Paid, being prepared", { exact: true })).toBeVisible();

    // The owner signs in (a separate admin session in the same browser) and opens Orders.
    await ownerLogin();
    await gotoHydrated(page, "/admin");
    await (await adminMenu(page)).getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\?menu=5$/);
    await expect(page.getByRole("heading", { name: "Orders", level: 2 })).toBeVisible();
    await expect(page.getByRole("link", { name: orderRef })).toBeVisible();

    // Filter by status: paid.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Status").selectOption("paid");
    await page.getByRole("button", { name: "Show orders" }).click();
    await expect(page).toHaveURL(/[?&]status=paid/);
    await expect(page).toHaveURL(/[?&]menu=5/);
    await expect(page.getByLabel("Status")).toHaveValue("paid");
    const link = page.getByRole("link", { name: orderRef });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    await loadAllPictures(page);
    await shot(page, info, "admin-orders-panel");

    // The order's page: lines, delivery, payment verified, history.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderRef}\\?status=paid$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(orderRef);
    await expect(page.getByTestId("order-line")).toHaveCount(1);
    await expect(page.getByTestId("order-line")).toContainText(lineName);
    await expect(page.getByTestId("order-line")).toContainText(`1 x ₦${variant.priceNaira.toLocaleString("en-US")}`);
    await expect(page.getByTestId("delivery-details")).toContainText(delivery.address);
    await expect(page.getByTestId("delivery-details")).toContainText(delivery.email);
    await expect(page.getByTestId("payment-verified")).toBeVisible();
    await expect(page.getByTestId("payment-reference")).toHaveText(/^FS-/);
    await expect(page.getByTestId("order-history")).toContainText("Paid");
    await expect(page.getByRole("link", { name: "Back to orders" })).toHaveAttribute("href", "/admin?menu=5&status=paid");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page);
    await loadAllPictures(page);
    await shot(page, info, "admin-order-detail");

    // Paid → processing (the suggested next step). What each move does is said under the choice,
    // its stock part from the lifecycle's declaration (decision 0050): a paid order holds its units.
    const status = page.getByLabel("New status");
    await expect(status).toHaveValue("processing");
    await expect(page.getByText("The customer is emailed about the change.", { exact: true })).toBeVisible();
    await status.selectOption("cancelled");
    await expect(
      page.getByText("The customer is emailed that the order is cancelled and will be refunded. The items go back into stock.", { exact: true }),
    ).toBeVisible();
    await status.selectOption("refunded");
    await expect(
      page.getByText(
        "This only records the refund: send the money back from your payment provider's dashboard first. The customer is emailed. The items go back into stock.",
        { exact: true },
      ),
    ).toBeVisible();
    await status.selectOption("processing");
    await page.getByLabel(/^Note/).fill("Packed at the Ikeja warehouse");
    await page.getByRole("button", { name: "Update status" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Order ${orderRef} is now processing.` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Processing");

    // Processing → shipped, with the courier's tracking id.
    const trackingId = `GIG-${Date.now().toString(36).toUpperCase()}`;
    await expect(status).toHaveValue("shipped");
    await page.getByLabel(/^Tracking ID/).fill(trackingId);
    await page.getByRole("button", { name: "Update status" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Order ${orderRef} is now shipped.` })).toBeVisible();
    await expect(page.getByTestId("tracking-id")).toHaveText(trackingId);
    const history = page.getByTestId("order-history");
    await expect(history).toContainText("Shipped");
    await expect(history).toContainText(`by ${owner.name}`);
    await expect(history).toContainText("Packed at the Ikeja warehouse");
    await expect(status).toHaveValue("delivered");
    await shot(page, info, "admin-order-shipped");
    // Shipped units have left the shop: refunding it now puts nothing back.
    await status.selectOption("refunded");
    await expect(
      page.getByText("This only records the refund: send the money back from your payment provider's dashboard first. The customer is emailed.", {
        exact: true,
      }),
    ).toBeVisible();

    // Back to the filtered list: the order has left "paid".
    await page.getByRole("link", { name: "Back to orders" }).click();
    await expect(page).toHaveURL(/\/admin\?menu=5&status=paid$/);
    await expect(page.getByRole("link", { name: orderRef })).toHaveCount(0);

    // The customer's My Orders shows the new status and the tracking id.
    await gotoHydrated(page, "/userdashboard?menu=1");
    const mine = page.getByRole("listitem").filter({ has: page.getByTestId("order-ref") });
    await expect(mine.getByTestId("order-ref")).toHaveText(orderRef);
    await expect(mine.getByText("Shipped", { exact: true })).toBeVisible();
    await expect(mine.getByTestId("tracking-id")).toHaveText(trackingId);
    await shot(page, info, "my-orders-shipped");

    // And the e-mail to the delivery address says so.
    await page.goto("/dev/mailbox");
    await expect(
      page
        .getByRole("link")
        .filter({ hasText: `Your Foam Shop order ${orderRef} is on its way` })
        .filter({ hasText: delivery.email }),
    ).toHaveCount(1);
  },
);

test("an unknown order is a 404 page with a way back to the orders @one-width", async ({ page, ownerLogin, consoleErrors }) => {
  await ownerLogin();
  const reply = await page.goto("/admin/orders/ORD-0-0");
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Order not found.");
  await expect(page.getByRole("link", { name: "Back to orders" })).toHaveAttribute("href", "/admin?menu=5");
  forgiveNotFound(consoleErrors);
});

test("signed out, an order's page sends you to the admin login", { tag: "@one-width" }, async ({ page }) => {
  const reply = await page.request.get("/admin/orders/ORD-0-0", { maxRedirects: 0 });
  expect(reply.status()).toBe(302);
  expect(reply.headers().location).toBe("/adminlogin");
});

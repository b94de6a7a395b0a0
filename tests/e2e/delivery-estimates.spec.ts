import type { Page, TestInfo } from "@playwright/test";
import type { DeliveryDetails } from "~/common/delivery";
import { arrivalDays, arrivesBy, DEFAULT_DELIVERY_SETTINGS } from "~/common/delivery-estimate";
import { expect, expectAccessible, expectOnTop, fullPageShot, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { addToCart, checkoutToSummary } from "./shopping";

// Delivery estimates (issue 19, decision 0037) in the browser: the delivery form says when an
// order to the chosen state arrives and says it again for another state; the order summary says
// it for the state of the delivery details. Nothing covers the line at 375 or 1280 px. The shop
// runs with the default settings (no browser test changes them): Lagos 2, the rest 5 days.

const shot = (page: Page, info: TestInfo, name: string) => fullPageShot(page, `test-results/shots/${info.project.name}-${name}.png`);

/** What the page should say for an order to `state` placed now. */
const expected = (state: string) => arrivesBy(arrivalDays(DEFAULT_DELIVERY_SETTINGS, new Date())[state]);

const delivery = (label: string, state: string, city: string): DeliveryDetails => ({
  firstName: "Tunde",
  lastName: "Bakare",
  phone: "08035551234",
  email: uniqueEmail(label),
  address: "3 Adeola Odeku Street",
  state,
  city,
});

test(
  'the delivery form and the order summary say "Arrives by" for the chosen state, and follow a new state',
  { tag: "@one-width" },
  async ({ page, login }, info) => {
    test.setTimeout(90_000);
    await login({ label: "arrives-by" });
    await addToCart(page, "/productdetail2/9");

    // The form before a state is chosen, then with Lagos, then with Kano: the line follows.
    await gotoHydrated(page, "/deliverydetailpage");
    const line = page.getByTestId("arrives-by");
    await expect(line).toHaveText("Choose a state to see when your order arrives.");
    await expect(page.getByText("Delivery is free.", { exact: false })).toBeVisible();
    await page.getByLabel("State").selectOption("Lagos");
    await expect(line).toHaveText(expected("Lagos"));
    await expectOnTop(line, "the Lagos estimate is on top");
    await page.getByLabel("State").selectOption("Kano");
    await expect(line).toHaveText(expected("Kano"));
    expect(expected("Kano")).not.toBe(expected("Lagos"));
    await expectOnTop(line, "the Kano estimate is on top");
    await page.getByLabel("State").selectOption("Lagos");
    await page.getByLabel("City").selectOption("Ikeja");
    await shot(page, info, "delivery-arrives-by");

    // The order summary, for Lagos.
    await checkoutToSummary(page, delivery("arrives-by-lagos", "Lagos", "Ikeja"));
    const summaryLine = page.getByTestId("arrives-by");
    await expect(summaryLine).toContainText(expected("Lagos"));
    await expect(summaryLine).toContainText("Delivery is free");
    await expectOnTop(summaryLine.getByText(expected("Lagos")), "the summary's estimate is on top");
    await expectAccessible(page);
    await shot(page, info, "summary-arrives-by-lagos");

    // Change the state on the form: the summary follows.
    await page.getByRole("link", { name: "Change" }).click();
    await expect(page).toHaveURL(/\/deliverydetailpage$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(line).toHaveText(expected("Lagos"));
    await page.getByLabel("State").selectOption("Kano");
    await page.getByLabel("City").selectOption("Wudil");
    await expect(line).toHaveText(expected("Kano"));
    await page.getByRole("button", { name: "Continue to order summary" }).click();
    await expect(page).toHaveURL(/\/ordersummarypage$/);
    await expect(summaryLine).toContainText(expected("Kano"));
    await expectOnTop(summaryLine.getByText(expected("Kano")), "the Kano estimate on the summary is on top");
    await shot(page, info, "summary-arrives-by-kano");
  },
);

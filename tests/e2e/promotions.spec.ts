import type { Page } from "@playwright/test";
import type { DeliveryDetails } from "~/common/delivery";
import { expect, expectOnTop, fullPageShot, gotoHydrated, lookShot, test, uniqueEmail } from "./fixtures";
import { addToCart, checkoutToSummary, openPayment, payWithSuccessCard } from "./shopping";

// Issue 29, promotions (decision 0064). A customer applies the demo's WELCOME10 on the order
// summary, takes it off and puts it back, pays the discounted total with the test card, and finds
// the discount on My Orders, in the confirmation mail and on the invoice. An owner creates a code
// and pauses it. The shop is shared: only coded promotions are made here (an automatic one would
// change other tests' totals). One width each: neither flow changes with it; screenshots at both.

/** The seed's hostel mattress: over WELCOME10's minimum of ₦20,000. */
const HOSTEL_MATTRESS = 34;

const kobo = (shown: string) => Math.round(Number(shown.replace(/[₦,−-]/g, "")) * 100);
const naira = (k: number) => `₦${(k / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function shownKobo(page: Page, testId: string): Promise<number> {
  return kobo((await page.getByTestId(testId).first().textContent())!.trim());
}

test("a customer applies a code on the summary, removes it, pays the discounted total and sees the discount on My Orders, the mail and the invoice @one-width", async ({
  page,
  login,
  ownerLogin,
}) => {
  test.setTimeout(120_000);
  await login({ label: "promo-buyer" });
  const delivery: DeliveryDetails = {
    firstName: "Kemi",
    lastName: "Adebayo",
    phone: "08035556666",
    email: uniqueEmail("promo-deliver"),
    address: "3 Adeola Odeku Street",
    state: "Lagos",
    city: "Ikeja",
  };
  await addToCart(page, `/productdetail/${HOSTEL_MATTRESS}`);
  await checkoutToSummary(page, delivery);
  const subtotal = await shownKobo(page, "subtotal");
  expect(await shownKobo(page, "grand-total")).toBe(subtotal);

  // A code nobody has: refused in words, nothing changes.
  const input = page.getByLabel("Promotion code");
  await input.fill("NOSUCH1");
  await page.getByRole("button", { name: "Apply" }).click();
  await expectOnTop(page.getByRole("alert").filter({ hasText: "We don't know that code. Please check it and try again." }));
  expect(await shownKobo(page, "grand-total")).toBe(subtotal);

  // WELCOME10, typed in small letters.
  await input.fill("welcome10");
  const apply = page.getByRole("button", { name: "Apply" });
  await expectOnTop(apply);
  await apply.click();
  await expectOnTop(page.getByRole("status").filter({ hasText: "Code WELCOME10 applied." }));
  const line = page.getByTestId("discount-line");
  await expect(line).toContainText("Discount (WELCOME10)");
  await expectOnTop(line);
  const off = Math.floor(subtotal / 10);
  await expect(line).toContainText(`−${naira(off)}`);
  await expect(page.getByTestId("grand-total")).toHaveText(naira(subtotal - off));
  await expectOnTop(page.getByTestId("grand-total"));
  await lookShot(page, "test-results/shots/phone-promo-summary.png");
  await page.setViewportSize({ width: 1280, height: 900 });
  await lookShot(page, "test-results/shots/desktop-promo-summary.png");
  await page.setViewportSize({ width: 375, height: 800 });

  // Taken off, and put back.
  const remove = page.getByRole("button", { name: "Remove code" });
  await expectOnTop(remove);
  await remove.click();
  await expectOnTop(page.getByRole("status").filter({ hasText: "Code removed." }));
  await expect(page.getByTestId("discount-line")).toHaveCount(0);
  await expect(page.getByTestId("grand-total")).toHaveText(naira(subtotal));
  await page.getByLabel("Promotion code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("grand-total")).toHaveText(naira(subtotal - off));

  // The test gateway is asked for the discounted total.
  const payment = await openPayment(page);
  await expect(payment).toHaveAccessibleName(`Pay ${naira(subtotal - off)}`);
  await payWithSuccessCard(page);

  await gotoHydrated(page, "/userdashboard?menu=1");
  const orderRef = (await page.getByTestId("order-ref").first().textContent())!.trim();
  const discount = page.getByTestId("order-discount").first();
  await expect(discount).toContainText("Discount (WELCOME10)");
  await expect(discount).toContainText(`−${naira(off)}`);
  await expectOnTop(discount);
  await expect(page.getByText(`Total: ${naira(subtotal - off)}`)).toBeVisible();
  await fullPageShot(page, "test-results/shots/phone-promo-my-orders.png");

  // The confirmation mail.
  await page.goto("/dev/mailbox");
  await page
    .getByRole("link")
    .filter({ hasText: `Your Foam Shop order ${orderRef}` })
    .filter({ hasText: delivery.email })
    .click();
  await page.getByText("Plain-text version").click();
  await expect(page.locator("pre")).toContainText(`- Discount (WELCOME10): −${naira(off)}`);
  await expect(page.locator("pre")).toContainText(`Total paid: ${naira(subtotal - off)}`);

  // The invoice, as the owner prints it.
  await ownerLogin();
  await gotoHydrated(page, `/admin/orders/${orderRef}/invoice`);
  const totals = page.getByTestId("document-totals");
  await expect(totals).toContainText("Discount (WELCOME10)");
  await expect(totals).toContainText(`−${naira(off)}`);
  await expect(page.getByTestId("document-total")).toHaveText(naira(subtotal - off));
  await lookShot(page, "test-results/shots/phone-promo-invoice.png");
});

test("an owner creates a code, sees it on, pauses it, and a customer is told it cannot be used now @one-width", async ({
  page,
  ownerLogin,
  login,
}) => {
  test.setTimeout(90_000);
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=17");
  await expect(page.getByRole("heading", { name: "Promotions", level: 2 })).toBeVisible();
  const code = `HOTEL${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await page.getByLabel("Name (customers see it)").fill("Hotel order");
  await page.getByLabel("Code (empty: automatic)").fill(code);
  await page.getByLabel("Percent (1 to 100)").fill("15");
  await page.getByLabel("Uses in all (empty: no cap)").fill("5");
  const create = page.getByRole("button", { name: "Create promotion" });
  await expectOnTop(create);
  await create.click();
  await expectOnTop(page.getByText("Promotion saved."));
  // The form is empty again for the next one.
  await expect(page.getByLabel("Code (empty: automatic)")).toHaveValue("");
  const card = page.getByTestId("promotion").filter({ hasText: code });
  await expect(card.getByTestId("promotion-status")).toHaveText("On");
  await expect(card).toContainText(`15% off, code ${code}, 5 uses`);
  await expect(card.getByTestId("promotion-uses")).toHaveText("0");
  await fullPageShot(page, "test-results/shots/phone-promotions-panel.png");
  await page.setViewportSize({ width: 1280, height: 900 });
  await fullPageShot(page, "test-results/shots/desktop-promotions-panel.png");
  await page.setViewportSize({ width: 375, height: 800 });

  const pause = card.getByRole("button", { name: "Pause" });
  await expectOnTop(pause);
  await pause.click();
  await expectOnTop(page.getByText("Promotion paused: it is off until you turn it on again."));
  await expect(card.getByTestId("promotion-status")).toHaveText("Paused");
  await expect(card.getByRole("button", { name: "Turn on" })).toBeVisible();

  // A customer trying it now.
  await login({ label: "promo-paused" });
  await addToCart(page, `/productdetail/${HOSTEL_MATTRESS}`);
  await gotoHydrated(page, "/cartpage");
  await page.getByLabel("Promotion code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expectOnTop(page.getByRole("alert").filter({ hasText: "This code cannot be used at the moment." }));
  await expect(page.getByTestId("discount-line")).toHaveCount(0);
  await lookShot(page, "test-results/shots/phone-promo-cart-refused.png");
});

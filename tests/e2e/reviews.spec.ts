import type { Page, TestInfo } from "@playwright/test";
import type { DeliveryDetails } from "~/common/delivery";
import { messages } from "~/common/messages";
import {
  adminMenu,
  expect,
  expectAccessible,
  expectOnTop,
  forgiveBadRequest,
  fullPageShot,
  gotoHydrated,
  loadAllPictures,
  lookShot,
  test,
  uniqueEmail,
} from "./fixtures";
import { buyOne } from "./shopping";

// Ratings and reviews in Chromium (issue 19, decision 0042): a customer buys a pillow, the owner
// moves the order to delivered, the customer writes a review on the product page (its form hit-
// tested), the owner approves it in the back office's Reviews panel, and the product page, which
// the catalogue cache kept from before, shows it with the average and the count.

/** A pillow per width, which no other browser test buys: the counts here are this test's own. */
const PRODUCT = { phone: 37, desktop: 38 } as Record<string, number>;

async function shot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, `test-results/shots/${info.project.name}-${name}.png`);
}

/** Moves the order one step on its admin page (the form suggests the next status). */
async function moveOrder(page: Page, orderRef: string, to: "processing" | "shipped" | "delivered") {
  const status = page.getByLabel("New status");
  await expect(status).toHaveValue(to);
  if (to === "shipped") await page.getByLabel(/^Tracking ID/).fill("GIG-REVIEW-1");
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Order ${orderRef} is now ${to}.` })).toBeVisible();
}

test("a delivered buyer reviews a product, the owner approves it, and the product page shows it", async ({
  page,
  login,
  ownerLogin,
  consoleErrors,
}, info) => {
  test.setTimeout(180_000);
  const productId = PRODUCT[info.project.name] ?? 39;
  const path = `/productdetail/${productId}`;
  // Its own words, so that a review of an earlier run on the same shop is not taken for it.
  const mark = `night ${Date.now().toString(36)}`;
  const text = `Soft and <b>cool</b>; my neck thanks me (${mark}).`;
  const before = (await (await page.request.get(`/api/get_product_reviews.php?productId=${productId}`)).json()) as { review_count: number };

  // A visitor is told who may review, and gets no form.
  await gotoHydrated(page, path);
  const box = page.getByTestId("review-form-box");
  await expect(box).toContainText(messages.reviewWhoCan);
  await expect(box.getByRole("link", { name: "Log in to write a review" })).toBeVisible();
  await expect(page.getByTestId("review-form")).toHaveCount(0);

  const delivery: DeliveryDetails = {
    firstName: "Temitope",
    lastName: "Bakare",
    phone: "08035557777",
    email: uniqueEmail("review-buyer"),
    address: "4 Awolowo Road, Ikoyi",
    state: "Lagos",
    city: "Lagos Island",
  };
  await login({ label: "review-buyer", fullName: "Temitope Bakare" });
  const { orderRef } = await buyOne(page, path, delivery);

  // Paid, not delivered: the form says so.
  await gotoHydrated(page, path);
  await expect(page.getByTestId("review-refusal")).toHaveText(messages.reviewNotDelivered);
  await expect(page.getByTestId("review-form")).toHaveCount(0);

  // The owner delivers it.
  await ownerLogin();
  await gotoHydrated(page, `/admin/orders/${orderRef}`);
  for (const to of ["processing", "shipped", "delivered"] as const) await moveOrder(page, orderRef, to);

  // The buyer writes the review (the page itself comes from the catalogue cache).
  await gotoHydrated(page, `${path}#write-review`);
  const form = page.getByTestId("review-form");
  await expect(form).toBeVisible();
  const submit = form.getByRole("button", { name: "Submit review" });
  await expectOnTop(submit, "the Submit review button is not covered");
  // Sent without stars: the shop says what is missing.
  await form.getByLabel("Your review").fill(text);
  await submit.click();
  await expect(form.getByRole("alert")).toHaveText(messages.reviewRatingInvalid);
  // That answer was a 400, which the browser logs.
  forgiveBadRequest(consoleErrors);
  await form.locator("label").filter({ hasText: "4 stars: Very good" }).click();
  await expect(form.getByRole("radio", { name: "4 stars: Very good" })).toBeChecked();
  await loadAllPictures(page);
  // The form where the shopper sees it (a full-page picture would draw the sticky header mid-page).
  await box.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await lookShot(page, `test-results/shots/${info.project.name}-review-form.png`);
  await submit.click();
  await expect(box.getByRole("status")).toHaveText(messages.reviewSubmitted);
  // Pending: not on the page yet.
  await gotoHydrated(page, path);
  await expect(page.getByTestId("review-own")).toContainText(messages.reviewPending);
  await expect(page.getByText(mark)).toHaveCount(0);

  // The owner approves it in the back office.
  await gotoHydrated(page, "/admin");
  await (await adminMenu(page)).getByRole("link", { name: "Reviews" }).click();
  await expect(page).toHaveURL(/\/admin\?menu=13$/);
  await expect(page.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
  const item = page.getByTestId("admin-review").filter({ hasText: mark });
  await expect(item).toHaveCount(1);
  // Shown as text.
  await expect(item).toContainText(text);
  await expect(item).toContainText("Temitope B.");
  await expect(item).toContainText(orderRef);
  await expectAccessible(page);
  await shot(page, info, "admin-reviews-panel");
  const approve = item.getByRole("button", { name: /^Approve/ });
  await expectOnTop(approve, "the Approve button is not covered");
  await approve.click();
  await expect(page.getByRole("status").filter({ hasText: messages.reviewApproved })).toBeVisible();
  await expect(page.getByTestId("admin-review").filter({ hasText: mark })).toHaveCount(0);
  await page.getByRole("link", { name: /^Approved/ }).click();
  await expect(page.getByTestId("admin-review").filter({ hasText: mark })).toContainText(`Approved by `);

  // The product page shows it, with the average and the count.
  await gotoHydrated(page, path);
  const count = before.review_count + 1;
  await expect(page.getByTestId("rating-count")).toHaveText(`(${count} review${count === 1 ? "" : "s"})`);
  if (before.review_count === 0) await expect(page.getByTestId("rating-average")).toHaveText("4.0");
  await expectOnTop(page.getByTestId("rating-summary"), "the rating under the name is not covered");
  const review = page.getByTestId("review").filter({ hasText: mark });
  await expect(review).toContainText(text);
  await expect(review).toContainText("Temitope B.");
  await expect(review.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
  await expect(review.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByTestId("review-own")).toContainText(messages.reviewShown);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd.aggregateRating).toMatchObject({ "@type": "AggregateRating", reviewCount: count });
  await expectAccessible(page);
  await loadAllPictures(page);
  await shot(page, info, "product-with-reviews");
  await page.getByTestId("reviews").evaluate((el) => el.scrollIntoView({ block: "center" }));
  await lookShot(page, `test-results/shots/${info.project.name}-product-reviews-section.png`);
});

import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { messages } from "~/common/messages";
import { storefrontMessages } from "~/common/storefront-messages";
import { expect, expectOnTop, fullPageShot, gotoHydrated, lookShot, loadAllPictures, test, uniqueEmail } from "./fixtures";
import { checkoutToSummary, openPayment, payWithSuccessCard } from "./shopping";

// Issue 19's rough edges, seen as a shopper and the staff see them, at both widths. Every page
// here is read by a browser whose time zone is not the server's (UTC here): a date written in
// the runtime's own zone would differ between the server's HTML and the browser's render, and
// React would throw hydration error #418, which the console-error fixture catches.
test.use({ timezoneId: "America/New_York" });

/** A date and time as people read them in Lagos: '23 Nov 2026, 8:41 pm'. */
const READABLE = /\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{1,2}:\d{2} [ap]m/;

const shot = (page: Page, project: string, name: string) => fullPageShot(page, `test-results/screenshots/${project}-edges-${name}.png`);

test(
  "a featured mattress found by search offers its sizes, and the cart and My Orders get the size chosen",
  { tag: "@one-width" },
  async ({ page, login, ownerLogin }, info) => {
    test.setTimeout(60_000);
    await login({ label: "sized-search" });
    await gotoHydrated(page, "/");
    const search = page.getByPlaceholder(storefrontMessages.searchPlaceholder).locator("visible=true");
    await search.fill("Eco Foam Mattress");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/searchresultpage\?searchTerm=Eco/);
    // Search result cards open /productdetail/{id} (requirements §2), featured mattresses included.
    await page.locator('a[href="/productdetail/1"]').click();
    await expect(page).toHaveURL(/\/productdetail\/1$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    const size = page.getByLabel("Size (length x width x thickness)");
    await expectOnTop(size);
    const sizes = await size.locator("option").allTextContents();
    expect(sizes.length, "the mattress's sizes").toBeGreaterThan(1);
    const price = page.getByTestId("price");
    const firstPrice = (await price.textContent())!.trim();
    await size.selectOption(sizes[1]);
    await expect(price).not.toHaveText(firstPrice);
    const chosenPrice = (await price.textContent())!.trim();
    expect(chosenPrice).toMatch(/^₦[\d,]+$/);
    await shot(page, info.project.name, "search-to-sized-detail");

    await page.getByRole("button", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Product added to cart");
    await dialog.getByRole("button", { name: "Continue shopping" }).click();
    await gotoHydrated(page, "/cartpage");
    const line = page.getByRole("listitem").filter({ hasText: `(${sizes[1]})` });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(chosenPrice);

    const billingEmail = uniqueEmail("sized-ship-to");
    await checkoutToSummary(page, {
      firstName: "Chioma",
      lastName: "Eze",
      phone: "08031234567",
      email: billingEmail,
      address: "12 Allen Avenue",
      state: "Lagos",
      city: "Ikeja",
    });
    await openPayment(page);
    await payWithSuccessCard(page);
    await gotoHydrated(page, "/userdashboard?menu=1");
    const order = page.getByRole("listitem").filter({ has: page.getByTestId("order-ref") });
    await expect(order).toContainText(`(${sizes[1]})`);
    await expect(order).toContainText(`1 x ${chosenPrice}`);
    // The order's date as a shopper reads it, in Lagos time, not 'YYYY-MM-DD HH:MM:SS'.
    await expect(order).toContainText(READABLE);
    await shot(page, info.project.name, "my-orders");
    const orderRef = (await page.getByTestId("order-ref").textContent())!.trim();

    // Tracking and the back office write the same dates the same way.
    await gotoHydrated(page, "/trackorder");
    await page.getByLabel("Order ID").fill(orderRef);
    await page.getByLabel("Billing Email").fill(billingEmail);
    await page.getByRole("button", { name: "Track" }).click();
    const tracked = page.getByRole("region", { name: orderRef });
    await expect(tracked).toContainText(/Ordered on\s*\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/);
    await ownerLogin();
    await gotoHydrated(page, "/admin?menu=5");
    const row = page
      .locator("tr, li")
      .filter({ has: page.getByRole("link", { name: orderRef }) })
      .locator("visible=true");
    await expect(row).toContainText(READABLE);
    await shot(page, info.project.name, "admin-orders");
  },
);

/** How wide the placeholder is drawn (its dark pixels, left to right), and how wide it is written in full. */
async function placeholderWidths(input: Locator) {
  const { written, clip } = await input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el, "::placeholder");
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const box = el.getBoundingClientRect();
    const own = getComputedStyle(el);
    const left = box.left + parseFloat(own.borderLeftWidth);
    return {
      written: context.measureText(el.placeholder).width,
      clip: { x: left, y: box.top + 4, width: box.right - parseFloat(own.borderRightWidth) - left, height: box.height - 8 },
    };
  });
  const shot = await input.page().screenshot({ clip });
  const { data, info } = await sharp(shot).greyscale().raw().toBuffer({ resolveWithObject: true });
  let first = info.width;
  let last = -1;
  for (let x = 0; x < info.width; x++) {
    for (let y = 0; y < info.height; y++) {
      if (data[y * info.width + x] < 180) {
        first = Math.min(first, x);
        last = x;
        break;
      }
    }
  }
  return { drawn: last - first + 1, written: Math.round(written) };
}

test("the header's search placeholder is read whole", async ({ page }, info) => {
  await gotoHydrated(page, "/");
  await lookShot(page, `test-results/screenshots/${info.project.name}-edges-home-top.png`);
  // The project's width, and on the phone project the other common widths of phones and tablets.
  const widths = info.project.name === "phone" ? [360, 375, 414, 768, 1024] : [1280];
  const cut: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const search = page.getByPlaceholder(storefrontMessages.searchPlaceholder).locator("visible=true");
    await expectOnTop(search);
    const { drawn, written } = await placeholderWidths(search);
    await lookShot(page, `test-results/screenshots/${info.project.name}-edges-search-${width}.png`, { clip: { x: 0, y: 0, width, height: 220 } });
    // Drawn whole: as wide as the text is written, give or take the glyphs' side bearings.
    if (drawn < written - 3) cut.push(`${width} px: ${drawn} px of the placeholder's ${written} px drawn`);
  }
  expect(cut).toEqual([]);
});

for (const { role, path, forgot } of [
  { role: "customer", path: "/user-reset-password", forgot: "/userforgotpassword" },
  { role: "admin", path: "/reset-password", forgot: "/adminforgotpassword" },
]) {
  test(`a dead ${role} reset link says so when opened and leads to a new one`, { tag: "@one-width" }, async ({ page }, info) => {
    await gotoHydrated(page, `${path}/${"x".repeat(43)}`);
    await expect(page.getByRole("alert")).toHaveText(messages.invalidResetLink);
    await expect(page.getByLabel("New Password")).toHaveCount(0);
    const ask = page.getByRole("link", { name: "Ask for a new link" });
    await expectOnTop(ask);
    await shot(page, info.project.name, `dead-${role}-reset-link`);
    await ask.click();
    await expect(page).toHaveURL(new RegExp(`${forgot}$`));
  });
}

test("a price typed '45,000' is taken, and a wrong one is refused in the shop's words", { tag: "@one-width" }, async ({ page, ownerLogin }, info) => {
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=1");
  const price = page.getByLabel("Price (NGN)");
  for (const typed of ["45,000", "₦45,000", "45000.50"]) {
    await price.fill(typed);
    expect(await price.evaluate((input: HTMLInputElement) => input.checkValidity()), typed).toBe(true);
  }
  await price.fill("45.000,00");
  await page.getByRole("button", { name: "Post Product" }).click();
  // The bubble the browser shows for the field: the admin's message, not "match the requested format".
  await expect.poll(() => price.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(messages.priceInvalid);
  await price.fill("45,000");
  expect(await price.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe("");
  await shot(page, info.project.name, "post-product-price");
});

test(
  "the dev mailbox hydrates in a browser whose time zone is not the server's, with Lagos dates",
  { tag: "@one-width" },
  async ({ page, consoleErrors }, info) => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("America/New_York");
    // A mail to list: a forgotten password (the admin's, so no account is made).
    const asked = await page.request.post("/api/admin_forgot_password.php", { data: { email: process.env.E2E_ADMIN_EMAIL } });
    expect(asked.status(), await asked.text()).toBe(200);
    await gotoHydrated(page, "/dev/mailbox");
    const entry = page.getByRole("link").filter({ hasText: process.env.E2E_ADMIN_EMAIL! }).first();
    await expect(entry).toContainText(READABLE);
    expect(consoleErrors).toEqual([]);
    await shot(page, info.project.name, "mailbox");
  },
);

test("the home hero's side tiles fill their column evenly @desktop-only", async ({ page }, info) => {
  await gotoHydrated(page, "/");
  await loadAllPictures(page);
  const carousel = page.locator("[aria-roledescription=carousel]");
  const hero = await carousel.boundingBox();
  const tiles = carousel.locator("xpath=../following-sibling::ul[1]/li");
  await expect(tiles).toHaveCount(4);
  const boxes = await tiles.evaluateAll((items) =>
    items.map((li) => {
      const tile = li.getBoundingClientRect();
      const picture = li.querySelector("img")!.getBoundingClientRect();
      return { top: tile.top, bottom: tile.bottom, pictureTop: picture.top, pictureBottom: picture.bottom };
    }),
  );
  const round = (n: number) => Math.round(n);
  for (const box of boxes) {
    // The picture fills its tile: no empty band under it.
    expect([round(box.pictureTop), round(box.pictureBottom)]).toEqual([round(box.top), round(box.bottom)]);
  }
  // The tiles' column is as tall as the hero beside it, in two equal rows.
  expect(round(boxes[0].top)).toBe(round(hero!.y));
  expect(round(boxes[3].bottom)).toBe(round(hero!.y + hero!.height));
  expect(round(boxes[0].bottom - boxes[0].top)).toBe(round(boxes[2].bottom - boxes[2].top));
  await lookShot(page, `test-results/screenshots/${info.project.name}-edges-hero.png`, { clip: { x: 0, y: 0, width: 1280, height: 700 } });
});

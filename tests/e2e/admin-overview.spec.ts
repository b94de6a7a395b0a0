import type { Page, TestInfo } from "@playwright/test";
import { seedProducts } from "~/server/demo/seed-data";
import { adminMenu, expect, expectAccessible, fullPageShot, gotoHydrated, test, uniqueEmail, type Customer } from "./fixtures";
import { buyOne } from "./shopping";

// The admin dashboard's sales overview (issue 5, menu 0) in Chromium: a customer buys through the
// real checkout (the built-in test gateway), then the shop's owner opens /admin and finds the
// sale in the revenue chart under Admin Info.
//
// The Messages panel (menu 6) is at the end: a message sent through the contact call is unread (bold,
// with a dot), is marked read and unread again, and leaves and rejoins the Unread filter.
//
// This test buys the Rechargeable Solar Lantern (id 73, 45 in stock), which no other browser
// test buys; both projects buy one, so the test never depends on another's stock.

const LANTERN = seedProducts.find((p) => p.id === 73)!;
const nairaTotal = (n: number) => `₦${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** '₦12,000.00' → 1200000 (kobo). */
const kobo = (text: string | null) => Math.round(Number((text ?? "").replace(/[₦,\s]/g, "")) * 100);
/** Today's date in Lagos (UTC+1), as the chart's rows name their day. */
const lagosToday = () => new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);

const shot = (page: Page, info: TestInfo, name: string) => fullPageShot(page, `test-results/shots/${info.project.name}-${name}.png`);

/** The signed-in customer buys one lantern through the checkout and the test gateway; returns the total in kobo. */
async function buyLantern(page: Page, customer: Customer): Promise<number> {
  const { total } = await buyOne(page, `/productdetail/${LANTERN.id}`, {
    firstName: "Tunde",
    lastName: "Bakare",
    phone: "08035556666",
    email: customer.email,
    address: "3 Admiralty Way, Lekki Phase 1",
    state: "Lagos",
    city: "Lagos Island",
  });
  expect(total).toBe(nairaTotal(LANTERN.variants[0].priceNaira));
  return kobo(total);
}

test("the overview under Admin Info charts 30 days of revenue, today's sale included", async ({ page, login, ownerLogin }, info) => {
  test.setTimeout(120_000);
  const paid = await buyLantern(page, await login({ label: "overview-buyer", fullName: "Tunde Bakare" }));
  const paidOn = lagosToday();

  // The customer leaves; the owner signs in.
  await page.context().clearCookies();
  await ownerLogin();
  await gotoHydrated(page, "/admin");

  // Menu 0: Admin Info first, the sales overview under it.
  const adminInfo = page.getByRole("heading", { level: 2, name: "Admin Info" });
  const overview = page.getByRole("heading", { level: 2, name: "Sales overview" });
  await expect(adminInfo).toBeVisible();
  await expect(overview).toBeVisible();
  const [infoBox, overviewBox] = [await adminInfo.boundingBox(), await overview.boundingBox()];
  expect(infoBox!.y).toBeLessThan(overviewBox!.y);

  // The chart, found by its accessible name: 30 bars, the last one today.
  const chart = page.getByRole("img", { name: "Revenue per day, last 30 days" });
  await expect(chart).toBeVisible();
  const bars = chart.getByTestId("revenue-bar");
  await expect(bars).toHaveCount(30);
  await expect(bars.last()).toHaveAttribute("data-date", lagosToday());
  const chartBox = await chart.boundingBox();
  expect(chartBox!.width).toBeGreaterThan(200);
  expect(chartBox!.height).toBeGreaterThan(150);

  // The day of the purchase carries at least its total, for screen readers (the table) and
  // on screen (a visible bar, and the figure under the chart).
  const row = page.getByTestId("revenue-table").locator(`tr[data-date="${paidOn}"]`);
  await expect(row.locator("td").first()).toHaveText(/^₦[\d,]+\.\d\d$/);
  expect(kobo(await row.locator("td").first().textContent())).toBeGreaterThanOrEqual(paid);
  expect(Number(await row.locator("td").nth(1).textContent())).toBeGreaterThanOrEqual(1);
  const bar = chart.locator(`[data-testid="revenue-bar"][data-date="${paidOn}"]`);
  const barBox = await bar.boundingBox();
  expect(barBox!.height).toBeGreaterThan(3);
  if (paidOn === lagosToday()) {
    const readout = page.getByTestId("chart-readout");
    await expect(readout).toContainText("Today:");
    expect(kobo((await readout.locator(".tabular-nums").textContent()) ?? "")).toBeGreaterThanOrEqual(paid);
  }

  // The three figures: 30 days' revenue and orders include the sale; the average is a total.
  expect(kobo(await page.getByTestId("stat-revenue").textContent())).toBeGreaterThanOrEqual(paid);
  expect(Number((await page.getByTestId("stat-orders").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("stat-average")).toHaveText(/^₦[\d,]+\.\d\d$/);

  // Best sellers and low stock link to the product edit page. The seed has sold-out products.
  await expect(page.getByRole("heading", { level: 3, name: "Best sellers" })).toBeVisible();
  await expect(page.getByTestId("top-products").getByRole("link").first()).toHaveAttribute("href", /^\/admin\/products\/\d+$/);
  const lowStock = page.getByTestId("low-stock");
  await expect(lowStock.getByRole("listitem").first()).toContainText("Out of stock");
  await expect(lowStock.getByRole("link").first()).toHaveAttribute("href", /^\/admin\/products\/\d+$/);

  // Nothing wider than the screen, at 375 px too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await expectAccessible(page);
  await expect(page.getByTestId("notice")).toHaveCount(0, { timeout: 5_000 }); // no notice ('Login successful') covers the picture
  await shot(page, info, "admin-overview");
});

// ---------------------------------------------------------------------------------------------
// Messages (admin menu 6)

test(
  "a contact message shows unread in Messages, is marked read and unread, and the filter follows",
  { tag: "@one-width" },
  async ({ page, ownerLogin }, info) => {
    test.setTimeout(90_000);
    const tag = `${info.project.name}-${Math.random().toString(36).slice(2, 8)}`;
    const letter = {
      name: `Kemi Adebayo ${tag}`,
      email: uniqueEmail("messages"),
      phone: "2348037778888",
      message: `Good morning,\nDo you deliver a 6x6x10 mattress to Ajah this week?\n(${tag})`,
    };
    // Sent through the contact call (requirements §7) that the /contactus form also uses; that page's own
    // browser test is in company.spec.ts.
    const sent = await page.request.post("/api/api4users/contact.php", { data: letter });
    expect(sent.status(), await sent.text()).toBe(201);

    await ownerLogin();
    await gotoHydrated(page, "/admin");
    await (await adminMenu(page)).getByRole("link", { name: "Messages" }).click();
    await expect(page).toHaveURL(/\/admin\?menu=6$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // Unread: bold name with a dot; e-mail and phone are links; the line breaks are kept.
    const item = page.getByTestId("message").filter({ hasText: tag });
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(`Unread: ${letter.name}`);
    expect(await item.getByRole("heading", { level: 3 }).evaluate((h) => Number(getComputedStyle(h).fontWeight))).toBeGreaterThanOrEqual(700);
    await expect(item.getByRole("link", { name: letter.email })).toHaveAttribute("href", `mailto:${letter.email}`);
    // Read as people write it (issue 28), dialled as digits.
    await expect(item.getByRole("link", { name: "+234 803 777 8888" })).toHaveAttribute("href", `tel:+${letter.phone}`);
    const text = await item.getByText("Good morning,").evaluate((p) => (p as HTMLElement).innerText);
    expect(text.split(/\r?\n/)).toEqual(letter.message.split("\n"));
    await expect(item.locator("time")).toHaveText(/^Today, \d{1,2}:\d\d [ap]m$/);
    await expectAccessible(page);
    await shot(page, info, "admin-messages");

    // Mark as read: it stays in All, not bold, and leaves Unread.
    await item.getByRole("button", { name: `Mark as read (message from ${letter.name})` }).click();
    await expect(item).toHaveAttribute("data-read", "true");
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(letter.name);
    const filter = page.getByRole("navigation", { name: "Which messages" });
    await filter.getByRole("link", { name: /^Unread/ }).click();
    await expect(page).toHaveURL(/show=unread/);
    await expect(filter.getByRole("link", { name: /^Unread/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("message").filter({ hasText: tag })).toHaveCount(0);

    // Back in All, Mark as unread brings it back to Unread.
    await filter.getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL(/show=all/);
    await item.getByRole("button", { name: `Mark as unread (message from ${letter.name})` }).click();
    await expect(item).toHaveAttribute("data-read", "false");
    await filter.getByRole("link", { name: /^Unread/ }).click();
    await expect(page.getByTestId("message").filter({ hasText: tag })).toHaveCount(1);
    await expectAccessible(page);
  },
);

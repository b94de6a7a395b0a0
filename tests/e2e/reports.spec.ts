import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { seedCategories, seedProducts } from "~/server/demo/seed-data";
import { adminMenu, expect, expectAccessible, expectOnTop, fullPageShot, gotoHydrated, test, type Customer } from "./fixtures";
import { buyOne } from "./shopping";

// Reports (issue 18, admin menu 10) in Chromium: a customer buys through the real checkout, then
// the owner opens Reports from the menu, finds the sale in the last 30 days (figures, chart, its
// category, best sellers), switches to last month (nothing: the run's database is new) and to a
// custom range of today, sees a wrong range answered with the default and its reason, and
// downloads the CSV of each table. Every control pressed is hit-tested.
//
// This test buys the Solar Flood Light (id 70, 20 in stock), which no other browser test buys.

const LIGHT = seedProducts.find((p) => p.id === 70)!;
const CATEGORY = seedCategories.find((c) => c.id === LIGHT.categoryId)!.name;
/** '₦12,000.00' → 1200000 (kobo). */
const kobo = (text: string | null) => Math.round(Number((text ?? "").replace(/[₦,\s]/g, "")) * 100);
const whole = (text: string | null) => Number((text ?? "").replace(/[,\s]/g, ""));
/** Today's date in Lagos (UTC+1). */
const lagosToday = () => new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const shot = (page: Page, info: TestInfo, name: string) => fullPageShot(page, `test-results/shots/${info.project.name}-${name}.png`);

async function buyLight(page: Page, customer: Customer): Promise<number> {
  const { total } = await buyOne(page, `/productdetail/${LIGHT.id}`, {
    firstName: "Ifeoma",
    lastName: "Obi",
    phone: "08037778888",
    email: customer.email,
    address: "7 Adeola Odeku Street, Victoria Island",
    state: "Lagos",
    city: "Lagos Island",
  });
  return kobo(total);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("Reports: a range of days, figures per day and per category, best sellers, and their CSV", async ({ page, login, ownerLogin }, info) => {
  test.setTimeout(180_000);
  const paid = await buyLight(page, await login({ label: "reports-buyer", fullName: "Ifeoma Obi" }));
  const today = lagosToday();

  await page.context().clearCookies();
  await ownerLogin();
  await gotoHydrated(page, "/admin");
  const reportsLink = (await adminMenu(page)).getByRole("link", { name: "Reports" });
  await expectOnTop(reportsLink);
  await reportsLink.click();
  await expect(page).toHaveURL(/\/admin\?menu=10$/);
  await expect(page.getByRole("heading", { level: 2, name: "Reports" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // The default: the last 30 days, as on Admin Info.
  const quick = page.getByRole("navigation", { name: "Quick dates" });
  await expect(quick.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  const chart = page.getByRole("img", { name: /^Revenue per day, / });
  await expect(chart.getByTestId("revenue-bar")).toHaveCount(30);
  await expect(chart.getByTestId("revenue-bar").last()).toHaveAttribute("data-date", today);
  const revenue = page.getByTestId("report-revenue");
  await expectOnTop(revenue);
  expect(kobo(await revenue.textContent())).toBeGreaterThanOrEqual(paid);
  expect(whole(await page.getByTestId("report-orders").textContent())).toBeGreaterThanOrEqual(1);
  expect(whole(await page.getByTestId("report-units").textContent())).toBeGreaterThanOrEqual(1);

  // Its category: a card on a phone, a table row from md.
  const phone = info.project.name === "phone";
  const category = page.getByTestId(phone ? "category-cards" : "category-table").locator(`[data-category="${CATEGORY}"]`);
  await expectOnTop(category);
  await expect(category).toContainText(/₦[\d,]+\.\d\d/);
  expect(kobo((await category.textContent())!.match(/₦[\d,]+\.\d\d/)![0])).toBeGreaterThanOrEqual(LIGHT.variants[0].priceNaira * 100);

  // Best sellers: the light, linked to its page by id.
  const best = page.getByTestId("report-best-sellers").locator(`li[data-product-id="${LIGHT.id}"]`);
  const bestLink = best.getByRole("link", { name: LIGHT.name });
  await expectOnTop(bestLink);
  await expect(bestLink).toHaveAttribute("href", `/admin/products/${LIGHT.id}`);

  // Every day, in its own box.
  const everyDay = page.getByText("Show every day");
  await expectOnTop(everyDay);
  await everyDay.click();
  const todayRow = page.getByTestId("day-table").locator(`tr[data-date="${today}"]`);
  await expectOnTop(todayRow);
  expect(kobo(await todayRow.locator("td").last().textContent())).toBeGreaterThanOrEqual(paid);
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, info, "reports");

  // Last month: nothing sold (the run's database is new), and the address says so.
  const lastMonth = quick.getByRole("link", { name: "Last month" });
  await expectOnTop(lastMonth);
  await lastMonth.click();
  await expect(page).toHaveURL(/menu=10&range=last-month$/);
  await expect(lastMonth).toHaveAttribute("aria-current", "page");
  await expect(revenue).toHaveText("₦0.00");
  await expect(page.getByTestId("report-orders")).toHaveText("0");
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthDays = Number(addDays(monthStart, -1).slice(8));
  await expect(chart.getByTestId("revenue-bar")).toHaveCount(lastMonthDays);
  await expect(chart.getByTestId("revenue-bar").last()).toHaveAttribute("data-date", addDays(monthStart, -1));
  await expect(page.getByText("No paid orders on these days.")).toBeVisible();
  await expect(page.getByTestId("report-best-sellers")).toHaveCount(0);

  // A custom range: today only.
  const form = page.getByRole("form", { name: "Choose dates" });
  await form.getByLabel("From").fill(today);
  await form.getByLabel("To").fill(today);
  const show = form.getByRole("button", { name: "Show report" });
  await expectOnTop(show);
  await show.click();
  await expect(page).toHaveURL(new RegExp(`menu=10&from=${today}&to=${today}$`));
  await expect(chart.getByTestId("revenue-bar")).toHaveCount(1);
  await expect(page.getByTestId("report-range")).toContainText("(1 day)");
  await expect(revenue).not.toHaveText("₦0.00");
  expect(kobo(await revenue.textContent())).toBeGreaterThanOrEqual(paid);

  // The CSV of each table, for exactly these days.
  const download = async (name: string) => {
    const link = page.getByRole("link", { name: `Download ${name} CSV` });
    await expectOnTop(link);
    const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  };
  const perDay = await download("per-day");
  expect(perDay.name).toBe(`sales-per-day_${today}_to_${today}.csv`);
  expect([...perDay.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const dayRows = perDay.bytes.subarray(3).toString("utf8").split("\r\n");
  expect(dayRows[0]).toBe("Date,Orders,Units,Gross (NGN),Discounts (NGN),Revenue (NGN)");
  expect(dayRows[2]).toBe("");
  const [date, orders, units, , , naira] = dayRows[1].split(",");
  expect([date, Number(orders) >= 1, Number(units) >= 1]).toEqual([today, true, true]);
  expect(Number(naira) * 100).toBe(kobo(await revenue.textContent()));

  const perCategory = await download("per-category");
  expect(perCategory.name).toBe(`sales-per-category_${today}_to_${today}.csv`);
  expect(perCategory.bytes.toString("utf8").startsWith("\uFEFFCategory,Orders,Units,Revenue (NGN),Share of revenue (%)\r\n")).toBe(true);
  expect(perCategory.bytes.toString("utf8")).toMatch(new RegExp(`\r\n${CATEGORY},\\d+,\\d+,\\d+(\\.\\d\\d?)?,[\\d.]+\r\n`));
  const bestSellers = await download("best sellers");
  expect(bestSellers.name).toBe(`best-sellers_${today}_to_${today}.csv`);
  expect(bestSellers.bytes.toString("utf8")).toContain(`,${LIGHT.id},${LIGHT.name},${CATEGORY},On sale,`);

  await noSidewaysScroll(page);
  await shot(page, info, "reports-today");

  // A range the other way round: the reason, and the last 30 days instead.
  await gotoHydrated(page, `/admin?menu=10&from=${today}&to=${addDays(today, -3)}`);
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("The start date is after the end date. Showing the last 30 days instead.");
  await expectOnTop(alert);
  await expect(chart.getByTestId("revenue-bar")).toHaveCount(30);
  await expect(quick.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await noSidewaysScroll(page);
  await expectAccessible(page);
});

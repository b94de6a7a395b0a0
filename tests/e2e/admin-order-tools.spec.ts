import { readFile } from "node:fs/promises";
import type { Locator, Page, TestInfo } from "@playwright/test";
import type { DeliveryDetails } from "~/common/delivery";
import { SHOP_ADDRESS, SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { expect, expectAccessible, expectOnTop, fullPageShot, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { buyOne } from "./shopping";

// The Orders panel's tools (issue 18), in Chromium at 375 px (a flow run at one width, decision
// 0048): two customers buy, then the owner downloads the CSV of what the search selects, opens an
// order's invoice and packing slip (on screen and as printed: no back-office menu, no buttons),
// and moves both orders at once, then tries a move the lifecycle refuses and the same move twice.

/** Products no other browser test buys, so stock changes elsewhere cannot interfere. */
const PILLOW = 36;
const HOSTEL_MATTRESS = 34;

/** Letters only, new for each run: a surname the search finds these two orders by. */
function runSurname(): string {
  return `Okon${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`;
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, `test-results/shots/${info.project.name}-${name}.png`);
}

/** The card (phone) or table row (desktop) of an order on the Orders panel: the one shown. */
function orderEntry(page: Page, orderRef: string): Locator {
  return page
    .locator("li, tr")
    .filter({ has: page.getByRole("link", { name: orderRef, exact: true }) })
    .filter({ visible: true });
}

/** The naira amount of a shown total ("₦5,500.00") as the CSV writes it (5500). */
const csvNaira = (shown: string) => String(Number(shown.replace(/[₦,]/g, "")));

test("an admin downloads the CSV, prints an order's invoice and packing slip, and changes two orders' status at once", async ({
  page,
  login,
  ownerLogin,
}, info) => {
  test.setTimeout(240_000);
  const surname = runSurname();
  const delivery = (firstName: string): DeliveryDetails => ({
    firstName,
    lastName: surname,
    phone: "08037778888",
    email: uniqueEmail(`tools-${firstName.toLowerCase()}`),
    address: "14 Allen Avenue, Ikeja",
    state: "Lagos",
    city: "Ikeja",
  });
  await login({ label: "tools-buyer-1" });
  const first = await buyOne(page, `/productdetail/${PILLOW}`, delivery("Ngozi"));
  await login({ label: "tools-buyer-2" });
  const second = await buyOne(page, `/productdetail/${HOSTEL_MATTRESS}`, delivery("Emeka"));

  await ownerLogin();
  await gotoHydrated(page, `/admin?menu=5&q=${surname}`);
  await expect(page.getByRole("status").filter({ hasText: "2 orders match" })).toBeVisible();
  await expect(page.getByTestId("export-range")).toContainText(", with the status and search above");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll").toBe(true);

  // ---- The CSV of what the search selects: a download, Excel's BOM first, one row an order.
  const ordersCsv = page.getByRole("link", { name: "Orders (CSV)" });
  await expectOnTop(ordersCsv);
  const [download] = await Promise.all([page.waitForEvent("download"), ordersCsv.click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toMatch(/^Order ID,Ordered \(Lagos\),Paid \(Lagos\),Status,/);
  expect(lines.at(-1), "the last row ends with CRLF").toBe("");
  expect(lines).toHaveLength(4);
  const row = lines.find((line) => line.startsWith(`${first.orderRef},`))!;
  expect(row).toMatch(/^ORD-\d+-\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2},Paid,No,/);
  expect(row).toContain(`,Ngozi ${surname},`);
  // Text with a comma is quoted; plain text and numbers are not.
  expect(row).toContain('"14 Allen Avenue, Ikeja",Ikeja,Lagos,1,');
  expect(row).toContain(`,0,${csvNaira(first.total)},test,`);
  expect(lines.some((line) => line.startsWith(`${second.orderRef},`))).toBe(true);

  const linesCsv = page.getByRole("link", { name: "Order lines (CSV)" });
  await expectOnTop(linesCsv);
  const [linesDownload] = await Promise.all([page.waitForEvent("download"), linesCsv.click()]);
  expect(linesDownload.suggestedFilename()).toMatch(/^order-lines-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lineRows = (await readFile((await linesDownload.path())!)).toString("utf8").split("\r\n");
  expect(lineRows[0]).toBe("\uFEFFOrder ID,Ordered (Lagos),Status,Customer,Product ID,Product,Size,Quantity,Unit price (NGN),Line total (NGN)");
  expect(lineRows.find((line) => line.startsWith(`${first.orderRef},`))).toMatch(new RegExp(`,${PILLOW},Fibre Pillow \\(Standard\\),,1,\\d+,\\d+$`));

  // ---- The invoice, from the order's page.
  await orderEntry(page, first.orderRef).getByRole("link", { name: first.orderRef }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.orderRef);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const invoiceLink = page.getByRole("link", { name: "Invoice", exact: true });
  await expectOnTop(invoiceLink);
  await invoiceLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${first.orderRef}/invoice$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoice");
  await expect(page).toHaveTitle(`Invoice ${first.orderRef} | ${SHOP_NAME}`);
  const sheet = page.getByTestId("order-document");
  await expect(page.getByTestId("shop-details")).toHaveText(`${SHOP_NAME}${SHOP_ADDRESS}${SHOP_PHONE_DISPLAY} · ${SHOP_EMAIL}`);
  await expect(page.getByTestId("document-order-ref")).toHaveText(first.orderRef);
  await expect(sheet).toContainText(`Ngozi ${surname}`);
  await expect(sheet).toContainText("14 Allen Avenue, Ikeja");
  await expect(page.getByTestId("document-line")).toHaveCount(1);
  await expect(page.getByTestId("document-line")).toContainText("Fibre Pillow (Standard)");
  await expect(page.getByTestId("document-total")).toHaveText(first.total);
  await expect(page.getByTestId("document-totals")).toContainText("DeliveryFree");
  await expect(sheet).toContainText("Paid by card through Test gateway (no real money), verified");
  const print = page.getByRole("button", { name: "Print" });
  await expectOnTop(print);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // No sideways scroll: a sheet of paper on screen, at 375 px too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await shot(page, info, "invoice");

  // Printed: the sheet alone, no back-office menu, no buttons, no demo banner.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Admin Dashboard menu" })).toBeHidden();
  await expect(page.locator("summary", { hasText: "Menu" })).toBeHidden();
  await expect(print).toBeHidden();
  await expect(page.getByRole("link", { name: "Back to the order" })).toBeHidden();
  await expect(page.getByText("Demo shop:")).toBeHidden();
  await expect(sheet).toBeVisible();
  expect(await sheet.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
  await shot(page, info, "invoice-print");
  await page.emulateMedia({ media: "screen" });

  // ---- The packing slip: the lines with a tick box each, no prices.
  const slipLink = page.getByRole("link", { name: "Packing slip" });
  await expectOnTop(slipLink);
  await slipLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${first.orderRef}/packing-slip$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Packing slip");
  await expect(page.getByTestId("document-line")).toContainText("Fibre Pillow (Standard)");
  await expect(page.getByRole("columnheader", { name: "Packed" })).toBeAttached();
  await expect(page.getByTestId("document-units")).toHaveText("1 unit in all");
  await expect(page.getByTestId("order-document")).not.toContainText("₦");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Admin Dashboard menu" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await shot(page, info, "packing-slip-print");
  await page.emulateMedia({ media: "screen" });
  await shot(page, info, "packing-slip");

  // ---- Both orders to Processing at once.
  await gotoHydrated(page, `/admin?menu=5&q=${surname}`);
  const selectAll = page.getByLabel("Select all shown");
  await expectOnTop(selectAll);
  for (const { orderRef } of [first, second]) await expectOnTop(page.getByLabel(`Select ${orderRef}`).filter({ visible: true }));
  await selectAll.check();
  await expect(page.getByTestId("bulk-count")).toHaveText("2 selected");
  const target = page.getByLabel("Change the selected to");
  await expectOnTop(target);
  await target.selectOption("processing");
  const apply = page.getByRole("button", { name: "Apply" });
  await expectOnTop(apply);
  await apply.click();
  const result = page.getByTestId("bulk-result");
  await expect(result).toContainText("2 orders changed to Processing. The customers have been emailed.");
  await expectOnTop(result.getByRole("status"));
  for (const { orderRef } of [first, second]) await expect(orderEntry(page, orderRef).getByTestId("order-status")).toHaveText("Processing");
  await expect(page.getByTestId("bulk-count")).toHaveText("0 selected");
  await shot(page, info, "orders-bulk-done");

  // The same again for one of them (a second click): reported, nothing done.
  await page.getByLabel(`Select ${first.orderRef}`).filter({ visible: true }).check();
  await expect(page.getByTestId("bulk-count")).toHaveText("1 selected");
  await target.selectOption("processing");
  await apply.click();
  await expect(result).toContainText("No order was changed. 1 order was already processing: left as they are.");

  // A move the lifecycle refuses: each order named with why, both left as they were.
  await selectAll.check();
  await target.selectOption("delivered");
  await apply.click();
  await expect(result.getByRole("alert")).toHaveText("No order was changed. 2 orders were refused:");
  const refused = page.getByTestId("bulk-refused");
  for (const { orderRef } of [first, second]) {
    await expect(refused).toContainText(`${orderRef} cannot go from processing to delivered.`);
    await expect(orderEntry(page, orderRef).getByTestId("order-status")).toHaveText("Processing");
  }
  await expectAccessible(page);
  await shot(page, info, "orders-bulk-refused");
});

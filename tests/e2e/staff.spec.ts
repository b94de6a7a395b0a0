import type { Browser } from "@playwright/test";
import { messages } from "~/common/messages";
import {
  adminMenu,
  expect,
  expectAccessible,
  expectOnTop,
  followMailLink,
  fullPageShot,
  gotoHydrated,
  owner,
  test,
  uniqueEmail,
  logInThroughPage,
} from "./fixtures";

// Staff and roles, and the audit log (issue 18), at 375 px (a flow run at one width, decision
// 0048): the owner registers a staff admin, disables them (their open session ends and their
// login says why), enables them again, and reads both changes in the audit log; staff see neither
// owners' panel; removing asks first.

async function staffBrowser(browser: Browser, baseURL: string, email: string, password: string) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await logInThroughPage(page, "/adminlogin", email, password);
  await expect(page).toHaveURL(/\/admin(\?|$)/);
  return page;
}

test("the owner disables and re-enables a staff admin, and reads it in the audit log; staff see no owners' panel", async ({
  page,
  browser,
  baseURL,
  ownerLogin,
}, info) => {
  test.setTimeout(120_000);
  const staff = { name: "Tunde Bakare", email: uniqueEmail("staff-e2e"), password: "Staff-pass-2026" };
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=3");
  await page.getByLabel("Full Name").fill(staff.name);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Phone Number").fill("2348031112244");
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Admin registered.")).toBeVisible();
  await followMailLink(page, staff.email, "Verify your email", "Verify my email");
  await ownerLogin();

  // Staff: no Admins or Audit log in the menu; by address, told they are for owners.
  const staffPage = await staffBrowser(browser, baseURL!, staff.email, staff.password);
  const staffMenu = await adminMenu(staffPage);
  await expect(staffMenu.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(staffMenu.getByRole("link", { name: "Admins" })).toHaveCount(0);
  await expect(staffMenu.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await gotoHydrated(staffPage, "/admin?menu=7");
  await expect(staffPage.getByRole("alert")).toHaveText(messages.ownersOnly);

  // The owner's Admins list: themself without buttons, the new admin as staff.
  await gotoHydrated(page, "/admin");
  await (await adminMenu(page)).getByRole("link", { name: "Admins" }).click();
  await expect(page).toHaveURL(/menu=7$/);
  const list = page.getByTestId("admins");
  const me = list.getByRole("listitem", { name: owner.name });
  await expect(me).toContainText("(you)");
  await expect(me.getByRole("button")).toHaveCount(0);
  // Both widths run at once against one shop: the row is found by its unique e-mail.
  const row = list.getByRole("listitem").filter({ hasText: staff.email });
  await expect(row).toContainText("Staff");
  const disable = row.getByRole("button", { name: "Disable" });
  await expectOnTop(disable);
  await disable.click();
  await expect(page.getByText(`${staff.name} (${staff.email}) is disabled and signed out.`)).toBeVisible();
  await expect(row).toContainText("Disabled");
  await expectAccessible(page);
  await fullPageShot(page, `test-results/shots/${info.project.name}-admins.png`);

  // The staff member's open session has ended; logging in says why.
  await staffPage.goto("/admin");
  await expect(staffPage).toHaveURL(/\/adminlogin$/);
  await logInThroughPage(staffPage, "/adminlogin", staff.email, staff.password);
  await expect(staffPage.getByRole("dialog")).toContainText(messages.accountDisabled);

  const enable = row.getByRole("button", { name: "Enable" });
  await expectOnTop(enable);
  await enable.click();
  await expect(page.getByText(`${staff.name} (${staff.email}) can log in again.`)).toBeVisible();
  await logInThroughPage(staffPage, "/adminlogin", staff.email, staff.password);
  await expect(staffPage).toHaveURL(/\/admin(\?|$)/);
  await staffPage.context().close();

  // The audit log, filtered to admins' changes: the registration and both changes, newest first, by the owner.
  await (await adminMenu(page)).getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("What").selectOption("admin");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/menu=8&action=admin/);
  const entries = page.getByTestId("audit-entries").getByRole("listitem").filter({ hasText: staff.email });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("can log in again.");
  await expect(entries.nth(1)).toContainText("is disabled and signed out.");
  await expect(entries.nth(2)).toContainText("Registered as staff; they verify their e-mail before they can sign in.");
  for (const i of [0, 2]) await expect(entries.nth(i)).toContainText(owner.name);
  await expectAccessible(page);
  await fullPageShot(page, `test-results/shots/${info.project.name}-audit-log.png`);

  // Removing asks first; Cancel keeps the admin; Yes removes them from the list.
  await gotoHydrated(page, "/admin?menu=7");
  await row.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Remove" }).click();
  const yes = row.getByRole("button", { name: "Yes, remove" });
  await expectOnTop(yes);
  await yes.click();
  await expect(page.getByText(`${staff.name} (${staff.email}) is removed.`)).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: staff.email })).toHaveCount(0);
});

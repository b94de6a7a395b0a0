import type { Browser, Page } from "@playwright/test";
import { messages } from "~/common/messages";
import { expect, expectOnTop, followMailLink, gotoHydrated, test, uniqueEmail, verifiedCustomer, logInThroughPage } from "./fixtures";

// Change password in both dashboards (issue 18), at 375 and 1280 px: the current password is
// asked for, a mismatch is said while typing, a wrong current password changes nothing, and a
// change keeps this browser signed in, signs every other one out, and the new password works.

/** Another browser signed in to the same account (its own cookies). */
async function otherBrowser(browser: Browser, baseURL: string, path: "/userlogin" | "/adminlogin", email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInThroughPage(page, path, email, password);
  await expect(page).toHaveURL(path === "/userlogin" ? /\/userdashboard$/ : /\/admin(\?|$)/);
  return page;
}

async function changePassword(page: Page, current: string, next: string, confirm = next) {
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password", { exact: true }).fill(current);
  await form.getByLabel("New password", { exact: true }).fill(next);
  await form.getByLabel("Confirm new password", { exact: true }).fill(confirm);
  return form;
}

for (const role of ["customer", "admin"] as const) {
  test(`the ${role} changes their password from the dashboard`, { tag: "@one-width" }, async ({ page, browser, baseURL, ownerLogin }) => {
    // A long flow: 19-31 s on a slow day here (2026-11-27), too close to the 30 s of one page.
    test.setTimeout(60_000);
    const login = role === "customer" ? "/userlogin" : "/adminlogin";
    const dashboard = role === "customer" ? "/userdashboard" : "/admin";
    let account: { email: string; password: string };
    if (role === "customer") {
      account = await verifiedCustomer(page.request, "change-pw", "Ifeoma Nwosu");
    } else {
      // A new admin, registered by the owner and verified through the mailed link.
      account = { email: uniqueEmail("change-pw-admin"), password: "Staff-pass-2026" };
      await ownerLogin();
      await gotoHydrated(page, "/admin?menu=3");
      await page.getByLabel("Full Name").fill("Ifeoma Nwosu");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Phone Number").fill("2348031112233");
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByText("Admin registered.")).toBeVisible();
      await followMailLink(page, account.email, "Verify your email", "Verify my email");
      await page.context().clearCookies();
    }
    const elsewhere = await otherBrowser(browser, baseURL!, login, account.email, account.password);
    await logInThroughPage(page, login, account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`${dashboard}(\\?|$)`));
    await gotoHydrated(page, dashboard);

    // A mismatch is said while typing, and the form does not send.
    let form = await changePassword(page, account.password, "Brand-new-2026", "Brand-new-2027");
    await expectOnTop(form.getByText(messages.resetPasswordsDiffer));
    // A wrong current password changes nothing.
    form = await changePassword(page, "not my password", "Brand-new-2026");
    await form.getByRole("button", { name: "Change password" }).click();
    await expectOnTop(form.getByText(messages.currentPasswordWrong));

    await changePassword(page, account.password, "Brand-new-2026");
    const button = form.getByRole("button", { name: "Change password" });
    await expectOnTop(button);
    await button.click();
    await expect(page.getByTestId("notice")).toHaveText(messages.passwordChanged);
    await expectOnTop(page.getByTestId("notice"));
    // This browser is still signed in, with empty fields; the other one is signed out.
    await gotoHydrated(page, dashboard);
    await expect(page).toHaveURL(new RegExp(`${dashboard.replace("/", "\\/")}$`));
    await expect(page.getByLabel("Current password", { exact: true })).toHaveValue("");
    await elsewhere.goto(dashboard);
    await expect(elsewhere).toHaveURL(new RegExp(`${login}$`));
    // The old password no longer opens the account; the new one does.
    await logInThroughPage(elsewhere, login, account.email, account.password);
    // (the customer's page says it in place, the admin's in a dialog)
    if (role === "customer") await expect(elsewhere.getByRole("alert")).toHaveText(messages.wrongCredentials);
    else await expect(elsewhere.getByRole("dialog")).toContainText(messages.wrongCredentials);
    await logInThroughPage(elsewhere, login, account.email, "Brand-new-2026");
    await expect(elsewhere).toHaveURL(new RegExp(`${dashboard}(\\?|$)`));
    await elsewhere.context().close();
  });
}

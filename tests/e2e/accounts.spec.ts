import type { Page } from "@playwright/test";
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

// Customer and admin accounts in Chromium, as a newcomer on the embedded default uses them:
// sign up, verify through the dev mailbox, log in, dashboards, logout, forgot and reset.

const shot = (page: Page, name: string) => fullPageShot(page, `test-results/screenshots/${name}-${test.info().project.name}.png`);

async function signUp(page: Page, account: { fullName: string; email: string; phone: string; password: string }) {
  await gotoHydrated(page, "/usersignup");
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Phone Number").fill(account.phone);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/userlogin$/);
}

test.describe("route guards", () => {
  test("signed out, the dashboards send you to their login pages, from the server", { tag: "@one-width" }, async ({ page }) => {
    for (const [path, login] of [
      ["/userdashboard", "/userlogin"],
      ["/admin", "/adminlogin"],
    ]) {
      const reply = await page.request.get(path, { maxRedirects: 0 });
      expect(reply.status(), path).toBe(302);
      expect(reply.headers().location).toBe(login);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${login}$`));
    }
  });

  test("signed in, a customer is sent home from login and sign-up; an admin from admin login @one-width", async ({ page }) => {
    await logInThroughPage(page, "/userlogin", "customer@example.com", "Customer123!");
    await expect(page).toHaveURL(/\/userdashboard$/);
    for (const path of ["/userlogin", "/usersignup"]) {
      const reply = await page.request.get(path, { maxRedirects: 0 });
      expect(reply.status(), path).toBe(302);
      expect(reply.headers().location).toBe("/");
    }
    await logInThroughPage(page, "/adminlogin", owner.email, owner.password);
    await expect(page).toHaveURL(/\/admin$/);
    const reply = await page.request.get("/adminlogin", { maxRedirects: 0 });
    expect(reply.headers().location).toBe("/admin");
  });
});

test("a customer signs up, verifies through the dev mailbox, logs in, uses the dashboard and logs out", { tag: "@one-width" }, async ({ page }) => {
  // A long flow: 19-31 s on a slow day here (2026-11-27), too close to the 30 s of one page.
  test.setTimeout(60_000);
  const account = { fullName: "Chukwuemeka Obi", email: uniqueEmail("emeka"), phone: "2348030000001", password: "Lagos-2026!" };

  // Sign-up checks the two passwords before anything is sent.
  await gotoHydrated(page, "/usersignup");
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("placeholder", "2348012345678");
  await expectAccessible(page);
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Phone Number").fill(account.phone);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password").fill("something else");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match!");
  await expect(page).toHaveURL(/\/usersignup$/);
  await page.getByLabel("Confirm Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/userlogin$/);
  await expect(page.getByTestId("notice")).toContainText("Registration successful");

  // Not verified yet: the right password is not enough.
  await logInThroughPage(page, "/userlogin", account.email, account.password);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Email Not Verified");
  await expect(dialog).toContainText("Please verify your email address.");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/userlogin$/);

  await followMailLink(page, account.email, "Verify your email", "Verify my email");
  await expect(page).toHaveURL(/\/userlogin$/);
  await expect(page.getByTestId("notice")).toHaveText("Your email address has been verified. You can now log in.");

  // Requirements §5: the e-mail must look like one before the form is sent.
  await gotoHydrated(page, "/userlogin");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("wrong password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");

  // Upper case and spaces are forgiven: the address is lower-cased and trimmed.
  await logInThroughPage(page, "/userlogin", `  ${account.email.toUpperCase()} `, account.password);
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Chukwu");
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Welcome Chukwu" })).toBeAttached();
  await expect(page.getByRole("definition").filter({ hasText: account.email })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "userdashboard");

  // User Info: change the phone number.
  await page.getByLabel("New phone number").fill("2348099998888");
  await page.getByRole("button", { name: "Update Phone Number" }).click();
  await expect(page.getByText("Phone number updated.")).toBeVisible();
  // Kept in E.164 and read as people write it (issue 28).
  await expect(page.getByTestId("phone-number")).toHaveText("+234 809 999 8888");

  await page.getByRole("link", { name: "My Orders" }).click();
  await expect(page).toHaveURL(/menu=1/);
  await expect(page.getByText("No orders found.")).toBeVisible();

  // Logout asks first; Cancel keeps you signed in.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("dialog")).toContainText("Do you want to log out?");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/userdashboard/);
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Logged Out!");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Login" })).toBeAttached();
  await page.goto("/userdashboard");
  await expect(page).toHaveURL(/\/userlogin$/);
});

test("the password field can be shown and hidden", async ({ page }) => {
  await gotoHydrated(page, "/userlogin");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("secret-123");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await expectAccessible(page);
  await shot(page, "userlogin");
});

test("a customer who forgot the password gets a link, and the reset page refuses two different passwords @one-width", async ({ page }) => {
  const account = { fullName: "Funmilayo Adeyemi", email: uniqueEmail("funmi"), phone: "2348030000002", password: "First-pass-1" };
  await signUp(page, account);
  await followMailLink(page, account.email, "Verify your email", "Verify my email");
  await expect(page.getByTestId("notice")).toContainText("verified");

  await gotoHydrated(page, "/userforgotpassword");
  await expectAccessible(page);
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Get Link" }).click();
  await expect(page.getByRole("alert")).toHaveText("User not found. Please check your email and try again.");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Get Link" }).click();
  await expect(page.getByText("A password reset link has been sent to your email.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Link" })).toBeVisible();

  await followMailLink(page, account.email, "Reset your", "Reset my password");
  await expect(page).toHaveURL(/\/user-reset-password\/[\w-]{43}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectAccessible(page);
  const resetUrl = page.url();
  await page.getByLabel("New Password").fill("Second-pass-2");
  await page.getByLabel("Confirm Password").fill("Second-pass-3");
  await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(resetUrl); // submit does nothing while they differ
  await page.getByLabel("Confirm Password").fill("Second-pass-2");
  await expect(page.getByText("Passwords do not match", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/userlogin$/);
  await expect(page.getByTestId("notice")).toContainText("Your password has been reset");

  // The link works once: opened again, it says so at once, with no form (issue 19).
  await gotoHydrated(page, new URL(resetUrl).pathname);
  await expect(page.getByRole("alert")).toHaveText("This password reset link is invalid or has expired.");
  await expect(page.getByLabel("New Password")).toHaveCount(0);

  await logInThroughPage(page, "/userlogin", account.email, account.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await logInThroughPage(page, "/userlogin", account.email, "Second-pass-2");
  await expect(page).toHaveURL(/\/userdashboard$/);
});

test("the admin made by the command logs in, registers a second admin, who verifies and logs in", { tag: "@one-width" }, async ({ page }) => {
  // A long flow: 19-31 s on a slow day here (2026-11-27), too close to the 30 s of one page.
  test.setTimeout(60_000);
  // A wrong password is told in the 'Login Failed' dialog.
  await logInThroughPage(page, "/adminlogin", owner.email, "not the password");
  const failed = page.getByRole("dialog");
  await expect(failed.getByRole("heading")).toHaveText("Login Failed");
  await expect(failed).toContainText("Invalid email or password.");
  await failed.getByRole("button", { name: "OK" }).click();
  await expectAccessible(page);

  await logInThroughPage(page, "/adminlogin", owner.email, owner.password);
  await expect(page.getByTestId("notice")).toHaveText("Login successful");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome ${owner.name.slice(0, 6)}`);
  await expect(page.getByRole("heading", { name: "Admin Info" })).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "admin");
  const menu = await adminMenu(page);
  for (const entry of ["Admin Info", "Post Product", "Manage Products", "Register an Admin", "Search Products"]) {
    await expect(menu.getByRole("link", { name: entry })).toBeVisible();
  }
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();

  const second = { fullName: "Tunde Bakare", email: uniqueEmail("tunde"), phone: "2348030000003", password: "Second-admin-1" };
  await menu.getByRole("link", { name: "Register an Admin" }).click();
  await expect(page).toHaveURL(/menu=3/);
  await expect(page.getByRole("link", { name: "Already an admin? Log In" })).toHaveAttribute("href", "/adminlogin");
  await page.getByLabel("Full Name").fill(second.fullName);
  await page.getByLabel("Email").fill(second.email);
  await page.getByLabel("Phone Number").fill(second.phone);
  await page.getByLabel("Password", { exact: true }).fill(second.password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Admin registered.")).toBeVisible();
  await shot(page, "admin-register");

  await (await adminMenu(page)).getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("dialog")).toContainText("Do you want to log out?");
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page).toHaveURL(/\/adminlogin$/);
  await expect(page.getByTestId("notice")).toHaveText("Logged Out!");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/adminlogin$/);

  // The new admin must verify first.
  await logInThroughPage(page, "/adminlogin", second.email, second.password);
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText("Email Not Verified");
  await followMailLink(page, second.email, "Verify your email", "Verify my email");
  await expect(page).toHaveURL(/\/adminlogin$/);
  await expect(page.getByTestId("notice")).toContainText("verified");
  await logInThroughPage(page, "/adminlogin", second.email, second.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome Tunde\s*$/);
});

test("a forged customer verification link leads to the login page, which says the link did not work @one-width", async ({ page }) => {
  await gotoHydrated(page, `/verifyuser/${"x".repeat(43)}`);
  await expect(page).toHaveURL(/\/userlogin$/);
  await expect(page.getByTestId("notice")).toHaveText("This verification link is invalid or has expired. Log in to get a new one.");
});

test("a used or forged admin verification link says Verification Failed @one-width", async ({ page }) => {
  await gotoHydrated(page, `/verify/${"x".repeat(43)}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Verification Failed");
  await expect(dialog).toContainText("This verification link is invalid or has expired.");
});

test("admin forgot-password reads Get link, then Resend link @one-width", async ({ page }) => {
  await gotoHydrated(page, "/adminforgotpassword");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByRole("button", { name: "Get link" }).click();
  await expect(page.getByText("A password reset link has been sent to your email.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend link" })).toBeVisible();
});

test("the account pages have no footer; the admin pages keep it", async ({ page }) => {
  for (const path of ["/userlogin", "/usersignup", "/userforgotpassword", `/user-reset-password/${"y".repeat(43)}`]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo"), path).toHaveCount(0);
  }
  await page.goto("/adminlogin");
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
});

// Issue 15: guessers from elsewhere lock the account for browsers that never signed in to it, not
// for the owner's own (OWASP's device cookies).
test(
  "guessers lock a customer out of new browsers only: the browser that signed in before still gets in",
  { tag: "@one-width" },
  async ({ page, login, browser, playwright, baseURL }) => {
    // Signed in once in this browser (it holds the device cookie of that login), then logged out.
    const customer = await login({ label: "owner-device", fullName: "Oluwaseun Bello" });
    await gotoHydrated(page, "/userdashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Yes, log out" }).click();
    await expect(page.getByTestId("notice")).toHaveText("Logged Out!");

    // Someone else guesses, with no cookies of this browser, until the account is locked for new devices.
    const guesser = await playwright.request.newContext({ baseURL });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const reply = await guesser.post("/api/api4users/user_login.php", { data: { email: customer.email, password: `guess ${i}` } });
      statuses.push(reply.status());
    }
    await guesser.dispose();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    // A browser that never signed in to the account is told to wait, even with the right password.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await gotoHydrated(other, "/userlogin");
    await other.getByLabel("Email").fill(customer.email);
    await other.getByLabel("Password", { exact: true }).fill(customer.password);
    await other.getByRole("button", { name: "Login" }).click();
    const refusal = other.getByRole("alert");
    await expect(refusal).toHaveText(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    await expectOnTop(refusal);
    await expect(other).toHaveURL(/\/userlogin$/);
    await stranger.close();

    // The owner's browser gets in.
    await logInThroughPage(page, "/userlogin", customer.email, customer.password);
    await expect(page).toHaveURL(/\/userdashboard$/);
    await expectOnTop(page.getByRole("heading", { level: 1 }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Oluwas");
  },
);

import type { Page } from "@playwright/test";
import { messages } from "~/common/messages";
import { appCode } from "../support/totp";
import { expect, expectOnTop, forgive, fullPageShot, gotoHydrated, logInThroughPage, test, verifiedAdmin } from "./fixtures";

// Two-step sign-in (issue 27) in the browser, as a staff member meets it: set up with the QR
// code's key and a code computed here as the phone's app would, then sign in with the app's code,
// with a recovery code (once: the second time it is refused), wrong codes limited, and the back
// office's idle timeout. A form flow: its layout at both widths is admin-frame.spec's.

async function logOut(page: Page) {
  await page.context().clearCookies({ name: "shop_admin_session" });
}

/**
 * Sends a code and waits for the shop's answer to it: the alert of the code before may still be
 * showing, and a click before the page has said "Checking..." would send the next code over it.
 */
async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code", { exact: true }).fill(code);
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/adminlogin"),
  );
  await page.getByRole("button", { name: "Verify" }).click();
  await answered;
}

test("staff set up two-step sign-in, then sign in with the app's code, and with a recovery code once @one-width", async ({ page }, info) => {
  test.setTimeout(120_000);
  const staff = await verifiedAdmin(page.request, "two-step", "Bisi Two-Step");
  await logInThroughPage(page, "/adminlogin", staff.email, staff.password);
  await expect(page).toHaveURL(/\/admin(?:\?|$)/);

  await gotoHydrated(page, "/admin?menu=15");
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const qr = page.getByRole("img", { name: `QR code for ${staff.email}` });
  await expect(qr).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
  await fullPageShot(page, `test-results/shots/${info.project.name}-two-step-scan.png`);
  // The same step at a desktop's width: the QR code and the field stay clear of each other.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectOnTop(page.getByRole("button", { name: "Turn on two-step sign-in" }));
  await fullPageShot(page, "test-results/shots/desktop-two-step-scan.png");
  await page.setViewportSize({ width: 375, height: 812 });
  // A wrong code first: said beside the field, nothing turned on.
  await page.getByLabel("Enter the 6-digit code the app shows.").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.secondFactorWrong);
  await page.getByLabel("Enter the 6-digit code the app shows.").fill(await appCode(secret));
  // A double press turns it on once, and the recovery codes still show.
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: messages.twoFactorOn })).toBeVisible();
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await fullPageShot(page, `test-results/shots/${info.project.name}-two-step-recovery-codes.png`);
  await expectOnTop(page.getByRole("link", { name: "I have saved them: continue" }));

  // Signing in: the password, then the app's code on the same page.
  await logOut(page);
  await logInThroughPage(page, "/adminlogin", staff.email, staff.password);
  await expect(page.getByText("Two-step sign-in: enter the 6-digit code")).toBeVisible();
  await fullPageShot(page, `test-results/shots/${info.project.name}-two-step-code.png`);
  await expectOnTop(page.getByRole("button", { name: "Verify" }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectOnTop(page.getByRole("button", { name: "Verify" }));
  await fullPageShot(page, "test-results/shots/desktop-two-step-code.png");
  await page.setViewportSize({ width: 375, height: 812 });
  await enterCode(page, await appCode(secret, 1));
  await expect(page).toHaveURL(/\/admin\?notice=admin-login|\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Bisi T");

  // A recovery code signs in once; the second time it is refused.
  for (const expected of ["in", "refused"] as const) {
    await logOut(page);
    await logInThroughPage(page, "/adminlogin", staff.email, staff.password);
    await enterCode(page, codes[0]);
    if (expected === "in") await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Bisi T");
    else await expect(page.getByRole("alert")).toHaveText(messages.secondFactorWrong);
  }
});

test("wrong codes are limited like passwords, and the right one waits for the limit @one-width", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const staff = await verifiedAdmin(page.request, "two-step-guess", "Kunle Guess");
  await logInThroughPage(page, "/adminlogin", staff.email, staff.password);
  await expect(page).toHaveURL(/\/admin(?:\?|$)/);
  await gotoHydrated(page, "/admin?menu=15");
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("Enter the 6-digit code the app shows.").fill(await appCode(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();

  // This browser has signed in before: it has its own count, 10 wrong codes in 15 minutes.
  await logOut(page);
  await logInThroughPage(page, "/adminlogin", staff.email, staff.password);
  for (let i = 0; i < 10; i++) {
    await enterCode(page, String(200000 + i));
    await expect(page.getByRole("alert")).toHaveText(messages.secondFactorWrong);
  }
  await enterCode(page, await appCode(secret, 1));
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  await expectOnTop(page.getByRole("alert"));
  await expect(page).toHaveURL(/\/adminlogin$/);
  // The refusal is the page's answer, 429 as for passwords: the browser notes it in the console.
  forgive(consoleErrors, /status of 429 \(Too Many Requests\)/);
});

test("the back office signs itself out after 30 minutes without use, and says why @one-width", async ({ page, ownerLogin }) => {
  await page.clock.install();
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=5");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // 29 minutes: still there.
  await page.clock.fastForward("29:00");
  await expect(page).toHaveURL(/menu=5/);
  await page.clock.fastForward("01:05");
  await expect(page).toHaveURL(/\/adminlogin\?notice=idle-signed-out|\/adminlogin$/);
  await expect(page.getByText(messages.idleSignedOut)).toBeVisible();
  await expectOnTop(page.getByText(messages.idleSignedOut));
  // The session ended on the server: the back office asks for a login again.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/adminlogin$/);
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, shopEnv, startShop, stopShop } from "~/scripts/shop-server.mjs";
import { openDatabase } from "~/server/db/client";
import { incidents, outbox } from "~/server/db/schema";
import { messages } from "~/common/messages";
import { startSmtpServer } from "../support/smtp";
import { appCode } from "../support/totp";
import { test as base, expect, expectAccessible, expectOnTop, fullPageShot, gotoHydrated, logInThroughPage } from "./fixtures";

// Shop health (issue 27) in the browser: a real shop's owner, made to set up two-step sign-in at
// the first sign-in, reads what needs them and sends a mail that had failed for good again, and it
// reaches the mail server. The shared demo shop has no mail server
// to fail, so this file starts a real shop of its own (one a worker, mail over a local SMTP
// server), whose database is given a mail that failed and an open incident before it starts.

const OWNER = { email: "health-owner@foamshop.test", name: "Ngozi Owner", password: "Owner-pass-2026" };
const FAILED = { to: "customer-health@example.test", subject: "Your Foam Shop order ORD-1700000000000-42" };

interface HealthShop {
  baseUrl: string;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

const test = base.extend<object, { healthShop: HealthShop }>({
  healthShop: [
    async ({}, use) => {
      const smtp = await startSmtpServer();
      const dir = mkdtempSync(path.join(os.tmpdir(), "shop-health-e2e-"));
      const port = await freePort();
      const dataDir = path.join(dir, "data");
      const env = shopEnv(port, dataDir, {
        SMTP_URL: smtp.url,
        LOG_LEVEL: "warn",
        PICTURE_CACHE_DIR: process.env.E2E_RUN_DIR ? path.join(process.env.E2E_RUN_DIR, "pictures") : "",
      });
      // The owner, made as a real owner makes one (npm run admin:create's command).
      execFileSync(
        process.execPath,
        ["scripts/commands.mjs", "admin-cli", "--email", OWNER.email, "--name", OWNER.name, "--phone", "2348031234567"],
        {
          env: { ...env, ADMIN_PASSWORD: OWNER.password },
          stdio: "pipe",
        },
      );
      const handle = await openDatabase({ dataDir });
      await handle.db.insert(outbox).values({
        kind: "order-confirmation",
        to: FAILED.to,
        subject: FAILED.subject,
        html: "<p>Thank you for your order.</p>",
        text: "Thank you for your order.",
        status: "failed",
        attempts: 6,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
      });
      await handle.db.insert(incidents).values({
        kind: "refund-failed",
        key: "refund-failed:e2e",
        subject: "Order ORD-1700000000000-42",
        subjectPath: "/admin/orders/ORD-1700000000000-42",
        detail: "Paystack could not refund this payment (Paystack could not make it): it needs a refund again.",
      });
      await handle.close();
      const shop = await startShop(env);
      await use({ baseUrl: shop.base, smtp });
      await stopShop(shop);
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 300_000 },
  ],
  baseURL: async ({ healthShop }, use) => use(healthShop.baseUrl),
});

test("a real shop's owner sets up two-step sign-in first, then reads what needs them in Shop health and sends a failed mail again", async ({
  page,
  healthShop,
}) => {
  test.setTimeout(90_000);
  await logInThroughPage(page, "/adminlogin", OWNER.email, OWNER.password);
  // A real shop's owner sets up two-step sign-in before any other page (issue 27), with the code
  // the phone's app would show, computed here from the key the page gives.
  await expect(page).toHaveURL(/\/admin\?menu=15$/);
  await expect(page.getByText(messages.twoFactorRequiredFirst)).toBeVisible();
  await gotoHydrated(page, "/admin?menu=14");
  await expect(page).toHaveURL(/\/admin\?menu=15$/);
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("Enter the 6-digit code the app shows.").fill(await appCode(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "I have saved them: continue" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // Every back-office page tells the owner first: one incident is open.
  const banner = page.getByRole("region", { name: "Incidents", exact: true });
  await expect(banner).toHaveText(/^1 incident needs you: Order ORD-1700000000000-42/);
  const open = banner.getByRole("link", { name: "Open Shop health" });
  await expectOnTop(open);
  await open.click();
  await expect(page).toHaveURL(/menu=14/);
  await expect(page.getByRole("heading", { name: "Shop health", level: 2 })).toBeVisible();
  await expect(page.getByTestId("health-verdict")).toHaveText("2 things need you. Times are Lagos time.");

  const incident = page.getByTestId("incidents").getByRole("listitem");
  await expect(incident).toContainText("it needs a refund again");
  await expectOnTop(incident.getByRole("link", { name: "Order ORD-1700000000000-42" }));
  const mail = page.getByTestId("failed-mail").getByRole("listitem");
  await expect(mail).toContainText(FAILED.subject);
  await expect(mail).toContainText(`To ${FAILED.to}`);
  await expect(mail).toContainText("Why: connect ECONNREFUSED");
  const again = mail.getByRole("button", { name: /^Send again/ });
  await expectOnTop(again);
  await expectAccessible(page);
  // From the top: a scrolled page would show the sticky bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, "test-results/shots/phone-shop-health.png");
  // The same panel at a desktop's width: nothing covered there either.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectOnTop(again);
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, "test-results/shots/desktop-shop-health.png");
  await page.setViewportSize({ width: 375, height: 812 });

  // The login's toast has gone (it sits over the top of the page for a few seconds).
  await expect(page.getByTestId("notice")).toHaveCount(0);
  // A double press sends it once: the second finds it waiting already.
  await again.dblclick();
  const notice = page.getByRole("status").filter({ hasText: /outbox|no longer waiting/ });
  await expect(notice).toBeVisible();
  await expectOnTop(notice);
  const arrived = await healthShop.smtp.waitForMail((m) => m.envelope.to.includes(FAILED.to), { timeout: 20_000 });
  expect(arrived.parsed.subject).toBe(FAILED.subject);
  await gotoHydrated(page, "/admin?menu=14");
  await expect(page.getByText("No e-mail has failed for good.")).toBeVisible();
  await expect(page.getByTestId("health-verdict")).toHaveText("1 thing needs you. Times are Lagos time.");
  expect(healthShop.smtp.received.filter((m) => m.envelope.to.includes(FAILED.to))).toHaveLength(1);

  // The owner refunded it by hand: marked resolved, the banner goes, and the owners are told once.
  const resolve = page.getByTestId("incidents").getByRole("button", { name: /^Mark resolved/ });
  await expectOnTop(resolve);
  await resolve.click();
  const resolved = page.getByRole("status").filter({ hasText: "Marked resolved. The owners are told by e-mail." });
  await expect(resolved).toBeVisible();
  await expectOnTop(resolved);
  await expect(page.getByRole("region", { name: "Incidents", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("health-verdict")).toHaveText("Nothing needs you now.");
  const told = await healthShop.smtp.waitForMail((m) => m.envelope.to.includes(OWNER.email), { timeout: 20_000 });
  expect(told.parsed.subject).toBe("Resolved: a refund Paystack could not make (Order ORD-1700000000000-42)");
});

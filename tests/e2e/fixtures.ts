import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { DeliveryDetails } from "../../common/delivery";

// Playwright's trace recorder tries to run its snapshot script in the dev mailbox's sandboxed
// preview frame, and Chromium logs the refusal: that is the test tool's noise, not the shop's.
const TRACE_RECORDER_NOISE = /^Blocked script execution in 'about:srcdoc'/;

// Every browser test fails on a console error or an uncaught exception in the page.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => msg.type() === "error" && !TRACE_RECORDER_NOISE.test(msg.text()) && errors.push(msg.text()));
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Parts of a page are rendered only when scrolled near (app.css .render-when-visible). A
 * whole-page screenshot and axe's colour checks need them drawn: this style draws them.
 */
const RENDER_ALL = ".render-when-visible { content-visibility: visible !important; }";

/** A whole-page screenshot for looking at the layout. */
export function fullPageShot(page: Page, path: string) {
  return page.screenshot({ path, fullPage: true, style: RENDER_ALL });
}

/** Drops an expected complaint from the fixture's console errors. */
export function forgive(errors: string[], pattern: RegExp) {
  for (let i = errors.length - 1; i >= 0; i--) if (pattern.test(errors[i])) errors.splice(i, 1);
}

/** For tests that visit a missing page on purpose: its 404 is the browser's expected complaint. */
export function forgiveNotFound(errors: string[]) {
  forgive(errors, /status of 404 \(Not Found\)/);
}

/** For tests that send a form the server refuses on purpose: its 400 is the browser's expected complaint. */
export function forgiveBadRequest(errors: string[]) {
  forgive(errors, /status of 400 \(Bad Request\)/);
}

/** axe-core: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  const style = await page.addStyleTag({ content: RENDER_ALL });
  const results = await new AxeBuilder({ page }).analyze();
  await style.evaluate((node) => node.parentNode?.removeChild(node));
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(bad, "serious or critical accessibility violations").toEqual([]);
}

/** The shop's owner signs in through /adminlogin and lands on the dashboard. */
export async function adminLogIn(page: Page) {
  await gotoHydrated(page, "/adminlogin");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Waits for hydration, so clicks reach React's handlers. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Full-page screenshots see lazy pictures only once they have loaded: load them all first. */
export async function loadAllPictures(page: Page) {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = "eager";
    await Promise.all(images.map((img) => (img.complete ? null : new Promise((r) => { img.addEventListener("load", r, { once: true }); img.addEventListener("error", r, { once: true }); }))));
  });
}

/** The admin that scripts/e2e.mjs made with `npm run admin:create` (the demo admin when run by hand). */
export const owner = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@example.com",
  name: process.env.E2E_ADMIN_NAME ?? "Adaeze Admin",
  password: process.env.E2E_ADMIN_PASSWORD ?? "Admin123!",
};

/** An e-mail address no other test (or project) uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Opens the newest e-mail to `to` whose subject contains `subject` in the dev mailbox and follows
 * the link called `linkName` inside it, as a person reading the mail would.
 */
export async function followMailLink(page: Page, to: string, subject: string, linkName: string) {
  await page.goto("/dev/mailbox");
  await page.getByRole("link").filter({ hasText: subject }).filter({ hasText: to }).first().click();
  await page.getByRole("list", { name: "Links in this e-mail" }).getByRole("link", { name: linkName }).click();
}

export interface Customer {
  fullName: string;
  email: string;
  password: string;
  phoneNumber: string;
}

/** A fresh customer: signed up through the API, verified through the dev mailbox, logged in. */
export async function newCustomer(page: Page, label: string, fullName = "Adaeze Okafor"): Promise<Customer> {
  const customer = { fullName, email: uniqueEmail(label), password: "Customer-2026!", phoneNumber: "2348031112222" };
  const reply = await page.request.post("/api/api4users/user_signup.php", { data: customer });
  expect(reply.status(), await reply.text()).toBe(201);
  await followMailLink(page, customer.email, "Verify your email", "Verify my email");
  await expect(page).toHaveURL(/\/userlogin$/);
  await gotoHydrated(page, "/userlogin");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  return customer;
}

/** Fills /deliverydetailpage (both phone fields the same). */
export async function fillDelivery(page: Page, d: DeliveryDetails) {
  await page.getByLabel("First name").fill(d.firstName);
  await page.getByLabel("Last name").fill(d.lastName);
  await page.getByLabel("Phone number", { exact: true }).fill(d.phone);
  await page.getByLabel("Confirm phone number").fill(d.phone);
  await page.getByLabel("Email").fill(d.email);
  await page.getByLabel("Delivery address").fill(d.address);
  await page.getByLabel("State").selectOption(d.state);
  await page.getByLabel("City").selectOption(d.city);
}

import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

// Every browser test fails on a console error or an uncaught exception in the page.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** For tests that visit a missing page on purpose: its 404 is the browser's expected complaint. */
export function forgiveNotFound(errors: string[]) {
  for (let i = errors.length - 1; i >= 0; i--) if (/status of 404 \(Not Found\)/.test(errors[i])) errors.splice(i, 1);
}

/** axe-core: no serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(bad, "serious or critical accessibility violations").toEqual([]);
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

import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { findLink, uniqueEmail } from "../support/accounts";

export { uniqueEmail };

// Playwright's trace recorder tries to run its snapshot script in the dev mailbox's sandboxed
// preview frame, and Chromium logs the refusal: that is the test tool's noise, not the shop's.
const TRACE_RECORDER_NOISE = /^Blocked script execution in 'about:srcdoc'/;

export interface Customer {
  fullName: string;
  email: string;
  password: string;
  phoneNumber: string;
}

/**
 * A request of a test's own (page.request, another context's, the request fixture) may reuse a
 * kept-alive connection just as the shop closes it (Node's keepAliveTimeout, 5 s idle; Caddy lets
 * go first in production, at 2 s): it is reset before the shop reads it. A browser sends such a
 * request again by itself; Playwright's request contexts do so only when asked (`maxRetries`,
 * which retries ECONNRESET alone). Seen in CI: a sign-up's post after a long browser step.
 * Every request of these tests asks once, unless it says otherwise.
 */
function resendOnReset(request: APIRequestContext) {
  const proto = Object.getPrototypeOf(request) as APIRequestContext & { resendsOnReset?: true };
  if (proto.resendsOnReset) return;
  const fetch = proto.fetch;
  proto.fetch = function (this: APIRequestContext, urlOrRequest: Parameters<APIRequestContext["fetch"]>[0], options = {}) {
    return fetch.call(this, urlOrRequest, { maxRetries: 1, ...options });
  } as APIRequestContext["fetch"];
  proto.resendsOnReset = true;
}

export const test = base.extend<{
  resendsOnReset: void;
  consoleErrors: string[];
  /**
   * Starts the test signed in as a new customer, made without the UI (the Epic Stack's `login`
   * fixture): signed up and verified over HTTP, then signed in through the login page's own
   * action, whose cookies land in this page's browser. The sign-up, verification and login
   * screens have their own tests (accounts.spec.ts), which go through the UI.
   */
  login: (options?: { label?: string; fullName?: string }) => Promise<Customer>;
  /** Starts the test signed in as the shop's owner (the admin made by the command), without the UI. */
  ownerLogin: () => Promise<void>;
}>({
  // Every request context of the run resends a request reset on a reused connection (resendOnReset).
  resendsOnReset: [
    async ({ page }, use) => {
      resendOnReset(page.request);
      await use();
    },
    { auto: true },
  ],
  // Every browser test fails on a console error or an uncaught exception in the page.
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
  login: async ({ page }, use) => {
    await use(async ({ label = "customer", fullName = "Adaeze Okafor" } = {}) => {
      const customer = await verifiedCustomer(page.request, label, fullName);
      await signIn(page, "customer", customer.email, customer.password);
      return customer;
    });
  },
  ownerLogin: async ({ page }, use) => {
    await use(() => signIn(page, "admin", owner.email, owner.password));
  },
});
export { expect };

/** A new customer, signed up through the API and verified with the link of the dev mailbox's copy of the mail (not signed in). */
export async function verifiedCustomer(request: APIRequestContext, label: string, fullName: string): Promise<Customer> {
  const customer = { fullName, email: uniqueEmail(label), password: "Customer-2026!", phoneNumber: "2348031112222" };
  const signUp = await request.post("/api/api4users/user_signup.php", { data: customer });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = await mailedToken(request, customer.email, "Verify your email", "/verifyuser");
  const verified = await request.post("/api/api4users/user_verify_email.php", { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return customer;
}

/** A new staff admin, registered by the owner over the API and verified through the mailed link, as an owner's new staff are. */
export async function verifiedAdmin(request: APIRequestContext, label: string, fullName: string): Promise<Customer> {
  const admin = { fullName, email: uniqueEmail(label), password: "Staff-pass-2026!", phoneNumber: "2348031112222" };
  const ownerLogin = await request.post("/api/admin_login.php", { data: { email: owner.email, password: owner.password } });
  expect(ownerLogin.status(), await ownerLogin.text()).toBe(200);
  const { token: bearer } = (await ownerLogin.json()) as { token: string };
  const signUp = await request.post("/api/admin_signup.php", { data: admin, headers: { authorization: `Bearer ${bearer}` } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = await mailedToken(request, admin.email, "Verify your email", "/verify");
  const verified = await request.post("/api/admin_verify_email.php", { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return admin;
}

/** The token of the `path/<token>` link in the newest mail to `to` about `subject`, read from the dev mailbox over HTTP. */
async function mailedToken(request: APIRequestContext, to: string, subject: string, path: string): Promise<string> {
  const list = await (await request.get("/dev/mailbox")).text();
  // Newest first: one <a href="/dev/mailbox/ID"> per mail, with its subject and addressee inside.
  const entry = list.split("<a ").find((a) => a.includes(subject) && a.includes(to));
  const id = entry ? /href="\/dev\/mailbox\/(\d+)"/.exec(entry)?.[1] : undefined;
  if (!id) throw new Error(`No "${subject}" mail to ${to} in the dev mailbox`);
  const mail = await (await request.get(`/dev/mailbox/${id}`)).text();
  const link = findLink(mail, "", path);
  if (!link) throw new Error(`No ${path}/<token> link in the "${subject}" mail to ${to}`);
  return link.token;
}

/**
 * Signs in through the login page's action (a form post, as the page's form sends it, without
 * the page): the session and device cookies it answers with land in the page's browser context.
 */
async function signIn(page: Page, role: "customer" | "admin", email: string, password: string) {
  const reply = await page.request.post(role === "customer" ? "/userlogin" : "/adminlogin", { form: { email, password }, maxRedirects: 0 });
  expect(reply.status(), `login as ${email}: ${await reply.text()}`).toBe(302);
  // Where the login page sends a signed-in customer or admin (with a notice for the page).
  expect(reply.headers().location).toMatch(role === "customer" ? /^\/userdashboard(?:\?|$)/ : /^\/admin(?:\?|$)/);
}

/** Logs in through the login page's form, as a person does (the page answers where it leads). */
export async function logInThroughPage(page: Page, path: "/userlogin" | "/adminlogin", email: string, password: string) {
  await gotoHydrated(page, path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Parts of a page are rendered only when scrolled near (app.css .render-when-visible). A
 * whole-page screenshot and axe's colour checks need them drawn: this style draws them.
 */
export const RENDER_ALL = ".render-when-visible { content-visibility: visible !important; }";

/**
 * Screenshots for a person to look at (none of them is checked by a test) are taken only when asked
 * for: `E2E_SCREENSHOTS=1 npm run test:e2e -- <file>`. Writing about 200 PNGs cost the suite about
 * 40 s of its budget on this 2-core machine (decision 0048).
 */
export const TAKE_SCREENSHOTS = Boolean(process.env.E2E_SCREENSHOTS);

/** A screenshot to look at (TAKE_SCREENSHOTS): the viewport, or a part of it (`clip`). */
export async function lookShot(page: Page, path: string, options: Parameters<Page["screenshot"]>[0] = {}): Promise<void> {
  if (TAKE_SCREENSHOTS) await page.screenshot({ ...options, path });
}

/** A whole-page screenshot for looking at the layout (TAKE_SCREENSHOTS). */
export function fullPageShot(page: Page, path: string) {
  return lookShot(page, path, { fullPage: true, style: RENDER_ALL });
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

/**
 * axe-core: no serious or critical accessibility violation. In axe's legacy mode, which runs it in
 * the page (and its same-origin frames) instead of gathering each frame's results in a new blank
 * page, and asking only for violations: a third of the time a check took, same findings (decision
 * 0069). Cross-origin frames (Paystack's window) are not the shop's and are not checked.
 */
export async function expectAccessible(page: Page) {
  const style = await page.addStyleTag({ content: RENDER_ALL });
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  await style.evaluate((node) => node.parentNode?.removeChild(node));
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad, "serious or critical accessibility violations").toEqual([]);
}

/**
 * The back office's menu (issue 18): a side menu on desktop; on phones behind its one Menu
 * button, which this presses when the menu is closed.
 */
export async function adminMenu(page: Page): Promise<Locator> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const toggle = page.locator("details:has(nav[aria-label='Admin Dashboard menu'])");
  const menu = page.getByRole("navigation", { name: "Admin Dashboard menu" });
  // Asked again until the menu shows: the phone's toggle may not be drawn yet the first time it is
  // looked at (seen in CI right after a login), and a navigation under way (a notice leaving the
  // address) may close it again.
  await expect(async () => {
    if ((await toggle.isVisible()) && !(await toggle.evaluate((el) => (el as HTMLDetailsElement).open))) await toggle.locator("summary").click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return menu;
}

/**
 * In the page (self-contained: Playwright runs it in the browser): which of `elements` something
 * else covers where a finger or a pointer lands (its centre; and the two ends of its middle line,
 * for what floats over the page), each described with what covers it. With `scroll`, each is checked wherever a person scrolls it
 * to between the middle of the viewport and its bottom edge (as the page's scroll-padding puts it
 * there): above the middle the sticky header covers what passes under it, as is its right.
 * Elements a person does not meet (hidden, aria-hidden, a pixel-sized screen-reader text) are left
 * out, and so is whatever lies under an element matching `allowedOver` (a toast's few seconds).
 */
export function coveredAtCentre(elements: Element[], { scroll, allowedOver }: { scroll: boolean; allowedOver?: string }): string[] {
  const describe = (el: Element | null) => {
    if (!el) return "nothing (off screen)";
    const label = el.getAttribute("aria-label") ?? el.getAttribute("data-testid") ?? el.getAttribute("name") ?? el.textContent ?? "";
    return `<${el.tagName.toLowerCase()}> "${label.replace(/\s+/g, " ").trim().slice(0, 40)}"`;
  };
  /** Part of a layer drawn over the page (fixed or sticky), and not around `el`. */
  const overlay = (hit: Element, el: Element) => {
    for (let node: Element | null = hit; node && !node.contains(el); node = node.parentElement) {
      if (["fixed", "sticky"].includes(getComputedStyle(node).position)) return true;
    }
    return false;
  };
  const coverOf = (el: Element) => {
    const box = el.getBoundingClientRect();
    const inset = Math.min(8, box.width / 4);
    const points = [box.left + box.width / 2, box.left + inset, box.right - inset];
    for (const [i, x] of points.entries()) {
      const hit = document.elementFromPoint(x, box.top + box.height / 2);
      if (hit === el || (hit && el.contains(hit)) || (allowedOver && hit?.closest(allowedOver))) continue;
      // The ends only for what floats over the page: a field's own Show password button sits at its end on purpose.
      if (!hit || i === 0 || overlay(hit, el)) return hit ?? document.documentElement;
    }
    return null;
  };
  /** The window's scroll positions from the one showing `el` in the middle to the one showing it at the bottom. */
  const positions = (el: Element) => {
    el.scrollIntoView({ block: "end", inline: "nearest", behavior: "instant" });
    const bottom = window.scrollY;
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    const all = [window.scrollY];
    for (let y = window.scrollY - 16; y > bottom; y -= 16) all.push(y);
    return bottom < window.scrollY ? [...all, bottom] : all;
  };
  const covered: string[] = [];
  for (const el of elements) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || el.closest("[aria-hidden=true]")) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    for (const y of scroll ? positions(el) : [null]) {
      // In view in the same task as the measuring: a render between a scroll of the test's and this
      // one (a list growing above after a save) could have moved it off screen meanwhile.
      if (y === null) el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      else window.scrollTo({ top: y, behavior: "instant" });
      const cover = coverOf(el);
      if (cover) {
        const where = y === null ? "" : ` (${Math.round(el.getBoundingClientRect().bottom)} px from the top of the viewport)`;
        covered.push(`${describe(el)} under ${describe(cover)}${where}`);
        break;
      }
    }
  }
  return covered;
}

/**
 * What a person must see and can press: on screen, and nothing covers it at its centre (where a
 * finger or a pointer lands), checked with elementFromPoint once it is scrolled into view.
 */
export async function expectOnTop(locator: Locator, what = "nothing covers it") {
  let covered: string[] = [];
  for (let attempt = 1; ; attempt++) {
    await expect(locator).toBeVisible();
    try {
      await locator.scrollIntoViewIfNeeded();
      covered = await locator.evaluateAll(coveredAtCentre, { scroll: false });
      break;
    } catch (error) {
      // React replaced the element between finding and measuring it (hydration, a revalidation
      // after a login): find it again. Only that; a covered element is never retried.
      if (attempt === 3 || !/not attached to the DOM/.test(String(error))) throw error;
    }
  }
  expect(covered, what).toEqual([]);
}

/** A back-office menu entry, shown or not (on phones the menu is closed): for its attributes. */
export function menuLink(page: Page, name: string): Locator {
  return page.locator("nav[aria-label='Admin Dashboard menu']").first().getByRole("link", { name, includeHidden: true });
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
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener("load", r, { once: true });
              img.addEventListener("error", r, { once: true });
            }),
      ),
    );
  });
}

/** The admin that playwright.config.ts made with `npm run admin:create` (the demo admin against a shop started by hand). */
export const owner = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@example.com",
  name: process.env.E2E_ADMIN_NAME ?? "Adaeze Admin",
  password: process.env.E2E_ADMIN_PASSWORD ?? "Admin123!",
};

/**
 * Opens the newest e-mail to `to` whose subject contains `subject` in the dev mailbox and follows
 * the link called `linkName` inside it, as a person reading the mail would.
 */
export async function followMailLink(page: Page, to: string, subject: string, linkName: string) {
  await page.goto("/dev/mailbox");
  await page.getByRole("link").filter({ hasText: subject }).filter({ hasText: to }).first().click();
  await page.getByRole("list", { name: "Links in this e-mail" }).getByRole("link", { name: linkName }).click();
}

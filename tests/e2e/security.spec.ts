import { expect, gotoHydrated, test } from "./fixtures";

// The pages' Content-Security-Policy in a real browser (server/security.ts): the shop's own
// scripts run and hydrate every kind of page, and markup the page did not mean to have never runs.

const PAGES = [
  "/",
  "/productlistpage/Pillows",
  "/productdetail/18",
  "/productdetail2/1",
  "/searchresultpage?searchTerm=mat",
  "/userlogin",
  "/contactus",
  "/trackorder",
  "/adminlogin",
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
});

test("every kind of page hydrates under its policy without a violation", { tag: "@one-width" }, async ({ page }) => {
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    await gotoHydrated(page, path);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
});

test("markup slipped into a page cannot run script, and the page still works", { tag: "@one-width" }, async ({ page, consoleErrors }) => {
  // As if a product text reached the HTML unescaped: the real page and its real policy header,
  // with a script and an event handler added to its body.
  await page.route("**/productdetail/18", async (route) => {
    const response = await route.fetch({ maxRetries: 1 });
    const html = (await response.text()).replace(
      /<body([^>]*)>/,
      '<body$1><script>window.injectedRan = true</script><img src="data:," onerror="window.injectedRan = true" alt="">',
    );
    await route.fulfill({ response, body: html });
  });
  await gotoHydrated(page, "/productdetail/18");
  await expect(page.getByRole("button", { name: /Add to Cart/i })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  // The browser reports each refusal (the script, the handler) on the console: here that is the
  // expected outcome, and nothing else may be there.
  const refusal = (e: string) => /violates the following Content Security Policy directive/.test(e);
  await expect.poll(() => consoleErrors.filter(refusal).length).toBe(2);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refusal(e)));
});

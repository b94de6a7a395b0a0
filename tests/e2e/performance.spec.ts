import { expect, gotoHydrated, test } from "./fixtures";

// Issue 7's guard: the storefront's JavaScript for / stays within its budget. Sizes are what the
// browser received (brotli body plus headers, as Lighthouse counts them), so the check is exact
// for a given build; no timings are asserted.

const HOME_JS_BUDGET_BYTES = 110 * 1024;

test("the home page loads at most 110 KB of JavaScript, compressed @one-width", async ({ page }, info) => {
  const scripts: { url: string; bytes: number; encoding?: string }[] = [];
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "script") return;
    const sizes = await request.sizes();
    const encoding = (await request.response())?.headers()["content-encoding"];
    scripts.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize, encoding });
  });
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  await info.attach("scripts.json", { body: JSON.stringify({ total, scripts }, null, 2), contentType: "application/json" });
  expect(scripts.length).toBeGreaterThan(0);
  // Every script of any size came as the build's brotli copy.
  for (const s of scripts) if (s.bytes > 1500) expect(s.encoding, s.url).toBe("br");
  expect(total, JSON.stringify(scripts, null, 1)).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  // No admin or account code reaches the home page.
  expect(scripts.map((s) => s.url).join(" ")).not.toMatch(/admin|OrdersPanel|ProductFields|LoginForm/);
});

test("the home page's HTML asks for no script before its first paint", { tag: "@one-width" }, async ({ request }) => {
  const html = await (await request.get("/")).text();
  // Attributes in any order: React Router writes the nonce first on some tags.
  expect(html).not.toMatch(/<link[^>]* rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]* type="module"/);
  expect(html).toMatch(/<script nonce="[^"]+" type="text\/x-deferred-module"/);
});

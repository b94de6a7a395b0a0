import { expect, expectAccessible, forgiveNotFound, fullPageShot, gotoHydrated, loadAllPictures, test } from "./fixtures";

// The storefront routes of requirements §2 at phone (375 px) and desktop (1280 px) width.

const pages = [
  { name: "home", path: "/", heading: null },
  { name: "category", path: "/productlistpage/Eco%20Foam", heading: "ECO FOAM" },
  { name: "category-solar", path: "/productlistpage/Solar%20Green%20Energy", heading: "Power your home with the sun" },
  { name: "product", path: "/productdetail/18", heading: null },
  { name: "product-featured", path: "/productdetail2/1", heading: "Eco Foam Mattress" },
  { name: "search", path: "/searchresultpage?searchTerm=pillow", heading: /^Search Results : \d+ items Found$/ },
  { name: "search-empty", path: "/searchresultpage?searchTerm=zzqxj", heading: "Search Results : 0 items Found" },
];

for (const { name, path, heading } of pages) {
  test(`${name} page renders, is accessible and is screenshotted`, async ({ page }, info) => {
    await gotoHydrated(page, path);
    if (heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByPlaceholder("Search for products, brands and categories").locator("visible=true")).toBeVisible();
    await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+/);
    // playwright.config.ts configures a live-chat script, so the opener is a button that loads it.
    await expect(page.getByTestId("chat-opener")).toBeVisible();
    await expect(page.getByText("24/7 support")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("April 2014");
    await expectAccessible(page);
    await loadAllPictures(page);
    await fullPageShot(page, `test-results/screenshots/${info.project.name}-${name}.png`);
  });
}

test("home shows featured products, popular categories and Crazy Deals", async ({ page }) => {
  await gotoHydrated(page, "/");
  const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured mattresses" }) });
  await expect(featured.getByRole("link")).toHaveCount(17);
  await expect(featured.getByRole("link").first()).toHaveAttribute("href", "/productdetail2/1");
  const popular = page.locator("section", { has: page.getByRole("heading", { name: "Popular categories" }) });
  await expect(popular.getByRole("link")).toHaveText(["Mouka Foam", "UniFoam", "Eco Foam", "Vision Foam"]);
  const deals = page.locator("section", { has: page.getByRole("heading", { name: "Crazy Deals" }) });
  const dealNames = await deals.getByRole("heading", { level: 3 }).allTextContents();
  expect(dealNames.length).toBeGreaterThan(0);
  expect(dealNames.length).toBeLessThanOrEqual(10);
  for (const n of dealNames) expect(n.replace(/\.\.\.$/, "").length).toBeLessThanOrEqual(13);
});

// The page's timers run on Playwright's clock: paused, then moved on by exact amounts.
// The clock starts at a fixed time and is paused a minute later, so a slow page load can never
// have carried it past the pause point ("Cannot fast-forward to the past").
async function pausedClock(page: import("@playwright/test").Page, path: string) {
  const start = new Date("2026-01-05T09:00:00+01:00").getTime();
  await page.clock.install({ time: start });
  await gotoHydrated(page, path);
  await page.clock.pauseAt(start + 60_000);
}

test("the hero carousel advances every 3 seconds and its dots follow @one-width", async ({ page }) => {
  await pausedClock(page, "/");
  const carousel = page.locator("[aria-roledescription=carousel]");
  const slide = async () => Number(await carousel.getAttribute("data-slide"));
  const start = await slide();
  await page.clock.runFor(3_000);
  await expect(carousel).toHaveAttribute("data-slide", String((start + 1) % 6));
  await page.clock.runFor(3_000);
  await expect(carousel).toHaveAttribute("data-slide", String((start + 2) % 6));
  await expect(carousel.locator("[data-active=true]")).toHaveCount(1);
  const dot = async () =>
    carousel.locator("span[data-active]").evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("data-active") === "true"));
  const dotBefore = await dot();
  await page.clock.runFor(3_000);
  expect(await dot()).toBe((dotBefore + 1) % 3);
  // Six pictures: four more steps bring it back to where it started.
  await page.clock.runFor(3_000 * 3);
  await expect(carousel).toHaveAttribute("data-slide", String(start));
});

test("the search box leads to results that open the product @one-width", async ({ page }) => {
  await gotoHydrated(page, "/");
  const box = page.getByPlaceholder("Search for products, brands and categories").locator("visible=true");
  await box.fill("pillow");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/searchresultpage\?searchTerm=pillow/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Search Results : [1-9]\d* items Found$/);
  const first = page.getByRole("main").getByRole("link").first();
  const href = await first.getAttribute("href");
  expect(href).toMatch(/^\/productdetail\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(href!);
});

test("a misspelt search shows what the corrected term found, and says so @one-width", async ({ page }) => {
  await gotoHydrated(page, "/searchresultpage?searchTerm=matress");
  await expect(page.getByText("Nothing matched “matress”. Showing results for “mattress”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Search Results : [1-9]\d* items Found$/);
  await expect(page.getByRole("main").getByRole("link").first()).toHaveAttribute("href", /^\/productdetail\/\d+$/);
});

test("a search without results says so @one-width", async ({ page }) => {
  await gotoHydrated(page, "/searchresultpage?searchTerm=zzqxj");
  await expect(page.getByText("No products found for this search.")).toBeVisible();
});

test("the featured detail page starts on the first size and its price follows the size @one-width", async ({ page }) => {
  await gotoHydrated(page, "/productdetail2/1");
  const size = page.getByLabel(/Size/);
  await expect(size).toHaveValue("6x2.5x4");
  await expect(page.getByTestId("price")).toHaveText("₦25,000");
  await size.selectOption("6x4.5x8");
  await expect(page.getByTestId("price")).toHaveText("₦91,000");
  await size.selectOption("6x4.5x10");
  await expect(page.getByTestId("price")).toHaveText("₦120,000");
});

test("thumbnails change the large picture @one-width", async ({ page }) => {
  await gotoHydrated(page, "/productdetail2/1");
  const large = page.getByRole("button", { name: /Enlarge picture/ }).locator("img");
  const before = await large.getAttribute("src");
  await page.getByRole("button", { name: "Show picture 2 of 3" }).click();
  await expect(large).not.toHaveAttribute("src", before!);
});

test("a visitor's Add to Cart asks to log in and leads to /userlogin @one-width", async ({ page, consoleErrors }) => {
  await gotoHydrated(page, "/productdetail/18");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Please login to proceed");
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/userlogin$/);
  forgiveNotFound(consoleErrors); // the login page itself comes with the accounts issue
});

test("unknown products show the not-found text @one-width", async ({ page, consoleErrors }) => {
  const plain = await page.goto("/productdetail/999999");
  expect(plain?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Product not found.");
  const notFeatured = await page.goto("/productdetail2/20");
  expect(notFeatured?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Product not found.");
  forgiveNotFound(consoleErrors);
});

test("an unknown category shows the empty-category text @one-width", async ({ page, consoleErrors }) => {
  const res = await page.goto("/productlistpage/Gold%20Bars");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("No products found for this category.");
  forgiveNotFound(consoleErrors);
});

test("category names in lists are cut to 50 characters @one-width", async ({ page }) => {
  await gotoHydrated(page, "/productlistpage/Beddings");
  const names = await page.getByRole("main").getByRole("heading", { level: 3 }).allTextContents();
  expect(names.some((n) => n.endsWith("..."))).toBe(true);
  for (const n of names) expect(n.replace(/\.\.\.$/, "").length).toBeLessThanOrEqual(50);
});

test("the solar banner rotates three pictures every 3 seconds @one-width", async ({ page }) => {
  await pausedClock(page, "/productlistpage/Solar%20Green%20Energy");
  const banner = page.locator("[data-slide]").first();
  const start = Number(await banner.getAttribute("data-slide"));
  await page.clock.runFor(3_000);
  await expect(banner).toHaveAttribute("data-slide", String((start + 1) % 3));
  await page.clock.runFor(6_000);
  await expect(banner).toHaveAttribute("data-slide", String(start));
});

test("the page scrolls to the top on a route change @one-width", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page
    .locator("section", { has: page.getByRole("heading", { name: "Crazy Deals" }) })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/productdetail\/\d+/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the footer is hidden on the customer's login page", async ({ page, consoleErrors }) => {
  await page.goto("/userlogin");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.goto("/productdetail/18");
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  forgiveNotFound(consoleErrors);
});

test("a picture viewer that fails to load says how, and retries @one-width", async ({ page }) => {
  await gotoHydrated(page, "/productdetail2/1");
  await page.route(/\/assets\/ImageZoom-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
  page.removeAllListeners("console"); // the browser logs the failed download itself
  await page.getByRole("button", { name: /Enlarge picture/ }).click();
  const notice = page.getByRole("alert");
  await expect(notice).toContainText("failed to load (missing)");
  await page.unroute(/\/assets\/ImageZoom-[\w-]+\.js$/);
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog", { name: /enlarged/ })).toBeVisible();
});

// The lower menu is the desktop layout; phones use the menu button (projects pick by tag).
test("SHOP BY CATEGORY opens, closes on an outside click, and closes on a choice", { tag: "@desktop-only" }, async ({ page }) => {
  await gotoHydrated(page, "/");
  const toggle = page.getByRole("button", { name: "SHOP BY CATEGORY" });
  await toggle.click();
  const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  await expect(menu.getByRole("link")).toHaveCount(9);
  await page.getByRole("heading", { name: "Popular categories" }).click();
  await expect(menu).toHaveCount(0);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await menu.getByRole("link", { name: "Pillows" }).click();
  await expect(page).toHaveURL(/\/productlistpage\/Pillows$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PILLOWS");
  await expect(menu).toHaveCount(0);
  // The last two categories are direct links in the lower menu.
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link")).toHaveText(["HOME", "ABOUT US", "BEDDINGS", "SOLAR GREEN ENERGY", "CONTACT US"]);
});

test("the phone menu opens with the categories and closes after a choice", { tag: "@phone-only" }, async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Whale Foam" })).toBeVisible();
  await menu.getByRole("link", { name: "Whale Foam" }).click();
  await expect(page).toHaveURL(/\/productlistpage\/Whale%20Foam$/);
  await expect(menu).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered home page already lists the featured products and their prices @one-width", async ({ page }) => {
    await page.goto("/");
    const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured mattresses" }) });
    await expect(featured.getByRole("link")).toHaveCount(17);
    await expect(featured).toContainText("Eco Foam Mattress");
    await expect(featured).toContainText("₦25,000");
  });

  test("the search form works as a plain form @one-width", async ({ page }) => {
    await page.goto("/");
    const box = page.getByPlaceholder("Search for products, brands and categories").locator("visible=true");
    await box.fill("solar");
    await box.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Search Results : [1-9]\d* items Found$/);
  });
});

test("product pages carry Open Graph tags and schema.org Product data in naira", { tag: "@one-width" }, async ({ page }) => {
  await page.goto("/productdetail2/1");
  await expect(page).toHaveTitle(/^Eco Foam Mattress \|/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40}/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/[^/]+\/api\/uploads\/[^/]+\.webp$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld["@type"]).toBe("Product");
  expect(ld.offers.priceCurrency).toBe("NGN");
  expect(ld.offers.lowPrice).toBe("25000.00");
});

test("robots.txt and sitemap.xml list the catalogue", { tag: "@one-width" }, async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/productlistpage/Eco%20Foam</loc>");
  expect(sitemap).toContain("/productdetail2/1</loc>");
  expect(sitemap).toContain("/productdetail/18</loc>");
  expect(sitemap.match(/<url>/g)?.length).toBeGreaterThan(60);
});

test("every page has its own title", { tag: "@one-width" }, async ({ page }) => {
  const titles = new Set<string>();
  for (const path of ["/", "/productlistpage/Pillows", "/productdetail/18", "/productdetail2/2", "/searchresultpage?searchTerm=mat"]) {
    await page.goto(path);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(5);
});

test("opening a featured mattress says 'Loading product...' while it loads @one-width", async ({ page }) => {
  await gotoHydrated(page, "/");
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/productdetail2\/2\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator('a[href="/productdetail2/2"]').click();
  await expect(page.getByRole("status")).toHaveText("Loading product...");
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eco Foam Orthopaedic Mattress");
  await expect(page.getByText("Loading product...")).toHaveCount(0);
});

// Server failures, made in the browser by failing the page's data request.
test("a failed search shows the 'Oops...' dialog @one-width", async ({ page, consoleErrors }) => {
  await gotoHydrated(page, "/");
  await page.route(/\/searchresultpage\.data/, (route) => route.fulfill({ status: 500, body: "" }));
  const box = page.getByPlaceholder("Search for products, brands and categories").locator("visible=true");
  await box.fill("pillow");
  await box.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Oops...");
  await expect(dialog).toContainText("An error occurred while fetching products.");
  consoleErrors.splice(0); // the failed request and the error it raises are this test's doing
});

test("a failed product fetch says so @one-width", async ({ page, consoleErrors }) => {
  await gotoHydrated(page, "/productlistpage/Pillows");
  await page.route(/\/productdetail\/\d+\.data/, (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("main").locator('a[href^="/productdetail/"]').first().click();
  await expect(page.getByRole("alert")).toHaveText("There was an error fetching the product.");
  consoleErrors.splice(0);
});

test(
  "a cancelled request is not reported as an error in the page; other failures still are",
  { tag: "@desktop-only" },
  async ({ page, consoleErrors }) => {
    await gotoHydrated(page, "/");
    const reported: string[] = [];
    page.on("pageerror", (error) => reported.push(error.message));
    // What React Router leaves behind when a click cancels a reload still in flight (see root.tsx).
    await page.evaluate(() => {
      const controller = new AbortController();
      controller.abort();
      void Promise.reject(controller.signal.reason);
      void Promise.reject(new Error("a real failure"));
    });
    await expect.poll(() => reported).toEqual(["a real failure"]);
    await page.waitForTimeout(200);
    expect(reported).toEqual(["a real failure"]);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => e !== "a real failure"));
  },
);

test("Back from a product returns to the card it was opened from, far down the home page", async ({ page }) => {
  await gotoHydrated(page, "/");
  const card = () =>
    page
      .locator("section", { has: page.getByRole("heading", { name: "Crazy Deals" }) })
      .getByRole("link")
      .nth(3);
  await card().scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const top = (await card().boundingBox())!.y;
  await card().click();
  await expect(page).toHaveURL(/\/productdetail\/\d+/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Everything above the card has its real height again (app.css: only the footer waits to be drawn).
  await expect.poll(async () => Math.abs((await card().boundingBox())!.y - top)).toBeLessThan(8);
});

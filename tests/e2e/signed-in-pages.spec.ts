import type { Browser, BrowserContext, Page } from "@playwright/test";
import { SHOP_NAME } from "~/common/constants";
import { expect, gotoHydrated, test, verifiedCustomer } from "./fixtures";

// Issue 17: signed-in customers get the catalogue pages from the cache, rendered once for all of
// them and filled in with each one's header (decision 0029). Two customers with different names
// and carts, and a visitor, ask for the same pages: nobody ever sees anyone else's name or count,
// in the page, its hydration data or the client's navigation data.

const CATALOGUE_PAGES = [
  "/",
  "/productdetail/18",
  "/productdetail2/1",
  "/productlistpage/Eco%20Foam",
  "/searchresultpage?searchTerm=pillow",
  "/aboutus",
];

interface Shopper {
  context: BrowserContext;
  page: Page;
  /** What the header says: "Welcome " and the first six characters of the name. */
  welcome: string;
  /** The name as the HTML carries it (escaped), to look for where it must not be. */
  nameInHtml: string;
  cartCount: number;
}

async function signedInShopper(browser: Browser, label: string, fullName: string, units: number): Promise<Shopper> {
  const context = await browser.newContext();
  const customer = await verifiedCustomer(context.request, label, fullName);
  const login = await context.request.post("/userlogin", { form: { email: customer.email, password: customer.password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  for (let i = 0; i < units; i++) {
    const added = await context.request.post("/cartpage", { form: { intent: "add", productId: "18", size: "" } });
    expect(await added.text()).toContain("Product added to cart");
  }
  const shown = Array.from(fullName).slice(0, 6).join("");
  const escaped = shown.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
  return { context, page: await context.newPage(), welcome: `Welcome ${shown}`, nameInHtml: escaped, cartCount: units };
}

async function expectHeader(page: Page, welcome: string, count: number) {
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByRole("link", { name: welcome })).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText(String(count));
  await expect(account.getByRole("link", { name: `Cart, ${count} items` })).toBeVisible();
}

test(
  "two signed-in customers and a visitor share the catalogue pages, each seeing only their own header",
  { tag: "@one-width" },
  async ({ browser }) => {
    test.setTimeout(120_000);
    const ada = await signedInShopper(browser, "ada", "Adaeze Okafor", 2);
    // A name that needs escaping in the HTML and in the hydration data.
    const bola = await signedInShopper(browser, "bola", `<&'"Bo Smith`, 0);
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    try {
      for (const path of CATALOGUE_PAGES) {
        for (const { page, welcome, cartCount, nameInHtml } of [ada, bola, ada]) {
          const response = await page.goto(path);
          expect(response!.headers()["cache-control"], path).toBe("private, no-cache");
          const html = await response!.text();
          const other = welcome === ada.welcome ? bola : ada;
          expect(html, path).toContain(nameInHtml);
          expect(html, path).not.toContain(other.nameInHtml);
          await expectHeader(page, welcome, cartCount);
        }
        const response = await visitorPage.goto(path);
        const html = await response!.text();
        expect(html).not.toContain(ada.nameInHtml);
        expect(html).not.toContain(bola.nameInHtml);
        await expect(visitorPage.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Login" })).toBeVisible();
        await expect(visitorPage.getByTestId("cart-count")).toHaveText("0");
      }

      // After hydration, with client navigation (whose data leaves the header out and is shared),
      // each still sees their own header; Add to Cart updates only the one who added.
      for (const shopper of [ada, bola]) {
        await gotoHydrated(shopper.page, "/productdetail/18");
        const homeData = shopper.page.waitForResponse((r) => new URL(r.url()).pathname === "/_root.data");
        await shopper.page.getByRole("link", { name: `${SHOP_NAME} home` }).click();
        // The navigation's data leaves the root's (the header's) out: the same for everyone.
        expect(new URL((await homeData).url()).searchParams.get("_routes")).toBe("routes/home");
        await expect(shopper.page).toHaveURL(/\/$/);
        await expectHeader(shopper.page, shopper.welcome, shopper.cartCount);
      }
      await gotoHydrated(bola.page, "/productdetail/18");
      await bola.page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(bola.page.getByRole("dialog").getByRole("heading")).toHaveText("Success");
      await expectHeader(bola.page, bola.welcome, 1);
      await bola.page.reload();
      await expectHeader(bola.page, bola.welcome, 1);
      await ada.page.reload();
      await expectHeader(ada.page, ada.welcome, 2);
    } finally {
      await Promise.all([ada.context.close(), bola.context.close(), visitor.close()]);
    }
  },
);

test("twenty requests at once from two customers for a page not yet cached each get their own header", { tag: "@one-width" }, async ({ browser }) => {
  const ada = await signedInShopper(browser, "ada20", "Adaeze Okafor", 3);
  const bola = await signedInShopper(browser, "bola20", "Bolanle Ade", 1);
  try {
    // A search nobody has asked for: the first requests find no template and wait for one rendering.
    const path = `/searchresultpage?searchTerm=pillow&fresh=${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const shopper = i % 2 ? bola : ada;
        const reply = await shopper.context.request.get(path);
        return { shopper, status: reply.status(), html: await reply.text() };
      }),
    );
    for (const { shopper, status, html } of replies) {
      const other = shopper === ada ? bola : ada;
      expect(status).toBe(200);
      expect(html).toContain(`${shopper.welcome}</span>`);
      expect(html).toContain(`data-testid="cart-count"`);
      expect(html).toContain(`Cart, ${shopper.cartCount} items`);
      expect(html).not.toContain(other.welcome);
      expect(html).not.toContain(`Cart, ${other.cartCount} items`);
      // The hydration data carries the same values.
      expect(html).toContain(`\\"welcome\\",\\"${shopper.welcome}\\",\\"cartCount\\",${shopper.cartCount}`);
    }
  } finally {
    await Promise.all([ada.context.close(), bola.context.close()]);
  }
});

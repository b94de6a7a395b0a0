import type { Page, TestInfo } from "@playwright/test";
import { seedProducts } from "~/server/demo/seed-data";
import { adminMenu, expect, expectAccessible, fullPageShot, gotoHydrated, loadAllPictures, test, uniqueEmail } from "./fixtures";
import { buyOne } from "./shopping";

// The back office's own frame (issue 18): no storefront search, cart, badges, footer or floating
// buttons; a side menu on desktop and one Menu button on phones; on every admin page, no
// horizontal scroll and no control covered by another element (hit-tested at its centre, as a
// finger or a pointer would land), at 375 and 1280 px.

/** A featured product whose sizes read like "6x2.5x4" and prices like "120000". */
const featured = seedProducts.find((p) => p.featured && p.variants.length > 2)!;

/** Every control a person can see, each scrolled to the middle of the screen and hit-tested. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [role=button], [tabindex='0']");
    for (const el of controls) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const first = el.getBoundingClientRect();
      // Visually hidden (the skip link, a file input behind its label): nothing to press there.
      if (first.width < 4 || first.height < 4) continue;
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // A link that wraps onto two lines is pressed on its text: the first line's box.
      const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const ownLabel = hit instanceof HTMLLabelElement && hit.control === el;
      if (!hit || !(hit === el || el.contains(hit) || ownLabel)) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
        covered.push(
          `${el.tagName.toLowerCase()} "${name}" under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}` : "nothing"}`,
        );
      }
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

async function expectBackOfficeFrame(page: Page, info: TestInfo, name: string) {
  // None of the storefront's frame.
  // (the Orders and Customers panels have search boxes of their own: the shop's is the one to miss)
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.getByLabel("Search the shop")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Account" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByTestId("chat-opener")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
  // No sideways scrolling, and nothing that can be pressed lies under something else.
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width.page, `${name}: the page is no wider than the screen`).toBeLessThanOrEqual(width.screen);
  expect(await coveredControls(page), `${name}: controls covered by another element`).toEqual([]);
  await loadAllPictures(page);
  await fullPageShot(page, `test-results/shots/${info.project.name}-admin-frame-${name}.png`);
}

test("every back-office page wears the back office's frame, with nothing covered and no sideways scroll", async ({
  page,
  login,
  ownerLogin,
}, info) => {
  test.setTimeout(180_000);
  // An order to open: a customer buys a pillow through the test gateway.
  await login({ label: "frame-buyer" });
  const { orderRef } = await buyOne(page, "/productdetail/32", {
    firstName: "Kemi",
    lastName: "Adebayo",
    phone: "08031112222",
    email: uniqueEmail("frame-ship"),
    address: "12 Awolowo Road, Ikoyi",
    state: "Lagos",
    city: "Lagos Island",
  });

  await ownerLogin();
  const panels = [
    "info",
    "post",
    "manage",
    "register",
    "search",
    "orders",
    "messages",
    "admins",
    "audit",
    "customers",
    "reports",
    "categories",
    "settings",
    "reviews",
    "shop-health",
    "sign-in-security",
  ];
  for (const [menu, name] of panels.entries()) {
    await gotoHydrated(page, `/admin?menu=${menu}`);
    await expectBackOfficeFrame(page, info, name);
  }
  await expectAccessible(page);

  await gotoHydrated(page, `/admin/orders/${orderRef}`);
  await expect(page.getByRole("heading", { name: orderRef, level: 1 })).toBeVisible();
  await expectBackOfficeFrame(page, info, "order");
  // Its invoice and packing slip (issue 18).
  for (const sheet of ["invoice", "packing-slip"]) {
    await gotoHydrated(page, `/admin/orders/${orderRef}/${sheet}`);
    await expect(page.getByTestId("order-document")).toBeVisible();
    await expectBackOfficeFrame(page, info, sheet);
  }

  await gotoHydrated(page, `/admin/products/${featured.id}`);
  await expect(page.getByRole("heading", { name: `Edit product ${featured.id}`, level: 1 })).toBeVisible();
  await expectBackOfficeFrame(page, info, "product");
  // Each size's name, price and stock is shown whole in its box: staff change the price they meant.
  for (const [i, variant] of featured.variants.entries()) {
    const size = page.getByLabel(`Size ${i + 1}`, { exact: true });
    await expect(size).toHaveValue(variant.size);
    for (const box of [
      size,
      page.getByLabel(`Price of size ${i + 1}`, { exact: true }),
      page.getByLabel(`Stock of size ${i + 1}`, { exact: true }),
    ]) {
      const cut = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, `${await box.getAttribute("aria-label")} shows its whole value`).toBe(false);
    }
  }
  await expectAccessible(page);
});

test("the back office's menu: a side menu on desktop, one Menu button on phones; it leads to each panel and back to the shop", async ({
  page,
  ownerLogin,
}, info) => {
  await ownerLogin();
  await gotoHydrated(page, "/admin");
  const phone = info.project.name === "phone";
  const toggle = page.locator("summary", { hasText: "Menu" });
  await expect(toggle).toBeVisible({ visible: phone });
  if (phone) {
    // The panel starts near the top of the screen: one bar above it, not a wall of buttons.
    const top = await page.getByRole("heading", { name: "Admin Info" }).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(260);
  }
  const menu = await adminMenu(page);
  await menu.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/admin\?menu=5$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 2 })).toBeVisible();
  // Choosing closes the phone's menu.
  if (phone) await expect(page.getByRole("navigation", { name: "Admin Dashboard menu" })).toBeHidden();
  await (await adminMenu(page)).getByRole("link", { name: "View the shop" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeAttached();
});

import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { BREAKOUT, escaped, IMG, SCRIPT, SVG } from "../support/hostile-text";
import { expect, gotoHydrated, owner, test, uniqueEmail } from "./fixtures";

// Issue 8, "Hostile input": text shown in pages can never run script. A product whose name and
// description hold markup (posted through the admin's upload call) and a contact message holding
// the same are shown on every page that shows them; each page's server HTML must carry the text
// escaped and no live element made of it, and in Chromium no script may run and no such element
// may exist after hydration. The API side (stored and served unchanged) is in
// tests/api/hostile-input.test.ts.

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/admin_login.php", { data: { email: owner.email, password: owner.password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).token;
}

/**
 * What in a document was made of injected markup: on* attributes (React renders none), img src=x,
 * a script of alert(1). Run in the page: the server's HTML (parsed, never run) or the live document.
 */
function liveMarkupIn(html: string | null) {
  const doc = html === null ? document : new DOMParser().parseFromString(html, "text/html");
  return {
    handlers: [...doc.querySelectorAll("*")]
      .filter((e) => [...e.attributes].some((a) => a.name.startsWith("on")))
      .map((e) => e.outerHTML.slice(0, 80)),
    images: doc.querySelectorAll('img[src="x"]').length,
    scripts: [...doc.scripts].filter((s) => s.textContent?.trim() === "alert(1)").length,
  };
}
const INERT = { handlers: [], images: 0, scripts: 0 };

/** The server's HTML of a page (with the page's cookies), parsed by the browser without running it: no live markup, and `mustShow` escaped in it. */
async function expectInertHtml(page: Page, path: string, mustShow: string[]) {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const live = await page.evaluate(liveMarkupIn, html);
  expect(live, `${path}: markup made of the text in the server's HTML`).toEqual(INERT);
  for (const text of mustShow) expect(html, `${path} shows ${text} as text`).toContain(escaped(text));
}

/** In the browser after hydration: no alert ran, no element was made of the text, and the text is visible as text. */
async function expectInertPage(page: Page, path: string, visibleText: string, alerts: string[]) {
  await gotoHydrated(page, path);
  await expect(page.getByText(visibleText, { exact: false }).first()).toBeVisible();
  // An onerror handler runs when the picture fails to load: give it the time to.
  await page.waitForLoadState("networkidle");
  expect(alerts, `${path}: dialogs opened`).toEqual([]);
  const live = await page.evaluate(liveMarkupIn, null);
  expect(live, `${path}: live elements made of the text after hydration`).toEqual(INERT);
}

test(
  "markup in a product and in a contact message is shown as text on every page, never run",
  { tag: "@one-width" },
  async ({ page, ownerLogin }, info) => {
    test.slow();
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });

    const tag = `${info.project.name}-${Math.random().toString(36).slice(2, 8)}`;
    const name = `Pillow ${tag} ${SCRIPT} ${IMG}`;
    const description = `Soft ${IMG} ${BREAKOUT} ${SVG} ${SCRIPT}`;
    const token = await adminToken(page.request);
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 40 } } })
      .png()
      .toBuffer();
    const created = await page.request.post("/api/upload_product.php", {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        productName: name,
        description,
        price: "1500",
        category: "Pillows",
        "productImages[]": { name: "front.png", mimeType: "image/png", buffer: picture },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id: number = (await created.json()).product_id;

    const letter = { name: `Ada ${tag} ${SCRIPT}`, email: uniqueEmail("hostile"), phone: "08031234567", message: `Hello ${IMG} ${BREAKOUT} ${SVG}` };
    const sent = await page.request.post("/api/api4users/contact.php", { data: letter });
    expect(sent.status(), await sent.text()).toBe(201);

    try {
      // ---- the storefront: detail page (name, description, and the page's meta and data), category list, search
      await expectInertHtml(page, `/productdetail/${id}`, [name, description]);
      await expectInertPage(page, `/productdetail/${id}`, `Pillow ${tag} ${SCRIPT}`, alerts);
      await expectInertHtml(page, "/productlistpage/Pillows", [`Pillow ${tag}`]);
      await expectInertPage(page, "/productlistpage/Pillows", `Pillow ${tag}`, alerts);
      const search = `/searchresultpage?searchTerm=${encodeURIComponent(name)}`;
      await expectInertHtml(page, search, []);
      await expectInertPage(page, search, "Search Results", alerts);

      // ---- the back office, signed in with the page's cookies: Manage Products, the edit page, Messages
      await ownerLogin();
      await expectInertHtml(page, "/admin?menu=2&category=Pillows", [name]);
      await expectInertPage(page, "/admin?menu=2&category=Pillows", `Pillow ${tag} ${SCRIPT}`, alerts);
      await expectInertHtml(page, `/admin/products/${id}`, []);
      await gotoHydrated(page, `/admin/products/${id}`);
      await expect(page.getByLabel("Product name")).toHaveValue(name);
      expect(alerts).toEqual([]);
      await expectInertHtml(page, "/admin?menu=6", [letter.name, letter.message]);
      await expectInertPage(page, "/admin?menu=6", `Ada ${tag} ${SCRIPT}`, alerts);
    } finally {
      await page.request.post("/api/delete_product.php", { headers: { authorization: `Bearer ${token}` }, data: { productId: id } });
    }
  },
);

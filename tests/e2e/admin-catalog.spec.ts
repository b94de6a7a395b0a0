import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, forgiveBadRequest, fullPageShot, gotoHydrated, loadAllPictures, menuLink, test } from "./fixtures";

// The admin's catalogue tools in Chromium (requirements §2 /admin menus 1, 2 and 4, §3 Product upload
// form, §4 "after a successful upload it returns to 0", §5 Product images, Search, Delete
// product), plus the edit page, and what the storefront shows after each step.
//
// Tests run in parallel (phone and desktop projects) on one database: every test posts and
// works on its own product, named with the project and a random tag.

const naira = (n: number) => `₦${n.toLocaleString("en-US")}`;

/** A full-page screenshot from the top (a scrolled page would show the sticky header mid-page). */
async function shot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, `test-results/shots/${info.project.name}-admin-${name}.png`);
}

/** Real pictures written with sharp under test-results/, for setInputFiles. */
async function writePictures(info: TestInfo, count: number, kinds: ("png" | "jpeg")[] = ["png", "jpeg"]): Promise<string[]> {
  const dir = path.join("test-results", "admin-catalog-pictures", `${info.project.name}-${info.testId}`);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length];
    const picture = sharp({ create: { width: 320 + i * 10, height: 240, channels: 3, background: { r: 40 + i * 40, g: 120, b: 200 - i * 30 } } });
    const file = path.join(dir, `picture-${i + 1}.${kind === "png" ? "png" : "jpg"}`);
    await (kind === "png" ? picture.png() : picture.jpeg()).toFile(file);
    files.push(file);
  }
  return files;
}

function productName(info: TestInfo, tag: string): string {
  return `Pillow ${tag} ${info.project.name} ${Math.random().toString(36).slice(2, 8)}`;
}

/** The dashboard's panel with this heading (the side menu and the header have their own links and buttons). */
const panel = (page: Page, heading: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });

async function fillProduct(page: Page, p: { name: string; description: string; price: string; stock: string }) {
  await page.getByLabel("Product name").fill(p.name);
  await page.getByLabel("Description").fill(p.description);
  await page.getByLabel("Category").selectOption("Pillows");
  await page.getByLabel("Price (NGN)").fill(p.price);
  await page.getByLabel("Available stock").fill(p.stock);
}

/** Manage Products with Pillows chosen; returns the row of the named product (maybe absent). */
async function managePillows(page: Page, name: string) {
  await gotoHydrated(page, "/admin?menu=2");
  await expect(page.getByRole("heading", { name: "Manage Products" })).toBeVisible();
  await page.getByLabel("Category").selectOption("Pillows");
  await expect(page).toHaveURL(/[?&]category=Pillows/);
  await expect(panel(page, "Manage Products").getByRole("listitem").first()).toBeVisible();
  return panel(page, "Manage Products").getByRole("listitem").filter({ hasText: name });
}

/** The header search box the viewport shows (desktop and phone each have one). */
async function headerSearch(page: Page, term: string) {
  const box = page.getByRole("searchbox", { name: "Search the shop" }).locator("visible=true");
  await box.fill(term);
  await box.press("Enter");
}

test("the admin posts a product, edits its price and deletes it; the shop follows each step", async ({ page, ownerLogin }, info) => {
  test.slow();
  const name = productName(info, "life");
  const [pngFile, jpegFile] = await writePictures(info, 2);
  await ownerLogin();

  // ---- Post Product (menu 1)
  await gotoHydrated(page, "/admin?menu=1");
  await expect(page.getByRole("heading", { name: "Post Product" })).toBeVisible();
  await expect(menuLink(page, "Post Product")).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Available stock")).toHaveValue("1");
  await fillProduct(page, { name, description: "Hollow-fibre pillow with a cotton cover, 50x70 cm.", price: "18500", stock: "6" });
  await page.locator("#productImages").setInputFiles([pngFile, jpegFile]);
  // Thumbnails of the chosen pictures before anything is sent (issue 18), drawn by the browser.
  const chosen = page.getByTestId("chosen-pictures");
  for (const [i, file] of ["picture-1.png", "picture-2.jpg"].entries()) {
    const thumbnail = chosen.getByRole("img", { name: `Chosen picture ${i + 1}: ${file}` });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, info, "post");

  await page.getByRole("button", { name: "Post Product" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Product uploaded successfully.");
  await expect(page).toHaveURL(/\/admin\?menu=0$/);
  await expect(menuLink(page, "Admin Info")).toHaveAttribute("aria-current", "page");

  // ---- on its category page, with both pictures and the price
  await gotoHydrated(page, "/productlistpage/Pillows");
  const card = page.getByRole("link").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(naira(18500));
  const href = await card.getAttribute("href");
  expect(href).toMatch(/^\/productdetail\/\d+$/);
  const id = Number(href!.split("/").pop());
  const picture = card.locator("img");
  await expect(picture).toHaveAttribute("src", /\/api\/uploads\/upload-[0-9a-f]+\.webp/);

  // ---- in the header search's results
  await headerSearch(page, name);
  await expect(page).toHaveURL(/\/searchresultpage\?searchTerm=/);
  expect(new URL(page.url()).searchParams.get("searchTerm")).toBe(name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Search Results : \d+ items Found$/);
  const result = page.locator(`a[href="/productdetail/${id}"]`);
  await expect(result).toHaveCount(1);
  await expect(result).toContainText(`${name.slice(0, 13)}...`);
  await expect(result).toContainText(naira(18500));

  // ---- Manage Products (menu 2) → Edit → a new price
  const row = await managePillows(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`ID ${id}`);
  await expect(row).toContainText(`${naira(18500)} · 6 in stock`);
  await expect(row.getByRole("link", { name: "View" })).toHaveAttribute("href", `/productdetail/${id}`);
  await expectAccessible(page);
  await loadAllPictures(page);
  await shot(page, info, "manage");

  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit product ${id}`);
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByLabel("Price (NGN)")).toHaveValue("18500");
  await expect(page.getByLabel("Available stock")).toHaveValue("6");
  await expect(page.getByRole("img", { name: /^Picture \d$/ })).toHaveCount(2);
  await expectAccessible(page);
  await loadAllPictures(page);
  await shot(page, info, "edit");

  await page.getByLabel("Price (NGN)").fill("23450");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Product updated.");
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
  await expect(page.getByLabel("Price (NGN)")).toHaveValue("23450");

  await gotoHydrated(page, `/productdetail/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(naira(23450), { exact: true })).toBeVisible();
  await expect(page.getByText(naira(18500), { exact: true })).toHaveCount(0);

  // ---- Delete: "No, keep it" keeps it
  const again = await managePillows(page, name);
  await expect(again).toContainText(`${naira(23450)} · 6 in stock`);
  await again.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Do you want to delete this product?");
  await expect(dialog).toContainText(name);
  await expect(dialog.getByRole("button", { name: "Yes, delete it!" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "No, keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(again).toHaveCount(1);
  await expect(page.getByText("Product deleted.")).toHaveCount(0);

  // ---- Delete: "Yes, delete it!" removes it from the list and the shop
  await again.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product deleted." })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(again).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]category=Pillows/);

  await page.reload();
  await expect(panel(page, "Manage Products").getByRole("listitem").first()).toBeVisible();
  await expect(panel(page, "Manage Products").getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  await gotoHydrated(page, "/productlistpage/Pillows");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link").filter({ hasText: name })).toHaveCount(0);
  const reply = await page.request.get(`/api/get_product_by_id.php?productId=${id}`);
  expect(reply.status()).toBe(404);
});

test("Post Product refuses a fifth picture in the browser, without sending the form @one-width", async ({ page, ownerLogin }, info) => {
  const name = productName(info, "five");
  const five = await writePictures(info, 5);
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=1");
  await fillProduct(page, { name, description: "Five pictures are one too many.", price: "9000", stock: "2" });

  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
  await page.locator("#productImages").setInputFiles(five);
  await expect(page.getByRole("alert")).toHaveText("You cannot upload more than 4 images");
  await page.getByRole("button", { name: "Post Product" }).click();
  await expect(page.getByRole("alert")).toHaveText("You cannot upload more than 4 images");
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/admin\?menu=1$/);
  await expect(page.getByLabel("Product name")).toHaveValue(name);

  const found = await page.request.get(`/api/get_products_by_name.php?searchTerm=${encodeURIComponent(name)}`);
  expect((await found.json()).products.filter((p: { product_name: string }) => p.product_name === name)).toEqual([]);

  // Four of them are fine: the message goes away.
  await page.locator("#productImages").setInputFiles(five.slice(0, 4));
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("Post Product shows the server's refusal of files the browser cannot judge, by their names @one-width", async ({
  page,
  ownerLogin,
  consoleErrors,
}, info) => {
  const name = productName(info, "fake");
  const dir = path.join("test-results", "admin-catalog-pictures", `${info.project.name}-${info.testId}`);
  await mkdir(dir, { recursive: true });
  // A Windows program renamed .png: the browser calls it image/png, only its bytes say otherwise.
  const fake = path.join(dir, "setup.png");
  await writeFile(fake, Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(4096, 7)]));
  // A real PNG cut off half-way: the right signature and header, but it cannot be drawn.
  const whole = await sharp(
    Buffer.alloc(300 * 300 * 3).map((_, i) => (i * 7919) % 251),
    { raw: { width: 300, height: 300, channels: 3 } },
  )
    .png()
    .toBuffer();
  const cut = path.join(dir, "cut.png");
  await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));

  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=1");
  await fillProduct(page, { name, description: "Not really a picture.", price: "5000", stock: "1" });
  await page.locator("#productImages").setInputFiles([fake]);
  await expect(page.getByRole("alert")).toHaveCount(0);
  const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin"));
  await page.getByRole("button", { name: "Post Product" }).click();
  // Refused as bad input (400), with the file's name on the page.
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Invalid file types or sizes detected: setup.png");
  await expect(page).toHaveURL(/\/admin\?menu=1$/);
  await expect(page.getByLabel("Product name")).toHaveValue(name);

  await page.locator("#productImages").setInputFiles([cut]);
  await page.getByRole("button", { name: "Post Product" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid file types or sizes detected: cut.png");
  await expect(page).toHaveURL(/\/admin\?menu=1$/);
  await expect(page.getByRole("heading", { name: "Post Product" })).toBeVisible();

  const found = await page.request.get(`/api/get_products_by_name.php?searchTerm=${encodeURIComponent(name)}`);
  expect((await found.json()).products.filter((p: { product_name: string }) => p.product_name === name)).toEqual([]);
  forgiveBadRequest(consoleErrors);
});

test("Search Products asks for a name or an ID, and finds the new product by its ID", async ({ page, ownerLogin }, info) => {
  const name = productName(info, "find");
  const [pngFile] = await writePictures(info, 1);
  await ownerLogin();
  await gotoHydrated(page, "/admin?menu=1");
  await fillProduct(page, { name, description: "Found by its number.", price: "7250", stock: "3" });
  await page.locator("#productImages").setInputFiles([pngFile]);
  await page.getByRole("button", { name: "Post Product" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Product uploaded successfully.");

  await gotoHydrated(page, "/admin?menu=4");
  await expect(page.getByRole("heading", { name: "Search Products" })).toBeVisible();
  const byName = page.locator("form").filter({ has: page.getByLabel("Product name") });
  const byId = page.locator("form").filter({ has: page.getByLabel("Product ID") });

  await byName.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a product name");
  await expect(page).toHaveURL(/\/admin\?menu=4$/);
  await byId.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a product ID");
  await expect(page).toHaveURL(/\/admin\?menu=4$/);
  // Blanks count as empty.
  await page.getByLabel("Product name").fill("   ");
  await byName.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a product name");
  await expectAccessible(page);

  // By name, then by the ID the result shows.
  await page.getByLabel("Product name").fill(name);
  await byName.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]name=/);
  const hit = panel(page, "Search Products").getByRole("listitem").filter({ hasText: name });
  await expect(hit).toHaveCount(1);
  const id = Number(/ID (\d+)/.exec((await hit.textContent()) ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);

  await page.getByLabel("Product ID").fill(String(id));
  await byId.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${id}$`));
  const rows = panel(page, "Search Products").getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(name);
  await expect(rows).toContainText(`ID ${id} · ${naira(7250)} · 3 in stock`);
  await expect(rows.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/admin/products/${id}`);
  await expectAccessible(page);
  await loadAllPictures(page);
  await shot(page, info, "search");

  // An unknown ID finds nothing.
  await page.getByLabel("Product ID").fill("987654321");
  await byId.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText("No products found.")).toBeVisible();
});

test("a customer who opens /admin is sent to /adminlogin @one-width", async ({ page, login }) => {
  await login({ label: "not-admin", fullName: "Bisi Adeyemi" });

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/adminlogin$/);
  await page.goto("/admin?menu=1");
  await expect(page).toHaveURL(/\/adminlogin$/);
  const direct = await page.request.get("/admin?menu=2", { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe("/adminlogin");

  // The customer's session token does not open the admin pages even in the admin's cookie.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "shop_session");
  expect(session).toBeDefined();
  await page.context().addCookies([{ ...session!, name: "shop_admin_session" }]);
  await page.goto("/admin?menu=2");
  await expect(page).toHaveURL(/\/adminlogin$/);
  // Nor the upload API.
  const upload = await page.request.post("/api/upload_product.php", { multipart: { productName: "x" } });
  expect(upload.status()).toBe(401);
});

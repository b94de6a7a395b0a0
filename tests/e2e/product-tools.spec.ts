import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { expect, expectAccessible, expectOnTop, forgiveNotFound, fullPageShot, gotoHydrated, loadAllPictures, test } from "./fixtures";

// The product page's back-office tools (issue 18), at 375 px (a flow run at one width, decision
// 0048): Duplicate makes a hidden copy without stock; staff rename it, stock it, put it on sale and
// hide it again, and the shop follows; thumbnails of chosen pictures before upload; a deleted
// product's record, not a 404. Each run works on its own copy, named for its width.

const ORIGINAL = "Shaggy Bedside Rug 60 x 120 cm";

test("staff duplicate a product, put the copy on sale, hide it again and delete it; the shop follows each step", async ({
  page,
  ownerLogin,
  consoleErrors,
}, info) => {
  test.setTimeout(150_000);
  const name = `Rug Copy ${info.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  const found = await page.request.get(`/api/get_products_by_name.php?searchTerm=${encodeURIComponent(ORIGINAL)}`);
  const originalId: number = (await found.json()).products.find((p: { product_name: string }) => p.product_name === ORIGINAL).id;
  await ownerLogin();

  // ---- Duplicate
  await gotoHydrated(page, `/admin/products/${originalId}`);
  const duplicate = page.getByRole("button", { name: "Duplicate" });
  await expectOnTop(duplicate);
  await duplicate.click();
  await expect(page.getByTestId("notice")).toHaveText("Copy made. It is hidden from the shop, with no stock, until you put it on sale.");
  await expect(page).not.toHaveURL(new RegExp(`/admin/products/${originalId}\\b`));
  const copyId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit product ${copyId}`);
  await expect(page.getByLabel("Product name")).toHaveValue(`${ORIGINAL} (copy)`);
  await expect(page.getByLabel("Available stock")).toHaveValue("0");
  await expect(page.getByLabel("In the shop")).toHaveValue("hidden");
  await expect(page.getByText("Hidden from the shop", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View in the shop" })).toHaveCount(0);
  await expectAccessible(page);
  await loadAllPictures(page);
  await fullPageShot(page, `test-results/shots/${info.project.name}-product-copy.png`);

  // Hidden: no page in the shop.
  expect((await page.request.get(`/api/get_product_by_id.php?productId=${copyId}`)).status()).toBe(404);

  // ---- Thumbnails before upload: a good picture and one over 2 MB, neither sent. The copy has
  // the original's four pictures; two go, to make room.
  for (const n of [4, 3]) await page.getByRole("button", { name: `Remove picture ${n}` }).click();
  const dir = path.join("test-results", "product-tools", info.project.name);
  await mkdir(dir, { recursive: true });
  const good = path.join(dir, "rug.png");
  await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 180, g: 60, b: 60 } } })
    .png()
    .toFile(good);
  const big = path.join(dir, "huge.jpg");
  await writeFile(big, Buffer.alloc(2 * 1024 * 1024 + 1, 1));
  await page.locator("#productImages").setInputFiles([good, big]);
  const chosen = page.getByTestId("chosen-pictures");
  const thumbnail = chosen.getByRole("img", { name: "Chosen picture 1: rug.png" });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
  await expect(chosen.getByRole("listitem").nth(1)).toContainText("huge.jpg");
  await expect(chosen.getByRole("listitem").nth(1)).toContainText("2.1 MB");
  // Not a picture at all, for all its name: said, not drawn as a broken image.
  await expect(chosen.getByRole("listitem").nth(1)).toContainText("Cannot show this picture");
  await expect(page.getByRole("alert")).toHaveText("Invalid file types or sizes detected: huge.jpg");
  await fullPageShot(page, `test-results/shots/${info.project.name}-product-thumbnails.png`);
  // The form is not sent with a refused picture.
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid file types or sizes detected: huge.jpg");
  await page.locator("#productImages").setInputFiles([]);
  await expect(chosen).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);

  // ---- Rename, stock, alert, on sale
  await page.getByLabel("Product name").fill(name);
  await page.getByLabel("Available stock").fill("4");
  await page.getByLabel("Low-stock alert at").fill("6");
  await page.getByLabel("In the shop").selectOption("on-sale");
  await expectOnTop(page.getByLabel("In the shop"));
  const save = page.getByRole("button", { name: "Save changes" });
  await expectOnTop(save);
  await save.click();
  await expect(page.getByTestId("notice")).toHaveText("Product updated.");
  await expect(page.getByLabel("Low-stock alert at")).toHaveValue("6");
  await expect(page.getByLabel("In the shop")).toHaveValue("on-sale");
  const view = page.getByRole("link", { name: "View in the shop" });
  await expectOnTop(view);
  await view.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  // On sale, and low on stock (4 at an alert of 6): the search finds it.
  await gotoHydrated(page, `/searchresultpage?searchTerm=${encodeURIComponent(name)}`);
  await expect(page.locator(`a[href="/productdetail/${copyId}"]`)).toHaveCount(1);

  // ---- Hidden again: gone from search and its page, still in Manage Products, marked.
  await gotoHydrated(page, `/admin/products/${copyId}`);
  await page.getByLabel("In the shop").selectOption("hidden");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Product updated.");
  await gotoHydrated(page, `/searchresultpage?searchTerm=${encodeURIComponent(name)}`);
  await expect(page.getByText("No products found for this search.")).toBeVisible();
  await page.goto(`/productdetail/${copyId}`);
  await expect(page.getByText("Product not found.")).toBeVisible();
  // The shop's own 404 for the hidden copy's page is the browser's expected complaint.
  forgiveNotFound(consoleErrors);
  await gotoHydrated(page, "/admin?menu=2&category=Foot%20Marts");
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Hidden");
  await expect(row.getByRole("link", { name: "View" })).toHaveCount(0);
  await expectOnTop(row.getByRole("link", { name: "Edit" }));

  // ---- Delete: its page becomes the record, never a 404.
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product deleted." })).toBeVisible();
  await gotoHydrated(page, `/admin/products/${copyId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Product ${copyId}: ${name}`);
  await expect(page.getByRole("note").filter({ hasText: "Deleted on" })).toContainText("This record cannot be edited.");
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByTestId("archived-sizes")).toContainText("4 in stock");
  await expectAccessible(page);
  await fullPageShot(page, `test-results/shots/${info.project.name}-product-deleted-record.png`);
});

import sharp from "sharp";
import { messages } from "~/common/messages";
import { adminMenu, expect, expectAccessible, expectOnTop, fullPageShot, gotoHydrated, loadAllPictures, test } from "./fixtures";

// Categories (issue 18), at 375 and 1280 px: staff add a category with a logo (seen before it is
// sent), rename it (the old link redirects), move it to the end of the menus (a header link) and
// retire it. Both widths run at once against one shop, as other tests do that read the menus
// (storefront.spec.ts checks the header's last two links): each width's category has its own
// name, it is put last only for the moment it takes to see it there, and it is retired in a
// finally block whatever happens. The order of the seeded categories is tested on a database of
// its own (tests/api/categories.test.ts).

test("staff add a category with a logo, rename it, move it to be last, and retire it", async ({ page, ownerLogin }, info) => {
  test.setTimeout(120_000);
  const phone = info.project.name === "phone";
  const suffix = Date.now().toString(36).slice(-4);
  const first = `Cots ${info.project.name} ${suffix}`;
  const renamed = `Baby Cots ${info.project.name} ${suffix}`;
  const logo = test.info().outputPath("logo.png");
  await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 20, g: 110, b: 90 } } })
    .png()
    .toFile(logo);

  await ownerLogin();
  await gotoHydrated(page, "/admin");
  await (await adminMenu(page)).getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/admin\?menu=11$/);
  await expect(page.getByRole("heading", { name: "Categories", level: 2 })).toBeVisible();

  let categoryId: string | null = null;
  try {
    // ---- add, with the logo's thumbnail shown before it is sent
    const addToggle = page.getByText("Add a category", { exact: true });
    await expectOnTop(addToggle);
    await addToggle.click();
    await page.locator("#new-category-name").fill(first);
    await page.getByLabel("Description (optional)").fill("Cots and small beds for babies.");
    await page.locator("#new-category-logo").setInputFiles(logo);
    await expect(page.getByRole("img", { name: "Chosen logo: logo.png" })).toBeVisible();
    const add = page.getByRole("button", { name: "Add category" });
    await expectOnTop(add);
    await add.click();
    await expect(page.getByText(messages.categoryAdded(first))).toBeVisible();
    const card = page.locator(`li[data-category="${first}"]`);
    await expect(card.getByRole("img", { name: `Logo of ${first}` })).toBeVisible();
    await expect(card).toContainText("0 on sale · 0 hidden");
    categoryId = await card.locator("input[name=categoryId]").first().inputValue();
    await loadAllPictures(page);
    await fullPageShot(page, `test-results/shots/${info.project.name}-categories.png`);

    // ---- rename: the old address leads to the new name
    const edit = card.getByText("Edit, logo or retire");
    await expectOnTop(edit);
    await edit.click();
    await card.getByLabel("Name", { exact: true }).fill(renamed);
    const save = card.getByRole("button", { name: "Save name and description" });
    await expectOnTop(save);
    await save.click();
    await expect(page.getByText(messages.categorySaved(renamed))).toBeVisible();
    const renamedCard = page.locator(`li[data-category="${renamed}"]`);
    await expect(renamedCard).toBeVisible();
    await expectAccessible(page);
    await renamedCard.getByText("Edit, logo or retire").click();
    await fullPageShot(page, `test-results/shots/${info.project.name}-categories-edit.png`);

    await gotoHydrated(page, `/productlistpage/${encodeURIComponent(first)}`);
    await expect(page).toHaveURL(`/productlistpage/${encodeURIComponent(renamed)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed.toUpperCase());

    // ---- to the end of the menus: a header link, for a moment
    await gotoHydrated(page, "/admin?menu=11");
    const down = page.getByRole("button", { name: `Move ${renamed} down` });
    while (await down.isEnabled()) {
      await expectOnTop(down);
      const place = await renamedCard.getByLabel(/^Number \d+$/).textContent();
      await down.click();
      await expect(renamedCard.getByLabel(/^Number \d+$/)).not.toHaveText(place!);
    }
    await gotoHydrated(page, "/");
    const link = phone
      ? page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: renamed })
      : page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: renamed.toUpperCase() });
    if (phone) await page.getByRole("button", { name: "Open menu" }).click();
    // The other width's category may be last for a moment too: the header's last two are both.
    await expectOnTop(link);
    await fullPageShot(page, `test-results/shots/${info.project.name}-categories-header.png`);

    // ---- retire, after a confirmation
    await gotoHydrated(page, "/admin?menu=11");
    await renamedCard.getByText("Edit, logo or retire").click();
    await expect(renamedCard.getByLabel("Move its products to")).toHaveValue("");
    const retire = renamedCard.getByRole("button", { name: `Retire ${renamed}` });
    await expectOnTop(retire);
    await retire.click();
    const dialog = page.getByRole("dialog", { name: messages.categoryRetireConfirmTitle });
    await expect(dialog).toContainText(messages.categoryRetireConfirmText(renamed, null));
    await fullPageShot(page, `test-results/shots/${info.project.name}-categories-retire.png`);
    const yes = dialog.getByRole("button", { name: "Yes, retire it" });
    await expectOnTop(yes);
    await yes.click();
    await expect(page.getByText(messages.categoryRetired(renamed, null, 0))).toBeVisible();
    categoryId = null;
    await expect(renamedCard).toHaveCount(0);
    const gone = await page.request.get(`/productlistpage/${encodeURIComponent(renamed)}`);
    expect(gone.status()).toBe(404);
  } finally {
    // Whatever failed, the shop's menus are left as they were for the other tests.
    if (categoryId) await page.request.post("/admin?menu=11", { form: { intent: "category-retire", categoryId, moveTo: "" } });
  }
});

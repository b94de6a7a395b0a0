import { expect, forgiveBadRequest, test } from "./fixtures";

// Issue 26 (decision 0049): each panel of the dashboard is a module whose forms post to the
// panel's own address, `/admin?menu=N`. Without JavaScript a form is a plain post to that
// address: the page that answers is the same panel with the form's words, the frame and its
// menu around it. These forms change nothing another test reads: a refused save, and the
// owner's phone number saved as it is.

test.use({ javaScriptEnabled: false });

test(
  "without JavaScript, a panel's form posts to its own address and the panel answers it",
  { tag: "@one-width" },
  async ({ page, ownerLogin, consoleErrors }) => {
    await ownerLogin();

    await page.goto("/admin?menu=12");
    const ways = page.getByRole("group", { name: "Ways to pay" });
    for (const box of await ways.getByRole("checkbox").all()) await box.uncheck();
    await page.getByRole("button", { name: "Save ways to pay" }).click();
    await expect(page).toHaveURL(/\/admin\?menu=12$/);
    await expect(page.getByText("Please choose at least one way to pay.")).toBeVisible();
    forgiveBadRequest(consoleErrors); // the refused save answers 400
    // Inside the frame: its menu (hidden behind the Menu button on a phone) marks Settings as this page.
    await expect(page.locator("nav[aria-label='Admin Dashboard menu'] a[aria-current='page']").first()).toHaveText("Settings");

    await page.goto("/admin?menu=0");
    await page.getByLabel("New phone number").fill((await page.getByTestId("phone-number").textContent())!.trim());
    await page.getByRole("button", { name: "Update Phone Number" }).click();
    await expect(page).toHaveURL(/\/admin\?menu=0$/);
    await expect(page.getByText("Phone number updated.")).toBeVisible();
  },
);

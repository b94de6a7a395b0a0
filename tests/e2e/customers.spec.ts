import { adminMenu, expect, expectAccessible, expectOnTop, fullPageShot, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { buyOne } from "./shopping";

// The Customers panel and the Orders panel's search (issue 18), at 375 px (a flow run at one
// width, decision 0048): staff find a customer by name and an order by phone, and go from the
// customer to their order.

test("staff find a customer by name and an order by phone, and open the order from the customer", async ({ page, login, ownerLogin }, info) => {
  test.setTimeout(150_000);
  // A name and phone no other test uses, one per width (were it run at both
  // widths again, at once against one shop).
  const surname = info.project.name === "phone" ? "Oyelaran" : "Ekwueme";
  const phone = info.project.name === "phone" ? "08067771234" : "08067774321";
  const customer = await login({ label: "findable", fullName: `Folake ${surname}` });
  const { orderRef } = await buyOne(page, "/productdetail/21", {
    firstName: "Folake",
    lastName: surname,
    phone,
    email: uniqueEmail("findable-ship"),
    address: "4 Broad Street",
    state: "Lagos",
    city: "Lagos Island",
  });

  await ownerLogin();
  // Orders: the phone as a Nigerian would type it to a colleague.
  await gotoHydrated(page, "/admin?menu=5");
  await page.getByLabel("Search", { exact: true }).fill(`+234 ${phone.slice(1, 4)} ${phone.slice(4)}`);
  const show = page.getByRole("button", { name: "Show orders" });
  await expectOnTop(show);
  await show.click();
  await expect(page).toHaveURL(/[?&]q=/);
  // The panel's count, not the loading bar's status, which is up while the search loads.
  await expect(page.getByRole("status").filter({ hasText: / orders?\b/ })).toHaveText("1 order matches");
  await expect(page.getByRole("link", { name: orderRef })).toBeVisible();

  // Customers: by surname, then the customer's page and their order.
  await (await adminMenu(page)).getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/menu=9$/);
  await page.getByLabel("Search", { exact: true }).fill(surname.toLowerCase());
  const find = page.getByRole("button", { name: "Find" });
  await expectOnTop(find);
  await find.click();
  const row = page.getByTestId("customers").getByRole("link").filter({ hasText: customer.email });
  await expect(row).toContainText("1 order");
  await expectOnTop(row);
  await expectAccessible(page);
  await row.click();
  await expect(page.getByRole("heading", { name: `Folake ${surname}`, level: 2 })).toBeVisible();
  const order = page.getByTestId("customer-orders").getByRole("link", { name: new RegExp(orderRef) });
  await expect(order).toContainText("Paid");
  await fullPageShot(page, `test-results/shots/${info.project.name}-customer.png`);
  await expectOnTop(order);
  await order.click();
  await expect(page.getByRole("heading", { name: orderRef, level: 1 })).toBeVisible();
});

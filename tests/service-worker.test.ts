import { describe, expect, it } from "vitest";
import { SHOP_ROUTES } from "~/app/route-facts";
import { CATALOGUE_PATH_PATTERNS } from "~/scripts/catalogue-paths.mjs";
import { CATALOGUE_ROUTES } from "~/scripts/service-worker.mjs";

// Issue 30: the service worker keeps offline copies of the catalogue pages only, and precaches
// their modules. Its two lists are held to the route table, so a new page is not kept by mistake
// (a personal page) nor forgotten (a catalogue page).

const pages = SHOP_ROUTES.filter((route) => route.file.endsWith(".tsx") && route.path !== "*");
/** An address of the route, with a value in each of its segments. */
const addressOf = (path: string | undefined) => `/${(path ?? "").replace(/:\w+\??/g, "x")}`;
const kept = (address: string) => CATALOGUE_PATH_PATTERNS.some((pattern) => new RegExp(pattern).test(address));

describe("the service worker's catalogue pages", () => {
  it("are the route table's cacheable pages, and no other", () => {
    const cacheable = pages.filter((route) => route.cacheable).map((route) => addressOf(route.path));
    const others = pages.filter((route) => !route.cacheable).map((route) => addressOf(route.path));
    expect(cacheable.length).toBeGreaterThan(5);
    expect(cacheable.filter((address) => !kept(address))).toEqual([]);
    expect(others.filter(kept)).toEqual([]);
    expect(others).toEqual(expect.arrayContaining(["/cartpage", "/userdashboard", "/admin", "/ordersummarypage", "/offers/x", "/o/x", "/pay/x"]));
  });

  it("precaches the modules of the same pages", () => {
    const ids = pages.filter((route) => route.cacheable).map((route) => `routes/${route.file.replace(/^routes\//, "").replace(/\.tsx$/, "")}`);
    // And the resource routes a product page asks as it loads.
    const asked = ["routes/productdetail.$productId.review", "routes/productdetail.$productId.stock-alert"];
    expect([...CATALOGUE_ROUTES].sort()).toEqual(["root", ...ids, ...asked].sort());
  });
});

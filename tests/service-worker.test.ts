import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHOP_ROUTES } from "~/app/route-facts";
import { CATALOGUE_PATH_PATTERNS } from "~/scripts/catalogue-paths.mjs";
import { CATALOGUE_ROUTES } from "~/scripts/service-worker.mjs";
import { discardAside, keepPreviousAssets, setPreviousAssetsAside } from "~/scripts/previous-assets.mjs";

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
    // And the resource routes a product page asks as it loads, and the cart's module, whose clientAction keeps a change made offline.
    const asked = ["routes/productdetail.$productId.review", "routes/productdetail.$productId.stock-alert", "routes/cartpage"];
    expect([...CATALOGUE_ROUTES].sort()).toEqual(["root", ...ids, ...asked].sort());
  });
});

describe("the previous release's client assets", () => {
  /** A build folder whose assets are these files. */
  const buildWith = (dir: string, files: string[]) => {
    mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
    for (const name of files) writeFileSync(path.join(dir, "client", "assets", name), name);
  };
  /** What a build does to the folder: the bundler empties it and writes the new release. */
  const rebuild = (dir: string, files: string[]) => {
    rmSync(path.join(dir, "client"), { recursive: true, force: true });
    buildWith(dir, files);
  };
  const assets = (dir: string) => readdirSync(path.join(dir, "client", "assets")).sort();

  it("stay served beside a new release's, one release back only", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "release-"));
    try {
      // Release 1, built before releases listed their own files.
      buildWith(dir, ["home-A1.js", "home-A1.js.br", "cart-B1.js"]);
      // Release 2 keeps release 1's chunks, and lists only its own.
      let aside = setPreviousAssetsAside(dir);
      rebuild(dir, ["home-A2.js", "cart-B1.js"]);
      expect(keepPreviousAssets(aside, dir)).toBe(2);
      discardAside(aside);
      expect(assets(dir)).toEqual(["cart-B1.js", "home-A1.js", "home-A1.js.br", "home-A2.js"]);
      // Release 3 keeps release 2's, and no longer release 1's.
      aside = setPreviousAssetsAside(dir);
      rebuild(dir, ["home-A3.js", "cart-B3.js"]);
      expect(keepPreviousAssets(aside, dir)).toBe(2);
      discardAside(aside);
      expect(existsSync(aside!)).toBe(false);
      expect(assets(dir)).toEqual(["cart-B1.js", "cart-B3.js", "home-A2.js", "home-A3.js"]);
      // A first build has nothing to keep.
      rmSync(dir, { recursive: true, force: true });
      expect(setPreviousAssetsAside(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

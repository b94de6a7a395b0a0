import type { Page } from "@playwright/test";
import { HERO_IMAGES } from "~/common/site-images";
import { expect, gotoHydrated, test } from "./fixtures";

// Issue 30: a phone that asks to save data, as Chrome's data saver asks: the `Save-Data: on` header
// on every request and `navigator.connection.saveData` (Chromium's own override, over the DevTools
// protocol). The home page's banners stand still and load no slide ahead, and the pictures are a
// smaller rendition of the same address (decision 0066). The byte counts are in bench/SLOW-NETWORK.md.

/** Turns on the phone's data saver for this page: the header and the API the page reads. */
async function saveData(page: Page) {
  await page.context().setExtraHTTPHeaders({ "Save-Data": "on" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
}

/** The pictures the page fetched, by address, with their sizes. */
function pictureBytes(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on("response", async (res) => {
    if (!new URL(res.url()).pathname.startsWith("/api/uploads/")) return;
    const body = await res.body().catch(() => null);
    if (body) seen.set(new URL(res.url()).pathname + new URL(res.url()).search, body.length);
  });
  return seen;
}

test("with data saver on, the banners stand still, no slide loads ahead, and pictures come smaller @one-width", async ({ page, browser }) => {
  await saveData(page);
  const pictures = pictureBytes(page);
  await gotoHydrated(page, "/");
  expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true);
  const carousel = page.locator("[aria-roledescription=carousel]");
  // The first slide's picture is drawn (the slides lie on one another: only the current is opaque).
  const first = carousel.locator("[aria-hidden=false] img");
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Past the 3-second beat: still the first slide, and the second slide's picture never asked for.
  await page.waitForTimeout(3_500);
  await expect(carousel).toHaveAttribute("data-slide", "0");
  expect([...pictures.keys()].filter((url) => url.includes(encodeURIComponent(HERO_IMAGES[1])))).toEqual([]);

  // A product page: its picture at the same address as without data saver, in fewer bytes.
  await gotoHydrated(page, "/productdetail/18");
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const picture = page.getByRole("img", { name }).first();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const address = await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname + new URL(img.currentSrc).search);
  const saved = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth);
  await expect.poll(() => pictures.get(address)).toBeGreaterThan(0);

  const plain = await browser.newPage({ viewport: page.viewportSize()!, hasTouch: true });
  try {
    const plainPictures = pictureBytes(plain);
    await gotoHydrated(plain, "/productdetail/18");
    const same = plain.getByRole("img", { name }).first();
    await expect.poll(() => same.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await same.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname + new URL(img.currentSrc).search)).toBe(address);
    expect(saved).toBeLessThan(await same.evaluate((img: HTMLImageElement) => img.naturalWidth));
    await expect.poll(() => plainPictures.get(address)).toBeGreaterThan(pictures.get(address)!);
  } finally {
    await plain.close();
  }
});

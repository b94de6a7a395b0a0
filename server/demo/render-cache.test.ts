import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { renderSvgCached, shippedFileName } from "./render-cache";

const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="${fill}"/><circle cx="500" cy="250" r="200" fill="#fff"/></svg>`;

let dir: string;
let shipped: string | undefined;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  if (shipped) await rm(shipped, { recursive: true, force: true });
  shipped = undefined;
});

describe("renderSvgCached", () => {
  it("draws once, then hands back the same bytes from the folder", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
    const drawn = await renderSvgCached("a.webp", svg("#1e3a8a"), 800, dir);
    expect(drawn).toMatchObject({ fileName: "a.webp", width: 800, height: 400 });
    expect(drawn.variants.map((v) => v.width)).toEqual([320, 640]);
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(1);
    const again = await renderSvgCached("b.webp", svg("#1e3a8a"), 800, dir);
    expect(again.fileName).toBe("b.webp");
    expect(again.data.equals(drawn.data)).toBe(true);
    expect(again.variants.map((v) => [v.width, v.height, v.data.length])).toEqual(drawn.variants.map((v) => [v.width, v.height, v.data.length]));
    expect(await readdir(dir)).toEqual(files);
  });

  it("keeps different drawings and widths apart", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
    const blue = await renderSvgCached("x.webp", svg("#1e3a8a"), 800, dir);
    const red = await renderSvgCached("x.webp", svg("#b91c1c"), 800, dir);
    const small = await renderSvgCached("x.webp", svg("#1e3a8a"), 600, dir);
    expect(red.data.equals(blue.data)).toBe(false);
    expect(small.width).toBe(600);
  });

  it("draws again when a kept picture is damaged, and without a folder", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
    const drawn = await renderSvgCached("a.webp", svg("#15803d"), 800, dir);
    const json = (await readdir(dir)).find((f) => f.endsWith(".json"))!;
    await writeFile(path.join(dir, json), "{not json");
    const redrawn = await renderSvgCached("a.webp", svg("#15803d"), 800, dir);
    expect(redrawn.width).toBe(drawn.width);
    const uncached = await renderSvgCached("a.webp", svg("#15803d"), 800, null);
    expect(uncached.width).toBe(800);
  });

  it("makes a picture the cache lacks from its shipped copy, not by drawing, and keeps it in the cache", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
    shipped = await mkdtemp(path.join(os.tmpdir(), "shipped-"));
    // The blue drawing's shipped copy holds the red one's bytes: what comes back shows where it came from.
    const red = await renderSvgCached("red.webp", svg("#b91c1c"), 800, null);
    await writeFile(path.join(shipped, shippedFileName(svg("#1e3a8a"), 800)), red.data);
    const made = await renderSvgCached("a.webp", svg("#1e3a8a"), 800, dir, shipped);
    expect(made).toMatchObject({ fileName: "a.webp", width: 800, height: 400 });
    expect(made.data.equals(red.data)).toBe(true);
    expect(made.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
    ]);
    const cached = await renderSvgCached("b.webp", svg("#1e3a8a"), 800, dir, null);
    expect(cached.data.equals(red.data)).toBe(true);
    // Another width of the same drawing is another picture: not shipped, so drawn.
    const other = await renderSvgCached("c.webp", svg("#1e3a8a"), 600, dir, shipped);
    expect(other.width).toBe(600);
  });

  it("draws when the shipped copy is damaged", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pictures-"));
    shipped = await mkdtemp(path.join(os.tmpdir(), "shipped-"));
    await writeFile(path.join(shipped, shippedFileName(svg("#15803d"), 800)), "not a picture");
    const drawn = await renderSvgCached("a.webp", svg("#15803d"), 800, dir, shipped);
    expect(drawn.width).toBe(800);
    expect(drawn.data.subarray(8, 12).toString()).toBe("WEBP");
  });
});

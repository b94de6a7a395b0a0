import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { renderSvgCached } from "./render-cache";

const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="${fill}"/><circle cx="500" cy="250" r="200" fill="#fff"/></svg>`;

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

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
});

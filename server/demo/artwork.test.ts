import { describe, it, expect } from "vitest";
import sharp from "sharp";
import { productArtworkSvg, siteArtworkSvg } from "./artwork.js";
import type { ArtKind, ProductArt, SiteArtName } from "./artwork-types.js";

const KINDS: ArtKind[] = [
  "mattress",
  "orthopaedic-mattress",
  "pillow",
  "foot-mat",
  "bedsheet",
  "duvet",
  "solar-panel",
  "solar-battery",
  "inverter",
  "solar-light",
];

const PALETTES: Record<ArtKind, [string, string]> = {
  mattress: ["#1d4ed8", "#e0f2fe"],
  "orthopaedic-mattress": ["#0f766e", "#ccfbf1"],
  pillow: ["#f8fafc", "#94a3b8"],
  "foot-mat": ["#7c2d12", "#fcd34d"],
  bedsheet: ["#be185d", "#fbcfe8"],
  duvet: ["#f5f5f4", "#a16207"],
  "solar-panel": ["#1e3a8a", "#cbd5e1"],
  "solar-battery": ["#1f2937", "#22c55e"],
  inverter: ["#e5e7eb", "#2563eb"],
  "solar-light": ["#334155", "#f59e0b"],
};

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const SITE: Array<[SiteArtName, number, number]> = [
  ...range(6).map((i): [SiteArtName, number, number] => [`hero-${i}` as SiteArtName, 1200, 600]),
  ...range(4).map((i): [SiteArtName, number, number] => [`side-${i}` as SiteArtName, 600, 400]),
  ...range(12).map((i): [SiteArtName, number, number] => [`strip-${i}` as SiteArtName, 400, 400]),
  ...range(3).map((i): [SiteArtName, number, number] => [`solar-banner-${i}` as SiteArtName, 1200, 500]),
];

const art = (kind: ArtKind): ProductArt => ({ kind, colors: PALETTES[kind], views: 4 });

/**
 * Drawn at a quarter of its size (18 dpi for the SVG's 72): the same shapes through the same
 * librsvg, at a sixteenth of the pixels. The demo seed draws them whole (server/demo/seed.ts).
 */
const SCALE = 4;

/** Renders with librsvg (as the app does) and checks size and that the picture isn't flat. */
async function expectRenders(svg: string, width: number, height: number): Promise<void> {
  expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`)).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  // Shapes only: no fonts, no external or embedded documents.
  expect(svg).not.toMatch(/<text|<tspan|<foreignObject|<image|href="(?!#)|NaN|undefined|Infinity/);
  // Raw pixels, not a PNG: nothing is encoded and decoded again only to be measured.
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 / SCALE })
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(width / SCALE);
  expect(info.height).toBe(height / SCALE);
  const stats = await sharp(data, { raw: info }).stats();
  const spread = Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
  expect(spread).toBeGreaterThan(12);
}

describe("productArtworkSvg", () => {
  for (const kind of KINDS) {
    for (const view of [0, 1, 2, 3]) {
      it(`renders ${kind} view ${view}`, async () => {
        await expectRenders(productArtworkSvg(art(kind), view, 42), 800, 800);
      }, 30_000);
    }

    it(`varies ${kind} by seed and view, deterministically`, () => {
      const a = productArtworkSvg(art(kind), 0, 1);
      expect(productArtworkSvg(art(kind), 0, 1)).toBe(a);
      expect(productArtworkSvg(art(kind), 0, 2)).not.toBe(a);
      const views = new Set([0, 1, 2, 3].map((v) => productArtworkSvg(art(kind), v, 1)));
      expect(views.size).toBe(4);
    });
  }

  it("copes with odd inputs", async () => {
    await expectRenders(productArtworkSvg({ kind: "mattress", colors: ["#000", "not-a-colour"], views: 1 }, 7, -3.5), 800, 800);
    await expectRenders(productArtworkSvg({ kind: "pillow", colors: ["#ffffff", "#ffffff"], views: 1 }, Number.NaN, 0), 800, 800);
  }, 30_000);
});

describe("siteArtworkSvg", () => {
  for (const [name, width, height] of SITE) {
    it(`renders ${name} at ${width}x${height}`, async () => {
      await expectRenders(siteArtworkSvg(name), width, height);
    }, 30_000);
  }

  it("draws different pictures for each name", () => {
    expect(new Set(SITE.map(([name]) => siteArtworkSvg(name))).size).toBe(SITE.length);
  });
});

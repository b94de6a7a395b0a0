import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadSharp } from "../images/sharp";
import { renderImage, withVariants, type RenderedImage } from "../images/store";
import { IMAGE_VARIANT_WIDTHS } from "~/common/images";
import { defaultPictureCacheDir } from "~/scripts/picture-cache.mjs";

// The seed draws ~230 pictures from SVG; that costs about a minute of CPU on every fresh database
// (first start, each test run's template, the benchmark). The drawing is deterministic, so the
// WebP bytes are kept on disk, keyed by the SVG, the width and the libvips version, and reused.
// The cache is only a shortcut: any failure to read or write it falls back to drawing.
//
// A new machine's cache is empty. The repository ships the seed's full pictures as drawn
// (server/demo/pictures, written by `npm run demo:pictures`; decision 0071), keyed by the SVG and
// the width alone: a picture missing from the cache is made from its shipped copy (its smaller
// widths only), and drawn only when none ships, as after a change to the artwork.

/**
 * The cache folder PICTURE_CACHE_DIR names (README, configuration); "off" (null) draws every
 * picture. Read here, not in server/config.ts: only the seed draws, and a first start's seeding
 * child inherits the server's environment.
 */
export function pictureCacheDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env.PICTURE_CACHE_DIR;
  if (value === "off") return null;
  return value || defaultPictureCacheDir();
}

const CACHE_FORMAT = 1;

interface CachedPicture {
  width: number;
  height: number;
  variants: { width: number; height: number }[];
}

function cacheKey(svg: string, maxWidth: number, vipsVersion: string): string {
  return createHash("sha256")
    .update(`${CACHE_FORMAT}\0${vipsVersion}\0${IMAGE_VARIANT_WIDTHS.join(",")}\0${maxWidth}\0${svg}`)
    .digest("hex")
    .slice(0, 32);
}

async function readCached(dir: string, key: string, fileName: string): Promise<RenderedImage | undefined> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, `${key}.json`), "utf8")) as CachedPicture;
    const data = await readFile(path.join(dir, `${key}.webp`));
    const variants = await Promise.all(meta.variants.map(async (v) => ({ ...v, data: await readFile(path.join(dir, `${key}-${v.width}.webp`)) })));
    return { fileName, width: meta.width, height: meta.height, data, variants };
  } catch {
    return undefined;
  }
}

async function writeCached(dir: string, key: string, image: RenderedImage): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${key}.webp`), image.data);
    for (const v of image.variants) await writeFile(path.join(dir, `${key}-${v.width}.webp`), v.data);
    const meta: CachedPicture = {
      width: image.width,
      height: image.height,
      variants: image.variants.map(({ width, height }) => ({ width, height })),
    };
    // The JSON is written last, through a rename: a reader never sees half a picture.
    const tmp = path.join(dir, `${key}.json.${process.pid}`);
    await writeFile(tmp, JSON.stringify(meta));
    await rename(tmp, path.join(dir, `${key}.json`));
  } catch {
    // A read-only or full disk only means the next seed draws again.
  }
}

/**
 * The shipped pictures' folder: server/demo/pictures beside this module in the source, and in
 * the server build build/server/demo-pictures (server/demo/vite-plugin.ts), beside the seed's
 * chunk or one folder up. Null when there is none: then every picture is drawn.
 */
export function shippedPicturesFolder(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return (
    [path.join(here, "pictures"), path.join(here, "demo-pictures"), path.join(path.dirname(here), "demo-pictures")].find((dir) => existsSync(dir)) ??
    null
  );
}

/** A shipped picture's file name: the drawing and its width, not the libvips that drew it. */
export function shippedFileName(svg: string, maxWidth: number): string {
  return `${createHash("sha256").update(`${maxWidth}\0${svg}`).digest("hex").slice(0, 32)}.webp`;
}

async function readShipped(folder: string, svg: string, maxWidth: number, fileName: string): Promise<RenderedImage | undefined> {
  try {
    const data = await readFile(path.join(folder, shippedFileName(svg, maxWidth)));
    const { width, height } = await (await loadSharp())(data).metadata();
    if (!width || !height) return undefined;
    return await withVariants(fileName, data, { width, height });
  } catch {
    return undefined;
  }
}

/**
 * renderImage for a drawn SVG, through the on-disk cache (`dir` null: no cache, and every picture
 * drawn) and the shipped pictures (`shipped`, by default shippedPicturesFolder()).
 */
export async function renderSvgCached(
  fileName: string,
  svg: string,
  maxWidth: number,
  dir: string | null,
  shipped = shippedPicturesFolder(),
): Promise<RenderedImage> {
  if (!dir) return renderImage(fileName, Buffer.from(svg), maxWidth);
  const key = cacheKey(svg, maxWidth, (await loadSharp()).versions.vips);
  const cached = await readCached(dir, key, fileName);
  if (cached) return cached;
  const image = (shipped && (await readShipped(shipped, svg, maxWidth, fileName))) || (await renderImage(fileName, Buffer.from(svg), maxWidth));
  await writeCached(dir, key, image);
  return image;
}

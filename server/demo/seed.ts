import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, productImages, products, productVariants } from "../db/schema";
import { catalogueIsEmpty } from "../db/seed-process";
import { seedCategories, seedProducts } from "./seed-data";
import { productArtworkSvg, siteArtworkSvg } from "./artwork";
import type { SiteArtName } from "./artwork-types";
import { saveImage, type RenderedImage } from "../images/store";
import { pictureCacheDirFromEnv, renderSvgCached, shippedPicturesFolder } from "./render-cache";
import { nairaToKobo } from "~/common/money";
import { siteImageFile } from "~/common/site-images";

// The first start of an empty database loads the catalogue of seed-data.ts and draws its pictures.
// Demo material: only the seed's own entries reach this module (seed-entry.ts, seed-cli.ts, the
// dynamic import in server/db/seed-process.ts), never the server's static imports (boundary.test.ts).

export const siteImageNames: SiteArtName[] = [
  ...([1, 2, 3, 4, 5, 6] as const).map((n) => `hero-${n}` as const),
  ...([1, 2, 3, 4] as const).map((n) => `side-${n}` as const),
  ...([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const).map((n) => `strip-${n}` as const),
  ...([1, 2, 3] as const).map((n) => `solar-banner-${n}` as const),
];

export const productImageFile = (productId: number, view: number) => `seed-p${productId}-${view + 1}.webp`;

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface SeedOptions {
  /** Folder of already drawn pictures; null draws every one. By default PICTURE_CACHE_DIR's (render-cache.ts). */
  pictureCacheDir?: string | null;
}

/** A picture the seed draws: its file name in the shop, its SVG and the width it is drawn at. */
export interface PictureJob {
  fileName: string;
  svg: string;
  maxWidth: number;
}

/** Every picture the seed draws: the site's (banners, strips) and each product's views. */
export function pictureJobs(): PictureJob[] {
  return [
    ...siteImageNames.map((name) => ({ fileName: siteImageFile(name), svg: siteArtworkSvg(name), maxWidth: 1200 })),
    ...seedProducts.flatMap((p) =>
      Array.from({ length: p.art.views }, (_, view) => ({
        fileName: productImageFile(p.id, view),
        svg: productArtworkSvg(p.art, view, p.id),
        maxWidth: 800,
      })),
    ),
  ];
}

async function drawPictures(cacheDir: string | null): Promise<RenderedImage[]> {
  const shipped = shippedPicturesFolder();
  return mapLimited(pictureJobs(), 4, (job) => renderSvgCached(job.fileName, job.svg, job.maxWidth, cacheDir, shipped));
}

/**
 * Loads the catalogue into an empty database; returns false (and changes nothing) when it already
 * has one. Several processes starting together on one PostgreSQL seed it once (advisory lock).
 */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<boolean> {
  // Drawing is CPU work: do it before the transaction so the database is held only for inserts.
  const pictures = await drawPictures(options.pictureCacheDir === undefined ? pictureCacheDirFromEnv() : options.pictureCacheDir);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20100414)`);
    if (!(await catalogueIsEmpty(tx))) return false;
    await tx.insert(categories).values(seedCategories.map((c) => ({ id: c.id, name: c.name, description: c.description, position: c.position })));
    for (const picture of pictures) await saveImage(tx, picture);
    await tx.insert(products).values(
      seedProducts.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        categoryId: p.categoryId,
        featured: p.featured,
      })),
    );
    await tx.insert(productVariants).values(
      seedProducts.flatMap((p) =>
        p.variants.map((v, position) => ({
          productId: p.id,
          size: v.size,
          priceKobo: nairaToKobo(v.priceNaira),
          stock: v.stock,
          position,
        })),
      ),
    );
    await tx.insert(productImages).values(
      seedProducts.flatMap((p) =>
        Array.from({ length: p.art.views }, (_, view) => ({
          productId: p.id,
          fileName: productImageFile(p.id, view),
          position: view,
        })),
      ),
    );
    // Explicit ids were inserted; move the sequence past them for products added later.
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
    return true;
  });
}

/** First start: seed only when the database has no catalogue yet (cheap check, no drawing). */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if (!(await catalogueIsEmpty(db))) return false;
  return seedCatalogue(db, options);
}

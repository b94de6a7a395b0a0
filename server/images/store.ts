import { and, eq } from "drizzle-orm";
import { loadSharp } from "./sharp";
import type { Database, Executor } from "../db/client";
import { storedImages, storedImageVariants } from "../db/schema";
import { IMAGE_VARIANT_WIDTHS } from "~/common/images";

// Pictures are kept in the database as WebP: the full picture plus smaller widths for srcset.

export interface RenderedImage {
  fileName: string;
  width: number;
  height: number;
  data: Buffer;
  variants: { width: number; height: number; data: Buffer }[];
}

/** Turns an input picture (SVG, JPEG, PNG...) into WebP renditions; metadata is dropped. */
export async function renderImage(fileName: string, input: Buffer, maxWidth = 1200): Promise<RenderedImage> {
  const sharp = await loadSharp();
  const full = await sharp(input)
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return withVariants(fileName, full.data, full.info);
}

/** A full WebP picture as it is kept: with its smaller widths for srcset, made from it. */
export async function withVariants(fileName: string, data: Buffer, size: { width: number; height: number }): Promise<RenderedImage> {
  const sharp = await loadSharp();
  const variants = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    if (width >= size.width) continue;
    const v = await sharp(data).resize({ width }).webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
    variants.push({ width: v.info.width, height: v.info.height, data: v.data });
  }
  return { fileName, width: size.width, height: size.height, data, variants };
}

export async function saveImage(db: Executor, image: RenderedImage): Promise<void> {
  await db.insert(storedImages).values({
    fileName: image.fileName,
    contentType: "image/webp",
    width: image.width,
    height: image.height,
    data: image.data,
  });
  if (image.variants.length) {
    await db.insert(storedImageVariants).values(image.variants.map((v) => ({ fileName: image.fileName, ...v })));
  }
}

export interface ImageBytes {
  contentType: string;
  data: Buffer;
}

/** The picture at the requested width, or the full picture when that width is not kept. */
export async function readImage(db: Database, fileName: string, width?: number): Promise<ImageBytes | undefined> {
  if (width) {
    const [variant] = await db
      .select({ data: storedImageVariants.data })
      .from(storedImageVariants)
      .where(and(eq(storedImageVariants.fileName, fileName), eq(storedImageVariants.width, width)));
    if (variant) return { contentType: "image/webp", data: variant.data };
  }
  const [image] = await db
    .select({ contentType: storedImages.contentType, data: storedImages.data })
    .from(storedImages)
    .where(eq(storedImages.fileName, fileName));
  return image;
}

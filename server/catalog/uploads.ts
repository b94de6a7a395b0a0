import { randomBytes } from "node:crypto";
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "~/common/constants";
import { messages } from "~/common/messages";
import { loadSharp } from "../images/sharp";
import { renderImage, type RenderedImage } from "../images/store";

// Product pictures sent by an admin (requirements §5.4): at most 4, JPEG or PNG, each at most 2 MB. The
// type is read from the file's bytes, never from its name or the declared type, and sharp must
// be able to decode it. Accepted pictures become WebP renditions without metadata.

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pictureType(bytes: Buffer): "jpeg" | "png" | null {
  const starts = (signature: number[]) => signature.every((b, i) => bytes[i] === b);
  return starts(JPEG) ? "jpeg" : starts(PNG) ? "png" : null;
}

export type PreparedPictures = { ok: true; pictures: RenderedImage[] } | { ok: false; message: string };

/**
 * The count rule, then every file's signature, size and a full decode into WebP renditions
 * (a file cut short fails here, not later). The names of all bad files are listed.
 */
export async function preparePictures(files: UploadedFile[], alreadyKept = 0): Promise<PreparedPictures> {
  if (files.length + alreadyKept > MAX_PRODUCT_IMAGES) return { ok: false, message: messages.tooManyImages };
  const bad: string[] = [];
  const pictures: RenderedImage[] = [];
  for (const file of files) {
    const picture = await prepare(file);
    if (picture) pictures.push(picture);
    else bad.push(file.name || "(unnamed file)");
  }
  return bad.length ? { ok: false, message: messages.invalidImages(bad) } : { ok: true, pictures };
}

async function prepare(file: UploadedFile): Promise<RenderedImage | null> {
  if (file.bytes.length === 0 || file.bytes.length > MAX_PRODUCT_IMAGE_BYTES) return null;
  const type = pictureType(file.bytes);
  if (!type) return null;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(file.bytes, { limitInputPixels: 40_000_000 }).metadata();
    if (meta.format !== type) return null;
    // The uploaded name is never used: pictures get fresh names.
    return await renderImage(`upload-${randomBytes(8).toString("hex")}.webp`, file.bytes);
  } catch {
    return null;
  }
}

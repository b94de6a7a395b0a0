import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "./constants";
import { messages } from "./messages";

// The picture rules of requirements §5.4 as the browser can check them before sending (the server checks the
// bytes again): at most 4 pictures, JPEG or PNG, each at most 2 MB.

export const PICTURE_TYPES = ["image/jpeg", "image/png"];

export function pictureProblem(files: { name: string; type: string; size: number }[], alreadyKept = 0): string | null {
  if (files.length + alreadyKept > MAX_PRODUCT_IMAGES) return messages.tooManyImages;
  const bad = files.filter((f) => !PICTURE_TYPES.includes(f.type) || f.size === 0 || f.size > MAX_PRODUCT_IMAGE_BYTES);
  return bad.length ? messages.invalidImages(bad.map((f) => f.name)) : null;
}

// URLs of stored pictures: /api/uploads/{file}, with ?w= for a smaller rendition.

// 800 and 960 serve the banners (1200 wide) to phones at 2x and to desktops at 1x.
export const IMAGE_VARIANT_WIDTHS = [320, 640, 800, 960] as const;

export function imageUrl(fileName: string, width?: number): string {
  const base = `/api/uploads/${encodeURIComponent(fileName)}`;
  return width ? `${base}?w=${width}` : base;
}

/** srcset over the kept widths plus the full picture (its own width). */
export function imageSrcSet(fileName: string, fullWidth: number): string {
  return [
    ...IMAGE_VARIANT_WIDTHS.filter((w) => w < fullWidth).map((w) => `${imageUrl(fileName, w)} ${w}w`),
    `${imageUrl(fileName)} ${fullWidth}w`,
  ].join(", ");
}

/**
 * The width served to a phone that asks to save data (the `Save-Data: on` header; decision 0066):
 * one kept width smaller than the one its srcset chose (the full picture counts as a product's
 * 800 px), never below the smallest. About half the bytes, still sharp at a phone's 1.5x.
 */
export function savingDataWidth(asked: number | undefined): number {
  const smaller = IMAGE_VARIANT_WIDTHS.filter((w) => w < (asked ?? 800));
  return smaller.at(-1) ?? IMAGE_VARIANT_WIDTHS[0];
}

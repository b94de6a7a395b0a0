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

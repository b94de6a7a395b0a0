// Pictures of the shop itself (hero, side tiles, strips, solar banner), stored like product pictures.

/** Site pictures that are not products: home hero (6), side tiles (4), two scrolling strips, the solar banner (3). */
export type SiteArtName =
  | `hero-${1 | 2 | 3 | 4 | 5 | 6}`
  | `side-${1 | 2 | 3 | 4}`
  | `strip-${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`
  | `solar-banner-${1 | 2 | 3}`;

export const siteImageFile = (name: SiteArtName) => `site-${name}.webp`;

export const HERO_IMAGES = [1, 2, 3, 4, 5, 6].map((n) => siteImageFile(`hero-${n}` as SiteArtName));
export const SIDE_IMAGES = [1, 2, 3, 4].map((n) => siteImageFile(`side-${n}` as SiteArtName));
export const STRIP_IMAGES = Array.from({ length: 12 }, (_, i) => siteImageFile(`strip-${i + 1}` as SiteArtName));
export const SOLAR_BANNER_IMAGES = [1, 2, 3].map((n) => siteImageFile(`solar-banner-${n}` as SiteArtName));

/** Pixel sizes the demo artwork is drawn at (server/demo/artwork.ts). */
export const SITE_IMAGE_SIZES = {
  hero: { width: 1200, height: 600 },
  side: { width: 600, height: 400 },
  strip: { width: 400, height: 400 },
  solarBanner: { width: 1200, height: 500 },
} as const;

// The kinds of artwork the catalogue seed draws. Each product names one kind and a two-colour
// palette; the artwork module turns that into a picture per view (0 = main shot, 1..3 = other angles).
export type ArtKind =
  "mattress" | "orthopaedic-mattress" | "pillow" | "foot-mat" | "bedsheet" | "duvet" | "solar-panel" | "solar-battery" | "inverter" | "solar-light";

export interface ProductArt {
  kind: ArtKind;
  /** Two CSS hex colours, e.g. ["#1d4ed8", "#e0f2fe"]: main fabric/body colour and accent. */
  colors: [string, string];
  /** How many pictures to draw for the product: 3 for featured products, 1 to 4 for others. */
  views: 1 | 2 | 3 | 4;
}

/** The site pictures' names belong to the shop (common/site-images.ts); the demo draws them. */
export type { SiteArtName } from "~/common/site-images";

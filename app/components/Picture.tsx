import { imageSrcSet, imageUrl } from "~/common/images";

interface PictureProps {
  file: string | undefined;
  alt: string;
  /** Intrinsic size of the stored picture: keeps the layout from jumping while it loads. */
  width: number;
  height: number;
  sizes: string;
  className?: string;
  /** Above the fold: load at once with high priority; otherwise lazy. */
  priority?: boolean;
}

/** A stored picture with responsive WebP renditions. */
export function Picture({ file, alt, width, height, sizes, className, priority = false }: PictureProps) {
  if (!file) {
    return <div role="img" aria-label={alt} className={`bg-slate-100 ${className ?? ""}`} style={{ aspectRatio: `${width}/${height}` }} />;
  }
  return (
    <img
      src={imageUrl(file)}
      srcSet={imageSrcSet(file, width)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
}

/** Banners (home hero, solar banner) span two thirds of a desktop row and a phone's full width. */
export const BANNER_SIZES = "(min-width: 1024px) 66vw, 100vw";

/** Seeded product pictures are 800 px squares; uploads are made to fit the same frame. */
export const PRODUCT_IMAGE_SIZE = 800;

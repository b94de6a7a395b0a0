import { useState } from "react";
import { ChunkErrorNotice, useLazyComponent } from "./ChunkError";
import { Picture, PRODUCT_IMAGE_SIZE } from "./Picture";

const loadZoom = () => import("./ImageZoom");

/** A large picture (tap to enlarge) with clickable thumbnails below it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const zoom = useLazyComponent(loadZoom, zoomed);
  const file = images[current];
  return (
    <div>
      <button
        type="button"
        onClick={() => setZoomed(true)}
        aria-label={`Enlarge picture of ${name}`}
        className="block w-full cursor-zoom-in overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        <Picture
          file={file}
          alt={name}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          sizes="(min-width: 1024px) 560px, 100vw"
          priority
          className="aspect-square w-full object-cover"
        />
      </button>
      {zoomed && zoom.error ? (
        <ChunkErrorNotice error={zoom.error} onRetry={zoom.retry} />
      ) : zoomed && zoom.Component && file ? (
        <zoom.Component file={file} alt={name} onClose={() => setZoomed(false)} />
      ) : null}
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-3" aria-label="More pictures">
          {images.map((thumb, i) => (
            <li key={thumb}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                className={`block h-20 w-20 overflow-hidden rounded-lg border-2 bg-white ${i === current ? "border-brand-600" : "border-transparent hover:border-slate-300"}`}
              >
                <Picture
                  file={thumb}
                  alt=""
                  width={PRODUCT_IMAGE_SIZE}
                  height={PRODUCT_IMAGE_SIZE}
                  sizes="80px"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { STRIP_LOOP_SECONDS } from "~/common/constants";
import { imageUrl } from "~/common/images";

/** A row of pictures scrolling sideways, one loop every 30 s (requirements §2.6); doubled so it never ends. */
export function ImageStrip({ files, reverse = false, label }: { files: string[]; reverse?: boolean; label: string }) {
  const loop = [...files, ...files];
  return (
    <div className="strip overflow-hidden" role="img" aria-label={label}>
      <ul className={`strip-track flex w-max gap-4 ${reverse ? "reverse" : ""}`} style={{ animationDuration: `${STRIP_LOOP_SECONDS}s` }}>
        {loop.map((file, i) => (
          <li key={`${file}-${i}`} className="h-32 w-32 shrink-0 overflow-hidden rounded-xl bg-white shadow-sm sm:h-40 sm:w-40">
            <img src={imageUrl(file, 320)} width={400} height={400} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
          </li>
        ))}
      </ul>
    </div>
  );
}

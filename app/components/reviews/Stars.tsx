import { averageText, RATING_MAX } from "~/common/reviews";

// Five stars, filled to a rating (an average fills part of a star). Drawn inline: no icon font.

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

function Star({ fill, className }: { fill: number; className: string }) {
  // `fill` from 0 to 1: how much of this star is gold, from the left.
  return (
    <span className={`relative inline-block ${className}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" className="absolute inset-0 h-full w-full text-slate-300" fill="currentColor">
        <path d={STAR} />
      </svg>
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${Math.round(fill * 100)}%` }}>
        <svg viewBox="0 0 24 24" className={`h-full text-accent-500 ${className}`} fill="currentColor">
          <path d={STAR} />
        </svg>
      </span>
    </span>
  );
}

/** The stars of a rating, read out as "Rated 4.3 out of 5". */
export function Stars({ rating, size = "md" }: { rating: number; size?: "sm" | "md" | "lg" }) {
  const box = { sm: "h-4 w-4", md: "h-5 w-5", lg: "h-6 w-6" }[size];
  // Rounded as the number beside it is shown, so 4.96 draws five full stars beside "5.0".
  const shown = Number(averageText(rating));
  return (
    <span role="img" aria-label={`Rated ${averageText(rating)} out of ${RATING_MAX}`} className="inline-flex items-center gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star key={i} fill={Math.max(0, Math.min(1, shown - i))} className={box} />
      ))}
    </span>
  );
}

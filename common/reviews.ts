// Ratings and reviews from verified buyers (issue 19, decision 0042): the limits and words both
// the browser and the server use.

/** The longest review text, in characters. */
export const REVIEW_TEXT_MAX = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The newest approved reviews a product page lists (and its JSON-LD carries); the average and count are over all. */
export const REVIEWS_SHOWN = 20;
/** The review-request mail goes this many days after the order was delivered. */
export const REVIEW_REQUEST_AFTER_DAYS = 3;
/** Orders delivered longer ago than this are never asked (the feature's start, a process down for weeks). */
export const REVIEW_REQUEST_WITHIN_DAYS = 30;
/** Where a product page's review form is: the mail and the page's own links lead here. */
export const REVIEW_FORM_ANCHOR = "write-review";

/** "Chioma Okafor" is shown "Chioma O."; a single name stays as it is. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A customer";
  const first = Array.from(words[0]).slice(0, 40).join("");
  if (words.length === 1) return first;
  return `${first} ${Array.from(words[words.length - 1])[0].toUpperCase()}.`;
}

/** The average as the page shows it: one decimal ("4.3"). */
export function averageText(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** The address of a product's review form. */
export function reviewFormPath(productId: number): string {
  return `/productdetail/${productId}#${REVIEW_FORM_ANCHOR}`;
}

/** A whole number with thousands separators ("1,000"), the same on server and browser (no Intl). */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(n));
  let out = "";
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? "," : "") + digits[i];
  return out;
}

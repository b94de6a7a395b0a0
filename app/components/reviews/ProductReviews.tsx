import { readableLagosDate } from "~/common/lagos-time";
import { averageText, REVIEW_FORM_ANCHOR } from "~/common/reviews";
import { ReviewForm } from "./ReviewForm";
import { Stars } from "./Stars";

// A product page's ratings (issue 19, decision 0042): the average and count under the name, and
// the approved reviews with the form below the product. The same for every shopper (the page is
// cached); the form asks on its own whether this shopper may review.

export interface ShownReviews {
  count: number;
  average: number;
  reviews: { id: number; rating: number; body: string; name: string; day: string }[];
}

const countText = (count: number) => `${count} review${count === 1 ? "" : "s"}`;

/** Under the product's name: stars, average and count, leading to the reviews; nothing before the first. */
export function RatingSummary({ reviews }: { reviews: ShownReviews }) {
  if (reviews.count === 0) return null;
  return (
    <a href="#reviews" className="flex w-fit items-center gap-2 text-sm text-slate-700 hover:underline" data-testid="rating-summary">
      <Stars rating={reviews.average} />
      <span className="font-semibold text-slate-900" data-testid="rating-average">
        {averageText(reviews.average)}
      </span>
      <span data-testid="rating-count">{`(${countText(reviews.count)})`}</span>
    </a>
  );
}

export function ProductReviews({ productId, reviews }: { productId: number; reviews: ShownReviews }) {
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mx-auto mt-10 max-w-6xl scroll-mt-24 border-t border-slate-200 px-4 pb-12 pt-8"
    >
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="min-w-0">
          <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
            Customer reviews
          </h2>
          {reviews.count === 0 ? (
            <p className="mt-3 text-slate-600">No reviews yet.</p>
          ) : (
            <>
              <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="reviews-average">
                <Stars rating={reviews.average} size="lg" />
                <span className="text-2xl font-bold text-slate-900">{averageText(reviews.average)}</span>
                <span className="text-slate-600">out of 5 · {countText(reviews.count)}</span>
              </p>
              <ul className="mt-6 grid gap-4" data-testid="reviews">
                {reviews.reviews.map((r) => (
                  <li key={r.id} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="review">
                    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                      <Stars rating={r.rating} size="sm" />
                      <time dateTime={r.day} className="text-sm text-slate-600">
                        {readableLagosDate(r.day)}
                      </time>
                    </div>
                    <p className="mt-2 whitespace-pre-line text-slate-800 wrap-anywhere">{r.body}</p>
                    <p className="mt-2 text-sm font-semibold text-slate-700">
                      {r.name} <span className="font-normal text-emerald-700">· Verified buyer</span>
                    </p>
                  </li>
                ))}
              </ul>
              {reviews.count > reviews.reviews.length ? (
                <p className="mt-3 text-sm text-slate-600">The newest {reviews.reviews.length} reviews are shown.</p>
              ) : null}
            </>
          )}
        </div>
        <div id={REVIEW_FORM_ANCHOR} className="min-w-0 scroll-mt-24">
          <ReviewForm productId={productId} />
        </div>
      </div>
    </section>
  );
}

import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { messages } from "~/common/messages";
import { formatCount, RATING_MAX, REVIEW_TEXT_MAX } from "~/common/reviews";
import type { FormResult } from "~/app/forms";
import type { ReviewFormState } from "~/app/routes/productdetail.$productId.review";
import { FormMessage, inputStyle } from "../account/fields";
import { buttonStyles } from "../Dialog";
import { Stars } from "./Stars";
import { useOffline } from "../Offline";

// The review form of a product page (decision 0042). The page is shared by every shopper, so
// until this shopper's standing has come (/productdetail/{id}/review) it says who may review.

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

export function ReviewForm({ productId }: { productId: number }) {
  const path = `/productdetail/${productId}/review`;
  const standing = useFetcher<ReviewFormState>();
  const sent = useFetcher<FormResult>();
  const { load } = standing;
  // Offline (a page the service worker kept), the standing is asked once the network is back.
  const offline = useOffline();
  useEffect(() => {
    if (navigator.onLine) void load(path);
  }, [load, path, offline]);
  // Once a review is accepted, the standing is asked again: it now says the review waits.
  const accepted = sent.data?.status === "done";
  useEffect(() => {
    if (accepted) void load(path);
  }, [accepted, load, path]);

  const state = standing.data;
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5" data-testid="review-form-box">
      <h2 className="text-lg font-bold text-slate-900">Write a review</h2>
      {accepted && sent.data?.status === "done" ? (
        <div className="mt-3">
          <FormMessage tone="success">{sent.data.message}</FormMessage>
        </div>
      ) : !state || state.state === "offline" ? (
        <p className="mt-2 text-sm text-slate-600">{messages.reviewWhoCan}</p>
      ) : state.state === "visitor" ? (
        <div className="mt-2 grid gap-3 text-sm text-slate-600">
          <p>{messages.reviewWhoCan}</p>
          {/* A block of its own: a link wrapped over two lines has nothing of it at its centre. */}
          <Link to="/userlogin" className="w-fit font-semibold text-brand-700 underline underline-offset-2">
            Log in to write a review
          </Link>
        </div>
      ) : state.state === "not-bought" ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="review-refusal">
          {messages.reviewNotBought}
        </p>
      ) : state.state === "not-delivered" ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="review-refusal">
          {messages.reviewNotDelivered}
        </p>
      ) : state.state === "reviewed" ? (
        <div className="mt-2 grid gap-2 text-sm text-slate-700" data-testid="review-own">
          <Stars rating={state.rating} size="sm" />
          <p>
            {state.status === "approved" ? messages.reviewShown : state.status === "pending" ? messages.reviewPending : messages.reviewAlreadyWritten}
          </p>
        </div>
      ) : (
        <WriteReview path={path} fetcher={sent} />
      )}
    </div>
  );
}

function WriteReview({ path, fetcher }: { path: string; fetcher: ReturnType<typeof useFetcher<FormResult>> }) {
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [length, setLength] = useState(0);
  // An answer the shopper has since acted on (a rating chosen after "Please choose a rating") is no longer shown.
  const [dismissed, setDismissed] = useState<FormResult | undefined>(undefined);
  const error = fetcher.data?.status === "error" && fetcher.data !== dismissed ? fetcher.data.message : null;
  const busy = fetcher.state !== "idle";
  const shown = hover || rating;
  return (
    <fetcher.Form method="post" action={path} noValidate className="mt-3 grid gap-4" data-testid="review-form">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Your rating</legend>
        <div className="mt-1 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
              onMouseEnter={() => setHover(value)}
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setDismissed(fetcher.data);
                }}
                className="sr-only"
              />
              <svg
                viewBox="0 0 24 24"
                className={`h-8 w-8 ${value <= shown ? "text-accent-500" : "text-slate-300"}`}
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
              </svg>
              <span className="sr-only">
                {value} star{value === 1 ? "" : "s"}: {RATING_WORDS[value]}
              </span>
            </label>
          ))}
          <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
            {shown ? RATING_WORDS[shown] : ""}
          </span>
        </div>
      </fieldset>
      <div>
        <label htmlFor="review-text" className="block text-sm font-medium text-slate-700">
          Your review
        </label>
        <textarea
          id="review-text"
          name="review"
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          onChange={(e) => {
            setLength(e.target.value.length);
            setDismissed(fetcher.data);
          }}
          placeholder="What did you like? How do you sleep on it?"
          className={inputStyle}
        />
        <p className="mt-1 text-right text-xs text-slate-500">{`${formatCount(length)} / ${formatCount(REVIEW_TEXT_MAX)}`}</p>
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <p className="text-xs text-slate-600">Our team checks each review before it shows, with your first name and initial.</p>
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy} data-testid="review-submit">
        {busy ? "Sending..." : "Submit review"}
      </button>
    </fetcher.Form>
  );
}

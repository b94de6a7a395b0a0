import { Form, Link, useNavigation } from "react-router";
import type { reviewsPanelData } from "~/app/admin/reviews.server";
import type { FormResult } from "~/app/forms";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { FormMessage } from "../account/fields";
import { Stars } from "../reviews/Stars";

// Reviews (ADMIN_PANELS.reviews): customers' reviews, those waiting for a decision first. Approve
// shows one on its product's page; Hide takes it off (or keeps it off). Text is shown as text.

type PanelData = Awaited<ReturnType<typeof reviewsPanelData>>;
type Review = PanelData["reviews"][number];

const STATUS_LABELS = { pending: "Waiting", approved: "Approved", hidden: "Hidden" } as const;
const STATUS_STYLES = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-800",
  hidden: "bg-slate-200 text-slate-700",
} as const;

export function ReviewsPanel({ data, result }: { data: PanelData; result: FormResult | undefined }) {
  const filters = [
    { show: "pending", label: `Waiting (${data.counts.pending})` },
    { show: "approved", label: `Approved (${data.counts.approved})` },
    { show: "hidden", label: `Hidden (${data.counts.hidden})` },
    { show: "all", label: "All" },
  ] as const;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Reviews</h2>
      <p className="mt-1 text-sm text-slate-600">
        Reviews by customers whose order was delivered. Approve one to show it on the product&apos;s page; hide one to take it off. Times are Lagos
        time.
      </p>
      <nav aria-label="Which reviews" className="mt-4">
        <ul className="flex w-fit flex-wrap gap-y-1 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {filters.map((f) => (
            <li key={f.show}>
              <Link
                to={adminPanelPath(ADMIN_PANELS.reviews, { show: f.show })}
                preventScrollReset
                aria-current={data.show === f.show ? "page" : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-1.5 ${data.show === f.show ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {result?.status === "done" || result?.status === "error" ? (
        <div className="mt-4">
          <FormMessage tone={result.status === "done" ? "success" : "error"}>{result.message}</FormMessage>
        </div>
      ) : null}

      {data.reviews.length === 0 ? (
        <p className="mt-6 rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-600" data-testid="reviews-empty">
          {data.show === "pending" ? "No reviews are waiting." : "No reviews here."}
        </p>
      ) : (
        <ul className="mt-5 grid grid-cols-1 gap-3" data-testid="admin-reviews">
          {data.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}
      {data.limited ? <p className="mt-3 text-sm text-slate-600">Showing the newest {data.reviews.length} reviews.</p> : null}
    </div>
  );
}

function ReviewItem({ review: r }: { review: Review }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "review-moderate" && navigation.formData.get("reviewId") === String(r.id);
  const button =
    "rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60";
  return (
    <li className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="admin-review" data-status={r.status}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <Link to={`/admin/products/${r.productId}`} className="min-w-0 font-semibold text-brand-700 wrap-anywhere hover:underline">
          {r.productName}
        </Link>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[r.status]}`}>{STATUS_LABELS[r.status]}</span>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <Stars rating={r.rating} size="sm" />
        <span>
          {r.rating} of 5 · {r.reviewerName} ({r.email}) ·{" "}
          <Link to={`/admin/orders/${encodeURIComponent(r.orderRef)}`} className="text-brand-700 underline underline-offset-2">
            {r.orderRef}
          </Link>
        </span>
      </div>
      <p className="mt-3 whitespace-pre-line text-slate-800 wrap-anywhere">{r.body}</p>
      <p className="mt-2 text-xs text-slate-600">
        Written <time dateTime={r.writtenAt}>{r.written}</time>
        {r.moderated ? ` · ${r.moderated}` : null}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {r.status !== "approved" ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="review-moderate" />
            <input type="hidden" name="reviewId" value={r.id} />
            <input type="hidden" name="decision" value="approve" />
            <button type="submit" disabled={busy} className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>
              Approve<span className="sr-only"> the review by {r.reviewerName}</span>
            </button>
          </Form>
        ) : null}
        {r.status !== "hidden" ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="review-moderate" />
            <input type="hidden" name="reviewId" value={r.id} />
            <input type="hidden" name="decision" value="hide" />
            <button type="submit" disabled={busy} className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
              Hide<span className="sr-only"> the review by {r.reviewerName}</span>
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

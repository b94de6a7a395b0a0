import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { readableLagosTime } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { listReviewsForStaff, moderateReview, REVIEW_FILTERS, REVIEW_LIST_LIMIT, type ReviewFilter } from "~/server/reviews/reviews";
import type { FormResult } from "../forms";

// Reviews (ADMIN_PANELS.reviews; issue 19, decision 0042): customers' reviews waiting for a
// decision first; staff and owners approve or hide them. Every decision names who made it and
// when, and goes to the audit log.

export async function reviewsPanelData(request: Request, context: AppLoadContext) {
  const asked = new URL(request.url).searchParams.get("show");
  const show: ReviewFilter = REVIEW_FILTERS.find((f) => f === asked) ?? "pending";
  const { rows, counts } = await listReviewsForStaff(context.db, show);
  return {
    show,
    counts,
    limited: rows.length >= REVIEW_LIST_LIMIT,
    reviews: rows.map((r) => ({
      id: r.id,
      productId: r.productId,
      productName: r.productName,
      rating: r.rating,
      body: r.body,
      reviewerName: r.reviewerName,
      email: r.email,
      orderRef: r.orderRef,
      status: r.status,
      written: readableLagosTime(r.createdAt),
      writtenAt: r.createdAt.toISOString(),
      moderated: r.moderatedAt
        ? `${r.status === "approved" ? "Approved" : r.status === "hidden" ? "Hidden" : "Changed"} by ${r.moderatedByName ?? "an admin"}, ${readableLagosTime(r.moderatedAt)}`
        : null,
    })),
  };
}

const moderateInput = z.object({
  reviewId: z.coerce
    .number({ error: messages.reviewIdRequired })
    .int(messages.reviewIdRequired)
    .positive(messages.reviewIdRequired)
    .max(2_147_483_647, messages.reviewIdRequired),
  decision: z.enum(["approve", "hide"], { error: "Choose Approve or Hide." }),
});

/** Staff approve or hide a review. */
export async function reviewModerationAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const input = moderateInput.safeParse({ reviewId: form.get("reviewId") ?? undefined, decision: form.get("decision") ?? undefined });
  if (!input.success)
    return data<FormResult>({ status: "error", message: input.error.issues[0]?.message ?? messages.requestUnreadable }, { status: 400 });
  const outcome = await moderateReview(context.db, account, input.data.reviewId, input.data.decision === "approve" ? "approved" : "hidden");
  if (!outcome.ok) return data<FormResult>({ status: "error", message: outcome.message }, { status: outcome.reason === "unknown" ? 404 : 409 });
  return data<FormResult>({ status: "done", message: outcome.message });
}

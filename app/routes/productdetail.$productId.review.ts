import { data } from "react-router";
import type { Route } from "./+types/productdetail.$productId.review";
import { parseProductId } from "~/common/ids";
import { messages } from "~/common/messages";
import { offlineLoader, type FormResult } from "../forms";
import { currentAccount } from "../sessions.server";
import { firstProblem, reviewInput, reviewStanding, submitReview } from "~/app/services.server";

// A product page's review form (issue 19, decision 0042). The product page is the same for every
// shopper (the catalogue cache keeps it), so the form asks here, after the page has loaded, whether
// this shopper may review the product, and sends the review here. Data only: no page of its own.

/** What the form shows: a visitor is asked to log in; a buyer whose order is delivered gets the form. */
export type ReviewFormState =
  | { state: "visitor" }
  | { state: "not-bought" }
  | { state: "not-delivered" }
  | { state: "reviewed"; rating: number; status: "pending" | "approved" | "hidden" }
  | { state: "can-review" }
  /** Asked while the network dropped (offlineLoader): the form asks again once it is back. */
  | { state: "offline" };

const personal = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.productId);
  if (productId === undefined) throw data(messages.productNotFound, { status: 404 });
  const account = await currentAccount(request, context, "customer");
  if (!account) return data<ReviewFormState>({ state: "visitor" }, { headers: personal });
  const standing = await reviewStanding(context.db, account.id, productId);
  const state: ReviewFormState =
    standing.state === "reviewed" ? { state: "reviewed", rating: standing.rating, status: standing.status } : { state: standing.state };
  return data<ReviewFormState>(state, { headers: personal });
}

/** A dropped connection while the form asks: not the product page's error (issue 30). */
export const clientLoader = offlineLoader;

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = parseProductId(params.productId);
  if (productId === undefined) return data<FormResult>({ status: "error", message: messages.productNotFound }, { status: 404 });
  const account = await currentAccount(request, context, "customer");
  if (!account) return data<FormResult>({ status: "error", message: messages.reviewSignIn }, { status: 401 });
  const form = await request.formData();
  const input = reviewInput.safeParse({ rating: form.get("rating") ?? undefined, review: form.get("review") ?? undefined });
  if (!input.success) return data<FormResult>({ status: "error", message: firstProblem(input.error) }, { status: 400 });
  const outcome = await submitReview(context.db, account, productId, input.data);
  if (!outcome.ok) {
    const status = { "not-found": 404, "not-bought": 403, "not-delivered": 403, "already-reviewed": 409 }[outcome.reason];
    return data<FormResult>({ status: "error", message: outcome.message }, { status });
  }
  return data<FormResult>({ status: "done", message: messages.reviewSubmitted }, { status: 201 });
}

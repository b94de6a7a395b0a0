import { Router, type Response } from "express";
import { z } from "zod";
import { messages } from "~/common/messages";
import { averageText } from "~/common/reviews";
import type { SignedInAccount } from "../accounts/sessions";
import type { Database } from "../db/client";
import { productReviews, reviewInput, submitReview } from "../reviews/reviews";
import { requireSession } from "./accounts";
import type { Config } from "../config";
import { contractId, fail, parse } from "./contract";

// Ratings and reviews (issue 19, decision 0042), beyond requirements §7: a verified buyer's review, and
// the approved reviews of a product (public, kept by the catalogue cache: it changes only when an
// approved review does, which announces itself as a catalogue change).

export const REVIEW_CALLS = {
  add: { path: "/api4users/add_review.php", cacheable: false },
  list: { path: "/get_product_reviews.php", cacheable: true },
} as const;

const addReviewInput = reviewInput.extend({ productId: contractId(messages.productIdRequired) });

const REFUSAL_STATUS = { "not-found": 404, "not-bought": 403, "not-delivered": 403, "already-reviewed": 409 } as const;

export function reviewRoutes(db: Database, config: Config): Router {
  const router = Router();
  const customer = requireSession(db, config, "customer");

  router.post(REVIEW_CALLS.add.path, customer, async (req, res: Response) => {
    const input = parse(addReviewInput, req, res);
    if (!input) return;
    const account: SignedInAccount = res.locals.account;
    const { productId, ...review } = input;
    const outcome = await submitReview(db, account, productId, review);
    if (!outcome.ok) return fail(res, REFUSAL_STATUS[outcome.reason], outcome.message);
    res.status(201).json({ success: true, message: messages.reviewSubmitted, review_id: outcome.reviewId, status: "pending" });
  });

  router.get(REVIEW_CALLS.list.path, async (req, res) => {
    const query = z.object({ productId: contractId(messages.productIdRequired) }).safeParse(req.query);
    if (!query.success) return fail(res, 400, messages.productIdRequired);
    const shown = await productReviews(db, query.data.productId);
    res.json({
      success: true,
      review_count: shown.count,
      average_rating: shown.count ? Number(averageText(shown.average)) : null,
      reviews: shown.reviews.map((r) => ({ id: r.id, rating: r.rating, review: r.body, name: r.name, date: r.day })),
    });
  });

  return router;
}

import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { requiredText } from "~/common/fields";
import { lagosDate } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX, REVIEWS_SHOWN, reviewerName } from "~/common/reviews";
import type { SignedInAccount } from "../accounts/sessions";
import { recordAudit } from "../admin/audit";
import { onSale } from "../catalog/catalog";
import type { Database, Executor } from "../db/client";
import { accounts, orderItems, orders, products, reviews } from "../db/schema";
import { SALE_STATUSES, type SaleStatus } from "../orders/lifecycle";

// Ratings and reviews from verified buyers (issue 19, decision 0042). A customer with a delivered
// order of a product rates it once; the review waits until staff approve it, and only approved
// reviews reach the product page. Expected refusals are values, not exceptions.

/** What a review form sends; a rating must be a whole number from 1 to 5, the text 1..1,000 characters. */
export const reviewInput = z.object({
  rating: z
    .union([z.number(), z.string().max(2, { error: messages.reviewRatingInvalid, abort: true })], { error: messages.reviewRatingInvalid })
    .transform(Number)
    .pipe(z.number().int(messages.reviewRatingInvalid).min(RATING_MIN, messages.reviewRatingInvalid).max(RATING_MAX, messages.reviewRatingInvalid)),
  review: requiredText(messages.reviewTextRequired, REVIEW_TEXT_MAX, messages.reviewTextTooLong),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** Whether a customer may review a product, and why not. */
export type ReviewStanding =
  | { state: "can-review"; orderId: number }
  | { state: "not-bought" }
  | { state: "not-delivered" }
  | { state: "reviewed"; rating: number; status: ReviewStatus };

export type ReviewStatus = (typeof reviews.$inferSelect)["status"];

/** The status of an order whose products may be reviewed: one the customer has received. */
const REVIEWABLE: SaleStatus = "delivered";

export async function reviewStanding(db: Executor, accountId: number, productId: number): Promise<ReviewStanding> {
  const [own] = await db
    .select({ rating: reviews.rating, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.accountId, accountId), eq(reviews.productId, productId)));
  if (own) return { state: "reviewed", ...own };
  // An order of a sale's status made them a buyer (a cancelled or refunded one never did); a
  // delivered one first.
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        isNotNull(orders.paidAt),
        inArray(orders.status, SALE_STATUSES),
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} = ${productId})`,
      ),
    )
    .orderBy(sql`${orders.status} = ${REVIEWABLE} desc`, desc(orders.id))
    .limit(1);
  if (!order) return { state: "not-bought" };
  return order.status === REVIEWABLE ? { state: "can-review", orderId: order.id } : { state: "not-delivered" };
}

export type SubmitOutcome =
  { ok: true; reviewId: number } | { ok: false; reason: "not-found" | "not-bought" | "not-delivered" | "already-reviewed"; message: string };

const REFUSALS = {
  "not-bought": messages.reviewNotBought,
  "not-delivered": messages.reviewNotDelivered,
  reviewed: messages.reviewAlreadyWritten,
} as const;

/**
 * A verified buyer's review, pending until staff approve it. Once per customer and product: the
 * unique index decides between concurrent submissions, and the losers are told it exists.
 */
export async function submitReview(
  db: Database,
  account: Pick<SignedInAccount, "id" | "fullName">,
  productId: number,
  input: ReviewInput,
): Promise<SubmitOutcome> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), onSale));
  if (!product) return { ok: false, reason: "not-found", message: messages.productNotFound };
  const standing = await reviewStanding(db, account.id, productId);
  if (standing.state === "reviewed") return { ok: false, reason: "already-reviewed", message: REFUSALS.reviewed };
  if (standing.state !== "can-review") return { ok: false, reason: standing.state, message: REFUSALS[standing.state] };
  const [made] = await db
    .insert(reviews)
    .values({
      productId,
      accountId: account.id,
      orderId: standing.orderId,
      rating: input.rating,
      body: input.review,
      reviewerName: reviewerName(account.fullName),
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!made) return { ok: false, reason: "already-reviewed", message: REFUSALS.reviewed };
  return { ok: true, reviewId: made.id };
}

// ------------------------------------------------------------------ the product page

export interface ShownReview {
  id: number;
  rating: number;
  body: string;
  name: string;
  /** The Lagos day it was written, YYYY-MM-DD. */
  day: string;
}

export interface ProductReviews {
  /** Approved reviews in all; 0 means no rating is shown anywhere. */
  count: number;
  /** The average rating of the approved reviews (unrounded), 0 when there are none. */
  average: number;
  /** The newest REVIEWS_SHOWN approved reviews. */
  reviews: ShownReview[];
}

/** What a product page shows: approved reviews only. One query: the count and average are window values. */
export async function productReviews(db: Database, productId: number): Promise<ProductReviews> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      name: reviews.reviewerName,
      createdAt: reviews.createdAt,
      count: sql<number>`count(*) over ()`.mapWith(Number),
      average: sql<number>`avg(${reviews.rating}) over ()`.mapWith(Number),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN);
  return {
    count: rows[0]?.count ?? 0,
    average: rows[0]?.average ?? 0,
    reviews: rows.map((r) => ({ id: r.id, rating: r.rating, body: r.body, name: r.name, day: lagosDate(r.createdAt) })),
  };
}

/** Count and average of approved reviews for many products at once (the listing cards). */
export async function ratingsOf(db: Database, productIds: number[]): Promise<Map<number, { count: number; average: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: reviews.productId,
      count: sql<number>`count(*)`.mapWith(Number),
      average: sql<number>`avg(${reviews.rating})`.mapWith(Number),
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, productIds), eq(reviews.status, "approved")))
    .groupBy(reviews.productId);
  return new Map(rows.map((r) => [r.productId, { count: r.count, average: r.average }]));
}

// ------------------------------------------------------------------ moderation (back office)

export const REVIEW_FILTERS = ["pending", "approved", "hidden", "all"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const REVIEW_LIST_LIMIT = 100;

/** The back office's list, newest first, with who wrote it and who last moderated it. */
export async function listReviewsForStaff(db: Database, filter: ReviewFilter) {
  const moderator = sql<string | null>`(select ${accounts.fullName} from ${accounts} where ${accounts.id} = ${reviews.moderatedBy})`;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        productName: products.name,
        rating: reviews.rating,
        body: reviews.body,
        reviewerName: reviews.reviewerName,
        email: accounts.email,
        orderRef: orders.orderRef,
        status: reviews.status,
        createdAt: reviews.createdAt,
        moderatedAt: reviews.moderatedAt,
        moderatedByName: moderator,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(accounts, eq(accounts.id, reviews.accountId))
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .where(filter === "all" ? undefined : eq(reviews.status, filter))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEW_LIST_LIMIT),
    db
      .select({ status: reviews.status, count: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .groupBy(reviews.status),
  ]);
  const count = (status: ReviewStatus) => counts.find((c) => c.status === status)?.count ?? 0;
  return { rows, counts: { pending: count("pending"), approved: count("approved"), hidden: count("hidden") } };
}

export type ModerationOutcome = { ok: true; message: string } | { ok: false; reason: "unknown" | "unchanged"; message: string };

/**
 * Staff approve or hide a review (owners and staff alike: decision 0042). Who and when are kept on
 * the review, and the change is in the audit log, in the same transaction. Approving or hiding an
 * approved review empties the catalogue cache (migration 0020's triggers); nothing else does.
 */
export async function moderateReview(
  db: Database,
  actor: Pick<SignedInAccount, "id">,
  reviewId: number,
  to: "approved" | "hidden",
): Promise<ModerationOutcome> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(reviews)
      .set({ status: to, moderatedBy: actor.id, moderatedAt: now })
      .where(and(eq(reviews.id, reviewId), ne(reviews.status, to)))
      .returning();
    if (!changed) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
      if (!exists) return { ok: false, reason: "unknown", message: messages.reviewUnknown };
      return { ok: false, reason: "unchanged", message: to === "approved" ? messages.reviewAlreadyApproved : messages.reviewAlreadyHidden };
    }
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, changed.productId));
    await recordAudit(tx, actor.id, {
      action: "review",
      subject: `Review ${changed.id}`,
      subjectPath: adminPanelPath(ADMIN_PANELS.reviews, { show: "all" }),
      detail: `${to === "approved" ? "Approved" : "Hid"} the ${changed.rating}-star review by ${changed.reviewerName} of product ${changed.productId} (${product?.name ?? "deleted"}).`,
    });
    return { ok: true, message: to === "approved" ? messages.reviewApproved : messages.reviewHidden };
  });
}

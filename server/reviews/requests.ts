import { and, asc, eq, isNull, notExists, sql } from "drizzle-orm";
import { DAY_MS } from "~/common/lagos-time";
import { REVIEW_REQUEST_AFTER_DAYS, REVIEW_REQUEST_WITHIN_DAYS } from "~/common/reviews";
import type { Database } from "../db/client";
import { orderEvents, orderItems, orders, products, reviews } from "../db/schema";
import { everyJob } from "../background";
import { log } from "../log";
import { onSale } from "../catalog/catalog";
import { announceMail, queueMail } from "../mail/outbox";
import { reviewRequestMail } from "../mail/templates";

// The mail that asks for reviews (issue 19, decision 0042): REVIEW_REQUEST_AFTER_DAYS after an
// order was delivered, once per order, whichever process gets there first. The order is claimed
// by the statement that sets `review_requested_at` where it is still null, in the transaction
// that queues the mail: a second process, or a second run at the same moment, finds it set (on
// PostgreSQL the second UPDATE waits for the first's commit, then matches no row).

/** Orders looked at per run; the rest wait for the next one. */
const BATCH = 100;

export interface ReviewRequestRun {
  /** Mails queued. */
  mailed: number;
  /** Orders claimed without a mail: every product already reviewed, or none on sale any more. */
  skipped: number;
}

export async function requestReviews(db: Database, publicUrl: string, now = new Date()): Promise<ReviewRequestRun> {
  const dueBefore = new Date(now.getTime() - REVIEW_REQUEST_AFTER_DAYS * DAY_MS);
  const notBefore = new Date(now.getTime() - REVIEW_REQUEST_WITHIN_DAYS * DAY_MS);
  // Delivered at least three days ago (the latest move to delivered), not asked yet.
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "delivered"),
        isNull(orders.reviewRequestedAt),
        sql`(select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'delivered')
              between ${notBefore} and ${dueBefore}`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  const run: ReviewRequestRun = { mailed: 0, skipped: 0 };
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ reviewRequestedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.reviewRequestedAt), eq(orders.status, "delivered")))
        .returning();
      if (!order) return "taken" as const;
      // Its products still on sale that this customer has not reviewed, in the order's own order.
      const toReview = await tx
        .selectDistinctOn([orderItems.productId], { id: orderItems.productId, name: products.name, line: orderItems.id })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(
          and(
            eq(orderItems.orderId, order.id),
            onSale,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(reviews)
                .where(and(eq(reviews.productId, orderItems.productId), eq(reviews.accountId, order.accountId))),
            ),
          ),
        )
        .orderBy(asc(orderItems.productId), asc(orderItems.id));
      if (toReview.length === 0) return "skipped" as const;
      toReview.sort((a, b) => a.line - b.line);
      await queueMail(tx, { kind: "review-request", to: order.email, ...reviewRequestMail({ order, products: toReview, publicUrl }) });
      return "mailed" as const;
    });
    if (outcome === "mailed") run.mailed++;
    if (outcome === "skipped") run.skipped++;
  }
  if (run.mailed > 0) announceMail();
  return run;
}

/** How often a process looks for orders to ask about. */
export const REVIEW_REQUEST_CHECK_MS = 15 * 60_000;

export function startReviewRequests(db: Database, publicUrl: string, intervalMs = REVIEW_REQUEST_CHECK_MS): { stop(): void } {
  const check = async () => {
    const run = await requestReviews(db, publicUrl);
    if (run.mailed > 0) log.info(run, "Asked customers for reviews");
  };
  return everyJob(db, { name: "review-requests", intervalMs, failure: "The review-request mail failed", firstAfterMs: 10_000 }, check);
}

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { REVIEW_TEXT_MAX } from "~/common/reviews";
import { startSession, type Role } from "~/server/accounts/sessions";
import { CATALOG_CHANNEL } from "~/server/catalog/catalog-cache";
import { accounts, auditLog, orderEvents, orders, outbox, reviews } from "~/server/db/schema";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { requestReviews } from "~/server/reviews/requests";
import { paidOrder, quickAccount, quickCustomer, shopClient } from "../support/shop";
import { useApiShop, usePageServer } from "../support/use-shop";

// Ratings and reviews from verified buyers (issue 19, decision 0042), through the real HTTP API
// and pages, on the engine of this run: who may review (and that refusals write nothing), once per
// product even when sent 20 times at once, staff moderation (customers refused), the product page
// and its JSON-LD after approval, the catalogue cache, and the review-request mail once per order.

const PUBLIC_URL = "http://shop.test";
const { handle, api } = useApiShop({ env: { PUBLIC_URL } });
const shop = usePageServer(handle, { env: { PUBLIC_URL } });
const client = shopClient(api);
let staff: { id: number; token: string };
const ADD = "/api/api4users/add_review.php";
/** Plain products of the seed: the first is reviewed and moderated, the second takes the concurrent submissions. */
const PRODUCT = 20;
const RACED = 32;

beforeAll(async () => {
  const admin = await quickAccount(handle.db, "admin", "reviews-staff", "Sade Staff");
  await handle.db.update(accounts).set({ adminRole: "staff" }).where(eq(accounts.id, admin.id));
  staff = { id: admin.id, token: admin.token };
});

const ctx = () => ({ db: handle.db, publicUrl: PUBLIC_URL });

/** A customer with a placed order of `productId`, moved by staff as far as `upTo`; with a session. */
async function buyer(tag: string, productId: number, upTo: "paid" | "shipped" | "delivered") {
  const { orderRef, customerId } = await paidOrder(handle.db, tag, { productId });
  const steps = { paid: [], shipped: ["processing", "shipped"], delivered: ["processing", "shipped", "delivered"] } as const;
  for (const to of steps[upTo]) expect((await changeOrderStatus(ctx(), staff.id, orderRef, to)).ok).toBe(true);
  const { token } = await startSession(handle.db, { id: customerId, role: "customer" });
  return { id: customerId, token, orderRef };
}

async function reviewRows(productId: number) {
  return handle.db.select().from(reviews).where(eq(reviews.productId, productId));
}

/** A page form sent as the browser sends it (same origin), as `who` (a cookie) or as a visitor. */
async function postPage(path: string, fields: Record<string, string>, who?: { role: Role; token: string }) {
  const headers: Record<string, string> = { origin: shop.baseUrl, "content-type": "application/x-www-form-urlencoded" };
  if (who) headers.cookie = await shop.cookieFor(who.role, who.token);
  return fetch(`${shop.baseUrl}${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
}

async function getPage(path: string, who?: { role: Role; token: string }) {
  const headers: Record<string, string> = who ? { cookie: await shop.cookieFor(who.role, who.token) } : {};
  const res = await fetch(`${shop.baseUrl}${path}`, { headers, redirect: "manual" });
  return { status: res.status, text: await res.text() };
}

/** The Product of a page's JSON-LD. */
function productJsonLd(html: string) {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error("no JSON-LD on the page");
  return JSON.parse(match[1]);
}

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("who may review", () => {
  const body = { productId: PRODUCT, rating: 5, review: "Lovely foam." };

  it("refuses a visitor, a customer who never bought it and one whose order is not delivered, and writes nothing", async () => {
    const stranger = await quickCustomer(handle.db, "reviews-stranger");
    const waiting = await buyer("reviews-shipped", PRODUCT, "shipped");
    const justPaid = await buyer("reviews-paid", PRODUCT, "paid");

    expect(await client.post(ADD, body)).toMatchObject({ status: 401, body: { success: false, error: messages.signInRequired } });
    expect(await client.post(ADD, body, stranger.token)).toMatchObject({ status: 403, body: { error: messages.reviewNotBought } });
    expect(await client.post(ADD, body, waiting.token)).toMatchObject({ status: 403, body: { error: messages.reviewNotDelivered } });
    expect(await client.post(ADD, body, justPaid.token)).toMatchObject({ status: 403, body: { error: messages.reviewNotDelivered } });
    // An admin is not a customer.
    expect((await client.post(ADD, body, staff.token)).status).toBe(403);

    // The page's form says the same.
    const form = { rating: "5", review: "Lovely foam." };
    const path = `/productdetail/${PRODUCT}/review`;
    const visitor = await postPage(path, form);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toContain(messages.reviewSignIn);
    const refusedPage = await postPage(path, form, { role: "customer", token: stranger.token });
    expect(refusedPage.status).toBe(403);
    expect(await refusedPage.text()).toContain(messages.reviewNotBought);
    const notDelivered = await postPage(path, form, { role: "customer", token: waiting.token });
    expect(notDelivered.status).toBe(403);
    expect(await notDelivered.text()).toContain(messages.reviewNotDelivered);

    // The form's own question: who is asking, and what they may do.
    const standing = async (who?: { role: Role; token: string }) => (await getPage(`${path}.data`, who)).text;
    expect(await standing()).toContain("visitor");
    expect(await standing({ role: "customer", token: stranger.token })).toContain("not-bought");
    expect(await standing({ role: "customer", token: waiting.token })).toContain("not-delivered");

    expect(await reviewRows(PRODUCT)).toEqual([]);
  });

  it("refuses a bad rating, an empty or over-long text and a 100 KB value with clear messages, and writes nothing", async () => {
    const who = await buyer("reviews-limits", PRODUCT, "delivered");
    for (const rating of [0, 6, 2.5, -1, "abc", "", null, "100"]) {
      const reply = await client.post(ADD, { ...body, rating }, who.token);
      expect(reply, `rating ${JSON.stringify(rating)}`).toMatchObject({ status: 400, body: { error: messages.reviewRatingInvalid } });
    }
    expect(await client.post(ADD, { productId: PRODUCT, review: "No stars" }, who.token)).toMatchObject({
      status: 400,
      body: { error: messages.reviewRatingInvalid },
    });
    expect(await client.post(ADD, { ...body, review: "   " }, who.token)).toMatchObject({
      status: 400,
      body: { error: messages.reviewTextRequired },
    });
    expect(await client.post(ADD, { ...body, review: "x".repeat(REVIEW_TEXT_MAX + 1) }, who.token)).toMatchObject({
      status: 400,
      body: { error: messages.reviewTextTooLong },
    });
    expect(messages.reviewTextTooLong).toBe("Your review can be at most 1,000 characters.");
    expect(await client.post(ADD, { ...body, review: "y".repeat(100_000) }, who.token)).toMatchObject({
      status: 400,
      body: { error: messages.reviewTextTooLong },
    });
    expect((await client.post(ADD, { ...body, rating: "9".repeat(100_000) }, who.token)).status).toBe(400);
    expect(await client.post(ADD, { ...body, productId: 999_999 }, who.token)).toMatchObject({
      status: 404,
      body: { error: messages.productNotFound },
    });
    // The page's form too.
    const page = await postPage(
      `/productdetail/${PRODUCT}/review`,
      { rating: "7", review: "Too many stars" },
      { role: "customer", token: who.token },
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(messages.reviewRatingInvalid);
    expect(await reviewRows(PRODUCT)).toEqual([]);
  });
});

describe("a verified buyer's review", () => {
  let reviewer: Awaited<ReturnType<typeof buyer>>;
  let reviewId: number;
  const TEXT = "Firm and cool. <b>Not bold</b> & still comfy after a month.";

  it("is accepted, pending, and not shown until approved", async () => {
    reviewer = await buyer("reviews-verified", PRODUCT, "delivered");
    // Seen once before: the cache keeps the answer.
    expect((await client.get(`/api/get_product_reviews.php?productId=${PRODUCT}`)).body).toMatchObject({ review_count: 0, reviews: [] });

    const reply = await client.post(ADD, { productId: PRODUCT, rating: 4, review: `  ${TEXT}  ` }, reviewer.token);
    expect(reply).toMatchObject({ status: 201, body: { success: true, message: messages.reviewSubmitted, status: "pending" } });
    reviewId = reply.body.review_id;
    const [row] = await reviewRows(PRODUCT);
    expect(row).toMatchObject({
      id: reviewId,
      accountId: reviewer.id,
      rating: 4,
      body: TEXT,
      status: "pending",
      reviewerName: "Bulk B.",
      moderatedBy: null,
    });

    expect((await client.get(`/api/get_product_reviews.php?productId=${PRODUCT}`)).body).toMatchObject({ review_count: 0, average_rating: null });
    const page = await getPage(`/productdetail/${PRODUCT}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Firm and cool");
    expect(productJsonLd(page.text)).not.toHaveProperty("aggregateRating");
    expect(productJsonLd(page.text)).not.toHaveProperty("review");
    expect((await getPage(`/productdetail/${PRODUCT}/review.data`, { role: "customer", token: reviewer.token })).text).toContain("pending");
  });

  it("is written once: a second attempt is refused and changes nothing", async () => {
    const before = await reviewRows(PRODUCT);
    expect(await client.post(ADD, { productId: PRODUCT, rating: 1, review: "Changed my mind" }, reviewer.token)).toMatchObject({
      status: 409,
      body: { error: messages.reviewAlreadyWritten },
    });
    const page = await postPage(`/productdetail/${PRODUCT}/review`, { rating: "2", review: "Again" }, { role: "customer", token: reviewer.token });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(messages.reviewAlreadyWritten);
    expect(await reviewRows(PRODUCT)).toEqual(before);
  });

  it("cannot be approved by a visitor or a customer", async () => {
    const fields = { intent: "review-moderate", reviewId: String(reviewId), decision: "approve" };
    const asVisitor = await postPage("/admin", fields);
    expect(asVisitor.status).toBe(302);
    expect(asVisitor.headers.get("location")).toBe("/adminlogin");
    const asCustomer = await postPage("/admin", fields, { role: "customer", token: reviewer.token });
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("location")).toBe("/adminlogin");
    // The admin panel is not theirs to see either.
    expect((await getPage("/admin?menu=13", { role: "customer", token: reviewer.token })).status).toBe(302);
    const [row] = await reviewRows(PRODUCT);
    expect(row).toMatchObject({ status: "pending", moderatedBy: null, moderatedAt: null });
  });

  it("is listed for staff, approved by staff (who and when kept, audited), and then shows on the page and in the JSON-LD", async () => {
    const admin = { role: "admin" as const, token: staff.token };
    const panel = await getPage("/admin?menu=13", admin);
    expect(panel.status).toBe(200);
    expect(panel.text).toContain("Firm and cool. &lt;b&gt;Not bold&lt;/b&gt; &amp; still comfy");

    const approved = await postPage("/admin?menu=13", { intent: "review-moderate", reviewId: String(reviewId), decision: "approve" }, admin);
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain(messages.reviewApproved);
    const [row] = await reviewRows(PRODUCT);
    expect(row).toMatchObject({ status: "approved", moderatedBy: staff.id });
    expect(Date.now() - row.moderatedAt!.getTime()).toBeLessThan(60_000);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, "review"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: staff.id, actorName: "Sade Staff", subject: `Review ${reviewId}` });
    expect(audits[0].detail).toContain("Approved the 4-star review by Bulk B.");

    // The cached answer was dropped by the approval, before the next request (decision 0054).
    expect((await client.get(`/api/get_product_reviews.php?productId=${PRODUCT}`)).body).toMatchObject({
      review_count: 1,
      average_rating: 4,
      reviews: [{ id: reviewId, rating: 4, review: TEXT, name: "Bulk B." }],
    });

    const page = await getPage(`/productdetail/${PRODUCT}`);
    // Shown as text, never as markup.
    expect(page.text).toContain("Firm and cool. &lt;b&gt;Not bold&lt;/b&gt; &amp; still comfy");
    expect(page.text).not.toContain("<b>Not bold</b>");
    expect(page.text).toMatch(/data-testid="rating-average"[^>]*>4\.0</);
    expect(page.text).toMatch(/data-testid="rating-count"[^>]*>\(1 review\)</);
    expect(page.text).toContain("Bulk B.");
    const ld = productJsonLd(page.text);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.0", reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        author: { "@type": "Person", name: "Bulk B." },
        reviewBody: TEXT,
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
      }),
    ]);
    // The review's text cannot end the JSON-LD's script.
    expect(page.text).not.toMatch(/<script type="application\/ld\+json">[^<]*<b>/);
  });

  it("a second approval changes nothing and records nothing", async () => {
    const again = await postPage(
      "/admin?menu=13",
      { intent: "review-moderate", reviewId: String(reviewId), decision: "approve" },
      { role: "admin", token: staff.token },
    );
    expect(await again.text()).toContain(messages.reviewAlreadyApproved);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, "review"))).toHaveLength(1);
    const unknown = await postPage(
      "/admin?menu=13",
      { intent: "review-moderate", reviewId: "999999", decision: "hide" },
      { role: "admin", token: staff.token },
    );
    expect(await unknown.text()).toContain(messages.reviewUnknown);
  });

  it("hidden by staff, it leaves the page and the JSON-LD has no AggregateRating", async () => {
    const hidden = await postPage(
      "/admin?menu=13",
      { intent: "review-moderate", reviewId: String(reviewId), decision: "hide" },
      { role: "admin", token: staff.token },
    );
    expect(await hidden.text()).toContain(messages.reviewHidden);
    expect((await client.get(`/api/get_product_reviews.php?productId=${PRODUCT}`)).body).toMatchObject({ review_count: 0 });
    const page = await getPage(`/productdetail/${PRODUCT}`);
    expect(page.text).not.toContain("Firm and cool");
    expect(productJsonLd(page.text)).not.toHaveProperty("aggregateRating");
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, "review"))).toHaveLength(2);
  });
});

describe("once per product", () => {
  it("20 submissions at once by the same buyer make exactly one review", async () => {
    const who = await buyer("reviews-race", RACED, "delivered");
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.post(ADD, { productId: RACED, rating: (i % 5) + 1, review: `Attempt ${i}` }, who.token)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.error).toBe(messages.reviewAlreadyWritten);
    const rows = await reviewRows(RACED);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(replies.find((r) => r.status === 201)!.body.review_id);
  });
});

describe("the catalogue cache", () => {
  it("hears approved reviews change, and not pending ones being written", async () => {
    let heard = 0;
    const subscription = await handle.listen(CATALOG_CHANNEL, { onNotify: () => heard++, onGap: () => {} });
    // Every announcement committed so far has been heard (decision 0054): none is still on its way.
    const allHeard = async () => expect(await subscription.caughtUp()).toBe(true);
    try {
      const who = await buyer("reviews-notify", PRODUCT, "delivered");
      // Buying and delivering touched the stock: those announcements are in before counting.
      await allHeard();
      heard = 0;
      const reply = await client.post(ADD, { productId: PRODUCT, rating: 3, review: "Fine." }, who.token);
      expect(reply.status).toBe(201);
      await allHeard();
      expect(heard, "a pending review announced a change").toBe(0);
      await handle.db.update(reviews).set({ status: "hidden" }).where(eq(reviews.id, reply.body.review_id));
      await allHeard();
      expect(heard, "hiding a review never shown announced a change").toBe(0);
      await handle.db.update(reviews).set({ status: "approved" }).where(eq(reviews.id, reply.body.review_id));
      await allHeard();
      expect(heard).toBeGreaterThan(0);
    } finally {
      await subscription.stop();
    }
  });
});

describe("the review-request mail", () => {
  const DAY = 24 * 60 * 60_000;

  /** Moves the order's delivery back in time, as if it was delivered `days` ago. */
  async function deliveredDaysAgo(orderRef: string, days: number) {
    const [order] = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.orderRef, orderRef));
    await handle.db
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - days * DAY) })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, "delivered")));
    return order.id;
  }

  async function requestMails(orderRef: string) {
    const [order] = await handle.db.select({ email: orders.email }).from(orders).where(eq(orders.orderRef, orderRef));
    return handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, order.email), eq(outbox.kind, "review-request")));
  }

  it("goes once per order, three days after delivery, even with two processes running the job twice at once", async () => {
    const recent = await buyer("reviews-mail-recent", RACED, "delivered");
    const due = await buyer("reviews-mail-due", RACED, "delivered");
    await deliveredDaysAgo(recent.orderRef, 1);
    await deliveredDaysAgo(due.orderRef, 4);

    const other = await handle.connectAgain();
    try {
      const runs = await Promise.all([
        requestReviews(handle.db, PUBLIC_URL),
        requestReviews(other.db, PUBLIC_URL),
        requestReviews(handle.db, PUBLIC_URL),
        requestReviews(other.db, PUBLIC_URL),
      ]);
      expect(runs.reduce((n, r) => n + r.mailed, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
    }
    const mails = await requestMails(due.orderRef);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(due.orderRef);
    expect(mails[0].text).toContain(`${PUBLIC_URL}/productdetail/${RACED}#write-review`);
    expect(mails[0].html).toContain(`href="${PUBLIC_URL}/productdetail/${RACED}#write-review"`);
    expect(await requestMails(recent.orderRef)).toHaveLength(0);

    // Later runs send nothing more.
    await requestReviews(handle.db, PUBLIC_URL);
    expect(await requestMails(due.orderRef)).toHaveLength(1);
  });

  it("is not sent when the customer already reviewed every product of the order", async () => {
    const who = await buyer("reviews-mail-done", RACED, "delivered");
    expect((await client.post(ADD, { productId: RACED, rating: 5, review: "Great." }, who.token)).status).toBe(201);
    const orderId = await deliveredDaysAgo(who.orderRef, 4);
    await requestReviews(handle.db, PUBLIC_URL);
    expect(await requestMails(who.orderRef)).toHaveLength(0);
    // Settled: it is not looked at again.
    const [row] = await handle.db.select({ at: orders.reviewRequestedAt }).from(orders).where(eq(orders.id, orderId));
    expect(row.at).not.toBeNull();
  });

  it("never asks about an order delivered more than 30 days ago, nor one no longer delivered", async () => {
    const old = await buyer("reviews-mail-old", RACED, "delivered");
    await deliveredDaysAgo(old.orderRef, 40);
    const refunded = await buyer("reviews-mail-refunded", RACED, "delivered");
    await deliveredDaysAgo(refunded.orderRef, 4);
    expect((await changeOrderStatus(ctx(), staff.id, refunded.orderRef, "refunded")).ok).toBe(true);
    await requestReviews(handle.db, PUBLIC_URL);
    expect(await requestMails(old.orderRef)).toHaveLength(0);
    expect(await requestMails(refunded.orderRef)).toHaveLength(0);
  });
});

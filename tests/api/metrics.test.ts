import { describe, expect, it } from "vitest";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { recordJobRun } from "~/server/background";
import { outbox, refunds } from "~/server/db/schema";
import { loggedIn, openCheckout, shopClient, variantOf, type Shopper } from "../support/shop";
import { sample, scrape as scrapeAt, valueOf } from "../support/metrics";
import { useApiServer, useApiShop } from "../support/use-shop";

// GET /metrics (issue 27, decision 0056) over HTTP, on the engine of the run: who may read it,
// what a purchase moves, and the shop's state read from the database. The cluster's sum of
// several processes is tested with the production build in release.test.ts.

const TOKEN = "metrics-token-for-the-tests-0123456789";
const { handle, api } = useApiShop();
const withToken = useApiServer(handle, { env: { METRICS_TOKEN: TOKEN } });
const shop = shopClient(api);

/** A client that is not on this machine: the tests' shops trust X-Forwarded-For from 127.0.0.1. */
const ELSEWHERE = { "x-forwarded-for": "203.0.113.9" };

const scrape = (baseUrl = api.baseUrl, headers: Record<string, string> = {}) => scrapeAt(baseUrl, headers);

describe("who may read /metrics", () => {
  it("answers a client on this machine in Prometheus' text format, with the process's own figures", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ["process_resident_memory_bytes", "nodejs_heap_size_used_bytes"]) expect(sample(res.text, name), name).toBeGreaterThan(0);
    // The lag may well be 0 on a quiet machine: it is there.
    expect(sample(res.text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(res.text).toContain("# TYPE shop_http_request_duration_seconds histogram");
  });

  it("is a 404 to a client elsewhere, with no token or a wrong one, and answers the right token", async () => {
    expect((await scrape(api.baseUrl, ELSEWHERE)).status).toBe(404);
    // A shop without METRICS_TOKEN takes no token at all.
    expect((await scrape(api.baseUrl, { ...ELSEWHERE, authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await scrape(withToken.baseUrl, ELSEWHERE)).status).toBe(404);
    expect((await scrape(withToken.baseUrl, { ...ELSEWHERE, authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await scrape(withToken.baseUrl, { ...ELSEWHERE, authorization: `Basic ${TOKEN}` })).status).toBe(404);
    const allowed = await scrape(withToken.baseUrl, { ...ELSEWHERE, authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain("shop_orders_placed_total");
  });

  it("takes no other method, and the 404 says no more than any unknown address", async () => {
    const post = await fetch(`${api.baseUrl}/metrics`, { method: "POST" });
    expect(post.status).toBe(404);
    const away = await fetch(`${api.baseUrl}/metrics`, { headers: ELSEWHERE });
    const unknown = await fetch(`${api.baseUrl}/no-such-address`, { headers: ELSEWHERE });
    expect(await away.text()).toBe((await unknown.text()).replace("/no-such-address", "/metrics"));
  });
});

describe("what a purchase moves", () => {
  const CREATE_ORDER = "/api/api4users/create_order.php";

  const checkoutOf = (who: Shopper, productId: number) => openCheckout(handle.db, shop, who, productId);

  const createOrder = (who: Shopper, s: Awaited<ReturnType<typeof checkoutOf>>) =>
    shop.post(
      CREATE_ORDER,
      {
        userId: who.id,
        date: "2026-11-26 10:00:00",
        transactionRef: s.reference,
        orderRef: s.orderRef,
        ...s.delivery,
        cartItems: [],
        total: 1,
      },
      who.token,
    );

  it("counts the order, its value in kobo, the payment and the request's time under its route", async () => {
    const who = await loggedIn(handle.db, api.baseUrl, "customer", "metrics-buyer");
    const before = (await scrape()).text;
    const s = await checkoutOf(who, 41);
    expect((await shop.post("/api/test-gateway/charge", { access_code: s.accessCode, card_number: TEST_CARD_SUCCESS })).status).toBe(200);
    const placed = await createOrder(who, s);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const after = (await scrape()).text;

    const priceKobo = (await variantOf(handle.db, 41)).priceKobo;
    expect(valueOf(after, "shop_orders_placed_total") - valueOf(before, "shop_orders_placed_total")).toBe(1);
    expect(valueOf(after, "shop_orders_placed_value_kobo_total") - valueOf(before, "shop_orders_placed_value_kobo_total")).toBe(priceKobo);
    expect(valueOf(after, "shop_payments_total", { outcome: "paid" }) - valueOf(before, "shop_payments_total", { outcome: "paid" })).toBe(1);
    const route = { route: CREATE_ORDER, method: "POST" };
    expect(
      valueOf(after, "shop_http_request_duration_seconds_count", route) - valueOf(before, "shop_http_request_duration_seconds_count", route),
    ).toBe(1);
    expect(
      valueOf(after, "shop_http_requests_total", { ...route, status: "201" }) -
        valueOf(before, "shop_http_requests_total", { ...route, status: "201" }),
    ).toBe(1);
  });

  it("counts a declined card as declined, and places nothing", async () => {
    const who = await loggedIn(handle.db, api.baseUrl, "customer", "metrics-declined");
    const before = (await scrape()).text;
    const s = await checkoutOf(who, 42);
    expect((await shop.post("/api/test-gateway/charge", { access_code: s.accessCode, card_number: TEST_CARD_DECLINED })).status).toBe(402);
    expect((await createOrder(who, s)).status).toBe(422);
    const after = (await scrape()).text;
    expect(valueOf(after, "shop_payments_total", { outcome: "declined" }) - valueOf(before, "shop_payments_total", { outcome: "declined" })).toBe(1);
    expect(valueOf(after, "shop_orders_placed_total")).toBe(valueOf(before, "shop_orders_placed_total"));
  });

  it("names requests by their route's pattern, never by a path that holds a token or that anyone made up", async () => {
    const secret = "f0e1d2c3b4a5968778695a4b3c2d1e0f";
    await fetch(`${api.baseUrl}/verify/${secret}`);
    await fetch(`${api.baseUrl}/api/uploads/${secret}.webp`);
    await fetch(`${api.baseUrl}/api/no-such-call-${secret}.php`);
    await fetch(`${api.baseUrl}/made-up-${secret}`);
    const text = (await scrape()).text;
    expect(text).not.toContain(secret);
    expect(sample(text, "shop_http_requests_total", { route: "/verify/:token", method: "GET" })).toBeGreaterThan(0);
    expect(sample(text, "shop_http_requests_total", { route: "/api/*", method: "GET", status: "404" })).toBeGreaterThan(0);
    expect(sample(text, "shop_http_requests_total", { route: "/*", method: "GET" })).toBeGreaterThan(0);
  });
});

describe("the shop's state, read from the database at each scrape", () => {
  it("reports the outbox, refunds, each job's last success and awaited payments as the tables hold them", async () => {
    const before = (await scrape()).text;
    const mail = { kind: "test", subject: "s", html: "<p>h</p>", text: "t" };
    await handle.db.insert(outbox).values({ ...mail, to: "given-up@example.test", status: "failed" });
    // Waiting an hour, and not yet due again: no mailer of this file sends it meanwhile.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await handle.db
      .insert(outbox)
      .values({ ...mail, to: "waiting@example.test", createdAt: hourAgo, nextAttemptAt: new Date(Date.now() + 3_600_000) });
    await recordJobRun(handle.db, "housekeeping", 60_000, null);
    const after = (await scrape()).text;

    expect(valueOf(after, "shop_mail_outbox", { state: "failed" }) - valueOf(before, "shop_mail_outbox", { state: "failed" })).toBe(1);
    expect(valueOf(after, "shop_mail_outbox", { state: "pending" }) - valueOf(before, "shop_mail_outbox", { state: "pending" })).toBe(1);
    expect(valueOf(after, "shop_mail_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(3_600);
    const ranAt = valueOf(after, "shop_job_last_success_timestamp_seconds", { job: "housekeeping" });
    expect(Math.abs(ranAt - Date.now() / 1000)).toBeLessThan(60);
    const refundRows = await handle.db.select().from(refunds);
    const byState = (status: string) => refundRows.filter((r) => r.status === status).length;
    expect(sample(after, "shop_refunds", { state: "pending" })).toBe(byState("pending"));
    expect(sample(after, "shop_refunds", { state: "done" })).toBe(byState("sent"));
    expect(sample(after, "shop_refunds", { state: "failed" })).toBe(byState("failed"));
    expect(sample(after, "shop_payments_awaiting")).toBeGreaterThanOrEqual(0);
  });

  it.runIf(process.env.DATABASE_URL)("on PostgreSQL, reports the pool's connections and each statement's time", async () => {
    const text = (await scrape()).text;
    expect(sample(text, "shop_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(sample(text, "shop_db_query_duration_seconds_count")).toBeGreaterThan(0);
  });
});

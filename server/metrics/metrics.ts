import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The shop's metrics in Prometheus' text format (issue 27, decision 0056), read at /metrics
// (server/metrics/endpoint.ts). Three kinds:
//   - the process: prom-client's defaults (heap, RSS, event-loop lag, CPU, handles), HTTP
//     requests by route and status with their latency, the database pool and query time;
//   - money events this process saw: orders placed and their value, payments by outcome;
//   - the shop's state, read from the database at each scrape (server/metrics/shop-state.ts):
//     refunds by state, the mail outbox, awaited payments, each background job's last success and
//     the last backup. Every process reports the same rows, so across processes these are taken
//     once ("first"), where the counters of events are summed.
// Names follow Prometheus' conventions: a unit suffix, `_total` for counters, money in kobo.

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** Reads the database's state into the gauges below; set by server/metrics/shop-state.ts. */
  const shopState: { refresh: (() => Promise<void>) | null } = { refresh: null };
  // Each gauge of the database's state asks for it as it is collected; one read serves them all.
  const collect = () => shopState.refresh?.();
  /** The PostgreSQL pool's counts; set by server/metrics/database.ts (none on the embedded database). */
  const dbPoolSource: { stats: (() => { total: number; idle: number; waiting: number }) | null } = { stats: null };
  return {
    registry,
    shopState,
    dbPoolSource,
    httpRequests: new Counter({
      name: "shop_http_requests_total",
      help: "HTTP requests answered, by route (the route table's pattern or the API call, never a raw path), method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's end, by route and method.",
      labelNames: ["route", "method"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    serverErrors: new Counter({
      name: "shop_server_errors_total",
      help: "Requests answered 500 or over: unexpected errors, each also logged with its request id.",
      labelNames: ["route"] as const,
      registers,
    }),
    dbQueryDuration: new Histogram({
      name: "shop_db_query_duration_seconds",
      help: "Time of each statement sent to PostgreSQL, from sending it to its answer.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    dbPool: new Gauge({
      name: "shop_db_pool_connections",
      help: "The PostgreSQL pool: connections open (total), idle, and requests waiting for one (waiting).",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = dbPoolSource.stats?.();
        if (stats) for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
      },
    }),
    ordersPlaced: new Counter({
      name: "shop_orders_placed_total",
      help: "Orders placed (paid and kept, not refunded) since this process started.",
      registers,
    }),
    ordersPlacedValue: new Counter({
      name: "shop_orders_placed_value_kobo_total",
      help: "The value of the orders placed since this process started, in kobo (100 kobo = 1 naira).",
      registers,
    }),
    payments: new Counter({
      name: "shop_payments_total",
      help: "Payments verified with the provider, by outcome: paid, declined (failed or abandoned), mismatched (amount or currency not the order's), awaiting (money on its way).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    refunds: new Gauge({
      name: "shop_refunds",
      help: "Refunds the shop makes, by state: pending (being sent), done, failed (the provider refused: an owner must act).",
      labelNames: ["state"] as const,
      aggregator: "first",
      collect,
      registers,
    }),
    paymentsAwaiting: new Gauge({
      name: "shop_payments_awaiting",
      help: "Payments the provider says are on their way (transfers, USSD), not landed yet.",
      aggregator: "first",
      collect,
      registers,
    }),
    outbox: new Gauge({
      name: "shop_mail_outbox",
      help: "E-mails in the outbox by state: pending (waiting to be sent or retried), failed (given up).",
      labelNames: ["state"] as const,
      aggregator: "first",
      collect,
      registers,
    }),
    outboxOldest: new Gauge({
      name: "shop_mail_outbox_oldest_pending_seconds",
      help: "Age of the oldest e-mail still waiting to be sent; 0 when none waits.",
      aggregator: "first",
      collect,
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: "shop_job_last_success_timestamp_seconds",
      help: "When each background job last finished without error, by any process (Unix time).",
      labelNames: ["job"] as const,
      aggregator: "first",
      collect,
      registers,
    }),
    backupLastSuccess: new Gauge({
      name: "shop_backup_last_success_timestamp_seconds",
      help: "When the last scheduled backup (with its off-site copy, where one is set) finished (Unix time); absent before the first.",
      aggregator: "first",
      collect,
      registers,
    }),
  };
}

export type ShopMetrics = ReturnType<typeof createMetrics>;

/**
 * One set per process, even where the module is loaded twice (Vite's dev server loads the app's
 * copy beside Node's copy of the server's): a service counts into the registry /metrics reads.
 */
const KEY = Symbol.for("foam-shop.metrics");
export const metrics: ShopMetrics = ((globalThis as Record<symbol, unknown>)[KEY] ??= createMetrics()) as ShopMetrics;

/** An order placed: paid, and kept (not refunded for want of stock or a replaced checkout). */
export function countOrderPlaced(totalKobo: number): void {
  metrics.ordersPlaced.inc();
  metrics.ordersPlacedValue.inc(totalKobo);
}

export type PaymentOutcomeLabel = "paid" | "declined" | "mismatched" | "awaiting";

/** A payment the provider answered for, counted once per change of its state. */
export function countPayment(outcome: PaymentOutcomeLabel): void {
  metrics.payments.inc({ outcome });
}

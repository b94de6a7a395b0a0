import cluster from "node:cluster";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { Express, RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { checkoutContext, createApp, isCatalogRequest, isSignedInCatalogPage } from "./server/app";
import { HEADER_PLACEHOLDERS, signedInHeaderValues } from "./app/header.server";
import { createCatalogCache } from "./server/catalog/catalog-cache";
import { createCustomerSessions, type CustomerSessions } from "./server/accounts/session-cache";
import type { Readiness } from "./server/health";
import { loadConfig, type Config } from "./server/config";
import "./server/context";
import { databaseOpenProblem, ensurePlannerStatistics, openDatabase, type DatabaseHandle } from "./server/db/client";
import { seedInChildProcessIfEmpty, seedInThisProcessIfEmpty, seedNewEmbeddedDatabaseInChild } from "./server/db/seed-process";
import { configureLog, log } from "./server/log";
import { timed } from "./server/timing";
import { lockDemoPasswords, seedDemoAccounts } from "./server/accounts/demo";
import { startMailer, type MailerOptions } from "./server/mail/mailer";
import { startAwaitingPayments, startOrderExpiry } from "./server/checkout/checkout";
import { startRefunds } from "./server/checkout/refunds";
import { startHousekeeping } from "./server/housekeeping";
import { startLowStockMail } from "./server/catalog/low-stock";
import { startReviewRequests } from "./server/reviews/requests";

// Entry of the server build (vite.config.ts): boots configuration, database and HTTP.

// For the test harnesses that load the build (tests/support/pages.ts, tests/e2e/serve.mjs): the
// build's own log and costs (decision 0048). Nothing in production calls them.
export { configureLog } from "./server/log";
export { useTestCosts } from "./server/test-costs";

/**
 * The seed's own entry beside this one in the server build (build/server/seed.js, emitted by
 * server/demo/vite-plugin.ts): what a first start's seeding child runs. None from TypeScript
 * source (dev server, tests).
 */
const seedEntryUrl = import.meta.url.endsWith(".js") ? new URL("./seed.js", import.meta.url).href : null;

export async function openShopDatabase(config: Config): Promise<DatabaseHandle> {
  const target = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
  // The server build creates and seeds a new database in a child process that exits, so that the
  // serving process never holds the memory that took nor loads the demo material
  // (server/db/seed-process.ts); TypeScript source (dev server, tests) seeds in this process.
  const seedChild = seedEntryUrl ? { entryUrl: seedEntryUrl } : null;
  if (seedChild) await seedNewEmbeddedDatabaseInChild(target, seedChild);
  let handle = await openDatabase(target);
  // Processes starting together on one PostgreSQL take turns: one migrates and seeds, the next
  // finds it done.
  await handle.exclusively(async () => {
    await handle.migrate();
    if (seedChild) handle = await seedInChildProcessIfEmpty(handle, target, seedChild);
    else if (await seedInThisProcessIfEmpty(handle.db)) log.info("Seeded the catalogue.");
    await ensurePlannerStatistics(handle.db);
    const demo = await seedDemoAccounts(handle, config);
    if (demo.length) log.info(`Created the demo accounts: ${demo.join(", ")} (passwords in the README).`);
    const locked = await lockDemoPasswords(handle.db, config);
    if (locked.length)
      log.warn(
        `Not in demo mode: the demo accounts ${locked.join(", ")} had their published passwords and are locked (Forgot Password sets a new one).`,
      );
  });
  return handle;
}

export async function createShopApp(
  handle: DatabaseHandle,
  config: Config,
  options: { clientDir?: string; build?: () => Promise<ServerBuild>; mode: "development" | "production"; readiness?: Readiness },
) {
  const loadBuild = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const checkout = checkoutContext(handle.db, config);
  const customerSessions = await customerSessionsOf(handle);
  // In development the code changes under the cache, so pages are always rendered afresh.
  const catalogCache =
    options.mode === "production"
      ? await createCatalogCache(handle, {
          isCacheable: isCatalogRequest,
          signedIn: {
            applies: isSignedInCatalogPage,
            values: (req) => timed("session", () => signedInHeaderValues(customerSessions, req.headers.cookie)),
            placeholders: HEADER_PLACEHOLDERS,
          },
        })
      : undefined;
  const pagesOf = (build: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build,
      mode: options.mode,
      getLoadContext: (req, res) => ({
        db: handle.db,
        config,
        checkout,
        customerSessions,
        clientAddress: req.ip ?? "unknown",
        cspNonce: res.locals.cspNonce as string,
        pageTemplate: res.locals.pageTemplate === true,
        rememberCatalog: catalogCache?.remember,
      }),
    });
  // Given a function, React Router loads the build and derives its route table from it on every
  // request, as the dev server's code may change; in production it gets the build itself, loaded at
  // the first page, and derives the table once (per request that was 5% of a personal page's CPU;
  // issue 17).
  const pages = options.mode === "production" ? onceLoaded(async () => pagesOf(await loadBuild())) : pagesOf(loadBuild);
  return createApp({
    db: handle.db,
    config,
    clientDir: options.clientDir,
    pages,
    checkout,
    catalogCache,
    pageScriptPolicy: options.mode === "production",
    readiness: options.readiness,
  });
}

/** A handler made once, when the first request needs it; a failed making is tried again by the next. */
function onceLoaded(make: () => Promise<RequestHandler>): RequestHandler {
  let handler: Promise<RequestHandler> | null = null;
  return (req, res, next) => {
    handler ??= make().catch((error: unknown) => {
      handler = null;
      throw error;
    });
    handler.then((handle) => handle(req, res, next), next);
  };
}

/** One per database: development makes the app again on every change of the code. */
const customerSessionsByHandle = new WeakMap<DatabaseHandle, Promise<CustomerSessions>>();

function customerSessionsOf(handle: DatabaseHandle): Promise<CustomerSessions> {
  let sessions = customerSessionsByHandle.get(handle);
  if (!sessions) customerSessionsByHandle.set(handle, (sessions = createCustomerSessions(handle)));
  return sessions;
}

/**
 * Work the process does besides answering requests: sending mail, ending lapsed stock holds,
 * retrying refunds, housekeeping, the daily low-stock mail, asking for reviews. stop() resolves once the mail being sent is marked sent (else it goes out again).
 */
export function startBackgroundWork(handle: DatabaseHandle, config: Config, mailer: MailerOptions = {}): BackgroundWork {
  const mail = startMailer(handle.db, config, mailer);
  const checkout = checkoutContext(handle.db, config);
  const timers = [
    startOrderExpiry(handle.db),
    startAwaitingPayments(checkout),
    startRefunds(checkout),
    startHousekeeping(handle.db),
    startLowStockMail(handle.db, { email: config.shopOrdersEmail, publicUrl: config.publicUrl }),
    startReviewRequests(handle.db, config.publicUrl),
  ];
  return {
    stop() {
      for (const t of timers) t.stop();
      return mail.stop();
    },
  };
}

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** The database of `npm start`, or the process ends with why it cannot be opened. */
export function openShopDatabaseOrExit(config: Config): Promise<DatabaseHandle> {
  return openShopDatabase(config).catch((error: unknown) => {
    log.fatal(`The shop cannot start: ${databaseOpenProblem(config, error)}`);
    process.exit(1);
  });
}

/**
 * Serves `app` on the configured port until SIGTERM or SIGINT. Then requests in flight finish,
 * new connections are refused and /readyz says "draining" meanwhile; the background work stops
 * (the mail being sent is marked sent) before the database closes and the process exits 0.
 */
export function serveUntilStopped(
  app: Express,
  {
    config,
    handle,
    background,
    readiness,
    host = config.host,
  }: { config: Config; handle: DatabaseHandle; background: BackgroundWork; readiness: Readiness; host?: string },
  onListening: (server: Server) => void,
): Server {
  const listening = (error?: Error) => {
    if (!error) return onListening(server);
    log.fatal(`The shop cannot start: ${error.message}`);
    process.exit(1);
  };
  const server = host ? app.listen(config.port, host, listening) : app.listen(config.port, listening);
  const shutdown = () => {
    readiness.draining = true;
    const backgroundDone = background.stop();
    server.close(() => void backgroundDone.then(() => handle.close()).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return server;
}

/**
 * `npm start`: one server, or with WEB_CONCURRENCY > 1 (PostgreSQL only) that many server
 * processes sharing the port through node:cluster. A process that dies is replaced; SIGTERM
 * stops them all gracefully.
 */
export async function serve(options: { clientDir: string }) {
  const config = loadConfig();
  if (config.webConcurrency === 1 || !cluster.isPrimary) return void (await start(options));
  configureLog(config.logLevel);
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "A server process stopped; starting another");
    setTimeout(fork, 1000).unref();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  log.info(`Started ${config.webConcurrency} server processes`);
}

/** What the start-up log says in demo mode (decision 0018). */
export function demoModeNotice(config: Config): string {
  const parts = [
    "DEMO MODE: demo accounts (see the README)",
    config.smtpUrl ? null : `e-mails in the dev mailbox at ${config.publicUrl}/dev/mailbox`,
    config.paystack.secretKey ? null : "the test payment gateway (no real money)",
  ].filter(Boolean);
  const where = config.host ? `listening on ${config.host} only` : "listening on every interface";
  return `${parts.join(", ")}; ${where}. Not for real customers: set SHOP_DEMO=off, or DATABASE_URL or PUBLIC_URL.`;
}

/** Outside demo mode, what a real shop still lacks says so once at start, not at the first order. */
function warnOfMissingSetup(config: Config) {
  if (!config.smtpUrl) log.warn("SMTP_URL is not set: e-mails wait in the outbox until it is.");
  if (!config.paystack.secretKey) log.warn("PAYSTACK_SECRET_KEY is not set: Pay Now says payments are not set up yet.");
}

/** One server process: `serve` calls it, in each process. */
export async function start(options: { clientDir: string }) {
  const startedAt = performance.now();
  const config = loadConfig();
  configureLog(config.logLevel);
  const handle = await openShopDatabaseOrExit(config);
  const readiness: Readiness = { draining: false };
  const app = await createShopApp(handle, config, { clientDir: path.resolve(options.clientDir), mode: "production", readiness });
  return serveUntilStopped(app, { config, handle, background: startBackgroundWork(handle, config), readiness }, () => {
    const ms = Math.round(performance.now() - startedAt);
    log.info({ engine: handle.engine, ms, demo: config.demo }, `Shop ready on ${config.publicUrl} (${handle.engine}, ${ms} ms)`);
    if (config.demo) log.warn(demoModeNotice(config));
    else warnOfMissingSetup(config);
  });
}

import cluster from "node:cluster";
import { availableTextChannels, devPhoneEnabled } from "./texts/providers";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { Express, RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { HEADER_PLACEHOLDERS, signedInHeaderValues } from "~/app/header.server";
import { checkoutContext, createApp, isCatalogRequest, isSignedInCatalogPage } from "./app";
import { createCatalogCache } from "./catalog/catalog-cache";
import { createCustomerSessions, type CustomerSessions } from "./accounts/session-cache";
import type { Readiness } from "./health";
import { loadConfig, type Config } from "./config";
import "./context";
import { databaseOpenProblem, ensurePlannerStatistics, openDatabase, type DatabaseHandle } from "./db/client";
import { seedInChildProcessIfEmpty, seedInThisProcessIfEmpty, seedNewEmbeddedDatabaseInChild } from "./db/seed-process";
import { configureLog, log } from "./log";
import { timed } from "./timing";
import { lockDemoPasswords, seedDemoAccounts } from "./accounts/demo";
import { startOrderExpiry } from "./checkout/pay-on-delivery";
import { applyDemoSettings } from "./admin/demo-settings";
import { startMailer, type MailerOptions } from "./mail/mailer";
import { startAwaitingPayments } from "./checkout/checkout";
import { startRefunds } from "./checkout/refunds";
import { startHousekeeping } from "./housekeeping";
import { startLowStockMail } from "./catalog/low-stock";
import { startReviewRequests } from "./reviews/requests";
import { startStockAlerts } from "./marketing/stock-alerts";
import { startCartReminders } from "./marketing/cart-reminders";
import { startScheduledBackups } from "./backups/schedule";
import { drainable } from "./shutdown";
import { answerMetricsRequests } from "./metrics/cluster";
import { startWatch } from "./alerts/watch";

// The composition root: boots configuration, database and HTTP. The server build's entry, the
// root server.ts, hands scripts/start.mjs its serve().

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
    if (demo.length) {
      log.info(`Created the demo accounts: ${demo.join(", ")} (passwords in the README).`);
      await applyDemoSettings(handle.db);
    }
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
 * retrying refunds, housekeeping, the daily low-stock mail, asking for reviews, back-in-stock alerts, cart reminders, the daily backup. stop() resolves once the mail being sent is marked sent (else it goes out again).
 */
export function startBackgroundWork(handle: DatabaseHandle, config: Config, mailer: MailerOptions = {}): BackgroundWork {
  const mail = startMailer(handle.db, config, mailer);
  const checkout = checkoutContext(handle.db, config);
  const messaging = { publicUrl: config.publicUrl, textChannels: availableTextChannels(config) };
  const timers = [
    startOrderExpiry(handle.db),
    startAwaitingPayments(checkout),
    startRefunds(checkout),
    startHousekeeping(handle.db),
    startLowStockMail(handle.db, { email: config.shopOrdersEmail, publicUrl: config.publicUrl }),
    startReviewRequests(handle.db, config.publicUrl),
    startStockAlerts(handle.db, messaging),
    startCartReminders(handle.db, messaging),
    startScheduledBackups(handle, config.backup),
    startWatch(handle.db, { publicUrl: config.publicUrl, fallbackTo: config.shopOrdersEmail }),
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
 * The configuration of a serving process, or the process ends (code 1) naming what is missing:
 * outside demo mode, DATABASE_URL and an https PUBLIC_URL (decision 0044). Nothing is built,
 * opened or served before.
 */
export function loadServingConfigOrExit(): Config {
  try {
    return loadConfig(process.env, { serving: true });
  } catch (error) {
    // Plain text for the person reading it: the log's own settings are among what is wrong.
    console.error(`The shop cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
}

/**
 * Serves `app` on the configured port until SIGTERM or SIGINT, then stops gracefully (decision
 * 0053, server/shutdown.ts): /readyz answers 503 at once while requests are still served for
 * SHUTDOWN_DRAIN_MS (none after SIGINT, a person's Ctrl-C), then the port closes and the requests
 * in flight finish; the background work stops (the mail being sent is marked sent) and the
 * database closes, and the process exits 0. Still busy SHUTDOWN_TIMEOUT_MS after the signal, it
 * exits 1.
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
  const draining = drainable(server, readiness);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { drainMs: configuredDrainMs, timeoutMs } = config.shutdown;
    const drainMs = signal === "SIGINT" ? 0 : configuredDrainMs;
    setTimeout(() => {
      log.error(`Still busy ${timeoutMs} ms after ${signal} (SHUTDOWN_TIMEOUT_MS): exiting with requests unanswered.`);
      process.exit(1);
    }, timeoutMs).unref();
    log.info(`${signal}: /readyz answers 503; serving ${drainMs} ms more, then finishing the requests in flight.`);
    const backgroundDone = background.stop();
    await draining.stop(drainMs);
    await backgroundDone;
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}

/** How much longer than its server processes the WEB_CONCURRENCY primary waits for them to stop. */
const PRIMARY_GRACE_MS = 5_000;

/**
 * `npm start`: one server, or with WEB_CONCURRENCY > 1 (PostgreSQL only) that many server
 * processes sharing the port through node:cluster. A process that dies is replaced. SIGTERM
 * (or SIGINT) goes on to each, which stops gracefully; the primary exits once they all have, or
 * at its own deadline, a little after theirs.
 */
export async function serve(options: { clientDir: string }) {
  const config = loadServingConfigOrExit();
  if (config.webConcurrency === 1 || !cluster.isPrimary) return void (await start(options));
  configureLog(config.logLevel);
  answerMetricsRequests();
  let stopping = false;
  let failed = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      failed ||= code !== 0;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "A server process stopped; starting another");
    setTimeout(fork, 1000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      log.error(`Server processes still running ${config.shutdown.timeoutMs + PRIMARY_GRACE_MS} ms after ${signal}: exiting.`);
      process.exit(1);
    }, config.shutdown.timeoutMs + PRIMARY_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  log.info(`Started ${config.webConcurrency} server processes`);
}

/** What the start-up log says in demo mode (decision 0018). */
export function demoModeNotice(config: Config): string {
  const parts = [
    "DEMO MODE: demo accounts (see the README)",
    config.smtpUrl ? null : `e-mails in the dev mailbox at ${config.publicUrl}/dev/mailbox`,
    devPhoneEnabled(config) ? `texts on the dev phone at ${config.publicUrl}/dev/phone` : null,
    config.paystack.secretKey ? null : "the test payment gateway (no real money)",
  ].filter(Boolean);
  const where = config.host ? `listening on ${config.host} only` : "listening on every interface";
  return `${parts.join(", ")}; ${where}. Not for real customers: a real shop has SHOP_DEMO=off, DATABASE_URL and an https PUBLIC_URL.`;
}

/** What the start-up log shouts, at every start, for a real shop on the embedded database (decision 0044). */
export const UNSAFE_EMBEDDED_DATABASE_NOTICE =
  "UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS=yes: a real shop on the embedded database, which never flushes to disk. " +
  "A power cut can lose paid orders or corrupt the data folder. For tests and the bench only; a real shop sets DATABASE_URL.";

/** Outside demo mode, what a real shop still lacks says so once at start, not at the first order. */
function warnOfMissingSetup(config: Config) {
  if (!config.smtpUrl) log.warn("SMTP_URL is not set: e-mails wait in the outbox until it is.");
  if (!config.paystack.secretKey) log.warn("PAYSTACK_SECRET_KEY is not set: Pay Now says payments are not set up yet.");
}

/** One server process: `serve` calls it, in each process. */
export async function start(options: { clientDir: string }) {
  const startedAt = performance.now();
  const config = loadServingConfigOrExit();
  configureLog(config.logLevel);
  if (config.unsafeEmbeddedDatabase) log.error(UNSAFE_EMBEDDED_DATABASE_NOTICE);
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

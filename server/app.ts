import { existsSync, readdirSync } from "node:fs";
import { availableTextChannels } from "./texts/providers";
import compression from "compression";
import express, { type Request, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { serviceWorkerRoutes } from "./service-worker";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { API_PATH, apiRouter, CACHEABLE_CALLS } from "./api";
import { routeFor } from "~/app/route-facts";
import type { CheckoutContext } from "./checkout/checkout";
import { createGateway } from "./payments/gateway";
import { SESSION_COOKIE_NAMES } from "./accounts/sessions";
import type { CatalogCache } from "./catalog/catalog-cache";
import { healthRoutes, type Readiness } from "./health";
import { requestLogging } from "./log";
import { httpMetrics, metricsRoute } from "./metrics/endpoint";
import { serverTiming } from "./timing";
import { pageContentSecurityPolicy, pageFormLimits, sameOriginChanges, securityHeaders } from "./security";

export interface AppOptions {
  db: Database;
  config: Config;
  /** Built client files (production); in development Vite serves them. */
  clientDir?: string;
  /** The React Router request handler; tests of the API leave it out. */
  pages?: RequestHandler;
  /** The payment provider; by default the one the configuration names. */
  checkout?: CheckoutContext;
  /** Finished catalogue pages and product calls (server/catalog/catalog-cache.ts); none in development. */
  catalogCache?: CatalogCache;
  /** Whether the process is shutting down (/readyz); the caller flips it on SIGTERM. */
  readiness?: Readiness;
  /** The pages' nonce-based script policy; off under Vite's dev server, whose inline scripts have none. */
  pageScriptPolicy?: boolean;
}

/** A customer's session cookie: the only thing that makes a catalogue page differ (its header). */
const CUSTOMER_SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAMES.customer}=`);
const hasCustomerCookie = (req: Request) => CUSTOMER_SESSION_COOKIE.test(req.headers.cookie ?? "");

/**
 * Client-navigation data (`.data`) that leaves the root route's out (`_routes` without "root"):
 * the route's own data, which for a catalogue page is the same for everyone. React Router asks
 * for it so when the root's loader does not revalidate (app/root.tsx shouldRevalidate).
 */
function leavesOutRoot(req: Request): boolean {
  if (!req.path.endsWith(".data")) return false;
  const routes = new URLSearchParams(req.originalUrl.split("?")[1] ?? "").get("_routes");
  // As React Router reads it (singleFetchLoaders): an empty or missing list loads every route.
  return routes ? !routes.split(",").includes("root") : false;
}

/**
 * Requests whose answer depends only on the catalogue: the calls their file declares cacheable
 * (server/api/catalog.ts), and the pages the route table declares cacheable (app/route-facts.ts),
 * with their client-navigation data (`.data`), for everyone but signed-in customers, and for them
 * their navigation data without the root's. (An admin's cookie changes nothing on a catalogue page.)
 */
export function isCatalogRequest(req: Request): boolean {
  if (CACHEABLE_CALLS.has(req.path)) return true;
  return routeFor(req.path).cacheable && (!hasCustomerCookie(req) || leavesOutRoot(req));
}

/** A signed-in customer's catalogue page (a document): the catalogue cache fills its template for them. */
export function isSignedInCatalogPage(req: Request): boolean {
  return !req.path.endsWith(".data") && routeFor(req.path).cacheable && hasCustomerCookie(req);
}

/** What checkout needs, built once per process from the configuration. */
export function checkoutContext(db: Database, config: Config): CheckoutContext {
  return {
    db,
    gateway: createGateway(db, config),
    publicUrl: config.publicUrl,
    shopOrdersEmail: config.shopOrdersEmail,
    textChannels: availableTextChannels(config),
  };
}

/**
 * The client folder's other files (the favicon), revalidated hourly. Only the names the build left
 * there are looked up: express.static would otherwise stat the disk for every page and call.
 */
function clientFiles(clientDir: string): RequestHandler {
  // A start from source (tests) names a folder no build has made: nothing to serve then.
  const names = new Set(existsSync(clientDir) ? readdirSync(clientDir).map((name) => `/${name}`) : []);
  const serve = express.static(clientDir, { maxAge: "1h", index: false });
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}

/** The whole HTTP surface: headers, compression, static files, /api, and the pages. */
export function createApp({
  db,
  config,
  clientDir,
  pages,
  checkout = checkoutContext(db, config),
  catalogCache,
  pageScriptPolicy = true,
  readiness = { draining: false },
}: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Only a configured proxy may name the client (rate limits and logs key on it).
  app.set("trust proxy", config.trustProxy);
  app.use(compression());
  if (clientDir) {
    // Hashed assets never change: served first, with a year's cache and no per-request log line
    // or page headers (a phone fetches eight of them per page; their headers are bytes too).
    // The build keeps brotli and gzip copies of them (scripts/compress-assets.mjs).
    app.use(
      "/assets",
      expressStaticGzip(`${clientDir}/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false, setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff") },
      }),
    );
  }
  app.use(requestLogging());
  app.use(httpMetrics());
  app.use(serverTiming(config.serverTiming));
  app.use(...securityHeaders(config));
  app.use(healthRoutes(db, readiness));
  app.use(metricsRoute(db, config.metrics));
  app.use(sameOriginChanges(config));
  // The service worker keeps an offline copy of a catalogue page only when this says it is the
  // visitor's version, with nothing of a signed-in customer in it (decision 0063).
  app.use((req, res, next) => {
    if (req.method === "GET" && isCatalogRequest(req) && !CACHEABLE_CALLS.has(req.path)) res.setHeader("X-Shop-Page", "visitor");
    next();
  });
  if (catalogCache) app.use(catalogCache.middleware);
  if (clientDir) app.use(serviceWorkerRoutes(clientDir, config), clientFiles(clientDir));
  app.use(API_PATH, apiRouter(db, config, checkout, catalogCache?.remember));
  if (pages) {
    // Under Vite's dev server pages carry no policy at all (its inline scripts have no nonce):
    // the resource policy every response starts with would block the page's own scripts.
    app.use(pageScriptPolicy ? pageContentSecurityPolicy(config) : (_req, res, next) => (res.removeHeader("Content-Security-Policy"), next()));
    app.use(pageFormLimits(), pages);
  }
  return app;
}

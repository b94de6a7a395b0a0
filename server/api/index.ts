import express, { Router, type ErrorRequestHandler } from "express";
import type { Config } from "../config";
import { isDatabaseUnavailable, type Database } from "../db/client";
import { messages } from "~/common/messages";
import type { CheckoutContext } from "../checkout/checkout";
import type { RememberCatalog } from "../catalog/catalog-cache";
import { accountRoutes } from "./accounts";
import { adminRoutes } from "./admin";
import { cartRoutes } from "./cart";
import { contentRoutes } from "./content";
import { CATALOG_CALLS, catalogRoutes } from "./catalog";
import { contractError, requestErrorText } from "./contract";
import { orderRoutes, paystackWebhook, testGatewayRoutes } from "./orders";
import { REVIEW_CALLS, reviewRoutes } from "./reviews";
import { uploadRoutes } from "./uploads";
import { log } from "../log";

/** Where the API is mounted (server/app.ts). */
export const API_PATH = "/api";

/**
 * The API calls (full paths) whose answers the catalogue cache may keep for everyone, as the
 * files that define them declare.
 */
export const CACHEABLE_CALLS: ReadonlySet<string> = new Set(
  [...Object.values(CATALOG_CALLS), ...Object.values(REVIEW_CALLS)].filter((call) => call.cacheable).map((call) => `${API_PATH}${call.path}`),
);

/** Everything under /api: the JSON contract of requirements §7 and the stored pictures. */
export function apiRouter(db: Database, config: Config, checkout: CheckoutContext, rememberCatalog?: RememberCatalog): Router {
  const router = Router();
  // Before the JSON parser: the webhook's signature is over the raw bytes.
  router.use(paystackWebhook(checkout));
  router.use(express.json({ limit: "100kb" }));
  router.use(catalogRoutes(db));
  router.use(accountRoutes(db, config, "customer"));
  router.use(accountRoutes(db, config, "admin"));
  router.use(adminRoutes(db, config));
  router.use(cartRoutes(db, config, rememberCatalog));
  router.use(contentRoutes(db, config));
  router.use(orderRoutes(checkout, config));
  router.use(reviewRoutes(db, config));
  if (checkout.gateway.provider === "test") router.use(testGatewayRoutes(checkout));
  router.use(uploadRoutes(db));
  router.use((_req, res) => void res.status(404).json(contractError("No such API call.")));
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    if (isDatabaseUnavailable(err)) {
      log.error({ err }, "API call failed: the database cannot be reached");
      return void res.status(503).set("Retry-After", "30").json(contractError(messages.serviceUnavailable));
    }
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) log.error({ err }, "API error");
    // A 4xx here came before any call ran (a body that is not JSON, too large, ...): say which.
    res.status(status).json(contractError(status === 500 ? "Something went wrong. Please try again." : requestErrorText(err)));
  };
  router.use(onError);
  return router;
}

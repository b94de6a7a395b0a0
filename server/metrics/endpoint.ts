import { timingSafeEqual } from "node:crypto";
import cluster from "node:cluster";
import { isIP } from "node:net";
import type { Request, RequestHandler } from "express";
import type { Database } from "../db/client";
import { log } from "../log";
import { metrics } from "./metrics";
import { watchShopState } from "./shop-state";
import { clusterMetricsText } from "./cluster";
import { routeLabel } from "./route-label";

// GET /metrics (decision 0056): for the monitoring on the shop's own machine, or whoever holds
// METRICS_TOKEN. The client's address is the one Express trusts (TRUST_PROXY): behind Caddy,
// every connection comes from 127.0.0.1, so without TRUST_PROXY every visitor would look local;
// deploy/Caddyfile does not pass /metrics at all. Anyone else is answered as if there were no such
// page: the request goes on to the shop's 404.

export const METRICS_PATH = "/metrics";

/** The HTTP figures of each request: counted when its answer has been sent. */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const route = routeLabel(req);
      const status = String(res.statusCode);
      metrics.httpRequests.inc({ route, method: req.method, status });
      metrics.httpDuration.observe({ route, method: req.method }, (performance.now() - started) / 1000);
      if (res.statusCode >= 500) metrics.serverErrors.inc({ route });
    });
    next();
  };
}

export interface MetricsAccess {
  /** METRICS_TOKEN: a scraper elsewhere sends `Authorization: Bearer <token>`. */
  token?: string;
}

/** GET /metrics for those allowed; the shop's 404 for everyone else. */
export function metricsRoute(db: Database, access: MetricsAccess): RequestHandler {
  watchShopState(db);
  return (req, res, next) => {
    if (req.path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) return next();
    if (!isLoopback(req.ip) && !hasToken(req, access.token)) return next();
    metricsText()
      .then((text) => {
        res.set("Content-Type", metrics.registry.contentType).set("Cache-Control", "no-store").send(text);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "Reading the metrics failed");
        res.status(500).type("text/plain").send("The metrics could not be read.");
      });
  };
}

/**
 * This process's metrics, or with WEB_CONCURRENCY every server process's, summed by the primary
 * (prom-client's cluster aggregation; server/metrics/cluster.ts).
 */
function metricsText(): Promise<string> {
  if (cluster.isWorker) return clusterMetricsText();
  return metrics.registry.metrics();
}

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

function hasToken(req: Request, token: string | undefined): boolean {
  if (!token) return false;
  const header = req.get("authorization") ?? "";
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Level } from "pino";
import { withoutSecrets } from "~/app/route-facts";
import { routeLabel } from "./metrics/route-label";

// Structured logs (one JSON line each, pino) with the id of the request they belong to. What is
// never written: passwords, the backups' passphrase, tokens, cookies, the Authorization header,
// query strings, the one-time tokens in verification and reset addresses, and the parameters of
// failed queries.

/** What every line logged while a request runs carries: its id, and the account signed in, once known. */
interface RequestContext {
  reqId: string;
  accountId?: number;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** The account whose session this request carries: named on the lines logged from now on. */
export function noteSignedIn(accountId: number): void {
  const context = requestContext.getStore();
  if (context) context.accountId = accountId;
}

const REDACTED = [
  "password",
  "newPassword",
  "token",
  "device_token",
  "deviceToken",
  "accessCode",
  "authorization",
  "cookie",
  "passphrase",
  "*.password",
  "*.newPassword",
  "*.token",
  "*.device_token",
  "*.deviceToken",
  "*.accessCode",
  "*.authorization",
  "*.cookie",
  "*.passphrase",
  "*.headers.authorization",
  "*.headers.cookie",
];

/** Errors as pino serializes them, without query parameters (they may hold hashes, e-mails, tokens). */
function serializeError(error: unknown): unknown {
  const out = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const strip = (e: Record<string, unknown> | undefined) => {
    for (let level = e; level && typeof level === "object"; level = level.cause as Record<string, unknown> | undefined) {
      delete level.params;
      if (typeof level.message === "string") level.message = level.message.replace(/\nparams: .*/s, "");
      if (typeof level.stack === "string") level.stack = level.stack.replace(/\nparams: [^\n]*/, "");
    }
  };
  strip(out);
  return out;
}

function createLog(level: Level | "silent", destination?: DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED, censor: "[redacted]" },
      serializers: { err: serializeError, error: serializeError },
      mixin: () => {
        const context = requestContext.getStore();
        if (!context) return {};
        return context.accountId === undefined ? { reqId: context.reqId } : { reqId: context.reqId, accountId: context.accountId };
      },
    },
    destination,
  );
}

/** The process's logger; configureLog replaces it at boot (a live binding for every importer). */
export let log = createLog("info");

export function configureLog(level: Level | "silent", destination?: DestinationStream): void {
  log = createLog(level, destination);
}

/**
 * The address as logged: path only (a query may hold a search, an e-mail, a code), without the
 * one-time tokens of e-mailed links: every path segment the route table declares "secret"
 * (app/route-facts.ts) is logged by its name (`/verify/:token`).
 */
export function loggablePath(url: string): string {
  return withoutSecrets(url.split("?")[0]);
}

const INCOMING_ID = /^[A-Z0-9-]{8,64}$/i;

/**
 * Gives each request an id (a balancer's X-Request-Id when it looks like one), answers with it,
 * logs the request when it is done, and makes the id part of every line logged meanwhile.
 */
export function requestLogging(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const reqId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", reqId);
    const started = performance.now();
    const context: RequestContext = { reqId };
    res.on("finish", () => {
      const line = {
        reqId,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      };
      // An unexpected error: with the route and the account, to find it again (counted in /metrics).
      if (res.statusCode >= 500) log.error({ ...line, route: routeLabel(req), accountId: context.accountId ?? null }, "request failed");
      else log.info(line, "request");
    });
    requestContext.run(context, next);
  };
}

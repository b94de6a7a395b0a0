import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

// Server-Timing (issue 17's breakdown): how long a request spent in each phase and how many SQL
// statements it sent, in a `Server-Timing` header. Off unless SERVER_TIMING=on (`npm run bench`
// turns it on): the figures describe the server's insides, which a real shop keeps to itself.
//
//   session  reading the customer's session (and cart count)
//   root     the root route's loader (categories and the header; the session inside it)
//   route    the page's own loader
//   render   React's rendering of the page (documents only)
//   app      everything before the headers went out (compression happens while the body is written)
//   sql      statements sent (desc), no duration

export type Phase = "session" | "root" | "route" | "render";

interface RequestTimings {
  startedAt: number;
  phases: Map<Phase, number>;
  statements: number;
}

/**
 * One store per process, even where the module is loaded twice (Vite's dev server loads the app's
 * copy beside Node's copy of the server's).
 */
const STORE = Symbol.for("foam-shop.server-timing");
const current: AsyncLocalStorage<RequestTimings> = ((globalThis as Record<symbol, unknown>)[STORE] ??=
  new AsyncLocalStorage<RequestTimings>()) as AsyncLocalStorage<RequestTimings>;

/** Starts timing each request, and writes the header just before the response's headers go out. */
export function serverTiming(enabled: boolean): RequestHandler {
  return (_req, res, next) => {
    if (!enabled) return next();
    const timings: RequestTimings = { startedAt: performance.now(), phases: new Map(), statements: 0 };
    // As the on-headers package does (compression uses it): the last moment headers can change.
    const response = res as ServerResponse;
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      if (!this.headersSent) this.setHeader("Server-Timing", headerValue(timings));
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
    current.run(timings, next);
  };
}

function headerValue({ startedAt, phases, statements }: RequestTimings): string {
  const parts = [...phases].map(([phase, ms]) => `${phase};dur=${ms.toFixed(2)}`);
  parts.push(`app;dur=${(performance.now() - startedAt).toFixed(2)}`, `sql;desc="${statements}"`);
  return parts.join(", ");
}

/** Runs `work`, adding its time to this request's `phase` (nothing when timing is off). */
export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const timings = current.getStore();
  if (!timings) return work();
  const startedAt = performance.now();
  try {
    return await work();
  } finally {
    timings.phases.set(phase, (timings.phases.get(phase) ?? 0) + performance.now() - startedAt);
  }
}

/** Counts one SQL statement against this request (the database clients' query logger calls it). */
export function countStatement(): void {
  const timings = current.getStore();
  if (timings) timings.statements++;
}

/** Drizzle's logger: counts statements, logs nothing. */
export const statementCounter = { logQuery: countStatement };

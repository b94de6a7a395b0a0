import type { Server, ServerResponse } from "node:http";
import type { Readiness } from "./health";

// The graceful stop of a serving process (decision 0053). From SIGTERM on, /readyz answers 503 so
// that a balancer stops sending, while pages and calls are still served for `drainMs`; then the
// port closes and the requests in flight finish. Every answer from SIGTERM on says
// `Connection: close`, so no client keeps a connection to a process that is going away.

export interface Draining {
  /** Starts the stop: /readyz answers 503 at once; resolves once the port is closed and every request has been answered. */
  stop(drainMs: number): Promise<void>;
}

/** Follows `server`'s requests, to end its keep-alive connections when it stops. */
export function drainable(server: Server, readiness: Readiness): Draining {
  const answering = new Set<ServerResponse>();
  // First among the request listeners: the app may answer within its own call (/healthz).
  server.prependListener("request", (_req, res) => {
    if (readiness.draining) res.shouldKeepAlive = false;
    answering.add(res);
    res.once("close", () => answering.delete(res));
  });
  return {
    async stop(drainMs) {
      readiness.draining = true;
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // close() ends idle connections; one whose answer had begun before SIGTERM (a streamed
      // page) still says keep-alive, and is ended once that answer is sent.
      for (const res of answering) if (res.headersSent) res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
      server.closeIdleConnections();
      await closed;
    },
  };
}

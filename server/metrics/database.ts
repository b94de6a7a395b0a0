import type pg from "pg";
import { metrics } from "./metrics";

// The PostgreSQL pool's figures for /metrics: how many connections are open, idle and waited for,
// and how long each statement takes. The embedded database (the demo) reports neither.

/** Times every statement sent on the pool's connections, and reports the pool's use. */
export function instrumentPool(pool: pg.Pool): void {
  pool.on("connect", timeStatements);
  metrics.dbPoolSource.stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}

type Query = (...args: unknown[]) => unknown;

/**
 * Wraps a connection's query() in a timer, in both of node-postgres' forms: with a callback (the
 * pool's own query() uses it) and returning a promise (transactions on a checked-out client).
 * A submittable (a cursor, a stream) is passed through untimed.
 */
function timeStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const timed: Query = (...args) => {
    if (typeof (args[0] as { submit?: unknown } | null)?.submit === "function") return query(...args);
    const end = metrics.dbQueryDuration.startTimer();
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        end();
        return (callback as Query)(...results);
      };
      return query(...args);
    }
    return (query(...args) as Promise<unknown>).finally(end);
  };
  (client as unknown as { query: Query }).query = timed;
}

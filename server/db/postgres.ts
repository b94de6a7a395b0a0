import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder, type ChannelListener, type Database, type DatabaseHandle, type Subscription } from "./client";
import * as schema from "./schema";
import { log } from "../log";
import { statementCounter } from "../timing";
import { instrumentPool } from "../metrics/database";

// PostgreSQL through node-postgres (DATABASE_URL).

/** The advisory lock taken while a process migrates and seeds (any constant unique to the shop). */
const STARTUP_LOCK_KEY = 7_305_001;

export async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  // A database that does not answer fails a request after 5 s (a 503) instead of holding it forever.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection the server ends (a restart, a dropped database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") log.error({ err: error }, "PostgreSQL connection error");
  });
  instrumentPool(pool);
  const db = drizzle({ client: pool, schema, logger: statementCounter });
  const subscriptions = new Set<Subscription>();
  return {
    db: db as unknown as Database,
    engine: "postgres",
    migrate: () => migrate(db, { migrationsFolder: migrationsFolder() }),
    listen: async (channel, listener) => {
      const subscription = await listenOnPostgres(databaseUrl, channel, listener);
      subscriptions.add(subscription);
      return {
        caughtUp: subscription.caughtUp,
        stop: async () => {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },
    exclusively: async (work) => {
      // A session-level advisory lock on a connection of its own, held while `work` runs on the pool.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await connection.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    close: async () => {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one may be handed to someone else). When
 * it drops, the listener hears of the gap, and the connection is made again with a growing pause.
 *
 * A notification reaches this process after its writer's commit has returned (measured here: the
 * writer had its answer first in 75 to 98 writes of 100), so "caught up" is a round trip on this
 * connection: PostgreSQL signals every listener during the commit, and a listener sends the
 * notifications it was signalled for ahead of the answer to the next query it is sent
 * (decision 0054).
 */
async function listenOnPostgres(databaseUrl: string, channel: string, listener: ChannelListener): Promise<Subscription> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = 250;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel === channel) listener.onNotify();
    });
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) return void (await next.end());
    client = next;
    pause = 250;
    // Whatever changed while nobody listened is unknown: the listener starts afresh.
    listener.onGap(true);
  };

  const lost = (which: pg.Client) => {
    if (client !== which || stopped) return;
    client = null;
    listener.onGap(false);
    which.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    retry = setTimeout(() => {
      connect().catch(() => {
        pause = Math.min(pause * 2, 10_000);
        schedule();
      });
    }, pause);
    retry.unref();
  };

  const roundTrip = async (): Promise<boolean> => {
    const asked = client;
    if (!asked) return false;
    try {
      // The empty query: the cheapest round trip (12 µs of this process's time against 18 µs for
      // `select 1`, measured here).
      await asked.query("");
      return client === asked;
    } catch {
      return false;
    }
  };

  await connect();
  return {
    caughtUp: sharedRoundTrips(roundTrip),
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/**
 * A round trip sent after each caller asked, shared by the callers that ask before it goes: one
 * already on its way proves nothing about commits made after it was sent, so who asks meanwhile
 * waits for the next one, sent when it returns. A caller waits at most two round trips, and the
 * connection carries one at a time however many ask.
 */
export function sharedRoundTrips(roundTrip: () => Promise<boolean>): () => Promise<boolean> {
  let onItsWay: Promise<boolean> | undefined;
  let toBeSent: Promise<boolean> | undefined;
  const send = (): Promise<boolean> => {
    toBeSent = undefined;
    const trip: Promise<boolean> = roundTrip().finally(() => {
      if (onItsWay === trip) onItsWay = undefined;
    });
    onItsWay = trip;
    return trip;
  };
  // Sent a microtask later at the soonest, so the callers of one turn share it.
  return () => (toBeSent ??= (onItsWay ?? Promise.resolve()).then(send, send));
}

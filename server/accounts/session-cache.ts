import { LRUCache } from "lru-cache";
import { CATALOG_CHANNEL } from "../catalog/catalog-cache";
import type { DatabaseHandle } from "../db/client";
import { hashToken, isTokenShape } from "./secrets";
import { findCustomerSession, type CustomerSession } from "./sessions";
import { noteSignedIn } from "../log";

// Live customer sessions kept in memory, for the embedded database only (decision 0030).
//
// Every page a signed-in customer opens needs their session and cart count; from the catalogue
// cache that one call is most of the page's cost on the embedded database, which runs on the
// server's own thread. Any write to sessions, accounts, carts or cart lines NOTIFYs
// `customers_changed` (migration 0009), and any catalogue change `catalog_changed` (an archived
// product leaves the count): each drops every session kept. The embedded database belongs to this
// one process, and it hands a notification over before the write that made it returns, so no
// answer that follows a logout, a password reset or a cart change can come from memory.
//
// PostgreSQL's notifications come on another connection, after the writer has moved on, and other
// processes may share the database: there every lookup asks the database.

export const CUSTOMERS_CHANNEL = "customers_changed";

export interface CustomerSessions {
  /** The customer behind a live session token, with their cart's count, or null (findCustomerSession). */
  find(token: string | null | undefined, now?: Date): Promise<CustomerSession | null>;
  stats(): { hits: number; misses: number; entries: number; kept: boolean };
  close(): Promise<void>;
}

export async function createCustomerSessions(
  handle: Pick<DatabaseHandle, "db" | "engine" | "listen">,
  { maxEntries = 10_000 }: { maxEntries?: number } = {},
): Promise<CustomerSessions> {
  let hits = 0;
  let misses = 0;
  if (handle.engine !== "pglite") {
    return {
      find: (token, now) => (misses++, findCustomerSession(handle.db, token, now)),
      stats: () => ({ hits, misses, entries: 0, kept: false }),
      close: async () => {},
    };
  }

  /** By the token's hash, so memory holds no usable token. */
  const sessions = new LRUCache<string, Readonly<CustomerSession>>({ max: maxEntries });
  /** Counts the changes heard: a lookup that began before one is not kept. */
  let generation = 0;
  const forget = () => {
    generation++;
    sessions.clear();
  };
  const subscriptions = await Promise.all(
    [CUSTOMERS_CHANNEL, CATALOG_CHANNEL].map((channel) => handle.listen(channel, { onNotify: forget, onGap: forget })),
  );

  return {
    async find(token, now = new Date()) {
      if (!isTokenShape(token)) return null;
      const key = hashToken(token);
      const kept = sessions.get(key);
      if (kept && kept.expiresAt > now) {
        hits++;
        noteSignedIn(kept.id);
        return kept;
      }
      misses++;
      const startedIn = generation;
      const session = await findCustomerSession(handle.db, token, now);
      if (session && startedIn === generation) sessions.set(key, Object.freeze(session));
      return session;
    },
    stats: () => ({ hits, misses, entries: sessions.size, kept: true }),
    close: async () => {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      sessions.clear();
    },
  };
}

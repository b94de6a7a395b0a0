import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomerSessions, type CustomerSessions } from "~/server/accounts/session-cache";
import { endAllSessions, endSession, findCustomerSession } from "~/server/accounts/sessions";
import { addToCart } from "~/server/cart/cart";
import type { Database } from "~/server/db/client";
import { accounts, products } from "~/server/db/schema";
import { quickCustomer } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// Customers' sessions kept in memory (server/accounts/session-cache.ts, decision 0030): on the
// embedded database every answer after a change of the session, the account, the cart or the
// catalogue is the database's; on PostgreSQL every lookup asks the database.

const handle = useTestDatabase();
let sessions: CustomerSessions;
/** Statements the lookups sent (every `customer_session` call). */
let lookups = 0;
/** Runs once between the database's answer to the next lookup and the lookup's return. */
let beforeAnswer: (() => Promise<unknown>) | undefined;
let db: Database;

beforeAll(async () => {
  db = handle.db;
  const counting = new Proxy(handle.db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== "execute" || typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        lookups++;
        const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        const between = beforeAnswer;
        beforeAnswer = undefined;
        await between?.();
        return answer;
      };
    },
  });
  sessions = await createCustomerSessions({ ...handle, db: counting });
});
afterAll(async () => {
  await sessions.close();
});

const kept = () => handle.engine === "pglite";

/** Looks a token up twice and says how many lookups reached the database. */
async function twice(token: string) {
  const before = lookups;
  const first = await sessions.find(token);
  const second = await sessions.find(token);
  expect(second).toEqual(first);
  return { session: second, asked: lookups - before };
}

describe("customer sessions in memory", () => {
  it("answers a repeated lookup from memory on the embedded database only, as the database would", async () => {
    const ada = await quickCustomer(db, "cache-ada");
    const { session, asked } = await twice(ada.token);
    expect(session).toMatchObject({ id: ada.id, cartCount: 0 });
    expect(session).toEqual(await findCustomerSession(db, ada.token));
    expect(asked).toBe(kept() ? 1 : 2);
    expect(sessions.stats().kept).toBe(kept());
  });

  it("never answers for another token, nor for a malformed or unknown one", async () => {
    const ada = await quickCustomer(db, "cache-a");
    const bola = await quickCustomer(db, "cache-b");
    await sessions.find(ada.token);
    expect((await sessions.find(bola.token))?.id).toBe(bola.id);
    expect((await sessions.find(ada.token))?.id).toBe(ada.id);
    expect(await sessions.find(`${ada.token.slice(0, -1)}x`)).toBeNull();
    expect(await sessions.find("not a token")).toBeNull();
  });

  it("follows a logout and a password reset at once", async () => {
    const ada = await quickCustomer(db, "cache-logout");
    await twice(ada.token);
    await endSession(db, ada.token);
    expect(await sessions.find(ada.token)).toBeNull();

    const bola = await quickCustomer(db, "cache-reset");
    await twice(bola.token);
    await endAllSessions(db, bola.id);
    expect(await sessions.find(bola.token)).toBeNull();
  });

  it("follows the cart's count, the account's name and an archived product at once", async () => {
    const ada = await quickCustomer(db, "cache-cart");
    await twice(ada.token);
    expect((await addToCart(db, ada.id, { productId: 32 })).ok).toBe(true);
    expect((await sessions.find(ada.token))?.cartCount).toBe(1);
    expect((await addToCart(db, ada.id, { productId: 32 })).ok).toBe(true);
    expect((await twice(ada.token)).session?.cartCount).toBe(2);

    await db.update(accounts).set({ fullName: "Adaeze Renamed" }).where(eq(accounts.id, ada.id));
    expect((await sessions.find(ada.token))?.fullName).toBe("Adaeze Renamed");

    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 32));
    expect((await sessions.find(ada.token))?.cartCount).toBe(0);
    await db.update(products).set({ archivedAt: null }).where(eq(products.id, 32));
    expect((await sessions.find(ada.token))?.cartCount).toBe(2);
  });

  it("follows a change made by any statement, not only the shop's services", async () => {
    const ada = await quickCustomer(db, "cache-raw");
    await twice(ada.token);
    await db.execute(sql`update sessions set revoked_at = now() where account_id = ${ada.id}`);
    expect(await sessions.find(ada.token)).toBeNull();

    const bola = await quickCustomer(db, "cache-raw-cart");
    expect((await addToCart(db, bola.id, { productId: 32 })).ok).toBe(true);
    await twice(bola.token);
    await db.execute(sql`update cart_items set quantity = 3 where cart_id in (select id from carts where account_id = ${bola.id})`);
    expect((await sessions.find(bola.token))?.cartCount).toBe(3);
  });

  it("ends a session kept in memory when its time is up", async () => {
    const ada = await quickCustomer(db, "cache-expiry");
    const { session } = await twice(ada.token);
    expect(await sessions.find(ada.token, new Date(session!.expiresAt.getTime() + 1))).toBeNull();
  });

  it("does not keep an answer the database gave before a change it has not seen", async () => {
    const ada = await quickCustomer(db, "cache-race");
    // The database answers the lookup, then the customer logs out before the answer is kept.
    beforeAnswer = () => endSession(db, ada.token);
    expect((await sessions.find(ada.token))?.id).toBe(ada.id);
    expect(await sessions.find(ada.token)).toBeNull();
    // Lookups and logouts started together, in whatever order the database takes them.
    for (let i = 0; i < 20; i++) {
      const who = await quickCustomer(db, `cache-race-${i}`);
      const racing = Array.from({ length: 5 }, () => sessions.find(who.token));
      await Promise.all([...racing, endSession(db, who.token)]);
      expect(await sessions.find(who.token)).toBeNull();
    }
  });
});

import { eq, sql } from "drizzle-orm";
import type { Database } from "./db/client";
import { rateLimits } from "./db/schema";

// Fixed-window counters in the database, so every server process sees the same count.

export interface Limit {
  /** What is limited and for whom, e.g. `login-failed:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowMs: number;
}

export type LimitCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one hit against each limit; refuses when any is over its maximum. */
export async function hitLimits(db: Database, limits: Limit[], now = new Date()): Promise<LimitCheck> {
  let retryAfterSeconds = 0;
  for (const limit of limits) {
    const windowEnd = new Date(now.getTime() + limit.windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, count: 1, windowEndsAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz then ${windowEnd.toISOString()}::timestamptz else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
    if (row.count > limit.max) {
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000));
    }
  }
  return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true };
}

/** Takes back one hit, e.g. the login attempt that turned out to be the right password. */
export async function refundLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets a limit, e.g. the failed-login count of an account that has just signed in. */
export async function clearLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** "Please try again in 12 minutes." */
export function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Please try again in a minute." : `Please try again in ${minutes} minutes.`;
}

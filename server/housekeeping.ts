import { lt } from "drizzle-orm";
import type { Database } from "./db/client";
import { oneTimeTokens, rateLimits, sessions } from "./db/schema";
import { log } from "./log";

// Rows that only ever matter until a moment has passed: ended sessions, one-time tokens and rate
// limit windows. Nothing reads them after that (each lookup checks the time), so they are deleted
// hourly instead of piling up. Safe in every process at once: each is a plain delete.

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export async function purgeExpired(db: Database, now = new Date()): Promise<{ sessions: number; tokens: number; rateLimits: number }> {
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  const tokens = await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now)).returning({ id: oneTimeTokens.id });
  const windows = await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now)).returning({ key: rateLimits.key });
  return { sessions: ended.length, tokens: tokens.length, rateLimits: windows.length };
}

export function startHousekeeping(db: Database, intervalMs = HOUSEKEEPING_INTERVAL_MS): { stop(): void } {
  const run = () =>
    purgeExpired(db).then(
      (purged) => log.info(purged, "Purged expired sessions, tokens and rate limits"),
      (err) => log.error({ err }, "Purging expired rows failed"),
    );
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

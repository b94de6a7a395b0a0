import { lt } from "drizzle-orm";
import { purgeIdleDevices } from "./accounts/devices";
import type { Database } from "./db/client";
import { cartRequests, oneTimeTokens, rateLimits, sessions } from "./db/schema";
import { CART_REQUEST_DAYS } from "./cart/cart";
import { log } from "./log";
import { everyJob } from "./background";

// Rows that only ever matter until a moment has passed: ended sessions, one-time tokens, rate
// limit windows, login devices that have not signed in for a year, and the ids of cart changes
// made more than a week ago (a change kept offline longer is sent as a new one). Nothing reads them after
// that (each lookup checks the time; a forgotten device is simply an unknown one), so they are
// deleted hourly instead of piling up. Safe in every process at once: each is a plain delete.

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export async function purgeExpired(
  db: Database,
  now = new Date(),
): Promise<{ sessions: number; tokens: number; rateLimits: number; loginDevices: number; cartRequests: number }> {
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  const tokens = await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now)).returning({ id: oneTimeTokens.id });
  const windows = await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now)).returning({ key: rateLimits.key });
  const devices = await purgeIdleDevices(db, now);
  const requests = await db
    .delete(cartRequests)
    .where(lt(cartRequests.createdAt, new Date(now.getTime() - CART_REQUEST_DAYS * 24 * 60 * 60_000)))
    .returning({ id: cartRequests.requestId });
  return { sessions: ended.length, tokens: tokens.length, rateLimits: windows.length, loginDevices: devices, cartRequests: requests.length };
}

export function startHousekeeping(db: Database, intervalMs = HOUSEKEEPING_INTERVAL_MS): { stop(): void } {
  const purge = async () => log.info(await purgeExpired(db), "Purged expired sessions, tokens, rate limits and idle login devices");
  return everyJob(db, { name: "housekeeping", intervalMs, failure: "Purging expired rows failed" }, purge);
}

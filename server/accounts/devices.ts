import { eq, inArray, lt } from "drizzle-orm";
import type { Executor } from "../db/client";
import { loginDevices, rateLimits } from "../db/schema";
import { hashToken, isTokenShape, newToken } from "./secrets";

// Devices that have signed in before (OWASP, "Slow down online guessing attacks with device
// cookies"). A successful login hands the client a device token: 256 random bits, only its SHA-256
// stored, valid only for the account it was issued to. A login that presents it is counted against
// that device alone, so guessing from elsewhere never locks its owner out (accounts.ts, logIn).
// A token is not a credential: it signs no one in, it only earns its own count of attempts.

const DAY = 24 * 60 * 60 * 1000;

/** A device that has not signed in for this long is forgotten (housekeeping) and its cookie lapses. */
export const DEVICE_IDLE_LIFETIME_MS = 365 * DAY;

/**
 * How many device tokens one browser keeps, one per account that signed in on it (a family's shared
 * phone, or the owner's customer and admin accounts): the newest first.
 */
export const DEVICE_TOKENS_PER_BROWSER = 5;

export interface KnownDevice {
  id: number;
  accountId: number;
  token: string;
}

/** The well-formed tokens of a client, without repeats, at most DEVICE_TOKENS_PER_BROWSER. */
export function wellFormedDeviceTokens(tokens: readonly unknown[]): string[] {
  return [...new Set(tokens.filter(isTokenShape))].slice(0, DEVICE_TOKENS_PER_BROWSER);
}

/** The devices behind the tokens a client presents (any account); unknown or forgotten ones are left out. */
export async function findDevices(db: Executor, tokens: readonly unknown[]): Promise<KnownDevice[]> {
  const presented = wellFormedDeviceTokens(tokens);
  if (presented.length === 0) return [];
  const byHash = new Map(presented.map((token) => [hashToken(token), token]));
  const rows = await db
    .select({ id: loginDevices.id, accountId: loginDevices.accountId, tokenHash: loginDevices.tokenHash })
    .from(loginDevices)
    .where(inArray(loginDevices.tokenHash, [...byHash.keys()]));
  // In the order the client gave them (its newest first).
  return presented.flatMap((token) => {
    const row = rows.find((r) => r.tokenHash === hashToken(token));
    return row ? [{ id: row.id, accountId: row.accountId, token }] : [];
  });
}

/** Records a new device of an account and returns its token (given to the client, never stored). */
export async function rememberDevice(db: Executor, accountId: number, now = new Date()): Promise<KnownDevice> {
  const token = newToken();
  const [row] = await db
    .insert(loginDevices)
    .values({ accountId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now })
    .returning({ id: loginDevices.id });
  return { id: row.id, accountId, token };
}

/** A known device signed in again: it is kept another DEVICE_IDLE_LIFETIME_MS. */
export async function touchDevice(db: Executor, deviceId: number, now = new Date()): Promise<void> {
  await db.update(loginDevices).set({ lastUsedAt: now }).where(eq(loginDevices.id, deviceId));
}

/** This device of this account, or a new one: what a client that has just proved itself keeps. */
export async function deviceFor(db: Executor, accountId: number, presented: readonly KnownDevice[], now = new Date()): Promise<KnownDevice> {
  const known = presented.find((d) => d.accountId === accountId);
  if (!known) return rememberDevice(db, accountId, now);
  await touchDevice(db, known.id, now);
  return known;
}

/** The tokens a browser keeps after `device` signed in: that one first, then its other accounts' live ones. */
export function browserDeviceTokens(device: KnownDevice, presented: readonly KnownDevice[]): string[] {
  const others = presented.filter((d) => d.accountId !== device.accountId).map((d) => d.token);
  return [device.token, ...others].slice(0, DEVICE_TOKENS_PER_BROWSER);
}

/** The rate-limit key of the failed logins through one device. */
export const deviceLimitKey = (deviceId: number) => `login-device:${deviceId}`;

/** Forgets the failed-login counts of every device of an account (a password reset). */
export async function clearDeviceLimits(db: Executor, accountId: number): Promise<void> {
  const devices = await db.select({ id: loginDevices.id }).from(loginDevices).where(eq(loginDevices.accountId, accountId));
  if (devices.length === 0) return;
  await db.delete(rateLimits).where(
    inArray(
      rateLimits.key,
      devices.map((d) => deviceLimitKey(d.id)),
    ),
  );
}

/** Forgets devices that have not signed in for DEVICE_IDLE_LIFETIME_MS; returns how many. */
export async function purgeIdleDevices(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DEVICE_IDLE_LIFETIME_MS);
  const gone = await db.delete(loginDevices).where(lt(loginDevices.lastUsedAt, cutoff)).returning({ id: loginDevices.id });
  return gone.length;
}

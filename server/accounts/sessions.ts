import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "../db/client";
import { accounts, sessions } from "../db/schema";
import type { AdminStanding } from "~/common/audit";
import { hashToken, isTokenShape, newToken } from "./secrets";
import { noteSignedIn } from "../log";

// Sessions live in the database: a page cookie and an API Bearer token are the same thing, and
// logging out or resetting a password ends them on the server.

export type Role = "customer" | "admin";

/** Customers stay signed in for a month; an admin session lasts a working day. */
export const SESSION_LIFETIME_MS: Record<Role, number> = {
  customer: 30 * 24 * 60 * 60 * 1000,
  admin: 12 * 60 * 60 * 1000,
};

/** The page cookies that carry a session, one per role (app/sessions.server.ts). */
export const SESSION_COOKIE_NAMES: Record<Role, string> = { customer: "shop_session", admin: "shop_admin_session" };

export interface SignedInAccount {
  id: number;
  role: Role;
  fullName: string;
  email: string;
  phoneNumber: string;
  /** Admins: owner or staff (null, from before roles, counts as staff); null for customers. */
  adminRole: AdminStanding | null;
  /** Admins: two-step sign-in is set up (server/accounts/two-factor.ts); false for customers. */
  twoFactor: boolean;
}

/** An admin session not used for this long ends (ADMIN_IDLE_MINUTES), on top of its 12 hours (issue 27). */
export const DEFAULT_ADMIN_IDLE_MS = 30 * 60 * 1000;
/** A session's last use is written at most this often: the idle timeout is counted to the minute. */
const SEEN_RESOLUTION_MS = 60 * 1000;

export async function startSession(db: Executor, account: { id: number; role: Role }, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS[account.role]);
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId: account.id, expiresAt });
  return { token, expiresAt };
}

const ACCOUNT_FIELDS = {
  id: accounts.id,
  role: accounts.role,
  fullName: accounts.fullName,
  email: accounts.email,
  phoneNumber: accounts.phoneNumber,
  adminRole: accounts.adminRole,
  twoFactor: sql<boolean>`${accounts.totpEnrolledAt} is not null`,
};

/**
 * SQL: the session of this token is live (not revoked, not expired, an admin's used within the
 * idle timeout), and its account not disabled.
 */
const live = (token: string, now: Date, adminIdleMs: number) =>
  and(
    eq(sessions.tokenHash, hashToken(token)),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    isNull(accounts.disabledAt),
    or(ne(accounts.role, "admin"), gt(sessions.lastSeenAt, new Date(now.getTime() - adminIdleMs))),
  );

/**
 * The account behind a live session token, or null (unknown, expired, revoked, idle too long or
 * malformed). Finding an admin's counts as using it: its last use is written, at most once a minute.
 */
export async function findSession(
  db: Database,
  token: string | null | undefined,
  now = new Date(),
  adminIdleMs = DEFAULT_ADMIN_IDLE_MS,
): Promise<SignedInAccount | null> {
  if (!isTokenShape(token)) return null;
  const [row] = await db
    .select({ ...ACCOUNT_FIELDS, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(live(token, now, adminIdleMs));
  if (!row) return null;
  noteSignedIn(row.id);
  if (row.role === "admin" && now.getTime() - row.lastSeenAt.getTime() >= SEEN_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(eq(sessions.tokenHash, hashToken(token)));
  }
  const { lastSeenAt: _, ...account } = row;
  return account;
}

/** A customer's session with what the shop's header shows besides the name. */
export interface CustomerSession extends SignedInAccount {
  role: "customer";
  adminRole: null;
  twoFactor: false;
  /** Units in the cart now (the header's count). */
  cartCount: number;
  /** When the session ends (a session kept in memory is good only until then). */
  expiresAt: Date;
}

/**
 * The customer behind a live session token, with their cart's count, in one call: what every
 * page's header needs (issue 17). Null for an admin's token, as for any other that is not a live
 * customer's. The query is the database function `customer_session` (migration 0008), whose plan
 * the database keeps: planned afresh on every page, it cost the embedded database more than running it.
 */
export async function findCustomerSession(db: Database, token: string | null | undefined, now = new Date()): Promise<CustomerSession | null> {
  if (!isTokenShape(token)) return null;
  const [row] = await queryRows<{
    id: number;
    full_name: string;
    email: string;
    phone_number: string;
    cart_count: string | number;
    expires_at: string | Date;
  }>(db, sql`select * from customer_session(${hashToken(token)}, ${now.toISOString()})`);
  if (row) noteSignedIn(row.id);
  return row
    ? {
        id: row.id,
        role: "customer",
        adminRole: null,
        twoFactor: false,
        fullName: row.full_name,
        email: row.email,
        phoneNumber: row.phone_number,
        cartCount: Number(row.cart_count),
        expiresAt: new Date(row.expires_at),
      }
    : null;
}

export async function endSession(db: Database, token: string | null | undefined): Promise<void> {
  if (!isTokenShape(token)) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of an account (a password reset signs it out everywhere). */
export async function endAllSessions(db: Executor, accountId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}

import { createCookie, redirect, type AppLoadContext } from "react-router";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { accountPaths, TOKEN_LIFETIME_MS } from "~/server/accounts/accounts";
import { mustEnrolFirst } from "~/server/admin/two-factor-policy";
import { DEVICE_IDLE_LIFETIME_MS, wellFormedDeviceTokens } from "~/server/accounts/devices";
import { timed } from "~/server/timing";
import { endSession, findSession, SESSION_COOKIE_NAMES, type CustomerSession, type Role, type SignedInAccount } from "~/server/accounts/sessions";

// Page sessions: the session token in an httpOnly, SameSite=Lax cookie (Secure over https),
// one cookie per role, so a customer and an admin can use one browser. The API uses Bearer tokens.
// Beside them, the device cookie: the device tokens of the accounts that signed in on this browser
// (login protection, server/accounts/devices.ts). It outlives logout: that is its purpose.

export const DEVICE_COOKIE_NAME = "shop_device";

/**
 * The shop's own cookies: httpOnly, SameSite=Lax, Secure over https, for the whole site (a form
 * posts to `<page>.data`, which a page's own path would not match); `lifetimeMs` for a lasting one.
 */
function shopCookie(name: string, context: AppLoadContext, lifetimeMs?: number) {
  const maxAge = lifetimeMs === undefined ? {} : { maxAge: Math.floor(lifetimeMs / 1000) };
  return createCookie(name, { httpOnly: true, sameSite: "lax", secure: context.config.https, path: "/", ...maxAge });
}

const sessionCookie = (role: Role, context: AppLoadContext) => shopCookie(SESSION_COOKIE_NAMES[role], context);

async function sessionToken(request: Request, context: AppLoadContext, role: Role): Promise<string | null> {
  const value = await sessionCookie(role, context).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The session token a Cookie header carries for a customer, or null (for the catalogue cache, before any loader). */
export async function customerToken(cookieHeader: string | undefined): Promise<string | null> {
  const value: unknown = await createCookie(SESSION_COOKIE_NAMES.customer).parse(cookieHeader ?? null);
  return typeof value === "string" ? value : null;
}

/** Each request's session lookups: the root's loader and the route's ask the database once between them. */
const lookups = new WeakMap<Request, Partial<Record<Role, Promise<SignedInAccount | null>>>>();

function once<Account extends SignedInAccount>(request: Request, role: Role, find: () => Promise<Account | null>): Promise<Account | null> {
  let byRole = lookups.get(request);
  if (!byRole) lookups.set(request, (byRole = {}));
  return (byRole[role] ??= timed("session", find)) as Promise<Account | null>;
}

/** The signed-in customer, with their cart's count for the header, or null. */
export function currentCustomer(request: Request, context: AppLoadContext): Promise<CustomerSession | null> {
  return once(request, "customer", async () => context.customerSessions.find(await sessionToken(request, context, "customer")));
}

/** The signed-in account of this role, or null. */
export async function currentAccount(request: Request, context: AppLoadContext, role: Role): Promise<SignedInAccount | null> {
  if (role === "customer") return currentCustomer(request, context);
  return once(request, role, async () => {
    const account = await findSession(context.db, await sessionToken(request, context, role), new Date(), context.config.adminIdleMs);
    return account?.role === role ? account : null;
  });
}

/**
 * The guard of requirements §4.1: signed out, go to the login page. An admin who must set up
 * two-step sign-in first (issue 27) goes to its panel from every other back-office page; that
 * panel, and Logout, pass `{ enrolling: true }`.
 */
export async function requireAccount(
  request: Request,
  context: AppLoadContext,
  role: Role,
  { enrolling = false }: { enrolling?: boolean | undefined } = {},
): Promise<SignedInAccount> {
  const account = await currentAccount(request, context, role);
  if (!account) throw redirect(accountPaths[role].login);
  if (!enrolling) await requireEnrolment(account, context);
  return account;
}

/** An admin who must set up two-step sign-in first is sent to its panel (issue 27). */
export async function requireEnrolment(account: SignedInAccount, context: AppLoadContext): Promise<void> {
  if (await mustEnrolFirst(context.db, account, context.config.demo)) throw redirect(adminPanelPath(ADMIN_PANELS.twoFactor));
}

/** Login and sign-up pages are for the signed-out: a customer goes home, an admin to the dashboard. */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext, role: Role): Promise<void> {
  if (await currentAccount(request, context, role)) throw redirect(role === "customer" ? "/" : "/admin");
}

export function sessionCookieHeader(context: AppLoadContext, role: Role, token: string, expiresAt: Date): Promise<string> {
  return sessionCookie(role, context).serialize(token, { expires: expiresAt });
}

/** Ends the session on the server and returns the header that clears the cookie. */
export async function endPageSession(request: Request, context: AppLoadContext, role: Role): Promise<string> {
  await endSession(context.db, await sessionToken(request, context, role));
  lookups.delete(request);
  return clearedSessionCookieHeader(context, role);
}

/** The header that clears this role's session cookie (a session already ended on the server). */
export const clearedSessionCookieHeader = (context: AppLoadContext, role: Role): Promise<string> =>
  sessionCookie(role, context).serialize("", { maxAge: 0 });

/** The login page's second step (issue 27): the token of a password proved, while the code is awaited. */
const PENDING_SIGN_IN_COOKIE_NAME = "shop_admin_pending";
const pendingSignInCookie = (context: AppLoadContext) => shopCookie(PENDING_SIGN_IN_COOKIE_NAME, context, TOKEN_LIFETIME_MS.second_factor);

/** The pending sign-in's token this browser holds, or null. */
export async function pendingSignInToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await pendingSignInCookie(context).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Keeps a pending sign-in's token (a token) or forgets it (null). */
export function pendingSignInHeader(context: AppLoadContext, token: string | null): Promise<string> {
  return token === null ? pendingSignInCookie(context).serialize("", { maxAge: 0 }) : pendingSignInCookie(context).serialize(token);
}

const deviceCookie = (context: AppLoadContext) => shopCookie(DEVICE_COOKIE_NAME, context, DEVICE_IDLE_LIFETIME_MS);

/** The device tokens this browser holds (none when the cookie is missing or not ours). */
export async function presentedDeviceTokens(request: Request, context: AppLoadContext): Promise<string[]> {
  const value: unknown = await deviceCookie(context).parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? wellFormedDeviceTokens(value) : [];
}

/** The header that keeps these device tokens in the browser for another year. */
export function deviceCookieHeader(context: AppLoadContext, tokens: string[]): Promise<string> {
  return deviceCookie(context).serialize(tokens);
}

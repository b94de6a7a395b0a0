import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { storedPhone } from "~/common/phone";
import { recordAudit } from "../admin/audit";
import type { AdminStanding } from "~/common/audit";
import type { Database, Executor } from "../db/client";
import { accounts, oneTimeTokens } from "../db/schema";
import { announceMail, queueMail } from "../mail/outbox";
import { passwordChangedMail, passwordResetMail, verificationMail } from "../mail/templates";
import { clearLimit, hitLimits, refundLimit, type Limit } from "../rate-limits";
import { browserDeviceTokens, clearDeviceLimits, deviceFor, deviceLimitKey, findDevices, type KnownDevice } from "./devices";
import { spendSecondFactor } from "./two-factor";
import type { SignUpInput } from "./input";
import { hashPassword, hashToken, isTokenShape, newToken, spendDecoyVerification, verifyPassword } from "./secrets";
import { endAllSessions, startSession, type Role, type SignedInAccount } from "./sessions";

// Sign-up, e-mail verification, login, password reset and phone changes for customers and admins.
// Expected failures come back as values; only the unexpected throws.

export interface AccountContext {
  db: Database;
  /** Absolute base of the links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  /** The client's IP address, for rate limits. */
  clientAddress: string;
}

type RateLimited = { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** Where each role's links lead (requirements §2). */
export const accountPaths: Record<Role, { login: string; verify: string; reset: string; forgot: string }> = {
  customer: { login: "/userlogin", verify: "/verifyuser", reset: "/user-reset-password", forgot: "/userforgotpassword" },
  admin: { login: "/adminlogin", verify: "/verify", reset: "/reset-password", forgot: "/adminforgotpassword" },
};

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** `second_factor`: how long the code page waits for the authenticator's code after the password. */
export const TOKEN_LIFETIME_MS = { verify_email: 24 * HOUR, reset_password: 1 * HOUR, second_factor: 10 * MINUTE } as const;

/**
 * Limits on guessing and on mail bombing (docs/decisions/0019-login-protection.md). Logins follow
 * OWASP's device-cookie scheme: a client presenting the device token of an earlier sign-in to this
 * account is counted against that device alone; every other client shares the account's small
 * budget for untrusted clients. Per address everything is far above what a carrier NAT address
 * produces: thousands of Lagos phones share one.
 */
export const LIMITS = {
  /** Failed logins of one account from clients without its device token: then 429 for them. */
  loginFailuresPerAccount: 5,
  /** Failed logins through one device token: then 429 for that device only. */
  loginFailuresPerDevice: 10,
  /** Failed logins from one address by clients without a device token (password spraying). */
  loginFailuresPerAddress: 1000,
  loginWindowMs: 15 * MINUTE,
  forgotPerAccount: 5,
  forgotPerAddress: 200,
  forgotWindowMs: HOUR,
  signUpsPerAddress: 200,
  signUpWindowMs: HOUR,
  verificationMailsPerAccount: 3,
  /** Wrong two-step codes through one device that signed in before (issue 27). */
  codeFailuresPerDevice: 10,
  /** Wrong two-step codes for one account from new devices: a stolen password guessing codes. */
  codeFailuresPerAccount: 5,
  /** Wrong current passwords given to Change password by one account (a borrowed session guessing). */
  changePasswordFailuresPerAccount: 5,
} as const;

/** The rate-limit keys of failed logins by clients without a device token. */
export const untrustedLoginKeys = (role: Role, email: string, clientAddress: string) => ({
  account: `login-untrusted:${role}:${email}`,
  address: `login-untrusted-ip:${clientAddress}`,
});

const selectAccount = {
  id: accounts.id,
  role: accounts.role,
  fullName: accounts.fullName,
  email: accounts.email,
  phoneNumber: accounts.phoneNumber,
  adminRole: accounts.adminRole,
  twoFactor: sql<boolean>`${accounts.totpEnrolledAt} is not null`,
};

async function findAccount(db: Executor, role: Role, email: string) {
  const [row] = await db
    .select({
      ...selectAccount,
      passwordHash: accounts.passwordHash,
      emailVerifiedAt: accounts.emailVerifiedAt,
      disabledAt: accounts.disabledAt,
    })
    .from(accounts)
    .where(and(eq(accounts.role, role), eq(accounts.email, email)));
  return row ?? null;
}

async function issueToken(db: Executor, accountId: number, purpose: keyof typeof TOKEN_LIFETIME_MS, now = new Date()) {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    accountId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** The token's row while it is live: known, of an account of this role, unused and unexpired. */
const liveToken = (role: Role, purpose: keyof typeof TOKEN_LIFETIME_MS, token: string, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
    sql`${oneTimeTokens.accountId} in (select ${accounts.id} from ${accounts} where ${accounts.role} = ${role})`,
  );

/** Marks a live token used and returns its account, or null when it is unknown, used or expired. */
async function consumeToken(db: Executor, role: Role, purpose: keyof typeof TOKEN_LIFETIME_MS, token: string, now = new Date()) {
  if (!isTokenShape(token)) return null;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(liveToken(role, purpose, token, now))
    .returning({ accountId: oneTimeTokens.accountId });
  return row?.accountId ?? null;
}

/**
 * Whether a password reset link still works, without using it: its page says at once when it
 * is dead (unknown, used or expired) instead of after both passwords are typed (issue 19).
 */
export async function resetLinkIsLive(db: Executor, role: Role, token: string, now = new Date()): Promise<boolean> {
  if (!isTokenShape(token)) return false;
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(liveToken(role, "reset_password", token, now));
  return row !== undefined;
}

async function queueVerificationMail(db: Executor, publicUrl: string, account: { id: number; role: Role; fullName: string; email: string }) {
  const token = await issueToken(db, account.id, "verify_email");
  const url = `${publicUrl}${accountPaths[account.role].verify}/${token}`;
  await queueMail(db, { kind: "verify-email", to: account.email, ...verificationMail(account.fullName, url) });
}

export type SignUpResult = { ok: true; account: SignedInAccount } | { ok: false; reason: "email-taken" } | RateLimited;

/**
 * Registers an account that must verify its e-mail before it can sign in. An admin is registered
 * by another (`registeredBy`), which the audit log records.
 */
export async function signUp(ctx: AccountContext, role: Role, input: SignUpInput, registeredBy?: number): Promise<SignUpResult> {
  const limit = await hitLimits(ctx.db, [{ key: `signup:ip:${ctx.clientAddress}`, max: LIMITS.signUpsPerAddress, windowMs: LIMITS.signUpWindowMs }]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const passwordHash = await hashPassword(input.password);
  const result = await ctx.db.transaction(async (tx): Promise<SignUpResult> => {
    // A new admin is staff (issue 18): owners are made by admin:create or by another owner.
    const adminRole = role === "admin" ? "staff" : null;
    const [account] = await tx
      .insert(accounts)
      .values({ role, adminRole, fullName: input.fullName, email: input.email, phoneNumber: input.phoneNumber, passwordHash })
      .onConflictDoNothing()
      .returning(selectAccount);
    if (!account) return { ok: false, reason: "email-taken" };
    await queueVerificationMail(tx, ctx.publicUrl, account);
    if (registeredBy !== undefined)
      await recordAudit(tx, registeredBy, {
        action: "admin",
        subject: `Admin ${account.email}`,
        detail: "Registered as staff; they verify their e-mail before they can sign in.",
      });
    return { ok: true, account };
  });
  if (result.ok) announceMail();
  return result;
}

/**
 * An account made by someone trusted (the admin:create command, the demo seed): verified at once.
 * An admin is staff unless `adminRole` says owner.
 */
export async function createVerifiedAccount(
  db: Database,
  role: Role,
  input: SignUpInput,
  { adminRole = "staff" }: { adminRole?: AdminStanding } = {},
) {
  if (await findAccount(db, role, input.email)) return { ok: false, reason: "email-taken" } as const;
  const passwordHash = await hashPassword(input.password);
  const [account] = await db
    .insert(accounts)
    .values({
      role,
      adminRole: role === "admin" ? adminRole : null,
      fullName: input.fullName,
      email: input.email,
      // The admin:create command and the demo seed pass the number as typed.
      phoneNumber: storedPhone(input.phoneNumber),
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning(selectAccount);
  return account ? ({ ok: true, account } as const) : ({ ok: false, reason: "email-taken" } as const);
}

export type VerifyResult = { ok: true } | { ok: false; reason: "invalid-token" };

export async function verifyEmail(db: Database, role: Role, token: string): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const accountId = await consumeToken(tx, role, "verify_email", token);
    if (accountId === null) return { ok: false, reason: "invalid-token" } as const;
    await tx
      .update(accounts)
      .set({ emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())` })
      .where(eq(accounts.id, accountId));
    return { ok: true } as const;
  });
}

export type LogInResult =
  | {
      ok: true;
      account: SignedInAccount;
      token: string;
      expiresAt: Date;
      /** This device's token for this account: the client presents it at its next login. */
      deviceToken: string;
      /** What a browser keeps: this token first, then those of its other accounts still known. */
      deviceTokens: string[];
    }
  | { ok: false; reason: "wrong-credentials" | "unverified" | "disabled" }
  /** The password was right; two-step sign-in asks for the code, against this token (10 minutes). */
  | { ok: false; reason: "second-factor"; pendingToken: string }
  | { ok: false; reason: "wrong-code" | "second-factor-expired" }
  /** The password was right, but this client may not sign in before two-step sign-in is set up (`setUpFirst`). */
  | { ok: false; reason: "set-up-first" }
  | RateLimited;

/** Where an attempt came from, in the audit log's words: the address and whether the device is known. */
const whereFrom = (ctx: AccountContext, device: KnownDevice | undefined) =>
  `from ${ctx.clientAddress}, ${device ? "a device that signed in before" : "a new device"}`;

/** Staff sign-ins and failures (issue 27), with where from and never a secret. */
const auditSignIn = (db: Executor, account: { id: number; email: string }, detail: string) =>
  recordAudit(db, account.id, { action: "sign-in", subject: `Admin ${account.email}`, detail });

/**
 * Checks a password. `deviceTokens` are the device tokens the client holds (a browser's cookie,
 * an API client's `device_token`); one issued to this account makes the attempt a trusted one.
 * An admin with two-step sign-in also needs the code: given here (`code`, the API's one call) it
 * is checked at once; without it the answer is "second-factor" with a token for
 * `completeSecondFactor`, the login page's second step. `setUpFirst` says whether an account
 * without it must be refused instead of signed in (the admin API: set-up happens on a page).
 */
export async function logIn(
  ctx: AccountContext,
  role: Role,
  credentials: { email: string; password: string; code?: string },
  deviceTokens: readonly unknown[] = [],
  { setUpFirst }: { setUpFirst?: (account: SignedInAccount) => Promise<boolean> } = {},
): Promise<LogInResult> {
  const { db } = ctx;
  const account = await findAccount(db, role, credentials.email);
  const presented = await findDevices(db, deviceTokens);
  const device = account ? presented.find((d) => d.accountId === account.id) : undefined;
  const untrusted = untrustedLoginKeys(role, credentials.email, ctx.clientAddress);
  const window = LIMITS.loginWindowMs;
  const counted: Limit[] = device
    ? [{ key: deviceLimitKey(device.id), max: LIMITS.loginFailuresPerDevice, windowMs: window }]
    : [
        { key: untrusted.account, max: LIMITS.loginFailuresPerAccount, windowMs: window },
        { key: untrusted.address, max: LIMITS.loginFailuresPerAddress, windowMs: window },
      ];
  // Every attempt counts before the password is checked, so guesses sent all at once cannot slip
  // past the limit; a right password takes back only its own count (clearing the count would hand
  // a guesser a fresh budget whenever the owner signs in).
  const allowed = await hitLimits(db, counted);
  if (!allowed.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: allowed.retryAfterSeconds };

  const passwordOk = account
    ? await verifyPassword(account.passwordHash, credentials.password)
    : (await spendDecoyVerification(credentials.password), false);
  const from = whereFrom(ctx, device);
  const audit = (detail: string) => (role === "admin" && account ? auditSignIn(db, account, detail) : Promise.resolve());
  if (!account || !passwordOk) {
    await audit(`Failed sign-in (wrong password) ${from}.`);
    return { ok: false, reason: "wrong-credentials" };
  }
  for (const limit of counted) await refundLimit(db, limit.key);
  const { passwordHash: _, emailVerifiedAt, disabledAt, ...signedIn } = account;
  // An admin an owner disabled or removed (issue 18): told so, once the password proved who asks.
  if (disabledAt) {
    await audit(`Refused sign-in (the account is disabled) ${from}.`);
    return { ok: false, reason: "disabled" };
  }
  if (!emailVerifiedAt) {
    // The first link may have expired or been lost: send a fresh one, a few times an hour at most.
    const resend = await hitLimits(db, [{ key: `verify-mail:${account.id}`, max: LIMITS.verificationMailsPerAccount, windowMs: HOUR }]);
    if (resend.ok) {
      await db.transaction((tx) => queueVerificationMail(tx, ctx.publicUrl, signedIn));
      announceMail();
    }
    return { ok: false, reason: "unverified" };
  }
  if (!signedIn.twoFactor) {
    if (setUpFirst && (await setUpFirst(signedIn))) {
      await audit(`Refused sign-in (two-step sign-in not set up yet) ${from}.`);
      return { ok: false, reason: "set-up-first" };
    }
    return finishSignIn(ctx, signedIn, presented, `Signed in ${from}.`);
  }
  if (credentials.code === undefined) {
    return { ok: false, reason: "second-factor", pendingToken: await issueToken(db, account.id, "second_factor") };
  }
  return checkCodeAndFinish(ctx, signedIn, presented, credentials.code);
}

/**
 * The login page's second step: the code from the app (or a recovery code) for the password
 * step's token. A wrong code keeps the token; the right one spends both.
 */
export async function completeSecondFactor(
  ctx: AccountContext,
  pendingToken: string | null,
  code: string,
  deviceTokens: readonly unknown[] = [],
): Promise<LogInResult> {
  const expired = { ok: false, reason: "second-factor-expired" } as const;
  if (!isTokenShape(pendingToken)) return expired;
  const [pending] = await ctx.db
    .select({ accountId: oneTimeTokens.accountId })
    .from(oneTimeTokens)
    .where(liveToken("admin", "second_factor", pendingToken, new Date()));
  if (!pending) return expired;
  const [account] = await ctx.db
    .select({ ...selectAccount, disabledAt: accounts.disabledAt })
    .from(accounts)
    .where(eq(accounts.id, pending.accountId));
  if (!account || account.disabledAt || !account.twoFactor) return expired;
  const { disabledAt: _, ...signedIn } = account;
  return checkCodeAndFinish(ctx, signedIn, await findDevices(ctx.db, deviceTokens), code, pendingToken);
}

/**
 * Wrong codes are limited as passwords are (issue 27): per device for a device that signed in
 * before, else the account's small budget for new devices, and per address. A right code takes
 * back its own count.
 */
async function checkCodeAndFinish(
  ctx: AccountContext,
  account: SignedInAccount,
  presented: KnownDevice[],
  code: string,
  pendingToken?: string,
): Promise<LogInResult> {
  const { db } = ctx;
  const device = presented.find((d) => d.accountId === account.id);
  const window = LIMITS.loginWindowMs;
  const counted: Limit[] = device
    ? [{ key: `second-factor-device:${device.id}`, max: LIMITS.codeFailuresPerDevice, windowMs: window }]
    : [
        { key: `second-factor:${account.id}`, max: LIMITS.codeFailuresPerAccount, windowMs: window },
        { key: `second-factor-ip:${ctx.clientAddress}`, max: LIMITS.loginFailuresPerAddress, windowMs: window },
      ];
  const allowed = await hitLimits(db, counted);
  if (!allowed.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: allowed.retryAfterSeconds };
  const from = whereFrom(ctx, device);
  const spent = await spendSecondFactor(db, account.id, code);
  if (!spent.ok) {
    await auditSignIn(db, account, `Failed sign-in (wrong two-step code) ${from}.`);
    return { ok: false, reason: "wrong-code" };
  }
  for (const limit of counted) await refundLimit(db, limit.key);
  if (pendingToken !== undefined && (await consumeToken(db, "admin", "second_factor", pendingToken)) === null) {
    return { ok: false, reason: "second-factor-expired" };
  }
  const how = spent.method === "app" ? "with the authenticator app's code" : "with a recovery code";
  return finishSignIn(ctx, account, presented, `Signed in ${how} ${from}.`);
}

/** Proved: the session starts, this device becomes (or stays) a known one, and staff sign-ins are audited. */
async function finishSignIn(ctx: AccountContext, account: SignedInAccount, presented: KnownDevice[], detail: string): Promise<LogInResult> {
  const known = await deviceFor(ctx.db, account.id, presented);
  const session = await startSession(ctx.db, account);
  if (account.role === "admin") await auditSignIn(ctx.db, account, detail);
  return { ok: true, account, ...session, deviceToken: known.token, deviceTokens: browserDeviceTokens(known, presented) };
}

export type ForgotPasswordResult = { ok: true } | { ok: false; reason: "not-found" } | RateLimited;

export async function requestPasswordReset(ctx: AccountContext, role: Role, email: string): Promise<ForgotPasswordResult> {
  const limit = await hitLimits(ctx.db, [
    { key: `forgot:${role}:${email}`, max: LIMITS.forgotPerAccount, windowMs: LIMITS.forgotWindowMs },
    { key: `forgot:ip:${ctx.clientAddress}`, max: LIMITS.forgotPerAddress, windowMs: LIMITS.forgotWindowMs },
  ]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const account = await findAccount(ctx.db, role, email);
  if (!account) return { ok: false, reason: "not-found" };
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.accountId, account.id), eq(oneTimeTokens.purpose, "reset_password"), isNull(oneTimeTokens.usedAt)));
    const token = await issueToken(tx, account.id, "reset_password");
    const url = `${ctx.publicUrl}${accountPaths[role].reset}/${token}`;
    await queueMail(tx, { kind: "reset-password", to: account.email, ...passwordResetMail(account.fullName, url) });
  });
  announceMail();
  return { ok: true };
}

export type ResetPasswordResult =
  | {
      ok: true;
      email: string;
      /** The client that reset the password proved the address and knows the password: a known device. */
      deviceToken: string;
      deviceTokens: string[];
    }
  | { ok: false; reason: "invalid-token" };

/**
 * Sets a new password from a reset link, signs the account out everywhere and tells its owner.
 * It lifts the login lockout, and the client that did it becomes a known device of the account,
 * so an owner whose account is under attack can always get back in through the e-mail.
 */
export async function resetPassword(
  ctx: AccountContext,
  role: Role,
  token: string,
  password: string,
  deviceTokens: readonly unknown[] = [],
): Promise<ResetPasswordResult> {
  if (!isTokenShape(token)) return { ok: false, reason: "invalid-token" };
  const passwordHash = await hashPassword(password);
  const result = await ctx.db.transaction(async (tx) => {
    const accountId = await consumeToken(tx, role, "reset_password", token);
    if (accountId === null) return { ok: false, reason: "invalid-token" } as const;
    // Following the e-mailed link proves the address too.
    const [account] = await tx
      .update(accounts)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())` })
      .where(eq(accounts.id, accountId))
      .returning(selectAccount);
    await endAllSessions(tx, accountId);
    const loginUrl = `${ctx.publicUrl}${accountPaths[role].login}`;
    await queueMail(tx, { kind: "password-changed", to: account.email, ...passwordChangedMail(account.fullName, "reset", loginUrl) });
    const presented = await findDevices(tx, deviceTokens);
    const known = await deviceFor(tx, accountId, presented);
    return { ok: true, accountId, email: account.email, deviceToken: known.token, deviceTokens: browserDeviceTokens(known, presented) } as const;
  });
  if (!result.ok) return result;
  announceMail();
  // A locked-out owner who has just proved the address may try again at once, from anywhere.
  await clearLimit(ctx.db, untrustedLoginKeys(role, result.email, ctx.clientAddress).account);
  await clearDeviceLimits(ctx.db, result.accountId);
  const { accountId: _, ...done } = result;
  return done;
}

/** Ends every session of the account, wherever it is (issue 27); an admin's is in the audit log. */
export async function signOutEverywhere(db: Database, account: SignedInAccount): Promise<void> {
  await db.transaction(async (tx) => {
    await endAllSessions(tx, account.id);
    if (account.role === "admin") await auditSignIn(tx, account, "Signed out everywhere: every session ended.");
  });
}

export type UpdatePhoneResult = { ok: true; account: SignedInAccount } | { ok: false; reason: "not-your-account" };

/** Changes the signed-in account's phone number; a body naming any other e-mail is refused. */
export async function updatePhone(db: Database, account: SignedInAccount, email: string, phoneNumber: string): Promise<UpdatePhoneResult> {
  if (email !== account.email) return { ok: false, reason: "not-your-account" };
  const [updated] = await db.update(accounts).set({ phoneNumber }).where(eq(accounts.id, account.id)).returning(selectAccount);
  return { ok: true, account: updated };
}

export type ChangePasswordResult =
  { ok: true; token: string; expiresAt: Date } | { ok: false; reason: "wrong-password" | "same-password" } | RateLimited;

/**
 * Changes the signed-in account's password (issue 18): the current one must be given. Every
 * session of the account ends, this browser gets a new one (returned), and the owner is told by
 * mail. Wrong current passwords are limited per account, so a session left open on a shared
 * computer cannot be used to guess the password.
 */
export async function changePassword(
  ctx: AccountContext,
  account: SignedInAccount,
  input: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const limit = { key: `change-password:${account.id}`, max: LIMITS.changePasswordFailuresPerAccount, windowMs: LIMITS.loginWindowMs };
  const allowed = await hitLimits(ctx.db, [limit]);
  if (!allowed.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: allowed.retryAfterSeconds };
  const [stored] = await ctx.db.select({ passwordHash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, account.id));
  if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword))) return { ok: false, reason: "wrong-password" };
  await refundLimit(ctx.db, limit.key);
  if (input.newPassword === input.currentPassword) return { ok: false, reason: "same-password" };
  const passwordHash = await hashPassword(input.newPassword);
  const session = await ctx.db.transaction(async (tx) => {
    // Only if the password is still the one checked: of two changes at once, one wins.
    const changed = await tx
      .update(accounts)
      .set({ passwordHash })
      .where(and(eq(accounts.id, account.id), eq(accounts.passwordHash, stored.passwordHash)))
      .returning({ id: accounts.id });
    if (changed.length === 0) return null;
    await endAllSessions(tx, account.id);
    const resetUrl = `${ctx.publicUrl}${accountPaths[account.role].forgot}`;
    await queueMail(tx, { kind: "password-changed", to: account.email, ...passwordChangedMail(account.fullName, "dashboard", resetUrl) });
    return startSession(tx, account);
  });
  if (!session) return { ok: false, reason: "wrong-password" };
  announceMail();
  return { ok: true, ...session };
}

import { randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { generate, generateSecret, generateURI } from "otplib";
import QRCode from "qrcode";
import { SECOND_FACTOR_CODE } from "~/common/accounts";
import { SHOP_NAME } from "~/common/constants";
import { recordAudit } from "../admin/audit";
import type { Database, Executor } from "../db/client";
import { accounts, recoveryCodes } from "../db/schema";
import { hashToken } from "./secrets";
import { endAllSessions, type SignedInAccount } from "./sessions";

// Two-step sign-in for admins (issue 27, docs/decisions/0058-two-step-sign-in.md): a time-based
// code from an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1, what every
// app reads from a QR code), or one of ten single-use recovery codes. otplib computes the codes;
// this module decides which steps count and makes each code good once.

export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now that still count: a phone's clock a little off, a code typed slowly. */
const STEPS_TOLERATED = 1;
export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes: 10 characters an eye cannot confuse (no 0/O, 1/I/L), shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");
const hashRecoveryCode = (code: string) => hashToken(normaliseRecoveryCode(code));

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator shows for `secret` at `now` (tests compute codes with it too). */
export function totpCode(secret: string, now = new Date()): Promise<string> {
  return generate({ secret, epoch: stepAt(now) * TOTP_STEP_SECONDS });
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The step whose code this is (now, or one either side) and that is later than `after`; null when none. */
async function matchingStep(secret: string, code: string, after: number | null, now: Date): Promise<number | null> {
  const current = stepAt(now);
  for (let step = current - STEPS_TOLERATED; step <= current + STEPS_TOLERATED; step++) {
    if (after !== null && step <= after) continue;
    if (sameCode(await generate({ secret, epoch: step * TOTP_STEP_SECONDS }), code)) return step;
  }
  return null;
}

export interface TwoFactorStatus {
  enrolled: boolean;
  /** Enrolment started and not yet confirmed: the secret the QR code shows. */
  pendingSecret: string | null;
  /** Recovery codes not yet used (enrolled only). */
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Executor, accountId: number): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({
      secret: accounts.totpSecret,
      enrolledAt: accounts.totpEnrolledAt,
      left: sql<number>`(select count(*)::int from ${recoveryCodes} r where r.account_id = ${accounts.id} and r.used_at is null)`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) return { enrolled: false, pendingSecret: null, recoveryCodesLeft: 0 };
  const enrolled = row.enrolledAt !== null;
  return { enrolled, pendingSecret: enrolled ? null : row.secret, recoveryCodesLeft: enrolled ? Number(row.left) : 0 };
}

/** What an authenticator app reads: the QR code (an SVG as a data: address) and the same secret as text for typing in. */
export async function enrolmentPicture(account: Pick<SignedInAccount, "email">, secret: string) {
  const uri = generateURI({ issuer: SHOP_NAME, label: account.email, secret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type StartEnrolmentResult = { ok: true; secret: string } | { ok: false; reason: "already-enrolled" };

/** Starts (or starts again) enrolment: a new secret, in force only once a code from it is confirmed. */
export async function startEnrolment(db: Database, accountId: number): Promise<StartEnrolmentResult> {
  const secret = generateSecret();
  const [row] = await db
    .update(accounts)
    .set({ totpSecret: secret })
    .where(and(eq(accounts.id, accountId), eq(accounts.role, "admin"), isNull(accounts.totpEnrolledAt)))
    .returning({ id: accounts.id });
  return row ? { ok: true, secret } : { ok: false, reason: "already-enrolled" };
}

export type ConfirmEnrolmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "wrong-code" | "not-started" };

/**
 * Confirms enrolment with one code from the app: two-step sign-in is on from now, and the ten
 * recovery codes are returned, the only time they exist outside their hashes.
 */
export async function confirmEnrolment(db: Database, account: SignedInAccount, code: string, now = new Date()): Promise<ConfirmEnrolmentResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: accounts.totpSecret, enrolledAt: accounts.totpEnrolledAt })
      .from(accounts)
      .where(eq(accounts.id, account.id))
      .for("update");
    if (!row?.secret || row.enrolledAt) return { ok: false, reason: "not-started" } as const;
    const step = /^\d{6}$/.test(code) ? await matchingStep(row.secret, code, null, now) : null;
    if (step === null) return { ok: false, reason: "wrong-code" } as const;
    await tx.update(accounts).set({ totpEnrolledAt: now, totpLastStep: step }).where(eq(accounts.id, account.id));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ accountId: account.id, codeHash: hashRecoveryCode(c) })));
    await recordAudit(tx, account.id, {
      action: "two-factor",
      subject: `Admin ${account.email}`,
      detail: `Two-step sign-in set up, with ${RECOVERY_CODE_COUNT} recovery codes.`,
    });
    return { ok: true, recoveryCodes: codes } as const;
  });
}

export type SecondFactorCheck = { ok: true; method: "app" | "recovery-code" } | { ok: false };

/**
 * Checks a code from the app or a recovery code, and spends it: an app code is good once (a later
 * step only), a recovery code once ever. Each is one conditional update, so two sign-ins racing
 * with one code cannot both pass.
 */
export async function spendSecondFactor(db: Executor, accountId: number, code: string, now = new Date()): Promise<SecondFactorCheck> {
  if (/^\d{6}$/.test(code)) {
    const [row] = await db
      .select({ secret: accounts.totpSecret, lastStep: accounts.totpLastStep })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), sql`${accounts.totpEnrolledAt} is not null`));
    if (!row?.secret) return { ok: false };
    const step = await matchingStep(row.secret, code, row.lastStep, now);
    if (step === null) return { ok: false };
    const [spent] = await db
      .update(accounts)
      .set({ totpLastStep: step })
      .where(and(eq(accounts.id, accountId), sql`coalesce(${accounts.totpLastStep}, -1) < ${step}`))
      .returning({ id: accounts.id });
    return spent ? { ok: true, method: "app" } : { ok: false };
  }
  if (!SECOND_FACTOR_CODE.test(code)) return { ok: false };
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used ? { ok: true, method: "recovery-code" } : { ok: false };
}

/** The server's command (`admin:create --reset-two-factor`): an admin's two-step sign-in off, their sessions ended, audited as theirs. */
export async function resetTwoFactorFromServer(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.role, "admin"), eq(accounts.email, email)));
    if (!admin) return false;
    await clearTwoFactor(tx, admin.id);
    await recordAudit(tx, admin.id, {
      action: "two-factor",
      subject: `Admin ${email}`,
      detail: "Two-step sign-in turned off on the server (npm run admin:create -- --reset-two-factor); every session ended.",
    });
    return true;
  });
}

/**
 * Turns two-step sign-in off for an account (an owner's reset, or the server's command) and signs
 * it out everywhere: whoever holds the lost phone and the password is signed out too. Enrolment
 * starts afresh at the next sign-in.
 */
export async function clearTwoFactor(tx: Executor, accountId: number): Promise<void> {
  await tx.update(accounts).set({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null }).where(eq(accounts.id, accountId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await endAllSessions(tx, accountId);
}

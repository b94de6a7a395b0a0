import { createHash, randomBytes } from "node:crypto";
import argon2 from "argon2";

// Passwords are hashed with argon2id (OWASP's minimum: 19 MiB, 2 passes, 1 lane). Session,
// verification and reset tokens are 256 random bits; only their SHA-256 is stored.

/** What every password is hashed with: production's cost, unless a test harness lowered it. */
export const PASSWORD_HASHING = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
let hashing: { type: typeof argon2.argon2id; memoryCost: number; timeCost: number; parallelism: number } = PASSWORD_HASHING;

/**
 * For test harnesses only (server/test-costs.ts): argon2id at its smallest cost, so the thousands
 * of accounts the tests make cost milliseconds. A hash records its own cost: both kinds verify.
 */
export function hashPasswordsCheaply(): void {
  hashing = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashing);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// A login for an unknown e-mail still spends one verification, so timing does not tell which
// addresses have accounts.
let decoyHash: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await decoyHash, password);
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens are 43 base64url characters; anything else is not worth a database lookup. */
export function isTokenShape(token: unknown): token is string {
  return typeof token === "string" && /^[\w-]{43}$/.test(token);
}

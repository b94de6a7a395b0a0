import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import { accounts } from "../db/schema";
import { createVerifiedAccount } from "./accounts";
import { hashPassword, verifyPassword } from "./secrets";
import { endAllSessions } from "./sessions";

// Demo accounts (DESIGN.md, README): only in demo mode, so a newcomer can try both sides of the
// shop at once and a real shop never has known passwords.

export const DEMO_ACCOUNTS = [
  { role: "customer", fullName: "Chinonso Okafor", email: "customer@example.com", password: "Customer123!", phoneNumber: "2348012345678" },
  { role: "admin", fullName: "Adaeze Admin", email: "admin@example.com", password: "Admin123!", phoneNumber: "2348098765432" },
] as const;

export async function seedDemoAccounts(handle: DatabaseHandle, config: Config): Promise<string[]> {
  if (!config.demo) return [];
  const created: string[] = [];
  for (const { role, ...input } of DEMO_ACCOUNTS) {
    // The demo admin owns the demo shop (issue 18: the Admins list and the audit log are theirs).
    const result = await createVerifiedAccount(handle.db, role, input, { adminRole: "owner" });
    if (result.ok) created.push(`${role} ${input.email}`);
  }
  return created;
}

/**
 * Outside demo mode no account keeps a password printed in the README: a shop first tried as a
 * demo and then opened to the world on the same database would otherwise have a known admin
 * login. Such an account gets a random password (its owner can take it back through Forgot
 * Password) and is signed out everywhere. Returns the e-mails it locked.
 */
export async function lockDemoPasswords(db: Database, config: Config): Promise<string[]> {
  if (config.demo) return [];
  const locked: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const [account] = await db
      .select({ id: accounts.id, passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(and(eq(accounts.role, demo.role), eq(accounts.email, demo.email)));
    if (!account || !(await verifyPassword(account.passwordHash, demo.password))) continue;
    const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
    await db.transaction(async (tx) => {
      await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
      await endAllSessions(tx, account.id);
    });
    locked.push(demo.email);
  }
  return locked;
}

import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createVerifiedAccount } from "./accounts";

// Demo accounts (DESIGN.md, README): only on the embedded database and never in production, so a
// newcomer can try both sides of the shop at once and a real shop never has known passwords.

export const DEMO_ACCOUNTS = [
  { role: "customer", fullName: "Chinonso Okafor", email: "customer@example.com", password: "Customer123!", phoneNumber: "2348012345678" },
  { role: "admin", fullName: "Adaeze Admin", email: "admin@example.com", password: "Admin123!", phoneNumber: "2348098765432" },
] as const;

export async function seedDemoAccounts(handle: DatabaseHandle, config: Config): Promise<string[]> {
  if (handle.engine !== "pglite" || config.isProduction) return [];
  const created: string[] = [];
  for (const { role, ...input } of DEMO_ACCOUNTS) {
    const result = await createVerifiedAccount(handle.db, role, input);
    if (result.ok) created.push(`${role} ${input.email}`);
  }
  return created;
}

import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { findSession, startSession } from "~/server/accounts/sessions";
import { oneTimeTokens, rateLimits, sessions } from "~/server/db/schema";
import { purgeExpired } from "~/server/housekeeping";
import { hitLimits } from "~/server/rate-limits";
import { uniqueEmail } from "../support/accounts";
import { useTestDatabase } from "../support/use-shop";

// Expired sessions, one-time tokens and rate-limit windows are deleted; live ones stay and work.

const handle = useTestDatabase();

it("deletes what has expired and keeps what is live", async () => {
  const created = await createVerifiedAccount(handle.db, "customer", {
    fullName: "Tunde Bello",
    email: uniqueEmail("purge"),
    password: "Purge-pass-2026",
    phoneNumber: "2348012345678",
  });
  if (!created.ok) throw new Error(created.reason);
  const account = { id: created.account.id, role: "customer" as const };
  const now = new Date();
  const longAgo = new Date(now.getTime() - 400 * 24 * 3600_000);
  const old = await startSession(handle.db, account, longAgo);
  const live = await startSession(handle.db, account, now);
  await handle.db.insert(oneTimeTokens).values([
    { accountId: account.id, purpose: "reset_password", tokenHash: "purge-old", expiresAt: new Date(now.getTime() - 1000) },
    { accountId: account.id, purpose: "reset_password", tokenHash: "purge-live", expiresAt: new Date(now.getTime() + 3600_000) },
  ]);
  await hitLimits(handle.db, [{ key: "purge:old", max: 5, windowMs: 1000 }], longAgo);
  await hitLimits(handle.db, [{ key: "purge:live", max: 5, windowMs: 3600_000 }], now);

  const purged = await purgeExpired(handle.db, now);
  expect(purged.sessions).toBeGreaterThanOrEqual(1);
  expect(purged.tokens).toBeGreaterThanOrEqual(1);
  expect(purged.rateLimits).toBeGreaterThanOrEqual(1);

  const sessionRows = await handle.db.select().from(sessions).where(eq(sessions.accountId, account.id));
  expect(sessionRows).toHaveLength(1);
  expect(await findSession(handle.db, live.token)).toMatchObject({ id: account.id });
  expect(await findSession(handle.db, old.token)).toBeNull();
  const tokens = await handle.db
    .select({ hash: oneTimeTokens.tokenHash })
    .from(oneTimeTokens)
    .where(inArray(oneTimeTokens.tokenHash, ["purge-old", "purge-live"]));
  expect(tokens.map((t) => t.hash)).toEqual(["purge-live"]);
  const limits = await handle.db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(inArray(rateLimits.key, ["purge:old", "purge:live"]));
  expect(limits.map((l) => l.key)).toEqual(["purge:live"]);
});

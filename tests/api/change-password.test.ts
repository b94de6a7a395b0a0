import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { changePassword, createVerifiedAccount, LIMITS, logIn, type AccountContext } from "~/server/accounts/accounts";
import { findSession, startSession, type Role } from "~/server/accounts/sessions";
import { accounts } from "~/server/db/schema";
import { mailsTo, uniqueEmail } from "../support/accounts";
import { usePageServer, useTestDatabase } from "../support/use-shop";

// Change password in both dashboards (issue 18): the current password is required, every other
// session ends, this browser stays signed in, and a mail says so. Service and pages, both engines.

const handle = useTestDatabase();
let ctx: AccountContext;
const PASSWORD = "Old-password-2026";
const NEW_PASSWORD = "New-password-2026";

beforeAll(() => {
  ctx = { db: handle.db, publicUrl: "http://shop.test", clientAddress: "192.0.2.50" };
});

async function accountWithTwoSessions(role: Role, tag: string) {
  const email = uniqueEmail(tag);
  const created = await createVerifiedAccount(handle.db, role, { fullName: "Ifeoma Nwosu", email, password: PASSWORD, phoneNumber: "2348012345678" });
  if (!created.ok) throw new Error("could not create the account");
  const here = await startSession(handle.db, created.account);
  const elsewhere = await startSession(handle.db, created.account);
  return { account: created.account, email, here: here.token, elsewhere: elsewhere.token };
}

const passwordHashOf = async (id: number) =>
  (await handle.db.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, id)))[0].hash;

describe.each(["customer", "admin"] as const)("change password (%s)", (role) => {
  it("with the current password: the new one works, the old one does not, other sessions end, a mail says so", async () => {
    const { account, email, elsewhere } = await accountWithTwoSessions(role, `change-${role}`);
    const result = await changePassword(ctx, account, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await findSession(handle.db, elsewhere)).toBeNull();
    expect((await findSession(handle.db, result.token))?.id).toBe(account.id);
    expect((await logIn(ctx, role, { email, password: PASSWORD })).ok).toBe(false);
    expect((await logIn(ctx, role, { email, password: NEW_PASSWORD })).ok).toBe(true);
    const mail = (await mailsTo(handle.db, email)).find((m) => m.kind === "password-changed");
    expect(mail?.subject).toMatch(/password was changed/);
    expect(mail?.text).toContain(role === "customer" ? "http://shop.test/userforgotpassword" : "http://shop.test/adminforgotpassword");
  });

  it("with a wrong current password, or the same one again: refused, nothing changes", async () => {
    const { account, email, here, elsewhere } = await accountWithTwoSessions(role, `change-wrong-${role}`);
    const before = await passwordHashOf(account.id);
    expect(await changePassword(ctx, account, { currentPassword: "not it at all", newPassword: NEW_PASSWORD })).toEqual({
      ok: false,
      reason: "wrong-password",
    });
    expect(await changePassword(ctx, account, { currentPassword: PASSWORD, newPassword: PASSWORD })).toEqual({ ok: false, reason: "same-password" });
    expect(await passwordHashOf(account.id)).toBe(before);
    for (const token of [here, elsewhere]) expect(await findSession(handle.db, token)).not.toBeNull();
    expect((await mailsTo(handle.db, email)).filter((m) => m.kind === "password-changed")).toEqual([]);
  });

  it("stops a borrowed session guessing the password: five wrong tries, then even the right one waits", async () => {
    const { account } = await accountWithTwoSessions(role, `change-guess-${role}`);
    for (let i = 0; i < LIMITS.changePasswordFailuresPerAccount; i++) {
      expect(await changePassword(ctx, account, { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD })).toMatchObject({
        reason: "wrong-password",
      });
    }
    expect(await changePassword(ctx, account, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
  });

  it("of changes sent at once with the same current password, exactly one wins", async () => {
    const { account, email } = await accountWithTwoSessions(role, `change-race-${role}`);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => changePassword(ctx, account, { currentPassword: PASSWORD, newPassword: `${NEW_PASSWORD}-${i}` })),
    );
    const won = results.flatMap((r, i) => (r.ok ? [i] : []));
    expect(won).toHaveLength(1);
    expect((await logIn(ctx, role, { email, password: `${NEW_PASSWORD}-${won[0]}` })).ok).toBe(true);
    expect((await mailsTo(handle.db, email)).filter((m) => m.kind === "password-changed")).toHaveLength(1);
  });
});

describe("change password on the dashboards' pages", () => {
  const shop = usePageServer(handle, { env: { SMTP_URL: "smtp://127.0.0.1:9", PUBLIC_URL: "http://shop.test" } });

  const cookieName = { customer: "shop_session", admin: "shop_admin_session" } as const;
  const page = { customer: "/userdashboard", admin: "/admin" } as const;

  async function post(role: Role, token: string, fields: Record<string, string>) {
    const cookie = await shop.cookieFor(role, token);
    const res = await fetch(`${shop.baseUrl}${page[role]}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "change-password", ...fields }),
      redirect: "manual",
    });
    return { status: res.status, location: res.headers.get("location"), text: await res.text(), setCookie: res.headers.getSetCookie().join("\n") };
  }

  it.each(["customer", "admin"] as const)("%s: says so, keeps this browser signed in with a new session, ends the others", async (role) => {
    const { here, elsewhere } = await accountWithTwoSessions(role, `change-page-${role}`);
    const res = await post(role, here, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${page[role]}?notice=password-changed`);
    expect(res.setCookie).toMatch(new RegExp(`^${cookieName[role]}=.+HttpOnly`, "m"));
    // The new cookie opens the dashboard.
    const next = await fetch(`${shop.baseUrl}${res.location}`, { headers: { Cookie: res.setCookie.split(";")[0] }, redirect: "manual" });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain(messages.passwordChanged);
    expect(await findSession(handle.db, here)).toBeNull();
    expect(await findSession(handle.db, elsewhere)).toBeNull();
  });

  it.each(["customer", "admin"] as const)(
    "%s: a wrong current password, a mismatch or a short password are refused with their words",
    async (role) => {
      const { account, here } = await accountWithTwoSessions(role, `change-page-bad-${role}`);
      const before = await passwordHashOf(account.id);
      const wrong = await post(role, here, { currentPassword: "not it", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect([wrong.status, wrong.text.includes(messages.currentPasswordWrong)]).toEqual([200, true]);
      const differ = await post(role, here, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
      expect([differ.status, differ.text.includes(messages.resetPasswordsDiffer)]).toEqual([400, true]);
      const short = await post(role, here, { currentPassword: PASSWORD, newPassword: "short", confirmPassword: "short" });
      expect([short.status, short.text.includes(messages.passwordTooShort)]).toEqual([400, true]);
      const huge = await post(role, here, { currentPassword: "x".repeat(100_000), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
      expect(await passwordHashOf(account.id)).toBe(before);
      expect(await findSession(handle.db, here)).not.toBeNull();
    },
  );
});

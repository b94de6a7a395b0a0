import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { createVerifiedAccount, LIMITS } from "~/server/accounts/accounts";
import { findSession, startSession, type SignedInAccount } from "~/server/accounts/sessions";
import { confirmEnrolment, RECOVERY_CODE_COUNT, resetTwoFactorFromServer, startEnrolment } from "~/server/accounts/two-factor";
import type { AdminStanding } from "~/common/audit";
import { accounts, auditLog, oneTimeTokens, recoveryCodes, sessions } from "~/server/db/schema";
import { apiClient, freshClientAddress, uniqueEmail } from "../support/accounts";
import { escaped } from "../support/hostile-text";
import { appCode } from "../support/totp";
import { usePageServer, usePageShop } from "../support/use-shop";

// Two-step sign-in for admins (issue 27), over HTTP on the engine of the run: enrolment, the code
// at sign-in (the login page's second step and the API's one call), each code good once, recovery
// codes, wrong codes limited per device, who must set it up, an owner's reset, the idle timeout and
// "Sign out everywhere", each in the audit log.

const { handle, shop } = usePageShop();
// The same database behind a shop outside demo mode: there owners must set it up first.
const realShop = usePageServer(handle, { env: { SHOP_DEMO: "off", ADMIN_IDLE_MINUTES: "5" } });
const PASSWORD = "Two-step-pass-2026";

interface Admin {
  id: number;
  email: string;
  account: SignedInAccount;
}

async function makeAdmin(tag: string, adminRole: AdminStanding = "staff"): Promise<Admin> {
  const email = uniqueEmail(tag);
  const made = await createVerifiedAccount(
    handle.db,
    "admin",
    { fullName: adminRole === "owner" ? "Ngozi Owner" : "Tunde Staff", email, password: PASSWORD, phoneNumber: "2348031234567" },
    { adminRole },
  );
  if (!made.ok) throw new Error(`could not create ${email}`);
  return { id: made.account.id, email, account: made.account };
}

/** Enrols an admin as the panel does, confirmed with the previous step's code: the current and next ones stay unused. */
async function enrol(admin: Admin): Promise<{ secret: string; codes: string[] }> {
  const started = await startEnrolment(handle.db, admin.id);
  if (!started.ok) throw new Error("already enrolled");
  const confirmed = await confirmEnrolment(handle.db, admin.account, await appCode(started.secret, -1));
  if (!confirmed.ok) throw new Error(`enrolment refused: ${confirmed.reason}`);
  return { secret: started.secret, codes: confirmed.recoveryCodes };
}

const entriesAbout = (email: string) =>
  handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `Admin ${email}`))
    .orderBy(desc(auditLog.id));

const login = (body: Record<string, unknown>, address = freshClientAddress()) =>
  apiClient(shop.baseUrl)("/api/admin_login.php", body, { headers: { "x-forwarded-for": address } });

describe("two-step sign-in through the API's login call", () => {
  it("asks for the code after the right password, signs in with it once, and refuses the same code again", async () => {
    const admin = await makeAdmin("2fa-api");
    const { secret } = await enrol(admin);
    const asked = await login({ email: admin.email, password: PASSWORD });
    expect(asked.status).toBe(401);
    expect(asked.body).toMatchObject({ success: false, message: messages.secondFactorNeeded, second_factor_required: true });
    expect(asked.body.token).toBeUndefined();

    const code = await appCode(secret);
    const signedIn = await login({ email: admin.email, password: PASSWORD, two_factor_code: code }, "198.51.100.40");
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await findSession(handle.db, signedIn.body.token))?.id).toBe(admin.id);
    // The same code, replayed by someone who saw it: refused.
    const replayed = await login({ email: admin.email, password: PASSWORD, two_factor_code: code });
    expect([replayed.status, replayed.body.message]).toEqual([401, messages.secondFactorWrong]);
    // A wrong password never reaches the code.
    const wrong = await login({ email: admin.email, password: "not-it", two_factor_code: await appCode(secret, 1) });
    expect([wrong.status, wrong.body.message]).toEqual([401, messages.wrongCredentials]);

    const [replayAudit, okAudit] = (await entriesAbout(admin.email)).filter((e) => e.action === "sign-in" && !e.detail.includes("password"));
    expect(okAudit.detail).toBe("Signed in with the authenticator app's code from 198.51.100.40, a new device.");
    expect(replayAudit.detail).toMatch(/^Failed sign-in \(wrong two-step code\) from [\d.]+, a new device\.$/);
    expect(JSON.stringify(await entriesAbout(admin.email))).not.toContain(code);
  });

  it("takes each recovery code once, typed in any case, with or without its dash; only their hashes are kept", async () => {
    const admin = await makeAdmin("2fa-recovery");
    const { codes } = await enrol(admin);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, admin.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));

    const typed = codes[0].toLowerCase().replace("-", " ");
    expect((await login({ email: admin.email, password: PASSWORD, two_factor_code: typed })).status).toBe(200);
    const again = await login({ email: admin.email, password: PASSWORD, two_factor_code: codes[0] });
    expect([again.status, again.body.message]).toEqual([401, messages.secondFactorWrong]);
    expect((await login({ email: admin.email, password: PASSWORD, two_factor_code: codes[1] })).status).toBe(200);
    const [entry] = (await entriesAbout(admin.email)).filter((e) => e.action === "sign-in");
    expect(entry.detail).toMatch(/^Signed in with a recovery code from /);
  });

  it(`limits wrong codes like passwords: ${LIMITS.codeFailuresPerAccount} from new devices lock new devices out, while a device that signed in before keeps its own count`, async () => {
    const admin = await makeAdmin("2fa-guess");
    const { codes } = await enrol(admin);
    // The admin's own phone signs in first and keeps its device token.
    const own = await login({ email: admin.email, password: PASSWORD, two_factor_code: codes[0] });
    expect(own.status).toBe(200);
    const deviceToken = own.body.device_token as string;

    // Someone with the stolen password guesses codes from many addresses.
    for (let i = 0; i < LIMITS.codeFailuresPerAccount; i++) {
      const guess = await login({ email: admin.email, password: PASSWORD, two_factor_code: String(100000 + i) });
      expect([guess.status, guess.body.message]).toEqual([401, messages.secondFactorWrong]);
    }
    const locked = await login({ email: admin.email, password: PASSWORD, two_factor_code: codes[1] });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    // The recovery code refused by the limit was not spent: the admin's own device uses it.
    const mine = await login({ email: admin.email, password: PASSWORD, two_factor_code: codes[1], device_token: deviceToken });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });

  it("lets exactly one of twenty sign-ins sent at once with the same code through", async () => {
    const admin = await makeAdmin("2fa-race");
    const { secret } = await enrol(admin);
    const code = await appCode(secret);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ email: admin.email, password: PASSWORD, two_factor_code: code })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    expect(await handle.db.select().from(sessions).where(eq(sessions.accountId, admin.id))).toHaveLength(1);
  });
});

/** A request as a browser sends it to the page server at `base`, with this cookie. */
async function page(base: string, method: "GET" | "POST", path: string, cookie: string, form?: Record<string, string>) {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: {
      cookie,
      origin: base,
      "x-forwarded-for": freshClientAddress(),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.status, location: res.headers.get("location"), cookies: res.headers.getSetCookie(), html: await res.text() };
}

/** The `name=value` of a Set-Cookie list's cookie of this name. */
const cookieOf = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0] ?? "";

describe("the login page's second step", () => {
  it("asks for the code on the same page after the password, says when it is wrong, and signs in with the right one", async () => {
    const admin = await makeAdmin("2fa-page");
    const { secret } = await enrol(admin);
    const password = await page(shop.baseUrl, "POST", "/adminlogin", "", { email: admin.email, password: PASSWORD });
    expect([password.status, password.location]).toEqual([302, "/adminlogin"]);
    const pending = cookieOf(password.cookies, "shop_admin_pending");
    expect(pending).not.toBe("");
    expect(cookieOf(password.cookies, "shop_admin_session")).toBe("");

    const asked = await page(shop.baseUrl, "GET", "/adminlogin", pending);
    expect(asked.html).toContain("Two-step sign-in: enter the 6-digit code your authenticator app shows, or one of your recovery codes.");
    const wrong = await page(shop.baseUrl, "POST", "/adminlogin", pending, { intent: "second-factor", code: "000000" });
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain(escaped(messages.secondFactorWrong));
    const bad = await page(shop.baseUrl, "POST", "/adminlogin", pending, { intent: "second-factor", code: "x".repeat(100_000) });
    expect(bad.status).toBe(400);

    const right = await page(shop.baseUrl, "POST", "/adminlogin", pending, { intent: "second-factor", code: await appCode(secret) });
    expect([right.status, right.location]).toEqual([302, "/admin?notice=admin-login"]);
    const session = cookieOf(right.cookies, "shop_admin_session");
    expect(session).not.toBe("");
    expect(right.cookies.find((c) => c.startsWith("shop_admin_pending="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await page(shop.baseUrl, "GET", "/admin", session)).status).toBe(200);
    // The pending step is spent: it signs in no one again.
    const reused = await page(shop.baseUrl, "POST", "/adminlogin", pending, { intent: "second-factor", code: await appCode(secret, 1) });
    expect([reused.status, reused.location]).toEqual([302, "/adminlogin?notice=sign-in-expired"]);
  });

  it("sends a code typed more than 10 minutes after the password back to the start", async () => {
    const admin = await makeAdmin("2fa-slow");
    const { secret } = await enrol(admin);
    const password = await page(shop.baseUrl, "POST", "/adminlogin", "", { email: admin.email, password: PASSWORD });
    const pending = cookieOf(password.cookies, "shop_admin_pending");
    await handle.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.accountId, admin.id), eq(oneTimeTokens.purpose, "second_factor")));
    const late = await page(shop.baseUrl, "POST", "/adminlogin", pending, { intent: "second-factor", code: await appCode(secret) });
    expect([late.status, late.location]).toEqual([302, "/adminlogin?notice=sign-in-expired"]);
  });
});

const cookieFor = async (base: typeof shop, accountId: number) =>
  base.cookieFor("admin", (await startSession(handle.db, { id: accountId, role: "admin" })).token);
const securityPanel = adminPanelPath(ADMIN_PANELS.twoFactor);

describe("who must set it up", () => {
  it("outside demo mode an owner reaches no other page and no admin call before setting it up, then everything", async () => {
    const owner = await makeAdmin("2fa-owner", "owner");
    const cookie = await cookieFor(realShop, owner.id);
    for (const path of ["/admin", adminPanelPath(ADMIN_PANELS.orders), "/admin/orders.csv", "/admin/products/1"]) {
      const res = await page(realShop.baseUrl, "GET", path, cookie);
      expect([res.status, res.location], path).toEqual([302, securityPanel]);
    }
    const post = await page(realShop.baseUrl, "POST", adminPanelPath(ADMIN_PANELS.settings), cookie, {
      intent: "payment-settings",
      channels: "card",
    });
    expect([post.status, post.location]).toEqual([302, securityPanel]);
    const api = await apiClient(realShop.baseUrl)("/api/admin_login.php", { email: owner.email, password: PASSWORD });
    expect([api.status, api.body.message]).toEqual([403, messages.twoFactorSetUpFirst]);
    // No session was made for it (the cookie's own is the only one), and the log says it was refused.
    expect(await handle.db.select().from(sessions).where(eq(sessions.accountId, owner.id))).toHaveLength(1);
    const [refusal] = (await entriesAbout(owner.email)).filter((e) => e.action === "sign-in");
    expect(refusal.detail).toMatch(/^Refused sign-in \(two-step sign-in not set up yet\) from /);

    // The panel itself: start, scan, confirm with a code, read the recovery codes once.
    const panel = await page(realShop.baseUrl, "GET", securityPanel, cookie);
    expect(panel.status).toBe(200);
    expect(panel.html).toContain(escaped(messages.twoFactorRequiredFirst));
    expect((await page(realShop.baseUrl, "POST", securityPanel, cookie, { intent: "two-factor-start" })).status).toBe(200);
    const [{ secret }] = await handle.db.select({ secret: accounts.totpSecret }).from(accounts).where(eq(accounts.id, owner.id));
    const scan = await page(realShop.baseUrl, "GET", securityPanel, cookie);
    expect(scan.html).toContain("data:image/svg+xml;base64,");
    expect(scan.html).toContain(secret!.match(/.{1,4}/g)!.join(" "));
    const wrong = await page(realShop.baseUrl, "POST", securityPanel, cookie, { intent: "two-factor-confirm", code: "123456" });
    expect(wrong.html).toContain(escaped(messages.secondFactorWrong));
    const confirmed = await page(realShop.baseUrl, "POST", securityPanel, cookie, { intent: "two-factor-confirm", code: await appCode(secret!) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(messages.twoFactorOn);
    // Each shown once on the page (and again in the page's data for the browser).
    expect(new Set(confirmed.html.match(/\b[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}\b/g)).size).toBe(RECOVERY_CODE_COUNT);
    expect((await page(realShop.baseUrl, "GET", "/admin", cookie)).status).toBe(200);
    const [entry] = (await entriesAbout(owner.email)).filter((e) => e.action === "two-factor");
    expect(entry.detail).toBe(`Two-step sign-in set up, with ${RECOVERY_CODE_COUNT} recovery codes.`);
  });

  it("in demo mode it is offered, not forced: the README's demo admin walks straight in", async () => {
    const owner = await makeAdmin("2fa-demo-owner", "owner");
    expect((await page(shop.baseUrl, "GET", "/admin", await cookieFor(shop, owner.id))).status).toBe(200);
    expect((await login({ email: owner.email, password: PASSWORD })).status).toBe(200);
  });

  it("owners can require it of staff, who then set it up first; staff cannot change that", async () => {
    const owner = await makeAdmin("2fa-req-owner", "owner");
    const staff = await makeAdmin("2fa-req-staff");
    const ownerCookie = await cookieFor(shop, owner.id);
    const staffCookie = await cookieFor(shop, staff.id);
    const refused = await page(shop.baseUrl, "POST", securityPanel, staffCookie, { intent: "staff-two-factor", required: "yes" });
    expect(refused.status).toBe(403);
    expect((await page(shop.baseUrl, "GET", "/admin", staffCookie)).status).toBe(200);
    try {
      const saved = await page(shop.baseUrl, "POST", securityPanel, ownerCookie, { intent: "staff-two-factor", required: "yes" });
      expect(saved.html).toContain(escaped(messages.staffTwoFactorSaved));
      expect(await page(shop.baseUrl, "GET", "/admin", staffCookie)).toMatchObject({ status: 302, location: securityPanel });
      expect((await page(shop.baseUrl, "GET", securityPanel, staffCookie)).status).toBe(200);
      // Owners are not staff: in demo mode they still walk in.
      expect((await page(shop.baseUrl, "GET", "/admin", ownerCookie)).status).toBe(200);
      const [setting] = await handle.db.select().from(auditLog).where(eq(auditLog.subject, "Two-step sign-in for staff")).orderBy(desc(auditLog.id));
      expect(setting).toMatchObject({ action: "settings", actorId: owner.id, detail: "Required for staff" });
    } finally {
      await page(shop.baseUrl, "POST", securityPanel, ownerCookie, { intent: "staff-two-factor", required: "no" });
    }
    expect((await page(shop.baseUrl, "GET", "/admin", staffCookie)).status).toBe(200);
  });

  it("an owner resets a staff member's lost second factor: audited, signed out, and they sign in with the password alone", async () => {
    const owner = await makeAdmin("2fa-reset-owner", "owner");
    const staff = await makeAdmin("2fa-reset-staff");
    await enrol(staff);
    const staffCookie = await cookieFor(shop, staff.id);
    const byStaff = await page(shop.baseUrl, "POST", adminPanelPath(ADMIN_PANELS.admins), staffCookie, {
      intent: "staff-change",
      change: "reset-two-factor",
      adminId: String(owner.id),
    });
    expect(byStaff.status).toBe(403);
    const reset = await page(shop.baseUrl, "POST", adminPanelPath(ADMIN_PANELS.admins), await cookieFor(shop, owner.id), {
      intent: "staff-change",
      change: "reset-two-factor",
      adminId: String(staff.id),
    });
    expect(reset.status).toBe(200);
    expect((await page(shop.baseUrl, "GET", "/admin", staffCookie)).location).toBe("/adminlogin");
    const [row] = await handle.db
      .select({ secret: accounts.totpSecret, on: accounts.totpEnrolledAt })
      .from(accounts)
      .where(eq(accounts.id, staff.id));
    expect(row).toEqual({ secret: null, on: null });
    expect(await handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, staff.id))).toEqual([]);
    expect((await login({ email: staff.email, password: PASSWORD })).status).toBe(200);
    const [entry] = (await entriesAbout(staff.email)).filter((e) => e.action === "two-factor");
    expect(entry).toMatchObject({ actorId: owner.id, detail: expect.stringContaining("has two-step sign-in turned off and is signed out") });
  });
});

describe("bad input", () => {
  it("a 100 KB code is refused with the field's words at each place that takes one, and changes nothing", async () => {
    const admin = await makeAdmin("2fa-long");
    const huge = "7".repeat(100_000);
    const api = await login({ email: admin.email, password: PASSWORD, two_factor_code: huge });
    expect([api.status, api.body.message]).toEqual([400, messages.secondFactorCodeInvalid]);
    const cookie = await cookieFor(shop, admin.id);
    expect((await page(shop.baseUrl, "POST", securityPanel, cookie, { intent: "two-factor-start" })).status).toBe(200);
    const confirm = await page(shop.baseUrl, "POST", securityPanel, cookie, { intent: "two-factor-confirm", code: huge });
    expect(confirm.status).toBe(400);
    expect(confirm.html).toContain(escaped(messages.secondFactorCodeInvalid));
    const [row] = await handle.db.select({ on: accounts.totpEnrolledAt }).from(accounts).where(eq(accounts.id, admin.id));
    expect(row.on).toBeNull();
    expect(await handle.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, admin.id))).toEqual([]);
  });
});

describe("the server's own reset", () => {
  it("turns an admin's two-step sign-in off, ends their sessions and says so in the audit log (a sole owner who lost phone and codes)", async () => {
    const owner = await makeAdmin("2fa-cli-owner", "owner");
    await enrol(owner);
    const phone = await startSession(handle.db, { id: owner.id, role: "admin" });
    expect(await resetTwoFactorFromServer(handle.db, owner.email)).toBe(true);
    expect(await resetTwoFactorFromServer(handle.db, uniqueEmail("nobody"))).toBe(false);
    expect(await findSession(handle.db, phone.token)).toBeNull();
    expect((await login({ email: owner.email, password: PASSWORD })).status).toBe(200);
    const [entry] = (await entriesAbout(owner.email)).filter((e) => e.action === "two-factor");
    expect(entry.detail).toMatch(/^Two-step sign-in turned off on the server/);
  });
});

describe("sessions", () => {
  it("an admin's ends after 30 minutes unused; use keeps it alive; a customer's has no idle timeout", async () => {
    const admin = await makeAdmin("idle-admin");
    const { token } = await startSession(handle.db, { id: admin.id, role: "admin" });
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await findSession(handle.db, token, at(29))).not.toBeNull();
    expect(await findSession(handle.db, token, at(58))).not.toBeNull();
    expect(await findSession(handle.db, token, at(89))).toBeNull();

    const customer = await createVerifiedAccount(handle.db, "customer", {
      fullName: "Ada Buyer",
      email: uniqueEmail("idle-customer"),
      password: PASSWORD,
      phoneNumber: "2348031234567",
    });
    if (!customer.ok) throw new Error("no customer");
    const mine = await startSession(handle.db, { id: customer.account.id, role: "customer" });
    expect(await findSession(handle.db, mine.token, at(600))).not.toBeNull();
  });

  it("ADMIN_IDLE_MINUTES sets the timeout, and the page's own sign-out says why", async () => {
    const admin = await makeAdmin("idle-setting", "owner");
    await enrol(admin);
    const { token } = await startSession(handle.db, { id: admin.id, role: "admin" });
    const cookie = await realShop.cookieFor("admin", token);
    expect((await page(realShop.baseUrl, "GET", "/admin", cookie)).status).toBe(200);
    // Six minutes unused, over that shop's five.
    await handle.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.accountId, admin.id));
    expect(await page(realShop.baseUrl, "GET", "/admin", cookie)).toMatchObject({ status: 302, location: "/adminlogin" });
    // The demo shop (30 minutes) still takes it.
    expect((await page(shop.baseUrl, "GET", "/admin", await shop.cookieFor("admin", token))).status).toBe(200);

    const idle = await page(shop.baseUrl, "POST", "/admin", await cookieFor(shop, admin.id), { intent: "logout", why: "idle" });
    expect([idle.status, idle.location]).toEqual([302, "/adminlogin?notice=idle-signed-out"]);
  });

  it("Sign out everywhere ends every session of the account, this one too, and is audited", async () => {
    const admin = await makeAdmin("everywhere");
    const phone = await startSession(handle.db, { id: admin.id, role: "admin" });
    const cookie = await cookieFor(shop, admin.id);
    const res = await page(shop.baseUrl, "POST", securityPanel, cookie, { intent: "sign-out-everywhere" });
    expect([res.status, res.location]).toEqual([302, "/adminlogin?notice=signed-out-everywhere"]);
    expect(await findSession(handle.db, phone.token)).toBeNull();
    expect((await page(shop.baseUrl, "GET", "/admin", cookie)).location).toBe("/adminlogin");
    const [entry] = await entriesAbout(admin.email);
    expect(entry).toMatchObject({ action: "sign-in", detail: "Signed out everywhere: every session ended." });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SHOP_NAME } from "~/common/constants";
import { messages } from "~/common/messages";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { outbox } from "~/server/db/schema";
import { accountCall, apiClient, findLink, linkPaths, uniqueEmail, type Role } from "../support/accounts";
import { startSmtpServer, type ReceivedMail } from "../support/smtp";
import { useApiShop, useStarted } from "../support/use-shop";

// The e-mails of the account flows over real SMTP: the API queues them in the outbox, the mailer
// sends them to an smtp-server on 127.0.0.1, and the test follows their links like a person would.

const PUBLIC_URL = "https://shop.example.test";

const smtp = useStarted(() => startSmtpServer());
const { handle, api } = useApiShop({ env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL }), mailer: { intervalMs: 200 } });
const post = apiClient(api);

const mailTo = (to: string, subject: string) => (m: ReceivedMail) => m.envelope.to.includes(to) && m.parsed.subject === subject;

/** The one link `<PUBLIC_URL><path>/<token>` of a received mail, checked in both its HTML and text. */
function linkIn(mail: ReceivedMail, to: string, path: string) {
  expect(mail.envelope.to).toEqual([to]);
  expect(mail.parsed.to?.map((a) => a.address)).toEqual([to]);
  expect(mail.parsed.from?.address).toBe("no-reply@foamshop.ng");
  expect(mail.parsed.text, "plain-text part").toBeTruthy();
  expect(mail.parsed.html, "HTML part").toBeTruthy();
  const link = findLink(mail.parsed.text!, PUBLIC_URL, path);
  expect(link, mail.parsed.text).not.toBeNull();
  expect(link!.url.startsWith(`${PUBLIC_URL}${path}/`)).toBe(true);
  expect(mail.parsed.html).toContain(`href="${link!.url}"`);
  return link!;
}

/** "Follows" a link: the page at /verifyuser/<token> posts the token to the verify call. */
function tokenOf(url: string, path: string): string {
  const u = new URL(url);
  expect(u.origin).toBe(PUBLIC_URL);
  const prefix = `${path}/`;
  expect(u.pathname.startsWith(prefix)).toBe(true);
  return u.pathname.slice(prefix.length);
}

async function logIn(role: Role, email: string, password: string) {
  const res = await post(accountCall(role, "login"), { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.message).toBe(messages.loginSuccess);
  expect(res.body.token).toMatch(/^[\w-]{43}$/);
  return res.body.token as string;
}

it("runs on the engine this run asked for, with SMTP and PUBLIC_URL set", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  expect(api.config.smtpUrl).toBe(smtp.url);
  expect(api.config.publicUrl).toBe(PUBLIC_URL);
});

describe("customer e-mails over SMTP", () => {
  it("sign-up sends a verification mail whose link verifies the account, which can then log in", async () => {
    const email = uniqueEmail("smtp-signup");
    const password = "correct horse battery";
    const signUp = await post(accountCall("customer", "signup"), {
      fullName: "Chinua Achebe",
      email: ` ${email.toUpperCase()}`,
      password,
      phoneNumber: "2348012345678",
    });
    expect(signUp.status).toBe(201);

    const before = await post(accountCall("customer", "login"), { email, password });
    expect(before.body).toEqual({ success: true, message: messages.verifyEmailFirst });

    const mail = await smtp.waitForMail(mailTo(email, `Verify your email address for ${SHOP_NAME}`));
    expect(mail.parsed.text).toContain("Hello Chinua Achebe,");
    const link = linkIn(mail, email, linkPaths.customer.verify);

    const verify = await post(accountCall("customer", "verify_email"), { token: tokenOf(link.url, linkPaths.customer.verify) });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ success: true, message: messages.verifySuccess });
    await logIn("customer", email, password);

    // The mailer records what it sent.
    await expect
      .poll(async () => (await handle.db.select().from(outbox).where(eq(outbox.to, email))).map((m) => m.status), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["sent"]));
  });

  it("forgot-password sends a reset link that sets a new password, then a password-changed mail", async () => {
    const email = uniqueEmail("smtp-reset");
    const password = "old password 111";
    const created = await createVerifiedAccount(handle.db, "customer", { fullName: "Buchi Emecheta", email, password, phoneNumber: "2348012345678" });
    expect(created.ok).toBe(true);
    const oldSession = await logIn("customer", email, password);

    const forgot = await post(accountCall("customer", "forgot_password"), { email });
    expect(forgot.status).toBe(200);
    const mail = await smtp.waitForMail(mailTo(email, `Reset your ${SHOP_NAME} password`));
    const link = linkIn(mail, email, linkPaths.customer.reset);

    const newPassword = "new password 222";
    const reset = await post(accountCall("customer", "reset_password"), {
      token: tokenOf(link.url, linkPaths.customer.reset),
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: messages.resetSuccess, device_token: expect.stringMatching(/^[\w-]{43}$/) });

    const changed = await smtp.waitForMail(mailTo(email, `Your ${SHOP_NAME} password was changed`));
    expect(changed.parsed.text).toContain(`${PUBLIC_URL}${linkPaths.customer.login}`);
    expect(changed.parsed.html).toContain(`href="${PUBLIC_URL}${linkPaths.customer.login}"`);

    const old = await post(accountCall("customer", "login"), { email, password });
    expect(old.status).toBe(401);
    await logIn("customer", email, newPassword);
    const stale = await post(accountCall("customer", "update_phone"), { email, phoneNumber: "2348011111111" }, { token: oldSession });
    expect(stale.status).toBe(401);
  });
});

describe("admin e-mails over SMTP", () => {
  it("a registered admin receives a /verify/ link, verifies through admin_verify_email.php and logs in", async () => {
    const root = { fullName: "Root Admin", email: uniqueEmail("smtp-root"), password: "root password 1", phoneNumber: "2348012345678" };
    expect((await createVerifiedAccount(handle.db, "admin", root)).ok).toBe(true);
    const rootToken = await logIn("admin", root.email, root.password);

    const email = uniqueEmail("smtp-admin");
    const password = "admin password 2";
    const signUp = await post(
      accountCall("admin", "signup"),
      { fullName: "Flora Nwapa", email, password, phoneNumber: "2348012345678" },
      { token: rootToken },
    );
    expect(signUp.status).toBe(201);

    const mail = await smtp.waitForMail(mailTo(email, `Verify your email address for ${SHOP_NAME}`));
    const link = linkIn(mail, email, linkPaths.admin.verify);
    const verify = await post(accountCall("admin", "verify_email"), { token: tokenOf(link.url, linkPaths.admin.verify) });
    expect(verify.status).toBe(200);
    await logIn("admin", email, password);
  });
});

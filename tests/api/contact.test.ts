import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SHOP_NAME } from "~/common/constants";
import { messages } from "~/common/messages";
import { CONTACT_MESSAGE_MAX } from "~/common/constants";
import { CONTACT_LIMIT } from "~/server/content/contact";
import type { Database } from "~/server/db/client";
import { contactMessages, outbox } from "~/server/db/schema";
import { apiClient, uniqueEmail } from "../support/accounts";
import { startSmtpServer, type ReceivedMail } from "../support/smtp";
import { useApiServer, useApiShop, useStarted } from "../support/use-shop";

// The contact call (requirements §3 Contact message, §4 Contact submit, §5 Contact form, §7 "contact form
// endpoint on the users API", §8 Contact) over HTTP, on the engine of this run: a good message is
// stored for the admin's Messages panel and two e-mails are queued (the shop's notice and the
// sender's receipt); bad input is refused with the exact text and nothing kept; a filled honeypot
// is thanked and ignored; the 101st message from one address, or the 6th from one sender, within
// the hour is refused (429).
//
// Rate-limit note: every request of this file comes from 127.0.0.1 unless it says otherwise, so
// every accepted message and every honeypot hit counts against that one address. The limit tests
// run on their own database and server; the other tests stay far below 100 hits on theirs.

const CONTACT = "/api/api4users/contact.php";
const PUBLIC_URL = "https://shop.example.test";

const { handle, api } = useApiShop({ env: { PUBLIC_URL } });
const post = apiClient(api);

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

/** A valid contact message from a fresh sender, with any field overridden (undefined drops it). */
function letter(overrides: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = {
    name: "Adaeze Okafor",
    email: uniqueEmail("contact"),
    phone: "08031234567",
    message: "Do you deliver a 6x4.5x8 Mouka mattress to Lekki this week?",
    ...overrides,
  };
  for (const key of Object.keys(base)) if (base[key] === undefined) delete base[key];
  return base;
}

const rowsFrom = (db: Database, email: string) => db.select().from(contactMessages).where(eq(contactMessages.email, email));
const allRows = (db: Database) => db.select().from(contactMessages);
const mailsOf = (db: Database, kind: string, to: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.to, to)));
const allMails = (db: Database) => db.select().from(outbox);

const failure = (text: string) => ({ success: false, error: text, message: text });

// ------------------------------------------------------------------ accepted

describe("POST /api/api4users/contact.php with a good message", () => {
  it("answers 201 with the thank-you text, stores the message and queues the notice and the receipt", async () => {
    const sent = letter();
    const res = await post(CONTACT, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ success: true, message: "Thank you for contacting us. We will get back to you shortly." });
    expect(res.body.message).toBe(messages.contactSent);

    const rows = await rowsFrom(handle.db, sent.email as string);
    expect(rows).toHaveLength(1);
    // The phone in E.164 (issue 28), and as people read it in the notice.
    expect(rows[0]).toMatchObject({ name: sent.name, email: sent.email, phone: "+2348031234567", message: sent.message, readAt: null });
    expect(rows[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // The shop's notice, to the configured shop inbox, with who wrote and what.
    const notices = (await mailsOf(handle.db, "contact-notice", api.config.shopOrdersEmail)).filter((m) => m.text.includes(sent.email as string));
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe(`Contact form: ${sent.name}`);
    expect(notices[0].text).toContain(sent.message as string);
    expect(notices[0].text).toContain("+234 803 123 4567");
    expect(notices[0].text).toContain(`${PUBLIC_URL}/admin?menu=6`);

    // The sender's receipt repeats nothing they typed (anyone can enter a stranger's address).
    const receipts = await mailsOf(handle.db, "contact-receipt", sent.email as string);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe(`We received your message to ${SHOP_NAME}`);
    expect(receipts[0].text).toContain("Hello there,");
    expect(receipts[0].text).not.toContain(sent.name as string);
    expect(receipts[0].text).not.toContain(sent.message as string);

    // Exactly these two mails mention this sender.
    const about = (await allMails(handle.db)).filter((m) => m.to === sent.email || m.text.includes(sent.email as string));
    expect(about.map((m) => m.kind).sort()).toEqual(["contact-notice", "contact-receipt"]);
  });

  it("trims the fields and lower-cases the e-mail before storing", async () => {
    const email = uniqueEmail("contact-trim");
    const res = await post(
      CONTACT,
      letter({ name: "  Tunde Bakare ", email: `  ${email.toUpperCase()} `, phone: " +234 803 123 4567 ", message: "\n Hello there. \n" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = await rowsFrom(handle.db, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Tunde Bakare", email, phone: "+2348031234567", message: "Hello there." });
    expect(await mailsOf(handle.db, "contact-receipt", email)).toHaveLength(1);
  });

  it(`accepts a message of exactly ${CONTACT_MESSAGE_MAX} characters`, async () => {
    const sent = letter({ message: "m".repeat(CONTACT_MESSAGE_MAX) });
    const res = await post(CONTACT, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = await rowsFrom(handle.db, sent.email as string);
    expect(rows.map((r) => r.message.length)).toEqual([CONTACT_MESSAGE_MAX]);
  });

  it("keeps a message with markup as plain text and escapes it in the HTML of the shop's notice", async () => {
    const sent = letter({ name: "Eve <b>Hacker</b>", message: `<script>alert("x")</script> & <img src=x onerror=alert(1)>` });
    const res = await post(CONTACT, sent);
    expect(res.status).toBe(201);
    const [row] = await rowsFrom(handle.db, sent.email as string);
    expect(row.message).toBe(sent.message);
    const [notice] = (await mailsOf(handle.db, "contact-notice", api.config.shopOrdersEmail)).filter((m) => m.text.includes(sent.email as string));
    for (const mail of [notice]) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img src=x");
      expect(mail.html).not.toContain("<b>Hacker</b>");
      expect(mail.html).toContain("&lt;script&gt;");
    }
  });
});

// ------------------------------------------------------------------ refused

describe("POST /api/api4users/contact.php with bad input: 400, the exact text, nothing kept or sent", () => {
  async function refused(body: unknown, text: string) {
    const rowsBefore = (await allRows(handle.db)).length;
    const mailsBefore = (await allMails(handle.db)).length;
    const res = await post(CONTACT, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(failure(text));
    expect((await allRows(handle.db)).length).toBe(rowsBefore);
    expect((await allMails(handle.db)).length).toBe(mailsBefore);
  }

  it("refuses a missing name", () => refused(letter({ name: undefined }), messages.contactNameRequired));
  it("refuses a blank name", () => refused(letter({ name: "   " }), messages.contactNameRequired));
  it("refuses a missing email", () => refused(letter({ email: undefined }), messages.emailRequired));
  it("refuses a missing phone", () => refused(letter({ phone: undefined }), messages.phoneRequired));
  it("refuses a missing message", () => refused(letter({ message: undefined }), messages.contactMessageRequired));
  it("refuses a blank message", () => refused(letter({ message: " \n\t " }), messages.contactMessageRequired));
  it("refuses an empty body", () => refused({}, messages.contactNameRequired));

  it("refuses a malformed e-mail", async () => {
    await refused(letter({ email: "adaeze@nowhere" }), messages.invalidEmail);
    await refused(letter({ email: "not an email" }), "Please enter a valid email address");
  });

  it('refuses the phone "abc"', () => refused(letter({ phone: "abc" }), "Please enter a valid phone number."));

  it("refuses a phone that is too short to call", () => refused(letter({ phone: "123" }), messages.phoneInvalid));

  it("refuses a name over 100 characters", () => refused(letter({ name: "N".repeat(101) }), messages.contactNameTooLong));

  it(`refuses a message of ${CONTACT_MESSAGE_MAX + 1} characters`, () =>
    refused(letter({ message: "m".repeat(CONTACT_MESSAGE_MAX + 1) }), "Your message can be at most 5000 characters."));

  it("refuses fields of the wrong type", async () => {
    await refused(letter({ name: 42 }), messages.contactNameRequired);
    await refused(letter({ message: ["a", "b"] }), messages.contactMessageRequired);
  });

  it("refuses a 100 KB message at the JSON parser (4xx, success false) and keeps nothing", async () => {
    const rowsBefore = (await allRows(handle.db)).length;
    const mailsBefore = (await allMails(handle.db)).length;
    const res = await post(CONTACT, letter({ message: "x".repeat(100 * 1024) }));
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error).toBe("string");
    expect((await allRows(handle.db)).length).toBe(rowsBefore);
    expect((await allMails(handle.db)).length).toBe(mailsBefore);
  });

  it("refuses a body that is not JSON (4xx, success false)", async () => {
    const res = await post(CONTACT, "{not json");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.success).toBe(false);
  });
});

// ------------------------------------------------------------------ honeypot

describe("the honeypot", () => {
  it("thanks a bot that filled `website` (201, same text) but keeps nothing and sends nothing", async () => {
    const rowsBefore = (await allRows(handle.db)).length;
    const mailsBefore = (await allMails(handle.db)).length;
    const sent = letter({ website: "https://spam.example.com" });
    const res = await post(CONTACT, sent);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: messages.contactSent });
    expect(await rowsFrom(handle.db, sent.email as string)).toEqual([]);
    expect((await allRows(handle.db)).length).toBe(rowsBefore);
    expect((await allMails(handle.db)).length).toBe(mailsBefore);
    expect(await mailsOf(handle.db, "contact-receipt", sent.email as string)).toEqual([]);
  });

  it("thanks a bot that stuffed a long text into `website` too (201), keeping and sending nothing", async () => {
    // A bot pasting spam into every field must not learn that this one is special.
    const rowsBefore = (await allRows(handle.db)).length;
    const mailsBefore = (await allMails(handle.db)).length;
    const sent = letter({ website: `Cheap watches https://spam.example.com ${"buy now ".repeat(80)}` });
    const res = await post(CONTACT, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ success: true, message: messages.contactSent });
    expect((await allRows(handle.db)).length).toBe(rowsBefore);
    expect((await allMails(handle.db)).length).toBe(mailsBefore);
  });

  it("treats an empty `website` as a person", async () => {
    const sent = letter({ website: "" });
    const res = await post(CONTACT, sent);
    expect(res.status).toBe(201);
    expect(await rowsFrom(handle.db, sent.email as string)).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ real SMTP

describe("over SMTP", () => {
  const smtp = useStarted(() => startSmtpServer());
  const mailing = useApiServer(handle, { env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL }), mailer: true });

  const about = (email: string) => (m: ReceivedMail) => (m.parsed.text ?? "").includes(email);

  it("the shop's notice really arrives in the shop inbox, and the receipt at the sender", async () => {
    const sent = letter({ name: "Kemi Adeyemi", message: "Please call me about the solar kit.\nThank you." });
    const res = await apiClient(mailing.baseUrl)(CONTACT, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const notice = await smtp.waitForMail((m) => m.envelope.to.includes(mailing.config.shopOrdersEmail) && about(sent.email as string)(m));
    expect(notice.envelope.to).toEqual([mailing.config.shopOrdersEmail]);
    expect(notice.parsed.to?.map((a) => a.address)).toEqual([mailing.config.shopOrdersEmail]);
    expect(notice.parsed.from?.address).toBe("no-reply@foamshop.ng");
    expect(notice.parsed.subject).toBe("Contact form: Kemi Adeyemi");
    expect(notice.parsed.text).toContain("Please call me about the solar kit.");
    expect(notice.parsed.text).toContain("+234 803 123 4567");
    expect(notice.parsed.html).toContain(`href="${PUBLIC_URL}/admin?menu=6"`);

    const receipt = await smtp.waitForMail((m) => m.envelope.to.includes(sent.email as string));
    expect(receipt.envelope.to).toEqual([sent.email]);
    expect(receipt.parsed.subject).toBe(`We received your message to ${SHOP_NAME}`);
    expect(receipt.parsed.text).toContain("We have received your message");
    expect(receipt.parsed.text).not.toContain("Please call me about the solar kit.");

    await expect
      .poll(async () => (await mailsOf(handle.db, "contact-receipt", sent.email as string)).map((m) => m.status), { timeout: 10_000 })
      .toEqual(["sent"]);
  });

  it("a name with a line break cannot add headers or recipients to the notice", async () => {
    const sent = letter({ name: "Mallory\r\nBcc: victim@example.com" });
    const res = await apiClient(mailing.baseUrl)(CONTACT, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const notice = await smtp.waitForMail((m) => m.envelope.to.includes(mailing.config.shopOrdersEmail) && about(sent.email as string)(m));
    expect(notice.envelope.to).toEqual([mailing.config.shopOrdersEmail]);
    expect(notice.parsed.headers.some((h) => h.key === "bcc")).toBe(false);
    expect(smtp.received.some((m) => m.envelope.to.includes("victim@example.com"))).toBe(false);
  });
});

// ------------------------------------------------------------------ rate limit

describe(`the rate limit: ${CONTACT_LIMIT.perAddress} messages per address and ${CONTACT_LIMIT.perSender} per sender an hour`, () => {
  // A database and server of its own: nothing else in this file has hit the limit there.
  const { handle: own, api: ownApi } = useApiShop();

  // Issue 15: many shoppers write from one carrier NAT address, so the address allows 100 an hour.
  it("accepts 100 messages from one address, then answers the 101st with 429 and Retry-After, keeping nothing", async () => {
    expect(CONTACT_LIMIT).toEqual({ perAddress: 100, perSender: 5, windowMs: 60 * 60_000 });
    const send = apiClient(ownApi.baseUrl);
    for (let i = 1; i <= 100; i++) {
      const res = await send(CONTACT, letter({ message: `Message number ${i}` }));
      expect(res.status, `message ${i}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    expect(await allRows(own.db)).toHaveLength(100);
    const mailsBefore = (await allMails(own.db)).length;
    expect(mailsBefore).toBe(200);

    const sent = letter({ message: "Message number 101" });
    const res = await send(CONTACT, sent);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(failure(messages.tooManyAttempts("Please try again in 60 minutes.")));
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(60 * 60 - 120);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await rowsFrom(own.db, sent.email as string)).toEqual([]);
    expect(await allRows(own.db)).toHaveLength(100);
    expect((await allMails(own.db)).length).toBe(mailsBefore);

    // Still limited on the next try; a bot's honeypot hit is refused the same way.
    const again = await send(CONTACT, letter({ website: "spam" }));
    expect(again.status).toBe(429);
    expect(await allRows(own.db)).toHaveLength(100);
  });

  it("mails one sender's address at most 5 receipts an hour, from whatever addresses the messages come", async () => {
    const send = apiClient(ownApi.baseUrl);
    const victim = uniqueEmail("contact-victim");
    for (let i = 1; i <= 5; i++) {
      const res = await send(CONTACT, letter({ email: victim }), { headers: { "x-forwarded-for": `10.77.0.${i}` } });
      expect(res.status, `message ${i}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    const res = await send(CONTACT, letter({ email: victim.toUpperCase() }), { headers: { "x-forwarded-for": "10.77.0.6" } });
    expect(res.status).toBe(429);
    expect(res.body.error.startsWith(messages.tooManyAttempts(""))).toBe(true);
    expect(await mailsOf(own.db, "contact-receipt", victim)).toHaveLength(5);
    // Another sender from the same address is not affected.
    expect((await send(CONTACT, letter(), { headers: { "x-forwarded-for": "10.77.0.6" } })).status).toBe(201);
  });
});

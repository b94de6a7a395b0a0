import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopHealth } from "~/server/admin/shop-health";
import { loadConfig } from "~/server/config";
import { outbox } from "~/server/db/schema";
import { recipientRefused, startMailer, type Mailer } from "~/server/mail/mailer";
import { queueMail } from "~/server/mail/outbox";
import { startSmtpServer } from "../support/smtp";
import { useStarted, useTestDatabase } from "../support/use-shop";

// A mail the mail server refuses for good (RCPT TO answered 5xx: no such mailbox) is failed at
// once, so Shop health shows it to the owner now, not after five retries over about seven hours;
// a temporary refusal (4xx) is tried again after its pause. Through a real SMTP server on
// 127.0.0.1 and nodemailer, on the engine of this run.

const NO_SUCH_MAILBOX = "typo@gmial.test";
const FULL_MAILBOX = "full@example.test";
const smtp = useStarted(() =>
  startSmtpServer({
    refuse: (address) =>
      address === NO_SUCH_MAILBOX
        ? { code: 550, message: "5.1.1 No such mailbox" }
        : address === FULL_MAILBOX
          ? { code: 452, message: "4.2.2 Mailbox full" }
          : null,
  }),
);
const handle = useTestDatabase();
let mailer: Mailer;

beforeAll(async () => {
  const config = loadConfig({ SHOP_DEMO: "off", PUBLIC_URL: "https://foamshop.ng", SMTP_URL: smtp.url, MAIL_FROM: "Foam Shop <orders@foamshop.ng>" });
  // Each pass would otherwise wait five seconds: the tests send when they say.
  mailer = startMailer(handle.db, config, { intervalMs: 3_600_000 });
  // Its first pass, started with it, ends before the tests queue anything.
  await mailer.deliverDue();
});
afterAll(async () => {
  await mailer?.stop();
});

/**
 * Sends what is due. Twice: the first call may join a pass already under way (the mailer's own, or
 * one another file's queued mail woke), which claimed before the test queued; the second is a pass of its own.
 */
async function deliver() {
  await mailer.deliverDue();
  await mailer.deliverDue();
}

async function queued(to: string) {
  const subject = `Your Foam Shop order for ${to}`;
  await queueMail(handle.db, { kind: "order-confirmation", to, subject, html: "<p>Thank you.</p>", text: "Thank you." });
  const [row] = await handle.db.select().from(outbox).where(eq(outbox.subject, subject));
  return row.id;
}
const rowOf = async (id: number) => (await handle.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe("a mail the mail server refuses", () => {
  it("is failed after its first attempt when the address does not exist (550), and Shop health lists it", async () => {
    const refused = await queued(NO_SUCH_MAILBOX);
    const good = await queued("ada@example.test");
    await deliver();

    expect(await rowOf(refused)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await rowOf(refused)).lastError).toContain("550");
    expect(await rowOf(good)).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.received.map((m) => m.envelope.to)).toEqual([["ada@example.test"]]);
    expect((await shopHealth(handle.db)).failedMail.map((m) => m.to)).toContain(NO_SUCH_MAILBOX);
  });

  it("is tried again after its pause when the refusal is temporary (452, a full mailbox)", async () => {
    const before = Date.now();
    const full = await queued(FULL_MAILBOX);
    await deliver();

    const row = await rowOf(full);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toContain("452");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1_000);
    expect((await shopHealth(handle.db)).failedMail.map((m) => m.to)).not.toContain(FULL_MAILBOX);
  });
});

describe("recipientRefused", () => {
  it("is true only for nodemailer's envelope error with a 5xx reply", () => {
    expect(recipientRefused(Object.assign(new Error("550"), { code: "EENVELOPE", responseCode: 550 }))).toBe(true);
    expect(recipientRefused(Object.assign(new Error("553"), { code: "EENVELOPE", responseCode: 553 }))).toBe(true);
    // Temporary: a full mailbox, greylisting.
    expect(recipientRefused(Object.assign(new Error("452"), { code: "EENVELOPE", responseCode: 452 }))).toBe(false);
    // The shop's own setting (a wrong SMTP password), which the owner fixes: tried again.
    expect(recipientRefused(Object.assign(new Error("535"), { code: "EAUTH", responseCode: 535 }))).toBe(false);
    expect(recipientRefused(Object.assign(new Error("down"), { code: "ECONNECTION" }))).toBe(false);
    expect(recipientRefused("550")).toBe(false);
    expect(recipientRefused(null)).toBe(false);
  });
});

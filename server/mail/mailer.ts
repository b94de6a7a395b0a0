import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { claimDueMail, markFailed, markSent, onMailAnnounced, postpone, type OutgoingMail } from "./outbox";
import { log } from "../log";
import { recordJobRun } from "../background";
import { textSenders, type TextChannel, type TextSender } from "../texts/providers";
import { isOffer, nextOfferTime, withinOfferHours } from "../marketing/offers";

// Sends what the outbox holds: e-mails over SMTP when SMTP_URL is set, otherwise into the dev
// mailbox (/dev/mailbox reads the outbox), with a line in the log; text messages by their
// channel's provider (server/texts/providers.ts), or onto the dev phone.

export type MailSender = (mail: Omit<OutgoingMail, "html"> & { html: string | null; messageId?: string }) => Promise<void>;

/**
 * The Message-ID of an outbox row: the same on every attempt. Sending is at least once (a process
 * killed after the mail server took a message but before it was marked sent sends it again after
 * the lease); a repeat carries the same Message-ID, by which mail clients show it once.
 */
export function outboxMessageId(mail: { id: number; createdAt: Date }, mailFrom: string): string {
  const domain = /@([^\s>]+)/.exec(mailFrom)?.[1] ?? "localhost";
  return `<outbox.${mail.id}.${mail.createdAt.getTime()}@${domain}>`;
}

/**
 * Whether the mail server refused the recipient for good: nodemailer's EENVELOPE with a 5xx
 * reply (RFC 5321: 550 no such mailbox, 553 a malformed address). A 4xx reply (451 greylisting,
 * 452 a full mailbox) is temporary, and a 5xx to the whole session (535, wrong SMTP password) is
 * the shop's setting, which the owner fixes: both are tried again.
 */
export function recipientRefused(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/** The dev mailbox exists only in demo mode, and only when no real mail server is set. */
export function devMailboxEnabled(config: Config): boolean {
  return config.demo && !config.smtpUrl;
}

export function mailSender(config: Config): MailSender {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    // nodemailer is loaded with the first mail, not at start (about 40 ms less to the first answer).
    let transport: Promise<Transporter> | undefined;
    return async (mail) => {
      transport ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl));
      await (
        await transport
      ).sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        html: mail.html ?? undefined,
        text: mail.text,
        messageId: mail.messageId,
      });
    };
  }
  if (!config.demo) {
    // Kept in the outbox and retried: once SMTP_URL is set, the mails go out.
    return async () => {
      throw new Error("SMTP_URL is not set: e-mail cannot be sent.");
    };
  }
  return async (mail) => {
    log.info(`Mail to ${mail.to}: "${mail.subject}" (read it at ${config.publicUrl}/dev/mailbox)`);
  };
}

export interface Mailer {
  /** Sends everything due now; resolves when done. */
  deliverDue(): Promise<void>;
  /**
   * Claims nothing more; resolves when the batch being sent is marked sent. A shutdown awaits it
   * before closing the database, or those mails are sent again after their lease.
   */
  stop(): Promise<void>;
}

export interface MailerOptions {
  intervalMs?: number;
  send?: MailSender;
  /** How texts go; by default each channel's provider (textSenders). */
  texts?: Record<TextChannel, TextSender>;
  /** How long a claimed mail is left alone (claimDueMail); production keeps 5 minutes. */
  leaseMs?: number;
}

export function startMailer(db: Database, config: Config, options: MailerOptions = {}): Mailer {
  const send = options.send ?? mailSender(config);
  const texts = options.texts ?? textSenders(config);
  const intervalMs = options.intervalMs ?? 5_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain() {
    while (!stopped) {
      const batch = await claimDueMail(db, 10, new Date(), options.leaseMs);
      if (batch.length === 0) return;
      // A claimed batch is sent to the end (after stop() too): left, it would wait for its lease.
      for (const mail of batch) {
        // An offer waits for its hours, whenever it was queued or retried (decision 0062).
        const now = new Date();
        if (isOffer(mail.kind) && !withinOfferHours(now)) {
          await postpone(db, mail.id, nextOfferTime(now));
          continue;
        }
        try {
          if (mail.channel === "email") await send({ ...mail, messageId: outboxMessageId(mail, config.mailFrom) });
          else await texts[mail.channel]({ ...mail, promotional: isOffer(mail.kind) });
          await markSent(db, mail.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const what = mail.channel === "email" ? "Mail" : mail.channel === "sms" ? "SMS" : "WhatsApp message";
          log.error({ mailId: mail.id, attempt: mail.attempts }, `${what} ${mail.id} to ${mail.to} failed (attempt ${mail.attempts}): ${message}`);
          await markFailed(db, mail.id, mail.attempts, message, { permanent: mail.channel === "email" && recipientRefused(error) });
        }
      }
    }
  }

  function deliverDue(): Promise<void> {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    // Each pass is written down as the mailer job's run (job_runs): a mail that failed is the
    // outbox's business; a pass that threw (the database) is the job's.
    running = drain()
      .then(
        () => recordJobRun(db, "mailer", intervalMs, null),
        (err: unknown) => {
          log.error({ err }, "Mailer error");
          return recordJobRun(db, "mailer", intervalMs, err);
        },
      )
      .catch((err: unknown) => log.error({ err }, "Writing down the mailer's run failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }

  const timer = setInterval(() => void deliverDue(), intervalMs);
  timer.unref();
  const unsubscribe = onMailAnnounced(() => void deliverDue());
  void deliverDue();
  return {
    deliverDue,
    stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      return running ?? Promise.resolve();
    },
  };
}

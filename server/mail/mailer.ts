import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { claimDueMail, markFailed, markSent, onMailAnnounced, type OutgoingMail } from "./outbox";

// Sends what the outbox holds: over SMTP when SMTP_URL is set, otherwise into the dev mailbox
// (/dev/mailbox reads the outbox), with a line in the log.

export type MailSender = (mail: OutgoingMail) => Promise<void>;

/** The dev mailbox exists only outside production, and only when no real mail server is set. */
export function devMailboxEnabled(config: Config): boolean {
  return !config.isProduction && !config.smtpUrl;
}

export function mailSender(config: Config): MailSender {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    };
  }
  if (config.isProduction) {
    return async () => {
      throw new Error("SMTP_URL is not set: e-mail cannot be sent in production.");
    };
  }
  return async (mail) => {
    if (config.env !== "test") console.log(`Mail to ${mail.to}: "${mail.subject}" (read it at ${config.publicUrl}/dev/mailbox)`);
  };
}

export interface Mailer {
  /** Sends everything due now; resolves when done. */
  deliverDue(): Promise<void>;
  stop(): void;
}

export function startMailer(db: Database, config: Config, options: { intervalMs?: number; send?: MailSender } = {}): Mailer {
  const send = options.send ?? mailSender(config);
  let running: Promise<void> | null = null;
  let again = false;

  async function drain() {
    for (;;) {
      const batch = await claimDueMail(db);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await send(mail);
          await markSent(db, mail.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          console.error(`Mail ${mail.id} to ${mail.to} failed (attempt ${mail.attempts}): ${message}`);
          await markFailed(db, mail.id, mail.attempts, message);
        }
      }
    }
  }

  function deliverDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error) => console.error("Mailer error", error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }

  const timer = setInterval(() => void deliverDue(), options.intervalMs ?? 5_000);
  timer.unref();
  const unsubscribe = onMailAnnounced(() => void deliverDue());
  void deliverDue();
  return {
    deliverDue,
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}

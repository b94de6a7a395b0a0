import { EventEmitter } from "node:events";
import { and, asc, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { outbox, type WhatsappTemplate } from "../db/schema";
import type { MailContent } from "./templates";

// E-mails and text messages (server/texts/) are written to the outbox in the same transaction as
// the change they report, and sent afterwards by the mailer (mailer.ts). A failed send is retried
// with growing pauses.

export interface OutgoingMail extends MailContent {
  kind: string;
  to: string;
}

const queued = new EventEmitter();

export async function queueMail(db: Executor, mail: OutgoingMail): Promise<void> {
  await db.insert(outbox).values(mail);
}

/** A text message to queue: its words, and on WhatsApp the template they are sent as. */
export interface QueuedText {
  channel: "sms" | "whatsapp";
  kind: string;
  /** E.164. */
  to: string;
  subject: string;
  text: string;
  whatsappTemplate?: WhatsappTemplate | null;
}

/** Queues a text in the caller's transaction, like queueMail; a template goes only with WhatsApp. */
export async function queueText(db: Executor, message: QueuedText): Promise<void> {
  await db.insert(outbox).values({ ...message, whatsappTemplate: message.channel === "whatsapp" ? (message.whatsappTemplate ?? null) : null });
}

/** Wakes this process's mailer; call it after the transaction that queued mail has committed. */
export function announceMail(): void {
  queued.emit("mail");
}

export function onMailAnnounced(listener: () => void): () => void {
  queued.on("mail", listener);
  return () => queued.off("mail", listener);
}

/** Pauses before attempt 2, 3, ...; after the last the message is marked failed. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
/** How long a claimed message is left alone by other processes while one sends it. */
const SEND_LEASE_MS = 5 * 60_000;

/**
 * Takes up to `limit` due messages for this process. What keeps another process (or this one
 * after a restart) from sending them too is the lease: the claim moves their next attempt
 * `leaseMs` ahead in the same statement. SKIP LOCKED only spares a concurrent claim the wait.
 */
export async function claimDueMail(db: Database, limit = 10, now = new Date(), leaseMs = SEND_LEASE_MS) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Puts a claimed message back untried, to go at `until` (an offer outside its hours: server/marketing/offers.ts). */
export async function postpone(db: Database, id: number, until: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: sql`greatest(${outbox.attempts} - 1, 0)`, nextAttemptAt: until })
    .where(eq(outbox.id, id));
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
}

/**
 * A failed send: tried again after the next pause, or failed for good after the last attempt, or
 * at once when the failure is `permanent` (the mail server refused the address: no later attempt
 * can reach it, and Shop health shows it now instead of seven hours later).
 */
export async function markFailed(
  db: Database,
  id: number,
  attempts: number,
  error: string,
  { permanent = false, now = new Date() } = {},
): Promise<void> {
  const delay = permanent ? undefined : RETRY_DELAYS_MS[attempts - 1];
  await db
    .update(outbox)
    .set(delay === undefined ? { status: "failed", lastError: error } : { lastError: error, nextAttemptAt: new Date(now.getTime() + delay) })
    .where(eq(outbox.id, id));
}

/** The newest e-mails, for the dev mailbox. */
export function listMail(db: Database, limit = 50) {
  return db
    .select({ id: outbox.id, kind: outbox.kind, to: outbox.to, subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.channel, "email"))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

export async function getMail(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.channel, "email")));
  return row ? { ...row, html: row.html ?? "" } : null;
}

/** The newest text messages (SMS and WhatsApp), for the dev phone. */
export function listTexts(db: Database, limit = 50) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(ne(outbox.channel, "email"))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

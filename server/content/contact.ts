import { z } from "zod";
import { CONTACT_MESSAGE_MAX } from "~/common/constants";
import { messages } from "~/common/messages";
import { requiredText } from "~/common/fields";
import { emailField, phoneField } from "../accounts/input";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { announceMail, queueMail } from "../mail/outbox";
import { contactNoticeMail, contactReceiptMail } from "../mail/templates";
import { hitLimits } from "../rate-limits";

// The contact form (requirements §3.13 Contact message, §5.6): stored for the admin's Messages panel, mailed
// to the shop and acknowledged to the sender, all through the outbox in one transaction.

const required = requiredText;

/** Longer than any web address a browser keeps. */
const HONEYPOT_MAX = 2000;

export const contactInput = z.object({
  name: required(messages.contactNameRequired, 100, messages.contactNameTooLong),
  email: emailField,
  phone: phoneField,
  message: required(messages.contactMessageRequired, CONTACT_MESSAGE_MAX, messages.contactMessageTooLong),
  /**
   * The honeypot: hidden from people, filled by bots. Any value a web address could be is
   * accepted, so it never gives itself away; only one longer than any address is refused, as in
   * every other field.
   */
  website: z
    .unknown()
    .optional()
    .refine((v) => typeof v !== "string" || v.length <= HONEYPOT_MAX, messages.fieldTooLong("Website", HONEYPOT_MAX)),
});
export type ContactInput = z.infer<typeof contactInput>;

/**
 * Per sender e-mail, the receipt mailed to it (nobody's inbox can be flooded through the form);
 * per address far more, as many shoppers write from one carrier NAT address.
 */
export const CONTACT_LIMIT = { perAddress: 100, perSender: 5, windowMs: 60 * 60_000 };

export type ContactResult = { ok: true } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

export async function submitContact(
  ctx: { db: Database; publicUrl: string; shopEmail: string; clientAddress: string },
  input: ContactInput,
): Promise<ContactResult> {
  const { perAddress, perSender, windowMs } = CONTACT_LIMIT;
  const limit = await hitLimits(ctx.db, [
    { key: `contact:ip:${ctx.clientAddress}`, max: perAddress, windowMs },
    { key: `contact:email:${input.email}`, max: perSender, windowMs },
  ]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  // A filled honeypot is a bot: it is told "thank you" and nothing is kept or sent.
  if (input.website !== undefined && input.website !== null && input.website !== "") return { ok: true };
  const { website: _, ...letter } = input;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(letter);
    await queueMail(tx, { kind: "contact-notice", to: ctx.shopEmail, ...contactNoticeMail(letter, ctx.publicUrl) });
    await queueMail(tx, { kind: "contact-receipt", to: letter.email, ...contactReceiptMail() });
  });
  announceMail();
  return { ok: true };
}

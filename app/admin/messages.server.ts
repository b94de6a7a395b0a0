import { DAY_MS, lagosDate, readableLagosClock, readableLagosTime } from "~/common/lagos-time";
import { readablePhone } from "~/common/phone";
import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { countUnread, listMessages, MESSAGE_LIST_LIMIT, messageExists, setMessageRead } from "~/server/content/messages";
import type { FormResult } from "../forms";

// The Messages panel (ADMIN_PANELS.messages): contact-form messages, all or only the unread
// ones, and the action that marks one read or unread.

export type MessageFilter = "all" | "unread";

/** '3 May 2026, 2:05 pm' in Lagos time (UTC+1); 'Today, 2:05 pm' and 'Yesterday, 2:05 pm' when close. */
export function receivedText(at: Date, now = new Date()): string {
  const day = lagosDate(at);
  if (day === lagosDate(now)) return `Today, ${readableLagosClock(at)}`;
  if (day === lagosDate(new Date(now.getTime() - DAY_MS))) return `Yesterday, ${readableLagosClock(at)}`;
  return readableLagosTime(at);
}

export async function messagesPanelData(request: Request, context: AppLoadContext) {
  const show: MessageFilter = new URL(request.url).searchParams.get("show") === "unread" ? "unread" : "all";
  const [rows, unread] = await Promise.all([listMessages(context.db, { unreadOnly: show === "unread" }), countUnread(context.db)]);
  const now = new Date();
  return {
    show,
    unread,
    /** True when there may be older messages than the ones listed. */
    limited: rows.length >= MESSAGE_LIST_LIMIT,
    messages: rows.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      phone: readablePhone(m.phone),
      message: m.message,
      read: m.readAt !== null,
      receivedAt: m.createdAt.toISOString(),
      received: receivedText(m.createdAt, now),
    })),
  };
}

const readInput = z.object({
  id: z.coerce.number().int().positive(),
  read: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export async function messageAction(_account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const input = readInput.safeParse({ id: form.get("id") ?? undefined, read: form.get("read") ?? undefined });
  if (!input.success) return data<FormResult>({ status: "error", message: "That message could not be changed." }, { status: 400 });
  const { id, read } = input.data;
  const changed = await setMessageRead(context.db, id, read);
  if (!changed && !(await messageExists(context.db, id))) {
    // An answer for the page to show, not an HTTP error (as the account forms do).
    return data<FormResult>({ status: "error", message: "That message no longer exists." });
  }
  return data<FormResult>({ status: "done", message: read ? "Marked as read." : "Marked as unread." });
}

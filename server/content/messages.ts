import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";

// Messages sent through the contact form (requirements §3.13 Contact message), as the admins read them.

export type ContactMessage = typeof contactMessages.$inferSelect;

/** The panel shows this many at most, newest first. */
export const MESSAGE_LIST_LIMIT = 200;

/** Newest first; only the unread ones with `unreadOnly`. */
export async function listMessages(
  db: Database,
  { unreadOnly = false, limit = MESSAGE_LIST_LIMIT }: { unreadOnly?: boolean; limit?: number } = {},
): Promise<ContactMessage[]> {
  return db
    .select()
    .from(contactMessages)
    .where(unreadOnly ? isNull(contactMessages.readAt) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

export async function countUnread(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return Number(row?.n ?? 0);
}

/**
 * Marks a message read (now) or unread. Returns whether a row changed: false when the message
 * does not exist or already was in that state (a second tab, a double click).
 */
export async function setMessageRead(db: Database, id: number, read: boolean, now = new Date()): Promise<boolean> {
  const changed = await db
    .update(contactMessages)
    .set({ readAt: read ? now : null })
    .where(and(eq(contactMessages.id, id), read ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)))
    .returning({ id: contactMessages.id });
  return changed.length > 0;
}

export async function messageExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  return row !== undefined;
}

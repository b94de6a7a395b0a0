import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { messageAction, messagesPanelData, receivedText } from "~/app/admin/messages.server";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { countUnread, listMessages, messageExists, setMessageRead } from "~/server/content/messages";
import { contactMessages } from "~/server/db/schema";
import { useTestDatabase } from "../support/use-shop";

// Contact-form messages as the admin's Messages panel (issue 5, menu 6) reads them, on the
// engine of this run: newest first, unread only on request, marked read and unread again. The
// contact form that writes them comes with issue 6, so the rows are written here directly.

const handle = useTestDatabase();
let context: AppLoadContext;
const admin: SignedInAccount = {
  id: 1,
  role: "admin",
  fullName: "Ngozi Owner",
  email: "owner@foamshop.test",
  phoneNumber: "2348031234567",
  adminRole: "owner",
  twoFactor: false,
};

beforeAll(async () => {
  context = { db: handle.db } as AppLoadContext;
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function message(name: string, createdAt: Date, readAt: Date | null = null) {
  const [row] = await handle.db
    .insert(contactMessages)
    .values({
      name,
      email: `${name.toLowerCase()}@example.com`,
      phone: "08031234567",
      message: `Hello from ${name}.\nSecond line.`,
      createdAt,
      readAt,
    })
    .returning({ id: contactMessages.id });
  return row.id;
}

describe("with no messages", () => {
  it("lists none and counts no unread", async () => {
    expect(await listMessages(handle.db)).toEqual([]);
    expect(await countUnread(handle.db)).toBe(0);
    const panel = await messagesPanelData(new Request("http://shop.test/admin?menu=6"), context);
    expect(panel).toMatchObject({ show: "all", unread: 0, messages: [], limited: false });
  });
});

describe("reading and marking", () => {
  let ada: number, bola: number, chidi: number;

  beforeAll(async () => {
    ada = await message("Ada", minutesAgo(90), minutesAgo(60));
    bola = await message("Bola", minutesAgo(30));
    chidi = await message("Chidi", minutesAgo(5));
  });

  it("lists them newest first, with their fields and read state", async () => {
    const all = await listMessages(handle.db);
    expect(all.map((m) => m.name)).toEqual(["Chidi", "Bola", "Ada"]);
    expect(all[0]).toMatchObject({
      id: chidi,
      email: "chidi@example.com",
      phone: "08031234567",
      message: "Hello from Chidi.\nSecond line.",
      readAt: null,
    });
    expect(all[2].readAt).toBeInstanceOf(Date);
  });

  it("lists only the unread ones when asked, and counts them", async () => {
    expect((await listMessages(handle.db, { unreadOnly: true })).map((m) => m.id)).toEqual([chidi, bola]);
    expect(await countUnread(handle.db)).toBe(2);
  });

  it("marks read and unread, saying whether anything changed", async () => {
    expect(await setMessageRead(handle.db, bola, true)).toBe(true);
    expect(await setMessageRead(handle.db, bola, true)).toBe(false); // already read
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, bola));
    expect(row.readAt).toBeInstanceOf(Date);
    expect(await countUnread(handle.db)).toBe(1);

    expect(await setMessageRead(handle.db, ada, false)).toBe(true);
    expect(await setMessageRead(handle.db, ada, false)).toBe(false); // already unread
    expect((await listMessages(handle.db, { unreadOnly: true })).map((m) => m.id)).toEqual([chidi, ada]);

    expect(await setMessageRead(handle.db, 999_999, true)).toBe(false);
    expect(await messageExists(handle.db, 999_999)).toBe(false);
    expect(await messageExists(handle.db, ada)).toBe(true);
  });

  it("gives the panel all or unread messages from ?show=, with the unread count", async () => {
    const all = await messagesPanelData(new Request("http://shop.test/admin?menu=6&show=all"), context);
    expect(all.show).toBe("all");
    expect(all.unread).toBe(2);
    expect(all.messages.map((m) => [m.name, m.read])).toEqual([
      ["Chidi", false],
      ["Bola", true],
      ["Ada", false],
    ]);
    // Read as people write it (issue 28), whatever form it was stored in.
    expect(all.messages[0]).toMatchObject({ email: "chidi@example.com", phone: "+234 803 123 4567", message: "Hello from Chidi.\nSecond line." });
    expect(all.messages[0].received).toMatch(/^(Today|Yesterday), \d{1,2}:\d\d [ap]m$/);
    expect(new Date(all.messages[0].receivedAt).toISOString()).toBe(all.messages[0].receivedAt);

    const unread = await messagesPanelData(new Request("http://shop.test/admin?menu=6&show=unread"), context);
    expect(unread.show).toBe("unread");
    expect(unread.messages.map((m) => m.name)).toEqual(["Chidi", "Ada"]);

    const odd = await messagesPanelData(new Request("http://shop.test/admin?menu=6&show=everything"), context);
    expect(odd.show).toBe("all");
  });

  it("the panel's action marks a message read and unread, and refuses bad input", async () => {
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ intent: "message-read", ...fields })) form.set(k, v);
      return messageAction(admin, form, context);
    };

    const read = await post({ id: String(chidi), read: "true" });
    expect(read.data).toEqual({ status: "done", message: "Marked as read." });
    expect((await listMessages(handle.db, { unreadOnly: true })).map((m) => m.id)).toEqual([ada]);
    // Twice (a second tab) is still fine.
    expect((await post({ id: String(chidi), read: "true" })).data.status).toBe("done");

    const unread = await post({ id: String(chidi), read: "false" });
    expect(unread.data).toEqual({ status: "done", message: "Marked as unread." });
    expect(await countUnread(handle.db)).toBe(2);

    const bad: Record<string, string>[] = [
      { id: "abc", read: "true" },
      { id: "-1", read: "true" },
      { id: "1.5", read: "true" },
      { id: String(chidi), read: "yes" },
      { read: "true" },
      { id: String(chidi) },
    ];
    for (const fields of bad) {
      const res = await post(fields);
      expect(res.data.status, JSON.stringify(fields)).toBe("error");
      expect(res.init?.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await countUnread(handle.db)).toBe(2);

    const missing = await post({ id: "999999", read: "true" });
    expect(missing.data).toEqual({ status: "error", message: "That message no longer exists." });
  });
});

describe("the received time", () => {
  const now = new Date("2026-05-03T10:00:00Z"); // 11:00 in Lagos
  it("is Lagos time, 'Today' and 'Yesterday' by the Lagos calendar", () => {
    expect(receivedText(new Date("2026-05-03T08:05:00Z"), now)).toBe("Today, 9:05 am");
    expect(receivedText(new Date("2026-05-02T23:30:00Z"), now)).toBe("Today, 12:30 am");
    expect(receivedText(new Date("2026-05-02T22:59:00Z"), now)).toBe("Yesterday, 11:59 pm");
    expect(receivedText(new Date("2026-04-30T13:00:00Z"), now)).toBe("30 Apr 2026, 2:00 pm");
  });
});

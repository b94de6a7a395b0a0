import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { MAIL_LATE_MS, watchShop } from "~/server/alerts/watch";
import { recordJobRun } from "~/server/background";
import { backups, incidents, jobRuns, outbox } from "~/server/db/schema";
import { uniqueEmail } from "../support/accounts";
import { useTestDatabase } from "../support/use-shop";

// The shop's watch (issue 27, server/alerts/watch.ts) on the engine of the run: a mail late for
// 30 minutes, a job that stopped and a failed backup each open one incident, however many
// processes look at once, and it resolves itself once the look no longer finds it. Mail that
// does not go out is told by the banner and the log, never by mail.

const handle = useTestDatabase();
const where = { publicUrl: "https://shop.example.ng", fallbackTo: "orders@shop.example.ng" };
const owner = uniqueEmail("watch-owner");

beforeAll(async () => {
  const made = await createVerifiedAccount(
    handle.db,
    "admin",
    { fullName: "Ngozi Owner", email: owner, password: "Owner-pass-2026", phoneNumber: "2348031234567" },
    { adminRole: "owner" },
  );
  expect(made.ok).toBe(true);
});

const incidentsOf = (kind: string) => handle.db.select().from(incidents).where(eq(incidents.kind, kind));
const ownerMails = (subject: string) =>
  handle.db
    .select()
    .from(outbox)
    .where(like(outbox.subject, subject))
    .then((rows) => rows.filter((m) => m.to === owner));

describe("the watch", () => {
  it("tells of mail late for 30 minutes by the banner only, and resolves it once the mail has gone", async () => {
    const now = new Date();
    const [late] = await handle.db
      .insert(outbox)
      .values({
        kind: "test",
        to: "someone@example.test",
        subject: "A late mail",
        html: "<p>x</p>",
        text: "x",
        createdAt: new Date(now.getTime() - MAIL_LATE_MS - 60_000),
        lastError: "connect ECONNREFUSED",
      })
      .returning();
    await Promise.all([watchShop(handle.db, where, now), watchShop(handle.db, where, now)]);
    const [open] = await incidentsOf("mail-failing");
    expect(open).toMatchObject({ key: `mail-failing:${late.id}`, resolvedAt: null });
    expect(open.detail).toContain("connect ECONNREFUSED");
    expect(await ownerMails("%e-mail that has not gone out%")).toEqual([]);

    await handle.db.update(outbox).set({ status: "sent", sentAt: now }).where(eq(outbox.id, late.id));
    await watchShop(handle.db, where, now);
    expect((await incidentsOf("mail-failing"))[0].resolvedAt).toBeInstanceOf(Date);
    expect(await ownerMails("%e-mail that has not gone out%")).toEqual([]);
  });

  it("opens one incident for a job that missed three runs, mails the owners once, and resolves it when the job runs again", async () => {
    const now = new Date();
    await handle.db.insert(jobRuns).values({ job: "refunds", intervalMs: 60_000, lastSuccessAt: new Date(now.getTime() - 4 * 60_000) });
    await Promise.all([watchShop(handle.db, where, now), watchShop(handle.db, where, now)]);
    await watchShop(handle.db, where, now);
    expect(await incidentsOf("job-stopped")).toEqual([expect.objectContaining({ subject: "The refunds job", resolvedAt: null })]);
    expect(await ownerMails("Needs you: a background job that stopped%")).toHaveLength(1);

    await recordJobRun(handle.db, "refunds", 60_000, null);
    await watchShop(handle.db, where, new Date());
    expect((await incidentsOf("job-stopped"))[0].resolvedAt).toBeInstanceOf(Date);
    expect(await ownerMails("Resolved: a background job that stopped%")).toHaveLength(1);
  });

  it("opens one for a failed backup or off-site copy, and resolves it after the next good one", async () => {
    const started = new Date(Date.now() - 3_600_000);
    const row = { day: "2026-11-25", host: "test", startedAt: started, leaseUntil: started, finishedAt: started };
    await handle.db.insert(backups).values({ ...row, attempt: 1, outcome: "copy-failed", error: "rclone: exit 1" });
    await watchShop(handle.db, where, new Date());
    const [failed] = await incidentsOf("backup-failed");
    expect(failed).toMatchObject({ subject: "Backup of 2026-11-25", resolvedAt: null });
    expect(failed.detail).toBe("The off-site copy of the backup of 2026-11-25 failed: rclone: exit 1.");
    expect(await ownerMails("Needs you: a backup that failed%")).toHaveLength(1);

    const later = new Date();
    await handle.db
      .insert(backups)
      .values({ ...row, day: "2026-11-26", attempt: 1, outcome: "ok", startedAt: later, leaseUntil: later, finishedAt: later });
    await watchShop(handle.db, where, new Date());
    expect((await incidentsOf("backup-failed"))[0].resolvedAt).toBeInstanceOf(Date);
    expect(await ownerMails("Resolved: a backup that failed%")).toHaveLength(1);
  });
});

import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, lagosDate, lagosDayStart } from "~/common/lagos-time";
import { addToCart } from "~/server/cart/cart";
import type { DatabaseHandle } from "~/server/db/client";
import { cartReminders, carts, outbox, shopSettings, stockAlerts } from "~/server/db/schema";
import { CART_REMINDER_SETTING } from "~/server/marketing/cart-reminders";
import { subscribeStockAlert } from "~/server/marketing/stock-alerts";
import { createShopDatabase, type ShopDatabase } from "../support/child-shop";
import { plainProductIds, quickCustomer, setStock } from "../support/shop";

// Issue 29: the back-in-stock job and the cart-reminder job each send once across two processes
// on one PostgreSQL database. Two processes (tests/support/run-job.ts) run the same job at the
// same instant over 30 customers each; every alert and every cart change gets exactly one message.
// PGlite is one process only, so this file runs with DATABASE_URL (CI's second pass).

const needsPostgres = !process.env.DATABASE_URL;
if (needsPostgres) console.log("jobs-two-processes.test.ts: needs PostgreSQL (set DATABASE_URL); skipped on PGlite.");

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CUSTOMERS = 30;

describe.runIf(!needsPostgres)("the message jobs in two processes at once", () => {
  let database: ShopDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createShopDatabase();
    handle = await database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.remove();
  });

  /** Runs the job in two processes that start together; their results. */
  async function raceJob(job: "stock-alerts" | "cart-reminders", at: Date) {
    // Both wait for this instant once loaded (tsx takes a few seconds), so their runs overlap.
    const startAt = Date.now() + 6_000;
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ["--import", "tsx", path.join(ROOT, "tests/support/run-job.ts"), job, at.toISOString(), String(startAt)],
        {
          cwd: ROOT,
          env: { ...process.env, ...database.env },
        },
      );
    const outputs = await Promise.all([run(), run()]);
    const results = outputs.map(({ stdout }) => JSON.parse(/JOB_RESULT (\{.*\})/.exec(stdout)![1]) as { sent: number });
    console.log(`jobs-two-processes: ${job}, one process sent ${results[0].sent} and the other ${results[1].sent}`);
    return results;
  }

  it("sends one back-in-stock message per alert", async () => {
    const [productId] = (await plainProductIds(handle.db)).slice(-1);
    await setStock(handle.db, productId, 0);
    const who = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => quickCustomer(handle.db, `race-alert-${i}`)));
    const ctx = { publicUrl: "https://foamshop.ng", textChannels: [] };
    for (const c of who) expect((await subscribeStockAlert(handle.db, ctx, c.id, { productId, size: "", channel: "email" })).ok).toBe(true);
    await setStock(handle.db, productId, 5);
    const results = await raceJob("stock-alerts", new Date());
    expect(results[0].sent + results[1].sent).toBe(CUSTOMERS);
    const sent = await handle.db
      .select({ to: outbox.to })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "back-in-stock"),
          inArray(
            outbox.to,
            who.map((c) => c.email),
          ),
        ),
      );
    expect(sent.map((m) => m.to).sort()).toEqual(who.map((c) => c.email).sort());
    const open = await handle.db
      .select()
      .from(stockAlerts)
      .where(
        inArray(
          stockAlerts.accountId,
          who.map((c) => c.id),
        ),
      );
    expect(open.every((a) => a.sentAt !== null)).toBe(true);
  });

  it("sends one cart reminder per cart change", async () => {
    await handle.db
      .insert(shopSettings)
      .values({ key: CART_REMINDER_SETTING.key, value: { on: true, hours: 4 } })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: { on: true, hours: 4 } } });
    const [productId] = await plainProductIds(handle.db);
    await setStock(handle.db, productId, 50);
    // Ten in the morning yesterday, Lagos; each cart last changed five hours before.
    const at = new Date(lagosDayStart(lagosDate(new Date(Date.now() - DAY_MS))).getTime() + 10 * 60 * 60_000);
    const who = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => quickCustomer(handle.db, `race-cart-${i}`)));
    for (const c of who) expect((await addToCart(handle.db, c.id, { productId })).ok).toBe(true);
    const ids = who.map((c) => c.id);
    await handle.db
      .update(carts)
      .set({ changedAt: new Date(at.getTime() - 5 * 60 * 60_000) })
      .where(inArray(carts.accountId, ids));
    const results = await raceJob("cart-reminders", at);
    expect(results[0].sent + results[1].sent).toBe(CUSTOMERS);
    const mails = await handle.db
      .select({ to: outbox.to })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "cart-reminder"),
          inArray(
            outbox.to,
            who.map((c) => c.email),
          ),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(who.map((c) => c.email).sort());
    expect(await handle.db.select().from(cartReminders).where(inArray(cartReminders.accountId, ids))).toHaveLength(CUSTOMERS);
  });
});

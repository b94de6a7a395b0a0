import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { lagosDate, lagosDateTime } from "~/common/lagos-time";
import type { Database, Executor } from "../db/client";
import { dailyRuns, products, productVariants } from "../db/schema";
import { announceMail, queueMail } from "../mail/outbox";
import { lowStockMail } from "../mail/templates";
import { everyJob } from "../background";
import { log } from "../log";
import { onSale } from "./catalog";

// Low stock (issue 18): a size of a product on sale with no more units than the product's
// low-stock alert (3 unless staff set another on the product's page). The overview lists the
// first few; once a day the shop's orders inbox gets the whole list by mail.

export interface LowStockLine {
  productId: number;
  variantId: number;
  name: string;
  size: string;
  stock: number;
  threshold: number;
}

/** The sizes low on stock, emptiest first, at most `limit` of them, and how many there are in all. */
export async function listLowStock(db: Executor, limit: number): Promise<{ lines: LowStockLine[]; total: number }> {
  const rows = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      size: productVariants.size,
      stock: productVariants.stock,
      threshold: products.lowStockThreshold,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    // Hidden products are left out: nobody can buy them, and a fresh duplicate has no stock yet.
    .where(and(onSale, isNull(productVariants.archivedAt), lte(productVariants.stock, products.lowStockThreshold)))
    .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.position), asc(productVariants.id))
    .limit(limit);
  return { lines: rows.map(({ total: _, ...line }) => line), total: rows[0]?.total ?? 0 };
}

/** The daily mail goes out on the first check after this hour, Lagos time: before the shop opens. */
export const LOW_STOCK_MAIL_HOUR = 7;
/** A mail lists at most this many sizes; the rest are counted. */
export const LOW_STOCK_MAIL_LINES = 200;
const JOB = "low-stock-mail";

export type LowStockMailRun = "sent" | "nothing-low" | "already-ran" | "too-early";

/**
 * Mails today's low stock to the shop's orders inbox, once per Lagos day whichever process or
 * restart gets there first: the day is claimed by inserting its row, in the transaction that
 * queues the mail. Nothing low, no mail (the day still counts as done).
 */
export async function mailLowStock(db: Database, to: { email: string; publicUrl: string }, now = new Date()): Promise<LowStockMailRun> {
  if (Number(lagosDateTime(now).slice(11, 13)) < LOW_STOCK_MAIL_HOUR) return "too-early";
  const run = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(dailyRuns)
      .values({ job: JOB, day: lagosDate(now), ranAt: now })
      .onConflictDoNothing()
      .returning({ day: dailyRuns.day });
    if (!claimed) return "already-ran" as const;
    const low = await listLowStock(tx, LOW_STOCK_MAIL_LINES);
    if (low.total === 0) return "nothing-low" as const;
    await queueMail(tx, { kind: "low-stock", to: to.email, ...lowStockMail({ ...low, day: claimed.day, publicUrl: to.publicUrl }) });
    return "sent" as const;
  });
  if (run === "sent") announceMail();
  return run;
}

/** How often a process looks whether today's low-stock mail is due. */
export const LOW_STOCK_CHECK_MS = 15 * 60_000;

/** Checks now and every LOW_STOCK_CHECK_MS whether today's low-stock mail is due, and sends it. */
export function startLowStockMail(db: Database, to: { email: string; publicUrl: string }, intervalMs = LOW_STOCK_CHECK_MS): { stop(): void } {
  const check = async () => {
    if ((await mailLowStock(db, to)) === "sent") log.info("Mailed today's low stock");
  };
  return everyJob(db, { name: "low-stock-mail", intervalMs, failure: "The low-stock mail failed", firstAfterMs: 5_000 }, check);
}

import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { DAY_MS } from "~/common/lagos-time";
import { lineName } from "~/common/featured";
import type { MessageChannel } from "~/common/message-channels";
import { messages } from "~/common/messages";
import { textablePhone } from "~/common/phone";
import type { Database, Executor } from "../db/client";
import { accounts, products, productVariants, stockAlerts } from "../db/schema";
import { everyJob } from "../background";
import { log } from "../log";
import { onSale } from "../catalog/catalog";
import { findVariant } from "../cart/cart";
import { announceMail, queueMail, queueText } from "../mail/outbox";
import { reachableTextChannels } from "./offers";
import { stockAlertMail } from "../mail/templates";
import type { TextChannel } from "../texts/providers";
import { textContent, textProduct } from "../texts/templates";

// "Tell me when it's back" (issue 29, decision 0062): a signed-in customer asks about a sold-out
// size, by e-mail, SMS or WhatsApp. When the size has stock again, each alert is claimed by the
// statement that sets its `sent_at` where it is still null, in the transaction that queues its
// message: one message per alert across every process. An alert lapses unused after 60 days.

/** How long an alert waits for stock before it lapses. */
export const STOCK_ALERT_DAYS = 60;

export interface StockAlertContext {
  publicUrl: string;
  /** The text channels this shop has a provider for (availableTextChannels). */
  textChannels: readonly TextChannel[];
}

export type StockAlertOutcome =
  { ok: true; channel: MessageChannel; product: string } | { ok: false; reason: "unknown-product" | "in-stock" | "channel"; message: string };

/** The channels a customer may choose for an alert: e-mail, and each text channel the shop sends on that takes their number. */
export async function stockAlertChannels(db: Executor, ctx: StockAlertContext, accountId: number): Promise<MessageChannel[]> {
  const [account] = await db.select({ phone: accounts.phoneNumber }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) return [];
  return ["email", ...(await reachableTextChannels(db, account.phone, ctx.textChannels))];
}

/**
 * The customer's "Tell me when it's back": one open alert per size, the latest press's channel,
 * 60 days from the latest press. Refused (and nothing kept) for a size in stock or not on sale,
 * or a channel this customer cannot be reached on.
 */
export async function subscribeStockAlert(
  db: Database,
  ctx: StockAlertContext,
  accountId: number,
  request: { productId: number; size: string; channel: MessageChannel },
  now = new Date(),
): Promise<StockAlertOutcome> {
  const variant = await findVariant(db, { productId: request.productId, size: request.size });
  if (!variant) return { ok: false, reason: "unknown-product", message: messages.productUnavailable };
  const product = lineName(variant.productName, variant.size);
  if (variant.stock > 0) return { ok: false, reason: "in-stock", message: messages.stockAlertInStock(product) };
  if (!(await stockAlertChannels(db, ctx, accountId)).includes(request.channel)) {
    return { ok: false, reason: "channel", message: messages.stockAlertChannelUnavailable };
  }
  const expiresAt = new Date(now.getTime() + STOCK_ALERT_DAYS * DAY_MS);
  await db
    .insert(stockAlerts)
    .values({ accountId, variantId: variant.id, channel: request.channel, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [stockAlerts.accountId, stockAlerts.variantId],
      targetWhere: isNull(stockAlerts.sentAt),
      set: { channel: request.channel, expiresAt },
    });
  return { ok: true, channel: request.channel, product };
}

/** The channel of the customer's open alert for this size, if they have one (the button's dialog says so). */
export async function openStockAlert(
  db: Executor,
  accountId: number,
  productId: number,
  size: string,
  now = new Date(),
): Promise<MessageChannel | null> {
  const variant = await findVariant(db, { productId, size });
  if (!variant) return null;
  const [open] = await db
    .select({ channel: stockAlerts.channel })
    .from(stockAlerts)
    .where(
      and(eq(stockAlerts.accountId, accountId), eq(stockAlerts.variantId, variant.id), isNull(stockAlerts.sentAt), gt(stockAlerts.expiresAt, now)),
    );
  return open?.channel ?? null;
}

/** Alerts looked at per run; the rest wait for the next one. */
const BATCH = 200;

export interface StockAlertRun {
  sent: number;
  /** Alerts that lapsed unused (60 days) and were removed. */
  lapsed: number;
}

/** Sends one message for each open alert whose size is on sale with stock again; removes lapsed ones. */
export async function sendStockAlerts(db: Database, ctx: StockAlertContext, now = new Date()): Promise<StockAlertRun> {
  const lapsed = await db
    .delete(stockAlerts)
    .where(and(isNull(stockAlerts.sentAt), lt(stockAlerts.expiresAt, now)))
    .returning({ id: stockAlerts.id });
  const due = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(stockAlerts.sentAt), gt(productVariants.stock, 0), isNull(productVariants.archivedAt), onSale))
    .orderBy(asc(stockAlerts.id))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    const queued = await db.transaction(async (tx) => {
      // The claim: an alert another run is claiming is skipped, not waited for; one it has claimed no longer matches.
      const [alert] = await tx
        .update(stockAlerts)
        .set({ sentAt: now })
        .where(
          and(
            sql`${stockAlerts.id} in (select ${stockAlerts.id} from ${stockAlerts} where ${stockAlerts.id} = ${id} for update skip locked)`,
            isNull(stockAlerts.sentAt),
          ),
        )
        .returning();
      if (!alert) return false;
      const [about] = await tx
        .select({
          fullName: accounts.fullName,
          email: accounts.email,
          phone: accounts.phoneNumber,
          productId: products.id,
          name: products.name,
          size: productVariants.size,
          featured: products.featured,
        })
        .from(accounts)
        .innerJoin(productVariants, eq(productVariants.id, alert.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(accounts.id, alert.accountId));
      const product = lineName(about.name, about.size);
      const url = `${ctx.publicUrl}${about.featured ? "/productdetail2" : "/productdetail"}/${about.productId}`;
      // A text channel the owner has since turned off, or a number that stopped taking texts: e-mail.
      const { channel } = alert;
      const phone = textablePhone(about.phone);
      if (channel !== "email" && phone && (await reachableTextChannels(tx, about.phone, ctx.textChannels)).includes(channel)) {
        const content = textContent("back-in-stock", { product: textProduct(product), link: url });
        await queueText(tx, { channel, kind: "back-in-stock", to: phone, ...content });
      } else {
        await queueMail(tx, { kind: "back-in-stock", to: about.email, ...stockAlertMail({ fullName: about.fullName, product, url }) });
      }
      return true;
    });
    if (queued) sent++;
  }
  if (sent > 0) announceMail();
  return { sent, lapsed: lapsed.length };
}

/** How often a process looks for sizes back in stock. */
export const STOCK_ALERT_CHECK_MS = 60_000;

export function startStockAlerts(db: Database, ctx: StockAlertContext, intervalMs = STOCK_ALERT_CHECK_MS): { stop(): void } {
  const check = async () => {
    const run = await sendStockAlerts(db, ctx);
    if (run.sent > 0 || run.lapsed > 0) log.info(run, "Back-in-stock alerts");
  };
  return everyJob(db, { name: "stock-alerts", intervalMs, failure: "The back-in-stock alerts failed", firstAfterMs: 5_000 }, check);
}

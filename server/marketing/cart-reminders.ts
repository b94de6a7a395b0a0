import { and, asc, eq, gt, gte, isNull, lte, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { lineName } from "~/common/featured";
import { DAY_MS } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { textablePhone } from "~/common/phone";
import type { SignedInAccount } from "../accounts/sessions";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "../admin/shop-settings";
import { everyJob } from "../background";
import { getCart } from "../cart/cart";
import { queryRows, type Database, type Executor } from "../db/client";
import { accounts, cartReminders, carts, orders } from "../db/schema";
import { isLiveCode } from "../promotions/promotions";
import { log } from "../log";
import { announceMail, queueMail, queueText } from "../mail/outbox";
import { cartReminderMail } from "../mail/templates";
import type { TextChannel } from "../texts/providers";
import { textContent, textProduct } from "../texts/templates";
import { channelFor, offersLink, withinOfferHours } from "./offers";

// Carts that come back (issue 29, decision 0062): a signed-in customer whose cart has sat untouched
// for the owner's number of hours (4 unless they choose) gets one reminder of what is still
// available, with a link back. One per cart change: the reminder claims the change by writing it
// to `carts.reminded_for` in the transaction that queues the message, so no second run or process
// sends it again. Never when they have ordered since the change, never about a change older than
// three days, and only between 8 am and 8 pm Lagos time; by the one channel their offers consent
// allows (offers.ts). Each is written down (cart_reminders) for the Reports' recovered carts.

export interface CartReminderSettings {
  on: boolean;
  /** How long a cart sits untouched before its reminder. */
  hours: number;
  /** A promotion's code the reminder offers (decision 0064), while that promotion is on; none when absent. */
  code?: string;
}

export const CART_REMINDER_SETTING: ShopSetting<CartReminderSettings> = {
  key: "cart-reminders",
  subject: "Cart reminders",
  // Off until an owner turns it on: a real shop decides when its customers hear offers (the demo turns it on).
  defaults: { on: false, hours: 4 },
  schema: z.object({ on: z.boolean(), hours: z.number().int().min(1).max(72), code: z.string().max(20).optional() }),
  describe: (before, after) =>
    [
      before.on === after.on ? "" : after.on ? "on" : "off",
      before.hours === after.hours ? "" : `after ${before.hours} → ${after.hours} hours`,
      (before.code ?? "") === (after.code ?? "") ? "" : after.code ? `offering code ${after.code}` : "no code",
    ]
      .filter(Boolean)
      .join(", "),
  saved: messages.cartRemindersSaved,
};

export const getCartReminderSettings = (db: Executor): Promise<CartReminderSettings> => readShopSetting(db, CART_REMINDER_SETTING);

export const changeCartReminderSettings = (db: Database, actor: SignedInAccount, value: CartReminderSettings): Promise<SettingsChange> =>
  changeShopSetting(db, actor, CART_REMINDER_SETTING, value);

/** A change older than this gets no reminder (a cart from before reminders were turned on, or forgotten long ago). */
export const CART_REMINDER_MAX_AGE_MS = 3 * DAY_MS;
/** An order within this long of a reminder counts as the cart recovered (Reports). */
export const CART_RECOVERY_DAYS = 7;
/** Lines a reminder lists; the rest are counted. */
const LINES_LISTED = 3;

export interface CartReminderContext {
  publicUrl: string;
  /** The text channels this shop has a provider for (availableTextChannels). */
  textChannels: readonly TextChannel[];
}

export interface CartReminderRun {
  /** Reminders queued. */
  sent: number;
  /** Changes claimed without a message: nothing still available, or no channel the customer allows. */
  skipped: number;
}

/** Carts looked at per run; the rest wait for the next one. */
const BATCH = 100;

export async function sendCartReminders(db: Database, ctx: CartReminderContext, now = new Date()): Promise<CartReminderRun> {
  const run: CartReminderRun = { sent: 0, skipped: 0 };
  const settings = await getCartReminderSettings(db);
  if (!settings.on || !withinOfferHours(now)) return run;
  const dueBy = new Date(now.getTime() - settings.hours * 60 * 60_000);
  const notBefore = new Date(now.getTime() - CART_REMINDER_MAX_AGE_MS);
  // The owner's code, offered only while its promotion is on.
  const code = settings.code && (await isLiveCode(db, settings.code, now)) ? settings.code : null;
  const orderedSince = sql`exists (select 1 from ${orders} where ${orders.accountId} = ${carts.accountId} and ${orders.placedAt} >= ${carts.changedAt})`;
  const due = await db
    .select({ id: carts.id, changedAt: carts.changedAt })
    .from(carts)
    .innerJoin(accounts, eq(accounts.id, carts.accountId))
    .where(
      and(
        lte(carts.changedAt, dueBy),
        gt(carts.changedAt, notBefore),
        or(isNull(carts.remindedFor), ne(carts.remindedFor, carts.changedAt)),
        eq(accounts.role, "customer"),
        sql`not ${orderedSince}`,
      ),
    )
    .orderBy(asc(carts.changedAt))
    .limit(BATCH);
  for (const cart of due) {
    const outcome = await db.transaction(async (tx) => {
      // The claim: this change, not reminded yet. A cart another run is claiming is skipped, not
      // waited for (it is that run's); one that run has claimed no longer matches.
      const [claimed] = await tx
        .update(carts)
        .set({ remindedFor: cart.changedAt })
        .where(
          and(
            sql`${carts.id} in (select ${carts.id} from ${carts} where ${carts.id} = ${cart.id} for update skip locked)`,
            eq(carts.changedAt, cart.changedAt!),
            or(isNull(carts.remindedFor), ne(carts.remindedFor, carts.changedAt)),
          ),
        )
        .returning({ accountId: carts.accountId });
      if (!claimed) return "taken" as const;
      const [ordered] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.accountId, claimed.accountId), gte(orders.placedAt, cart.changedAt!)))
        .limit(1);
      if (ordered) return "skipped" as const;
      const lines = (await getCart(tx, claimed.accountId)).filter((line) => line.stock > 0);
      if (lines.length === 0) return "skipped" as const;
      const [account] = await tx
        .select({
          fullName: accounts.fullName,
          email: accounts.email,
          phone: accounts.phoneNumber,
          offersToken: accounts.offersToken,
          offersEmail: accounts.offersEmail,
          offersSms: accounts.offersSms,
          offersWhatsapp: accounts.offersWhatsapp,
        })
        .from(accounts)
        .where(eq(accounts.id, claimed.accountId));
      const allowed = { email: account.offersEmail, sms: account.offersSms, whatsapp: account.offersWhatsapp };
      const channel = await channelFor(tx, allowed, account.phone, ctx.textChannels);
      if (!channel) return "skipped" as const;
      const link = offersLink(ctx.publicUrl, account);
      const phone = textablePhone(account.phone);
      if (channel !== "email" && phone) {
        const first = lineName(lines[0].productName, lines[0].size);
        const content = textContent("cart-reminder", { product: textProduct(first, lines.length - 1), link });
        await queueText(tx, { channel, kind: "cart-reminder", to: phone, ...content });
      } else {
        const listed = lines
          .slice(0, LINES_LISTED)
          .map((l) => ({ name: lineName(l.productName, l.size), quantity: l.quantity, priceKobo: l.priceKobo }));
        const mail = cartReminderMail({
          fullName: account.fullName,
          lines: listed,
          more: lines.length - listed.length,
          cartUrl: `${ctx.publicUrl}/cartpage`,
          stopUrl: link,
          code,
        });
        await queueMail(tx, { kind: "cart-reminder", to: account.email, ...mail });
      }
      await tx.insert(cartReminders).values({ accountId: claimed.accountId, channel, createdAt: now });
      return "sent" as const;
    });
    if (outcome === "sent") run.sent++;
    if (outcome === "skipped") run.skipped++;
  }
  if (run.sent > 0) announceMail();
  return run;
}

/** How often a process looks for carts to remind. */
export const CART_REMINDER_CHECK_MS = 5 * 60_000;

export function startCartReminders(db: Database, ctx: CartReminderContext, intervalMs = CART_REMINDER_CHECK_MS): { stop(): void } {
  const check = async () => {
    const run = await sendCartReminders(db, ctx);
    if (run.sent > 0) log.info(run, "Cart reminders");
  };
  return everyJob(db, { name: "cart-reminders", intervalMs, failure: "The cart reminders failed", firstAfterMs: 5_000 }, check);
}

export interface CartRecovery {
  /** Reminders queued in the range. */
  reminders: number;
  /** Of those, the ones whose customer placed an order within CART_RECOVERY_DAYS after it. */
  recovered: number;
  /** What those first orders brought in: the totals of the ones paid (a pay-on-delivery order counts once collected). */
  revenueKobo: number;
}

/** The Reports' figures of cart reminders sent in [start, end). */
export async function cartRecovery(db: Executor, start: Date, end: Date): Promise<CartRecovery> {
  // Each reminder with the first order its customer placed within the days after it, looked up once.
  const [row] = await queryRows<{ reminders: number | string; recovered: number | string; revenue_kobo: number | string }>(
    db,
    sql`select count(*) as reminders, count(first_order.id) as recovered,
          coalesce(sum(case when first_order.paid_at is not null then first_order.total_kobo end), 0) as revenue_kobo
        from ${cartReminders}
        left join lateral (
          select ${orders.id} as id, ${orders.paidAt} as paid_at, ${orders.totalKobo} as total_kobo from ${orders}
          where ${orders.accountId} = ${cartReminders.accountId} and ${orders.placedAt} >= ${cartReminders.createdAt}
            and ${orders.placedAt} < ${cartReminders.createdAt} + make_interval(days => ${CART_RECOVERY_DAYS})
          order by ${orders.placedAt} limit 1
        ) first_order on true
        where ${cartReminders.createdAt} >= ${start} and ${cartReminders.createdAt} < ${end}`,
  );
  return { reminders: Number(row.reminders), recovered: Number(row.recovered), revenueKobo: Number(row.revenue_kobo) };
}

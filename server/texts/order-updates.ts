import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { ChannelChoices } from "~/common/message-channels";
import { textablePhone } from "~/common/phone";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "../accounts/sessions";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "../admin/shop-settings";
import type { Database, Executor } from "../db/client";
import { accounts, orders } from "../db/schema";
import { queueMail, queueText } from "../mail/outbox";
import type { MailContent } from "../mail/templates";
import { TEXT_CHANNELS, type TextChannel } from "./providers";
import { textAmount, textContent, type TextKind, type TextValues } from "./templates";

// Order updates (issue 28, decision 0059): what the shop tells a customer about their order goes
// by each channel they chose (e-mail, SMS, WhatsApp) that the owner turned on and this shop can
// send on, to the order's delivery phone. Queued in the outbox in the caller's transaction, like
// mail; announceMail() after the commit sends them.

export type ShopTextChannels = Record<TextChannel, boolean>;

const TEXT_CHANNEL_SETTING: ShopSetting<ShopTextChannels> = {
  key: "text-channels",
  subject: "Text messages",
  defaults: { sms: true, whatsapp: true },
  schema: z.object({ sms: z.boolean(), whatsapp: z.boolean() }),
  describe: (before, after) =>
    TEXT_CHANNELS.filter((c) => before[c] !== after[c])
      .map((c) => `${c === "sms" ? "SMS" : "WhatsApp"} ${after[c] ? "on" : "off"}`)
      .join(", "),
  saved: messages.textChannelsSaved,
};

/** Which text channels the owner lets the shop use. */
export const getShopTextChannels = (db: Executor): Promise<ShopTextChannels> => readShopSetting(db, TEXT_CHANNEL_SETTING);

/** An owner turns SMS or WhatsApp on or off for the shop; the change is in the audit log. */
export const changeShopTextChannels = (db: Database, actor: SignedInAccount, value: ShopTextChannels): Promise<SettingsChange> =>
  changeShopSetting(db, actor, TEXT_CHANNEL_SETTING, value);

export interface OrderUpdateContext {
  publicUrl: string;
  /** The channels this shop has a provider for (availableTextChannels); none when absent. */
  textChannels?: readonly TextChannel[];
}

type Order = typeof orders.$inferSelect;

export interface OrderUpdate {
  /** The e-mail, when this update has one. */
  mail?: MailContent & { kind: string };
  /** The text message, when this update has one, with its values besides the order, link and stop. */
  text?: { kind: TextKind; values?: Pick<TextValues, "amount" | "channel"> };
}

/** The text of an order's move to a status a customer hears of by text; none for the others. */
export function statusText(order: Order): OrderUpdate["text"] {
  switch (order.status) {
    case "shipped":
      return { kind: "order-shipped" };
    case "delivered":
      return { kind: "order-delivered" };
    case "cancelled":
      return { kind: "order-cancelled" };
    case "refunded":
      return { kind: "order-refunded", values: { amount: textAmount(order.totalKobo) } };
    default:
      return undefined;
  }
}

/** Queues an update about an order to its customer, on each channel that applies. */
export async function queueOrderUpdate(tx: Executor, ctx: OrderUpdateContext, order: Order, update: OrderUpdate): Promise<void> {
  const [choices] = await tx
    .select({
      email: accounts.orderUpdatesEmail,
      sms: accounts.orderUpdatesSms,
      whatsapp: accounts.orderUpdatesWhatsapp,
    })
    .from(accounts)
    .where(eq(accounts.id, order.accountId));
  if (!choices) return;
  if (update.mail && choices.email) {
    const { kind, ...mail } = update.mail;
    await queueMail(tx, { kind, to: order.email, ...mail });
  }
  const phone = textablePhone(order.phone);
  const channels = (ctx.textChannels ?? []).filter((channel) => choices[channel]);
  if (!update.text || !phone || channels.length === 0) return;
  const shop = await getShopTextChannels(tx);
  const content = textContent(update.text.kind, { ...update.text.values, order: order.orderRef, link: orderLink(ctx.publicUrl, order) });
  for (const channel of channels.filter((c) => shop[c])) {
    await queueText(tx, { channel, kind: update.text.kind, to: phone, ...content });
  }
}

/** The order's link in texts (app/routes/o.$token.tsx): its status, and the button that stops them, with no sign-in. */
export function orderLink(publicUrl: string, order: Pick<Order, "updatesToken">): string {
  return `${publicUrl}/o/${order.updatesToken}`;
}

/** The channels a customer hears about their orders on (their dashboard's User Info). */
export type OrderUpdateChoices = ChannelChoices;

export async function getOrderUpdateChoices(db: Executor, accountId: number): Promise<OrderUpdateChoices> {
  const [choices] = await db
    .select({ email: accounts.orderUpdatesEmail, sms: accounts.orderUpdatesSms, whatsapp: accounts.orderUpdatesWhatsapp })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return choices ?? { email: false, sms: false, whatsapp: false };
}

export async function saveOrderUpdateChoices(db: Executor, accountId: number, choices: OrderUpdateChoices): Promise<void> {
  await db
    .update(accounts)
    .set({ orderUpdatesEmail: choices.email, orderUpdatesSms: choices.sms, orderUpdatesWhatsapp: choices.whatsapp })
    .where(eq(accounts.id, accountId));
}

/**
 * The order link's button (/o/{token}): the customer of that order gets no more texts, SMS or
 * WhatsApp, about any order. False when no order has the token.
 */
export async function stopTextsByLink(db: Executor, token: string): Promise<boolean> {
  const owner = db.select({ id: orders.accountId }).from(orders).where(eq(orders.updatesToken, token));
  const stopped = await db
    .update(accounts)
    .set({ orderUpdatesSms: false, orderUpdatesWhatsapp: false })
    .where(inArray(accounts.id, owner))
    .returning({ id: accounts.id });
  return stopped.length > 0;
}

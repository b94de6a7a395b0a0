import { eq } from "drizzle-orm";
import { DAY_MS, LAGOS_OFFSET_MS, lagosDayStart, lagosDate } from "~/common/lagos-time";
import type { ChannelChoices, MessageChannel } from "~/common/message-channels";
import { textablePhone } from "~/common/phone";
import type { Database, Executor } from "../db/client";
import { accounts } from "../db/schema";
import { hitLimits, refundLimit } from "../rate-limits";
import { getShopTextChannels } from "../texts/order-updates";
import type { TextChannel } from "../texts/providers";

// Offers (issue 29, decision 0062): the reminder about a cart left waiting is promotional. It goes
// only by a channel the customer allows for offers (a consent apart from order updates: e-mail
// until they stop it, SMS and WhatsApp only once they ask), only between 8 am and 8 pm Lagos time,
// by SMS only on the promotional route, and every one carries the link that stops them with no
// sign-in (/offers/{token}).

/** Promotional messages go out between these Lagos hours only (the outbox holds them till then). */
export const OFFER_HOURS = { from: 8, to: 20 } as const;

/** The outbox kinds that are offers: the promotional SMS route, and only within OFFER_HOURS. */
export const OFFER_KINDS: readonly string[] = ["cart-reminder"];

export const isOffer = (kind: string): boolean => OFFER_KINDS.includes(kind);

const lagosHour = (instant: Date) => new Date(instant.getTime() + LAGOS_OFFSET_MS).getUTCHours();

/** Whether an offer may go out at this moment. */
export function withinOfferHours(instant: Date): boolean {
  const hour = lagosHour(instant);
  return hour >= OFFER_HOURS.from && hour < OFFER_HOURS.to;
}

/** The next moment an offer may go out: now within the hours, else the next 8 am in Lagos. */
export function nextOfferTime(instant: Date): Date {
  if (withinOfferHours(instant)) return instant;
  const today = lagosDayStart(lagosDate(instant)).getTime() + OFFER_HOURS.from * 60 * 60_000;
  return new Date(today > instant.getTime() ? today : today + DAY_MS);
}

/** The channels a customer allows offers on (their dashboard's User Info). */
export type OfferChoices = ChannelChoices;

export async function getOfferChoices(db: Executor, accountId: number): Promise<OfferChoices> {
  const [choices] = await db
    .select({ email: accounts.offersEmail, sms: accounts.offersSms, whatsapp: accounts.offersWhatsapp })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return choices ?? { email: false, sms: false, whatsapp: false };
}

export async function saveOfferChoices(db: Executor, accountId: number, choices: OfferChoices): Promise<void> {
  await db
    .update(accounts)
    .set({ offersEmail: choices.email, offersSms: choices.sms, offersWhatsapp: choices.whatsapp })
    .where(eq(accounts.id, accountId));
}

/** The link in every offer: what it is about, and the button that stops offers, with no sign-in. */
export function offersLink(publicUrl: string, account: { offersToken: string }): string {
  return `${publicUrl}/offers/${account.offersToken}`;
}

/** Wrong offers links one address may try in a window (the orders' links allow as many: TRACK_LIMIT). */
export const OFFERS_LINK_LIMIT = { failuresPerAddress: 100, windowMs: 15 * 60_000 };

export type OffersLinkResult =
  { ok: true; receiving: boolean } | { ok: false; reason: "no-match" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * The offers link (/offers/{token}): whether its customer still gets offers, and with `stop`, no
 * more offers of any kind by any channel. Guessing is bounded per address, as for the orders' links.
 */
export async function offersByLink(db: Database, token: string, clientAddress: string, { stop = false } = {}): Promise<OffersLinkResult> {
  const key = `offers-link-failed:ip:${clientAddress}`;
  const limit = await hitLimits(db, [{ key, max: OFFERS_LINK_LIMIT.failuresPerAddress, windowMs: OFFERS_LINK_LIMIT.windowMs }]);
  if (!limit.ok) return { ok: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const [found] = stop
    ? await db
        .update(accounts)
        .set({ offersEmail: false, offersSms: false, offersWhatsapp: false })
        .where(eq(accounts.offersToken, token))
        .returning({ email: accounts.offersEmail, sms: accounts.offersSms, whatsapp: accounts.offersWhatsapp })
    : await db
        .select({ email: accounts.offersEmail, sms: accounts.offersSms, whatsapp: accounts.offersWhatsapp })
        .from(accounts)
        .where(eq(accounts.offersToken, token));
  if (!found) return { ok: false, reason: "no-match" };
  await refundLimit(db, key);
  return { ok: true, receiving: found.email || found.sms || found.whatsapp };
}

/**
 * The text channels that reach this number now: the shop has a provider for it, the owner has it
 * on, and the number takes texts.
 */
export async function reachableTextChannels(db: Executor, phone: string, textChannels: readonly TextChannel[]): Promise<TextChannel[]> {
  if (!textablePhone(phone) || textChannels.length === 0) return [];
  const shop = await getShopTextChannels(db);
  return textChannels.filter((channel) => shop[channel]);
}

/** The one channel a message goes by, of those the customer allows and that reach them: WhatsApp, then SMS, then e-mail. Null: none. */
export async function channelFor(
  tx: Executor,
  allowed: OfferChoices,
  phone: string,
  textChannels: readonly TextChannel[],
): Promise<MessageChannel | null> {
  if (allowed.whatsapp || allowed.sms) {
    const reachable = await reachableTextChannels(tx, phone, textChannels);
    for (const channel of ["whatsapp", "sms"] as const) if (allowed[channel] && reachable.includes(channel)) return channel;
  }
  return allowed.email ? "email" : null;
}

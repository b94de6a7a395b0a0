import { z } from "zod";
import { CHANNEL_LABELS, isPaymentChannel, PAYMENT_CHANNELS, type PaymentChannel } from "~/common/payment-channels";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "../accounts/sessions";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "../admin/shop-settings";
import type { Database, Executor } from "../db/client";

// The ways to pay the shop offers (issue 19, decision 0041): owners choose among Paystack's
// channels in Settings; all of them until they do. A checkout opens its payment with the channels
// in force then; the storefront's logos and words follow them.

/** In PAYMENT_CHANNELS' order, each once. */
const inOrder = (channels: readonly PaymentChannel[]): PaymentChannel[] => PAYMENT_CHANNELS.filter((c) => channels.includes(c));

const words = (channels: readonly PaymentChannel[]) => (channels.length ? channels.map((c) => CHANNEL_LABELS[c]).join(", ") : "none");

const PAYMENT_SETTING: ShopSetting<PaymentChannel[]> = {
  key: "payment-channels",
  subject: "Ways to pay",
  defaults: [...PAYMENT_CHANNELS],
  schema: z
    .array(z.enum(PAYMENT_CHANNELS))
    .min(1)
    .transform((channels) => inOrder(channels)),
  describe: (before, after) => (before.join() === after.join() ? "" : `${words(before)} → ${words(after)}`),
  saved: messages.paymentChannelsSaved,
};

/** The channels offered now, in PAYMENT_CHANNELS' order. */
export const getPaymentChannels = (db: Executor): Promise<PaymentChannel[]> => readShopSetting(db, PAYMENT_SETTING);

export type ReadChannels = { ok: true; channels: PaymentChannel[] } | { ok: false; message: string };

/** The checked channels: at least one, each a channel Paystack knows. */
export function readPaymentChannelsForm(values: readonly FormDataEntryValue[]): ReadChannels {
  if (values.some((v) => !isPaymentChannel(v))) return { ok: false, message: messages.paymentChannelUnknown };
  const channels = inOrder(values.filter(isPaymentChannel));
  return channels.length ? { ok: true, channels } : { ok: false, message: messages.paymentChannelsNone };
}

/** An owner chooses the ways to pay; the change is in the audit log. */
export const changePaymentChannels = (db: Database, actor: SignedInAccount, channels: PaymentChannel[]): Promise<SettingsChange> =>
  changeShopSetting(db, actor, PAYMENT_SETTING, inOrder(channels));

// How a customer can pay, in Paystack's words (issue 19). Most Nigerian online payments are bank
// transfer, USSD and cards (Verve included); the shop offers what the owner chose, all by default.

export const PAYMENT_CHANNELS = ["card", "bank", "ussd", "bank_transfer", "mobile_money"] as const;

export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const CHANNEL_LABELS: Record<PaymentChannel, string> = {
  card: "Card",
  bank: "Bank account",
  ussd: "USSD",
  bank_transfer: "Bank transfer",
  mobile_money: "Mobile money",
};

/** The Settings form's field of the offered channels, one checkbox per channel. */
export const CHANNELS_FIELD = "channel";

export const isPaymentChannel = (value: unknown): value is PaymentChannel =>
  typeof value === "string" && (PAYMENT_CHANNELS as readonly string[]).includes(value);

/** How a payment was made, for people: the provider may name a channel the shop does not list. */
export const channelLabel = (channel: string | null): string | null =>
  channel === null ? null : isPaymentChannel(channel) ? CHANNEL_LABELS[channel] : channel.replace(/_/g, " ");

/** The same within a sentence: "bank transfer", "USSD". */
export const channelWord = (channel: string): string => {
  const label = channelLabel(channel) ?? channel;
  return label === "USSD" ? label : label.toLowerCase();
};

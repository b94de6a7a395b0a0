// The ways the shop reaches a customer (e-mail, SMS, WhatsApp), as a customer reads them: a
// choice's label, and the word inside a sentence ("we will tell you by SMS").

export type MessageChannel = "email" | "sms" | "whatsapp";

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };
export const MESSAGE_CHANNEL_WORDS: Record<MessageChannel, string> = { email: "e-mail", sms: "SMS", whatsapp: "WhatsApp" };

/** Which channels a customer allows for one kind of message (order updates, offers). */
export type ChannelChoices = Record<MessageChannel, boolean>;

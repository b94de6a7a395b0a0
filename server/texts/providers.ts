import { OUTGOING_CALL_TIMEOUT_MS, type Config } from "../config";
import type { WhatsappTemplate } from "../db/schema";
import { log } from "../log";

// Who carries text messages (issue 28, decision 0059), each behind the same small interface:
// Termii for SMS (its DND route, which reaches numbers that blocked promotions, for transactional
// messages; offers by its generic route, decision 0062), the WhatsApp Business Cloud API for template messages, and in demo mode with neither
// set, the dev phone (/dev/phone reads the outbox). A refusal throws, and the outbox retries.

export type TextChannel = "sms" | "whatsapp";
export const TEXT_CHANNELS: readonly TextChannel[] = ["sms", "whatsapp"];

export interface OutgoingText {
  /** E.164: +2348012345678. */
  to: string;
  text: string;
  whatsappTemplate: WhatsappTemplate | null;
  /** An offer (server/marketing/offers.ts): by SMS on the promotional route, never the DND one. */
  promotional?: boolean;
}

export type TextSender = (message: OutgoingText) => Promise<void>;

/** The dev phone exists only in demo mode, and only while no text provider is set. */
export function devPhoneEnabled(config: Config): boolean {
  return config.demo && !config.texts.termii && !config.texts.whatsapp;
}

/** The channels this shop can send texts on: those with a provider, or both on the dev phone. */
export function availableTextChannels(config: Config): TextChannel[] {
  if (devPhoneEnabled(config)) return [...TEXT_CHANNELS];
  return TEXT_CHANNELS.filter((channel) => (channel === "sms" ? config.texts.termii : config.texts.whatsapp));
}

/** The sender of each channel; a channel without a provider refuses (its texts wait, then fail). */
export function textSenders(config: Config): Record<TextChannel, TextSender> {
  const { termii, whatsapp } = config.texts;
  const devPhone = devPhoneEnabled(config);
  const missing =
    (variable: string): TextSender =>
    async () => {
      throw new Error(`${variable} is not set: this text cannot be sent.`);
    };
  const toDevPhone: TextSender = async (m) => {
    log.info(`Text to ${m.to}: "${m.text}" (read it at ${config.publicUrl}/dev/phone)`);
  };
  return {
    sms: termii ? termiiSender(termii) : devPhone ? toDevPhone : missing("TERMII_API_KEY"),
    whatsapp: whatsapp ? whatsappSender(whatsapp) : devPhone ? toDevPhone : missing("WHATSAPP_ACCESS_TOKEN"),
  };
}

type TermiiSettings = NonNullable<Config["texts"]["termii"]>;
type WhatsappSettings = NonNullable<Config["texts"]["whatsapp"]>;

/** Termii's "Send message": POST /api/sms/send, the key in the body; `code: "ok"` when it took it. */
export function termiiSender(settings: TermiiSettings): TextSender {
  return async ({ to, text, promotional }) => {
    const { status, body } = await postJson(`${settings.apiBase}/api/sms/send`, {
      api_key: settings.apiKey,
      to: to.replace(/^\+/, ""),
      from: settings.senderId,
      sms: text,
      type: "plain",
      // The DND route reaches numbers that blocked promotions, and is for transactional messages
      // only; Nigerian rules send offers by the generic (promotional) route.
      channel: promotional ? "generic" : "dnd",
    });
    const reply = body as { code?: string; message_id?: string; message?: string } | null;
    if (status >= 300 || reply?.code !== "ok") throw new Error(`Termii refused the SMS (HTTP ${status}): ${said(reply?.message)}`);
  };
}

/** The Cloud API's POST /{phone number ID}/messages with a template; `messages[0].id` when it took it. */
export function whatsappSender(settings: WhatsappSettings): TextSender {
  return async ({ to, whatsappTemplate }) => {
    if (!whatsappTemplate) throw new Error("A WhatsApp message needs its template.");
    const { status, body } = await postJson(
      `${settings.apiBase}/${settings.phoneNumberId}/messages`,
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: whatsappTemplate.name,
          language: { code: settings.language },
          components: [{ type: "body", parameters: whatsappTemplate.parameters.map((text) => ({ type: "text", text })) }],
        },
      },
      { authorization: `Bearer ${settings.accessToken}` },
    );
    const reply = body as { messages?: { id?: string }[]; error?: { message?: string; code?: number } } | null;
    if (status >= 300 || !reply?.messages?.[0]?.id)
      throw new Error(
        `WhatsApp refused the message (HTTP ${status}${reply?.error?.code ? `, code ${reply.error.code}` : ""}): ${said(reply?.error?.message)}`,
      );
  };
}

async function postJson(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(OUTGOING_CALL_TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/** A provider's words, kept short for the log and the outbox (never the request, which holds the key). */
function said(message: unknown): string {
  return typeof message === "string" && message ? message.slice(0, 300) : "no reason given";
}

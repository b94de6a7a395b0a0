import { data, type AppLoadContext } from "react-router";
import { DELIVERY_ZONES, publicHolidays, SOUTH_WEST_STATES, ZONE_LABELS, zoneOf } from "~/common/delivery-estimate";
import { lagosDate } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { STATE_NAMES } from "~/common/nigeria";
import { CHANNEL_LABELS, CHANNELS_FIELD, PAYMENT_CHANNELS } from "~/common/payment-channels";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { isOwner } from "~/server/admin/staff";
import { changeDeliverySettings, closedDaysText, getDeliverySettings, readDeliveryForm } from "~/server/delivery/estimates";
import { changePaymentChannels, getPaymentChannels, readPaymentChannelsForm } from "~/server/payments/channels";
import { changeShopTextChannels, getShopTextChannels } from "~/server/texts/order-updates";
import { availableTextChannels, devPhoneEnabled, TEXT_CHANNELS, type TextChannel } from "~/server/texts/providers";
import { changePayOnDeliverySettings, getPayOnDeliverySettings, PAY_ON_DELIVERY_WHO } from "~/server/checkout/pay-on-delivery";
import { koboToNaira, nairaText } from "~/common/money";
import { changePaymentLinkHours, getPaymentLinkHours } from "~/server/checkout/staff-orders";
import { changeCartReminderSettings, getCartReminderSettings } from "~/server/marketing/cart-reminders";
import { normalizeCode } from "~/server/promotions/pricing";
import { isKnownCode } from "~/server/promotions/promotions";
import {
  DELIVERY_SETTINGS_FORM,
  PAY_ON_DELIVERY_FORM,
  PAYMENT_LINKS_FORM,
  PAYMENT_SETTINGS_FORM,
  CART_REMINDERS_FORM,
  TEXT_SETTINGS_FORM,
  type FormResult,
} from "../forms";

// Settings (ADMIN_PANELS.settings, owners only; issue 19): the delivery estimates' business days
// per zone and per state, the shop's closed days, and the ways to pay offered. Staff who open it by address are told it is
// for owners; their saves are refused.

const ZONE_STATES = { lagos: "Lagos State only", "south-west": SOUTH_WEST_STATES.join(", "), rest: "every other state and the FCT" };

export async function settingsPanelData(account: SignedInAccount, context: AppLoadContext) {
  if (!isOwner(account)) return { ownersOnly: true as const };
  const [settings, channels, texts, payOnDelivery] = await Promise.all([
    getDeliverySettings(context.db),
    getPaymentChannels(context.db),
    getShopTextChannels(context.db),
    getPayOnDeliverySettings(context.db),
  ]);
  const [linkHours, cartReminders] = await Promise.all([getPaymentLinkHours(context.db), getCartReminderSettings(context.db)]);
  const available = availableTextChannels(context.config);
  const year = Number(lagosDate(new Date()).slice(0, 4));
  const today = lagosDate(new Date());
  return {
    ownersOnly: false as const,
    zones: DELIVERY_ZONES.map((zone) => ({ zone, label: ZONE_LABELS[zone], states: ZONE_STATES[zone], days: settings.zoneDays[zone] })),
    states: STATE_NAMES.map((name) => ({ name, zone: zoneOf(name), days: settings.stateDays[name] ?? null })),
    closedDays: closedDaysText(settings),
    // What the estimates skip already, so owners add only what the government declares besides.
    holidays: [...publicHolidays(year), ...publicHolidays(year + 1)].filter((day) => day >= today),
    channels: PAYMENT_CHANNELS.map((channel) => ({ channel, label: CHANNEL_LABELS[channel], offered: channels.includes(channel) })),
    payOnDelivery: {
      ...payOnDelivery,
      ceilingNaira: koboToNaira(payOnDelivery.ceilingKobo),
      whoChoices: Object.entries(PAY_ON_DELIVERY_WHO).map(([value, label]) => ({ value, label })),
      smsReady: available.includes("sms"),
    },
    linkHours,
    cartReminders,
    texts: TEXT_CHANNELS.map((channel) => ({
      channel,
      label: TEXT_CHANNEL_LABELS[channel],
      on: texts[channel],
      ready: available.includes(channel),
      provider: textProviderState(channel, context.config),
    })),
  };
}

const refused = (form: string) => data<FormResult>({ status: "error", message: messages.ownersOnlySettings, form }, { status: 403 });

/** An owner saves the delivery settings: every field checked first; a refusal changes nothing. */
export async function deliverySettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return refused(DELIVERY_SETTINGS_FORM);
  const fields = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
  const read = readDeliveryForm(fields);
  if (!read.ok) return data<FormResult>({ status: "error", message: read.message, form: DELIVERY_SETTINGS_FORM }, { status: 400 });
  const saved = await changeDeliverySettings(context.db, account, read.settings);
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message, form: DELIVERY_SETTINGS_FORM }) : refused(DELIVERY_SETTINGS_FORM);
}

const TEXT_CHANNEL_LABELS: Record<TextChannel, string> = { sms: "SMS", whatsapp: "WhatsApp" };

/** Whether the channel's provider is set, in the owner's words. */
function textProviderState(channel: TextChannel, config: AppLoadContext["config"]): string {
  if (devPhoneEnabled(config)) return "Demo: shown on the dev phone (/dev/phone)";
  if (channel === "sms") return config.texts.termii ? `Termii, from ${config.texts.termii.senderId}` : "Not set up: TERMII_API_KEY is not set";
  return config.texts.whatsapp ? "WhatsApp Business Cloud API" : "Not set up: WHATSAPP_ACCESS_TOKEN is not set";
}

/** An owner turns SMS and WhatsApp order updates on or off for the shop. */
export async function textSettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return refused(TEXT_SETTINGS_FORM);
  const box = (name: string) => form.get(name);
  if (TEXT_CHANNELS.some((c) => box(c) !== null && box(c) !== "on"))
    return data<FormResult>({ status: "error", message: messages.requestUnreadable, form: TEXT_SETTINGS_FORM }, { status: 400 });
  const saved = await changeShopTextChannels(context.db, account, { sms: box("sms") === "on", whatsapp: box("whatsapp") === "on" });
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message, form: TEXT_SETTINGS_FORM }) : refused(TEXT_SETTINGS_FORM);
}

/** An owner sets how long a payment link holds its order's stock (issue 28). */
export async function paymentLinkSettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return refused(PAYMENT_LINKS_FORM);
  const typed = form.get("hours");
  const hours = typeof typed === "string" && /^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : 0;
  if (hours < 1 || hours > 168)
    return data<FormResult>({ status: "error", message: messages.paymentLinkHoursInvalid, form: PAYMENT_LINKS_FORM }, { status: 400 });
  const saved = await changePaymentLinkHours(context.db, account, hours);
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message, form: PAYMENT_LINKS_FORM }) : refused(PAYMENT_LINKS_FORM);
}

/** An owner turns cart reminders on or off and sets after how many hours (issue 29). */
export async function cartReminderSettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return refused(CART_REMINDERS_FORM);
  const refuse = (message: string) => data<FormResult>({ status: "error", message, form: CART_REMINDERS_FORM }, { status: 400 });
  const on = form.get("on");
  if (on !== null && on !== "on") return refuse(messages.requestUnreadable);
  const typed = form.get("hours");
  const hours = typeof typed === "string" && /^\d{1,2}$/.test(typed.trim()) ? Number(typed.trim()) : 0;
  if (hours < 1 || hours > 72) return refuse(messages.cartReminderHoursInvalid);
  const typedCode = form.get("code");
  const given = typeof typedCode === "string" && typedCode.trim() !== "";
  const code = given && typedCode.length <= 40 ? normalizeCode(typedCode) : null;
  if (given && (code === null || !(await isKnownCode(context.db, code)))) return refuse(messages.cartReminderCodeUnknown);
  const saved = await changeCartReminderSettings(context.db, account, { on: on === "on", hours, ...(code ? { code } : {}) });
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message, form: CART_REMINDERS_FORM }) : refused(CART_REMINDERS_FORM);
}

const POD_WHO = ["anyone", "confirmed-phone", "paid-before"] as const;

/** An owner sets pay on delivery: every field checked first; a refusal changes nothing. */
export async function payOnDeliverySettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return refused(PAY_ON_DELIVERY_FORM);
  const refuse = (message: string) => data<FormResult>({ status: "error", message, form: PAY_ON_DELIVERY_FORM }, { status: 400 });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.length <= 20 ? value.trim() : "";
  };
  const whole = (name: string, min: number, max: number) => {
    const typed = nairaText(text(name));
    return /^\d{1,9}$/.test(typed) && Number(typed) >= min && Number(typed) <= max ? Number(typed) : null;
  };
  const on = form.get("on");
  if (on !== null && on !== "on") return refuse(messages.requestUnreadable);
  const states = form.getAll("state");
  if (states.some((s) => typeof s !== "string" || !(STATE_NAMES as readonly string[]).includes(s))) return refuse(messages.requestUnreadable);
  if (states.length === 0) return refuse(messages.payOnDeliveryStatesNone);
  const ceiling = whole("ceiling", 1_000, 10_000_000);
  if (ceiling === null) return refuse(messages.payOnDeliveryCeilingInvalid);
  const maxOpen = whole("maxOpen", 1, 20);
  if (maxOpen === null) return refuse(messages.payOnDeliveryMaxOpenInvalid);
  const who = POD_WHO.find((w) => w === form.get("who"));
  if (!who) return refuse(messages.requestUnreadable);
  const shipWithinDays = whole("shipWithinDays", 1, 60);
  const collectWithinDays = whole("collectWithinDays", 1, 60);
  if (shipWithinDays === null || collectWithinDays === null) return refuse(messages.payOnDeliveryDaysInvalid);
  const saved = await changePayOnDeliverySettings(context.db, account, {
    on: on === "on",
    states: STATE_NAMES.filter((s) => states.includes(s)),
    ceilingKobo: ceiling * 100,
    maxOpen,
    who,
    shipWithinDays,
    collectWithinDays,
  });
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message, form: PAY_ON_DELIVERY_FORM }) : refused(PAY_ON_DELIVERY_FORM);
}

/** An owner chooses the ways to pay: at least one; a refusal changes nothing. */
export async function paymentSettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return refused(PAYMENT_SETTINGS_FORM);
  const read = readPaymentChannelsForm(form.getAll(CHANNELS_FIELD));
  if (!read.ok) return data<FormResult>({ status: "error", message: read.message, form: PAYMENT_SETTINGS_FORM }, { status: 400 });
  const saved = await changePaymentChannels(context.db, account, read.channels);
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message, form: PAYMENT_SETTINGS_FORM }) : refused(PAYMENT_SETTINGS_FORM);
}

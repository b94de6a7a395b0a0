import { z } from "zod";
import {
  arrivalDay,
  businessDaysFor,
  CLOSED_DAY_NOTE_MAX,
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_ZONES,
  MAX_CLOSED_DAYS,
  MAX_DELIVERY_DAYS,
  ZONE_LABELS,
  type ClosedDay,
  type DeliverySettings,
  CLOSED_DAYS_FIELD,
  stateField,
  zoneField,
} from "~/common/delivery-estimate";
import { isDay } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { STATE_NAMES } from "~/common/nigeria";
import { hasNul } from "~/common/text";
import type { SignedInAccount } from "../accounts/sessions";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "../admin/shop-settings";
import type { Database, Executor } from "../db/client";

// Delivery estimates (issue 19, decision 0037): the business days per zone and per state and the
// shop's closed days, one row of shop_settings that owners change in the back office (Settings).
// Shoppers see "Arrives by …" from them; a placed order keeps the day it was promised.

const businessDays = z.number().int().min(1).max(MAX_DELIVERY_DAYS);

const DELIVERY_SETTING: ShopSetting<DeliverySettings> = {
  key: "delivery",
  subject: "Delivery estimates",
  defaults: DEFAULT_DELIVERY_SETTINGS,
  schema: z.object({
    zoneDays: z.object({ lagos: businessDays, "south-west": businessDays, rest: businessDays }),
    stateDays: z.record(z.string(), businessDays),
    closedDays: z.array(z.object({ day: z.string().refine(isDay), note: z.string() })),
  }),
  describe: describeChange,
  saved: messages.deliverySettingsSaved,
};

/** The settings in force: the defaults until an owner saves some. */
export const getDeliverySettings = (db: Executor): Promise<DeliverySettings> => readShopSetting(db, DELIVERY_SETTING);

/** The day an order to `state` placed at `at` should arrive, by these settings. */
export function arrivalFor(settings: DeliverySettings, state: string, at = new Date()): string {
  return arrivalDay(
    at,
    businessDaysFor(settings, state),
    settings.closedDays.map((c) => c.day),
  );
}

/** The day an order to `state` placed at `at` should arrive, by the settings in force. */
export async function estimateArrival(db: Executor, state: string, at = new Date()): Promise<string> {
  return arrivalFor(await getDeliverySettings(db), state, at);
}

// ---------------------------------------------------------------- the Settings form

export type ReadSettings = { ok: true; settings: DeliverySettings } | { ok: false; message: string };

function readDays(raw: string, label: string): number | string {
  const value = raw.trim();
  const days = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return days >= 1 && days <= MAX_DELIVERY_DAYS ? days : messages.deliveryDaysInvalid(label, MAX_DELIVERY_DAYS);
}

/** The Settings form's delivery fields, checked: the first problem in words, or the settings. */
export function readDeliveryForm(fields: Record<string, string>): ReadSettings {
  const zoneDays = { ...DEFAULT_DELIVERY_SETTINGS.zoneDays };
  for (const zone of DELIVERY_ZONES) {
    const days = readDays(fields[zoneField(zone)] ?? "", ZONE_LABELS[zone]);
    if (typeof days === "string") return { ok: false, message: days };
    zoneDays[zone] = days;
  }
  const stateDays: Record<string, number> = {};
  for (const state of STATE_NAMES) {
    const raw = fields[stateField(state)] ?? "";
    if (raw.trim() === "") continue;
    const days = readDays(raw, state);
    if (typeof days === "string") return { ok: false, message: days };
    stateDays[state] = days;
  }
  const closedDays: ClosedDay[] = [];
  const lines = (fields[CLOSED_DAYS_FIELD] ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_CLOSED_DAYS) return { ok: false, message: messages.tooManyClosedDays(MAX_CLOSED_DAYS) };
  for (const line of lines) {
    const space = line.search(/\s/);
    const day = space < 0 ? line : line.slice(0, space);
    const note = space < 0 ? "" : line.slice(space).trim();
    if (!isDay(day) || hasNul(note)) return { ok: false, message: messages.closedDayInvalid(line.slice(0, 40)) };
    if (note.length > CLOSED_DAY_NOTE_MAX) return { ok: false, message: messages.closedDayNoteTooLong(day, CLOSED_DAY_NOTE_MAX) };
    if (closedDays.some((c) => c.day === day)) return { ok: false, message: messages.closedDayTwice(day) };
    closedDays.push({ day, note });
  }
  closedDays.sort((a, b) => a.day.localeCompare(b.day));
  return { ok: true, settings: { zoneDays, stateDays, closedDays } };
}

/** The closed days as the form's text area shows them, one a line. */
export const closedDaysText = (settings: DeliverySettings) => settings.closedDays.map((c) => `${c.day} ${c.note}`.trim()).join("\n");

// ---------------------------------------------------------------- saving

const dayCount = (days: number | undefined) => (days === undefined ? "its zone's" : `${days} business day${days === 1 ? "" : "s"}`);
const closedDay = (c: ClosedDay) => (c.note ? `${c.day} (${c.note})` : c.day);

/** What changed, in words for the audit log; "" when nothing did. */
export function describeChange(before: DeliverySettings, after: DeliverySettings): string {
  const changes: string[] = [];
  for (const zone of DELIVERY_ZONES) {
    if (before.zoneDays[zone] !== after.zoneDays[zone]) {
      changes.push(`${ZONE_LABELS[zone]}: ${dayCount(before.zoneDays[zone])} → ${dayCount(after.zoneDays[zone])}`);
    }
  }
  for (const state of STATE_NAMES) {
    if (before.stateDays[state] !== after.stateDays[state]) {
      changes.push(`${state}: ${dayCount(before.stateDays[state])} → ${dayCount(after.stateDays[state])}`);
    }
  }
  const text = (list: ClosedDay[]) => new Set(list.map(closedDay));
  const [was, is] = [text(before.closedDays), text(after.closedDays)];
  const added = [...is].filter((c) => !was.has(c));
  const removed = [...was].filter((c) => !is.has(c));
  if (added.length) changes.push(`closed days added: ${added.join(", ")}`);
  if (removed.length) changes.push(`closed days removed: ${removed.join(", ")}`);
  return changes.join("; ");
}

/** An owner saves the delivery settings; the change is in the audit log, in the same transaction. */
export const changeDeliverySettings = (db: Database, actor: SignedInAccount, settings: DeliverySettings): Promise<SettingsChange> =>
  changeShopSetting(db, actor, DELIVERY_SETTING, settings);

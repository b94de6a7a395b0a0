import { data, type AppLoadContext } from "react-router";
import { DELIVERY_ZONES, publicHolidays, SOUTH_WEST_STATES, ZONE_LABELS, zoneOf } from "~/common/delivery-estimate";
import { lagosDate } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { STATE_NAMES } from "~/common/nigeria";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { isOwner } from "~/server/admin/staff";
import { changeDeliverySettings, closedDaysText, getDeliverySettings, readDeliveryForm } from "~/server/delivery/estimates";
import type { FormResult } from "../forms";

// Settings (ADMIN_PANELS.settings, owners only; issue 19): the delivery estimates' business days
// per zone and per state, and the shop's closed days. Staff who open it by address are told it is
// for owners; their saves are refused.

const ZONE_STATES = { lagos: "Lagos State only", "south-west": SOUTH_WEST_STATES.join(", "), rest: "every other state and the FCT" };

export async function settingsPanelData(account: SignedInAccount, context: AppLoadContext) {
  if (!isOwner(account)) return { ownersOnly: true as const };
  const settings = await getDeliverySettings(context.db);
  const year = Number(lagosDate(new Date()).slice(0, 4));
  const today = lagosDate(new Date());
  return {
    ownersOnly: false as const,
    zones: DELIVERY_ZONES.map((zone) => ({ zone, label: ZONE_LABELS[zone], states: ZONE_STATES[zone], days: settings.zoneDays[zone] })),
    states: STATE_NAMES.map((name) => ({ name, zone: zoneOf(name), days: settings.stateDays[name] ?? null })),
    closedDays: closedDaysText(settings),
    // What the estimates skip already, so owners add only what the government declares besides.
    holidays: [...publicHolidays(year), ...publicHolidays(year + 1)].filter((day) => day >= today),
  };
}

/** An owner saves the delivery settings: every field checked first; a refusal changes nothing. */
export async function deliverySettingsAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const refused = () => data<FormResult>({ status: "error", message: messages.ownersOnlySettings }, { status: 403 });
  if (!isOwner(account)) return refused();
  const fields = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
  const read = readDeliveryForm(fields);
  if (!read.ok) return data<FormResult>({ status: "error", message: read.message }, { status: 400 });
  const saved = await changeDeliverySettings(context.db, account, read.settings);
  return saved.ok ? data<FormResult>({ status: "done", message: saved.message }) : refused();
}

import { addDays, lagosDate, lagosDateTime, shortLagosDay } from "./lagos-time";
import { STATE_NAMES } from "./nigeria";

// Delivery estimates (issue 19, decision 0037): "Arrives by Fri 27 Nov", counted in Lagos business
// days (Monday to Friday, less Nigerian public holidays and the days staff close the shop) from
// the day an order is placed. Plain functions of their arguments: the same on server and browser.

export const DELIVERY_ZONES = ["lagos", "south-west", "rest"] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const ZONE_LABELS: Record<DeliveryZone, string> = {
  lagos: "Lagos",
  "south-west": "South-West",
  rest: "Rest of Nigeria",
};

/** Lagos is the shop's own state; its neighbours of the South-West come next. */
export const SOUTH_WEST_STATES: readonly string[] = ["Ogun", "Oyo", "Osun", "Ondo", "Ekiti"];

export function zoneOf(state: string): DeliveryZone {
  if (state === "Lagos") return "lagos";
  return SOUTH_WEST_STATES.includes(state) ? "south-west" : "rest";
}

/** Business days a delivery takes when staff have set nothing. */
export const DEFAULT_ZONE_DAYS: Record<DeliveryZone, number> = { lagos: 2, "south-west": 3, rest: 5 };
export const MAX_DELIVERY_DAYS = 30;
/** Orders placed at or after this hour (Lagos time) are counted from the next business day. */
export const CUT_OFF_HOUR = 14;
export const CLOSED_DAY_NOTE_MAX = 80;
export const MAX_CLOSED_DAYS = 100;

export interface ClosedDay {
  /** YYYY-MM-DD, a Lagos day. */
  day: string;
  note: string;
}

export interface DeliverySettings {
  zoneDays: Record<DeliveryZone, number>;
  /** A state's own number of business days, over its zone's; states without one take the zone's. */
  stateDays: Record<string, number>;
  /** Extra days the shop does not deliver (holidays declared at short notice, stock-taking...). */
  closedDays: ClosedDay[];
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = { zoneDays: DEFAULT_ZONE_DAYS, stateDays: {}, closedDays: [] };

export function businessDaysFor(settings: DeliverySettings, state: string): number {
  return settings.stateDays[state] ?? settings.zoneDays[zoneOf(state)];
}

// ---------------------------------------------------------------- public holidays

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Eid al-Fitr, Eid al-Adha (two days each, as the Federal Government declares them) and Mawlid
 * (Id el-Maulud) follow the moon: the government announces them days before. These are the
 * expected dates, to be checked each year against the Ministry of Interior's announcement; staff
 * add a day announced differently as a closed day in Settings. Update this list before 2029.
 */
export const LUNAR_HOLIDAYS: readonly string[] = [
  // 2026
  "2026-03-20", // Eid al-Fitr
  "2026-03-21",
  "2026-05-27", // Eid al-Adha
  "2026-05-28",
  "2026-08-26", // Mawlid
  // 2027
  "2027-03-10", // Eid al-Fitr
  "2027-03-11",
  "2027-05-17", // Eid al-Adha
  "2027-05-18",
  "2027-08-15", // Mawlid
  // 2028
  "2028-02-27", // Eid al-Fitr
  "2028-02-28",
  "2028-05-05", // Eid al-Adha
  "2028-05-06",
  "2028-08-03", // Mawlid
];

const isWeekend = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The days off of a year's public holidays. A holiday on a Saturday or Sunday is observed on the
 * next weekday not already a holiday (Nigerian practice: Christmas on a Saturday and Boxing Day on
 * a Sunday give Monday and Tuesday off).
 */
export function publicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const holidays = [
    `${year}-01-01`,
    addDays(easter, -2), // Good Friday
    addDays(easter, 1), // Easter Monday
    `${year}-05-01`, // Workers' Day
    `${year}-06-12`, // Democracy Day
    `${year}-10-01`, // Independence Day
    `${year}-12-25`,
    `${year}-12-26`,
    ...LUNAR_HOLIDAYS.filter((day) => day.startsWith(`${year}-`)),
  ].sort();
  const off = new Set<string>();
  for (const holiday of holidays) {
    let day = holiday;
    while (isWeekend(day) || off.has(day)) day = addDays(day, 1);
    off.add(day);
  }
  return [...off].sort();
}

// ---------------------------------------------------------------- business days

/** Whether deliveries move on a Lagos day: a weekday that is neither a public holiday nor closed. */
export function isBusinessDay(day: string, closedDays: readonly string[] = []): boolean {
  if (isWeekend(day) || closedDays.includes(day)) return false;
  const year = Number(day.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) holidaysByYear.set(year, (holidays = new Set(publicHolidays(year))));
  return !holidays.has(day);
}

const holidaysByYear = new Map<number, Set<string>>();

/** The first business day after `day`. */
export function nextBusinessDay(day: string, closedDays: readonly string[] = []): string {
  let next = addDays(day, 1);
  while (!isBusinessDay(next, closedDays)) next = addDays(next, 1);
  return next;
}

/**
 * The Lagos day an order placed at `placedAt` should arrive: `businessDays` business days after
 * the day the shop takes it up, which is the day of placing when that is a business day before
 * the cut-off (CUT_OFF_HOUR), else the next business day.
 */
export function arrivalDay(placedAt: Date, businessDays: number, closedDays: readonly string[] = []): string {
  const today = lagosDate(placedAt);
  const hour = Number(lagosDateTime(placedAt).slice(11, 13));
  let day = isBusinessDay(today, closedDays) && hour < CUT_OFF_HOUR ? today : nextBusinessDay(today, closedDays);
  for (let left = businessDays; left > 0; left--) day = nextBusinessDay(day, closedDays);
  return day;
}

/** The arrival day of every state of the delivery form, for an order placed at `placedAt`. */
export function arrivalDays(settings: DeliverySettings, placedAt: Date): Record<string, string> {
  const closed = settings.closedDays.map((c) => c.day);
  return Object.fromEntries(STATE_NAMES.map((state) => [state, arrivalDay(placedAt, businessDaysFor(settings, state), closed)]));
}

export const arrivesBy = (day: string) => `Arrives by ${shortLagosDay(day)}`;

/** The Settings form's field of a zone's days, and of a state's own (blank: the zone's). */
export const zoneField = (zone: DeliveryZone) => `zone-${zone}`;
export const stateField = (state: string) => `state-${state}`;
export const CLOSED_DAYS_FIELD = "closedDays";

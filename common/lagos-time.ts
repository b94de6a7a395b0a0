// Lagos time: UTC+1 all year (no daylight saving), so plain arithmetic is exact.

export const LAGOS_OFFSET_MS = 60 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

/** 'YYYY-MM-DD HH:MM:SS' in Lagos time, as requirements §3.11 writes order dates. */
export function lagosDateTime(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The Lagos calendar day of an instant, `YYYY-MM-DD`. */
export function lagosDate(instant: Date): string {
  return lagosDateTime(instant).slice(0, 10);
}

/** Today in Lagos, `YYYY-MM-DD`. */
export const lagosToday = (now = new Date()): string => lagosDate(now);

/** The instant a Lagos calendar day (`YYYY-MM-DD`) begins. */
export function lagosDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) - LAGOS_OFFSET_MS);
}

/** The instant a Lagos calendar day (`YYYY-MM-DD`) ends: the next day's start. */
export function lagosDayEnd(day: string): Date {
  return new Date(lagosDayStart(day).getTime() + DAY_MS);
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD` plus a number of days (negative: before). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((lagosDayStart(to).getTime() - lagosDayStart(from).getTime()) / DAY_MS) + 1;
}

// ------------------------------------------------------------------ dates as people read them

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** The machine form of lagosDateTime, seconds optional ('YYYY-MM-DD HH:MM[:SS]'). */
const LAGOS_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::\d{2})?$/;

/** '8:41 pm' from a 24-hour hour and minute. */
function clockTime(hour: number, minute: string): string {
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? "am" : "pm"}`;
}

/**
 * A date and time as shoppers and staff read them, in Lagos time: '23 Nov 2026, 8:41 pm'.
 * Takes an instant, or a Lagos date-time in lagosDateTime's machine form (what loaders, the API
 * and the CSV exports carry); any other text is returned as it is. Written by hand, not with
 * Intl, so that the server and every browser print the same characters whatever their time zone
 * and ICU data (decision 0039).
 */
export function readableLagosTime(value: Date | string): string {
  const match = LAGOS_DATE_TIME.exec(typeof value === "string" ? value : lagosDateTime(value));
  if (!match) return String(value);
  const [, y, m, d, hh, mm] = match;
  return `${readableLagosDate(`${y}-${m}-${d}`)}, ${clockTime(Number(hh), mm)}`;
}

/** A Lagos calendar day ('YYYY-MM-DD') as people read it: '23 Nov 2026'; other text is returned as it is. */
export function readableLagosDate(day: string): string {
  if (!isDay(day)) return day;
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** Only the time of day of an instant, in Lagos: '8:41 pm'. */
export function readableLagosClock(instant: Date): string {
  const wall = lagosDateTime(instant);
  return clockTime(Number(wall.slice(11, 13)), wall.slice(14, 16));
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A Lagos calendar day ('YYYY-MM-DD') short, with its weekday: 'Fri 27 Nov' (delivery estimates). */
export function shortLagosDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

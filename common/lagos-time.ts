// Lagos time: UTC+1 all year (no daylight saving), so plain arithmetic is exact.

export const LAGOS_OFFSET_MS = 60 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

/** 'YYYY-MM-DD HH:MM:SS' in Lagos time, as spec §3 writes order dates. */
export function lagosDateTime(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The Lagos calendar day of an instant, `YYYY-MM-DD`. */
export function lagosDate(instant: Date): string {
  return lagosDateTime(instant).slice(0, 10);
}

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

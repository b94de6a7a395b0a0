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

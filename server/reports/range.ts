import { messages } from "~/common/messages";
import { addDays, daysBetween, isDay, lagosDate } from "~/common/lagos-time";

// The date range of a sales report (issue 18, Reports): Lagos calendar days, both ends included,
// read from the page's address so each report has one (`/admin?menu=10&range=this-month`, or
// `&from=2026-04-01&to=2026-04-30`). A range that cannot be shown is not an error page: the
// report says why and shows the default, the last 30 days (what the Admin Info overview shows).

/** The quick ranges, by the value of `range=` in the address. */
export const REPORT_PRESETS = {
  "last-7-days": "Last 7 days",
  "last-30-days": "Last 30 days",
  "this-month": "This month",
  "last-month": "Last month",
} as const;
export type ReportPreset = keyof typeof REPORT_PRESETS;
export const DEFAULT_PRESET: ReportPreset = "last-30-days";

/** The longest range one report covers: a leap year. */
export const MAX_REPORT_DAYS = 366;
/** No report reaches before this day (the shop had no orders then; and it keeps the arithmetic in plain years). */
export const FIRST_REPORT_DAY = "2020-01-01";

export interface ReportRange {
  /** First Lagos day, `YYYY-MM-DD`, included. */
  from: string;
  /** Last Lagos day, `YYYY-MM-DD`, included. */
  to: string;
  /** The quick range this is, when it was chosen as one (or is the default). */
  preset: ReportPreset | null;
  /** How many days, both ends included. */
  days: number;
  /** Today in Lagos, for the date pickers' limit and the chart's "Today". */
  today: string;
}

export type RangeResult = { ok: true; range: ReportRange } | { ok: false; message: string; range: ReportRange };

function make(from: string, to: string, preset: ReportPreset | null, today: string): ReportRange {
  return { from, to, preset, days: daysBetween(from, to), today };
}

/** The days of a quick range, on the Lagos day `today`. "This month" runs to today. */
export function presetRange(preset: ReportPreset, today: string): ReportRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "last-7-days":
      return make(addDays(today, -6), today, preset, today);
    case "last-30-days":
      return make(addDays(today, -29), today, preset, today);
    case "this-month":
      return make(monthStart, today, preset, today);
    case "last-month": {
      const lastDay = addDays(monthStart, -1);
      return make(`${lastDay.slice(0, 8)}01`, lastDay, preset, today);
    }
  }
}

const isPreset = (value: string): value is ReportPreset => Object.hasOwn(REPORT_PRESETS, value);

/**
 * The range an address asks for: `range=<preset>`, or `from=` and `to=`; neither is the default.
 * Anything else is answered with the default and a message saying why.
 */
export function readReportRange(params: URLSearchParams, now = new Date()): RangeResult {
  const today = lagosDate(now);
  const fallback = (message: string): RangeResult => ({ ok: false, message, range: presetRange(DEFAULT_PRESET, today) });
  const preset = params.get("range") ?? "";
  if (isPreset(preset)) return { ok: true, range: presetRange(preset, today) };
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  if (!from && !to && !preset) return { ok: true, range: presetRange(DEFAULT_PRESET, today) };
  if (!isDay(from) || !isDay(to)) return fallback(messages.reportRangeNotDate);
  if (from > to) return fallback(messages.reportRangeReversed);
  if (to > today) return fallback(messages.reportRangeFuture);
  if (from < FIRST_REPORT_DAY) return fallback(messages.reportRangeTooOld(FIRST_REPORT_DAY));
  if (daysBetween(from, to) > MAX_REPORT_DAYS) return fallback(messages.reportRangeTooLong(MAX_REPORT_DAYS));
  // A custom range that happens to be a quick one is shown as that quick one.
  const same = (Object.keys(REPORT_PRESETS) as ReportPreset[]).find((p) => {
    const r = presetRange(p, today);
    return r.from === from && r.to === to;
  });
  return { ok: true, range: make(from, to, same ?? null, today) };
}

/** The address query of a range: its preset's name, or its days. */
export function rangeQuery(range: Pick<ReportRange, "from" | "to" | "preset">): Record<string, string> {
  return range.preset ? { range: range.preset } : { from: range.from, to: range.to };
}

// Money is integer kobo inside the shop; naira appears only at the edges (contract fields, display).

export const KOBO_PER_NAIRA = 100;

export function nairaToKobo(naira: number): number {
  return Math.round(naira * KOBO_PER_NAIRA);
}

export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}

/** "1234567" → "1,234,567": groups of three from the right, in one pass (no look-ahead regex, which is quadratic). */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

/**
 * ₦ with thousands separators: prices as whole naira (`₦91,000`), totals with two decimals
 * (`₦91,000.00`). Written by hand rather than with Intl so server and browser print the same.
 */
export function formatNaira(kobo: number, options: { decimals?: 0 | 2 } = {}): string {
  const decimals = options.decimals ?? (kobo % KOBO_PER_NAIRA === 0 ? 0 : 2);
  const sign = kobo < 0 ? "-" : "";
  const fixed = (Math.abs(kobo) / KOBO_PER_NAIRA).toFixed(decimals);
  const [whole, fraction] = fixed.split(".");
  return `${sign}₦${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** Cart and order totals always show two decimals (requirements §9). */
export function formatNairaTotal(kobo: number): string {
  return formatNaira(kobo, { decimals: 2 });
}

/**
 * Naira as staff type it: "45000", "45000.50", "45,000", "₦45,000.00", "NGN 45,000" all give the
 * plain number's text ("45000"); other text is returned as it is, for the caller's check to refuse.
 */
export function nairaText(typed: string): string {
  const bare = typed.replace(/^(?:₦|NGN)\s*/i, "");
  return /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(bare) ? bare.replace(/,/g, "") : bare;
}

/** The price inputs' pattern (HTML, whole value): what nairaText reads, with at most two decimals. */
export const NAIRA_INPUT_PATTERN = String.raw`(?:₦|NGN|ngn)?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?`;

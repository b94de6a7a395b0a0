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

/** Cart and order totals always show two decimals (spec §9). */
export function formatNairaTotal(kobo: number): string {
  return formatNaira(kobo, { decimals: 2 });
}

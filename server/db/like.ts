// Helpers for the back office's searches (orders, customers): text found anywhere in a column.

/** `%text%` for LIKE and ILIKE, the text's own % _ and \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The digits to look for in a stored phone number, however the search wrote it (0803…,
 * 234803…, +234 803…: a whole Nigerian number becomes its last ten digits); null for fewer than
 * four digits, which would match nearly everyone.
 */
export function phoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  return digits.length >= 4 ? digits.replace(/^(?:234|0)(?=\d{10}$)/, "") : null;
}

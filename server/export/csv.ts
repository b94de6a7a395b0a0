// CSV files that open correctly in Excel and LibreOffice (issue 18: reports, orders): UTF-8 with
// a byte order mark (Excel otherwise reads ₦ and names like "Adébáyọ̀" as Windows-1252), CRLF
// line ends, RFC 4180 quoting, numbers as plain numbers (no ₦, no thousands separators), and a
// guard against formula injection (OWASP "CSV Injection"): a text cell that starts with
// = + - @, a tab or a carriage return gets a leading apostrophe, so a customer who names
// themselves "=HYPERLINK(...)" is shown as text, never run as a formula.

/** A cell: text (guarded, quoted when needed), a number (written as it is), or empty. */
export type CsvCell = string | number | null | undefined;

export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text. Numbers must be finite: NaN or Infinity is a bug, not a value. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the BOM, then each row's cells joined by commas, each row ending in CRLF. */
export function csvDocument(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** A whole file with a header row. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvDocument([header, ...rows]);
}

/** Naira from kobo, as a plain number: 1234550 kobo is 12345.5. */
export function nairaNumber(kobo: number): number {
  return kobo / 100;
}

/** The headers of a CSV download: a private attachment under this (ASCII) file name. */
export function csvHeaders(fileName: string): Record<string, string> {
  if (!/^[\w.-]+\.csv$/.test(fileName)) throw new Error(`unsafe CSV file name: ${fileName}`);
  return {
    "Content-Type": CSV_CONTENT_TYPE,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

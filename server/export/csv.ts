// CSV files that open correctly in Excel (issue 18): UTF-8 with a byte-order mark (without it
// Excel reads "₦" and "Adébáyọ̀" as Windows-1252), CRLF line ends, every text cell quoted the
// RFC 4180 way (a comma, quote or line break inside stays inside), numbers written bare so Excel
// sums them, and no cell that Excel would run as a formula.

/** One cell: text, a number (written as is, e.g. 120000 or 1200.5), or nothing. */
export type CsvCell = string | number | null | undefined;

/** The byte-order mark Excel needs to read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/** What starts a formula (or DDE command) in Excel, LibreOffice and Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text as a cell: a leading apostrophe before anything a spreadsheet would evaluate (OWASP's
 * advice on CSV injection: "=HYPERLINK(...)" in a customer's name stays text), then quoted.
 */
function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return textCell(value);
}

export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(",");
}

/** A whole file: the BOM, the header row, the rows, each line ended by CRLF. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}

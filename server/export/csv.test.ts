import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvDocument, csvFile, csvHeaders, nairaNumber } from "./csv";

// The CSV writer (issue 18): what Excel and LibreOffice need, and what keeps a customer's text
// from running as a formula.

describe("csvCell", () => {
  it("writes plain text and numbers as they are", () => {
    expect(csvCell("Eco Foam")).toBe("Eco Foam");
    expect(csvCell("Adébáyọ̀ ₦")).toBe("Adébáyọ̀ ₦");
    expect(csvCell(12345)).toBe("12345");
    expect(csvCell(30000.51)).toBe("30000.51");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes cells with commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell("6x6x10, firm")).toBe('"6x6x10, firm"');
    expect(csvCell('The "Royal" mattress')).toBe('"The ""Royal"" mattress"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("puts an apostrophe before text that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("+2348012345678")).toBe("'+2348012345678");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    // Only at the start, and never on a number.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(" =1")).toBe(" =1");
  });

  it("refuses a number that is not finite", () => {
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
    expect(() => csvCell(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("csvFile", () => {
  it("puts the header row first", () => {
    expect(csvFile(["A", "B"], [["x, y", 1]])).toBe('\uFEFFA,B\r\n"x, y",1\r\n');
  });
});

describe("csvDocument", () => {
  it("starts with the UTF-8 byte order mark and ends every row with CRLF", () => {
    const text = csvDocument([
      ["Category", "Revenue (NGN)"],
      ["Eco Foam", 1500.5],
      ["=cmd", null],
    ]);
    expect(text).toBe("\uFEFFCategory,Revenue (NGN)\r\nEco Foam,1500.5\r\n'=cmd,\r\n");
    const bytes = Buffer.from(text, "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(CSV_BOM).toBe("\uFEFF");
  });

  it("is just the mark for no rows", () => {
    expect(csvDocument([])).toBe("\uFEFF");
  });
});

describe("money and headers", () => {
  it("writes naira as a plain number from kobo", () => {
    expect(nairaNumber(10_000_000)).toBe(100_000);
    expect(nairaNumber(3_000_051)).toBe(30_000.51);
    expect(csvCell(nairaNumber(150))).toBe("1.5");
  });

  it("sends a private attachment with the file's name", () => {
    expect(csvHeaders("sales-per-day_2026-04-04_to_2026-05-03.csv")).toEqual({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="sales-per-day_2026-04-04_to_2026-05-03.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    expect(() => csvHeaders('x";.csv')).toThrow();
    expect(() => csvHeaders("report.txt")).toThrow();
  });
});

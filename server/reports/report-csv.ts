import type { Executor } from "../db/client";
import { csvDocument, nairaNumber, type CsvCell } from "../export/csv";
import type { ReportRange } from "./range";
import { BEST_SELLERS_CSV_LIMIT, loadBestSellers, loadCategories, loadDays } from "./sales";
import { loadCollectionsByStaff, loadDifferentAmounts } from "./collections";

// The sales report as CSV (decision 0032): three files, one table each, so each opens in a
// spreadsheet ready to sort, filter or total: per day, per category, and best sellers (every
// product sold in the range, not only the page's ten). Days are Lagos days written YYYY-MM-DD;
// money is naira as a plain number.

export const REPORT_CSV_PARTS = {
  days: "sales-per-day",
  categories: "sales-per-category",
  "best-sellers": "best-sellers",
  collections: "collections-by-staff",
  "different-amounts": "collections-not-the-total",
} as const;
export type ReportCsvPart = keyof typeof REPORT_CSV_PARTS;

export const isReportCsvPart = (value: string): value is ReportCsvPart => Object.hasOwn(REPORT_CSV_PARTS, value);

/** `sales-per-day_2026-04-04_to_2026-05-03.csv` */
export function reportCsvFileName(part: ReportCsvPart, range: Pick<ReportRange, "from" | "to">): string {
  return `${REPORT_CSV_PARTS[part]}_${range.from}_to_${range.to}.csv`;
}

export async function reportCsv(db: Executor, part: ReportCsvPart, range: ReportRange): Promise<string> {
  const rows: CsvCell[][] = [];
  switch (part) {
    case "days":
      rows.push(["Date", "Orders", "Units", "Gross (NGN)", "Discounts (NGN)", "Revenue (NGN)"]);
      for (const d of await loadDays(db, range))
        rows.push([d.date, d.orders, d.units, nairaNumber(d.grossKobo), nairaNumber(d.discountKobo), nairaNumber(d.revenueKobo)]);
      break;
    case "categories":
      rows.push(["Category", "Orders", "Units", "Revenue (NGN)", "Share of revenue (%)"]);
      for (const c of await loadCategories(db, range)) rows.push([c.name, c.orders, c.units, nairaNumber(c.revenueKobo), c.sharePercent]);
      break;
    case "best-sellers":
      rows.push(["Rank", "Product ID", "Product", "Category", "Status", "Orders", "Units", "Revenue (NGN)"]);
      (await loadBestSellers(db, range, BEST_SELLERS_CSV_LIMIT)).forEach((p, i) =>
        rows.push([i + 1, p.productId, p.name, p.category, p.archived ? "Deleted" : "On sale", p.orders, p.units, nairaNumber(p.revenueKobo)]),
      );
      break;
    case "collections":
      rows.push(["Date", "Staff", "Paid by", "Orders", "Collected (NGN)"]);
      for (const c of await loadCollectionsByStaff(db, range)) rows.push([c.day, c.staff, c.method, c.orders, nairaNumber(c.amountKobo)]);
      break;
    case "different-amounts":
      rows.push(["Date", "Order ID", "Staff", "Order total (NGN)", "Collected (NGN)", "Reason"]);
      for (const d of await loadDifferentAmounts(db, range))
        rows.push([d.day, d.orderRef, d.staff, nairaNumber(d.totalKobo), nairaNumber(d.amountKobo), d.reason]);
      break;
  }
  return csvDocument(rows);
}

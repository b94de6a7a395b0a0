import type { AppLoadContext } from "react-router";
import { messages } from "~/common/messages";
import { csvHeaders } from "~/server/export/csv";
import { FIRST_REPORT_DAY, readReportRange, REPORT_PRESETS, presetRange, type ReportPreset } from "~/server/reports/range";
import { isReportCsvPart, reportCsv, reportCsvFileName } from "~/server/reports/report-csv";
import { loadSalesReport } from "~/server/reports/sales";
import { loadCollectionsByStaff, loadDifferentAmounts, loadUncollected } from "~/server/reports/collections";
import { cartRecovery } from "~/server/marketing/cart-reminders";
import { rangeBounds } from "~/server/reports/sales";

// The Reports panel (ADMIN_PANELS.reports, issue 18) and its CSV downloads: the range comes from
// the address (`range=this-month`, or `from=&to=`), a range that cannot be shown comes back as the
// default with a message.

export async function reportsPanelData(request: Request, context: AppLoadContext) {
  const read = readReportRange(new URL(request.url).searchParams);
  const report = await loadSalesReport(context.db, read.range);
  // Pay on delivery (issue 28): apart from the sales, until the money is collected.
  const payOnDelivery = {
    uncollected: await loadUncollected(context.db),
    byStaff: await loadCollectionsByStaff(context.db, read.range),
    different: await loadDifferentAmounts(context.db, read.range),
  };
  const { start, end } = rangeBounds(read.range);
  // Cart reminders sent on these days (issue 29), and the carts they brought back.
  const cartReminders = await cartRecovery(context.db, start, end);
  const today = read.range.today;
  return {
    report,
    payOnDelivery,
    cartReminders,
    /** Why the range asked for is not the one shown; null when it is. */
    rangeError: read.ok ? null : read.message,
    /** The earliest day the date pickers offer. */
    firstDay: FIRST_REPORT_DAY,
    presets: (Object.keys(REPORT_PRESETS) as ReportPreset[]).map((preset) => {
      const { from, to } = presetRange(preset, today);
      return { preset, label: REPORT_PRESETS[preset], from, to };
    }),
  };
}

/** `/admin/reports.csv?part=days&from=&to=`: one table of the report, as a download. */
export async function reportCsvResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const part = params.get("part") ?? "";
  const read = readReportRange(params);
  // A CSV is saved, not read on screen: a wrong address gets a plain answer, not a file of other dates.
  if (!isReportCsvPart(part) || !read.ok) {
    const message = read.ok ? messages.reportUnknownPart : read.message;
    return new Response(`${message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const body = await reportCsv(context.db, part, read.range);
  return new Response(body, { headers: csvHeaders(reportCsvFileName(part, read.range)) });
}

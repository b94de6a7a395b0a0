import type { reportsPanelData } from "~/app/admin/reports.server";
import { formatNairaTotal } from "~/common/money";
import { SectionHeading } from "./SectionHeading";
import { dayText } from "./RevenueChart";

type PayOnDelivery = Awaited<ReturnType<typeof reportsPanelData>>["payOnDelivery"];

const METHODS: Record<string, string> = { cash: "Cash", transfer: "Transfer", pos: "POS" };

/**
 * Pay on delivery in Reports (issue 28): what is still at the doors (not in the sales above), the
 * money each staff member recorded day by day, and the amounts that were not the order's total.
 */
export function PayOnDeliveryReport({ data, csvPath }: { data: PayOnDelivery; csvPath: (part: string) => string }) {
  const { uncollected, byStaff, different } = data;
  return (
    <section aria-labelledby="report-pay-on-delivery" className="mt-8">
      <SectionHeading id="report-pay-on-delivery" csv={csvPath("collections")} csvName="collections by staff">
        Pay on delivery
      </SectionHeading>
      <p className="mt-3 text-sm text-slate-700" data-testid="report-uncollected">
        Awaiting collection now: <strong className="text-slate-900">{uncollected.orders === 1 ? "1 order" : `${uncollected.orders} orders`}</strong>,{" "}
        <strong className="text-slate-900">{formatNairaTotal(uncollected.valueKobo)}</strong>, not counted in the sales above until collected.
        {uncollected.overdue > 0 ? (
          <span className="mt-1 block font-semibold text-red-800">
            {uncollected.overdue === 1 ? "1 shipped order has" : `${uncollected.overdue} shipped orders have`} not been collected within{" "}
            {uncollected.overdueDays} days.
          </span>
        ) : null}
      </p>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Collected by staff</h4>
      {byStaff.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nothing was collected on these days.</p>
      ) : (
        // Scrolls sideways on a phone: reachable by keyboard, named for screen readers.
        <div className="mt-2 overflow-x-auto rounded-xl ring-1 ring-slate-200" tabIndex={0} role="region" aria-label="Collected by staff">
          <table className="w-full text-left text-sm tabular-nums" data-testid="collections-table">
            <caption className="sr-only">Money collected at the door, per day and staff member</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Staff
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Paid by
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Collected
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {byStaff.map((c) => (
                <tr key={`${c.day}-${c.staff}-${c.method}`}>
                  <td className="whitespace-nowrap px-3 py-2">{dayText(c.day, true, false)}</td>
                  <td className="px-3 py-2">{c.staff}</td>
                  <td className="px-3 py-2">{METHODS[c.method] ?? c.method}</td>
                  <td className="px-3 py-2 text-right">{c.orders}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{formatNairaTotal(c.amountKobo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {different.length > 0 ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-slate-900">Not the order's total</h4>
          <ul className="mt-2 grid gap-2 text-sm" data-testid="different-amounts">
            {different.map((d) => (
              <li key={d.orderRef} className="rounded-lg bg-amber-50 px-3 py-2 ring-1 ring-amber-200">
                <span className="font-semibold">{d.orderRef}</span>: {formatNairaTotal(d.amountKobo)} of {formatNairaTotal(d.totalKobo)}, recorded by{" "}
                {d.staff}. {d.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

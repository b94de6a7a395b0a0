import { Form, Link } from "react-router";
import type { reportsPanelData } from "~/app/admin/reports.server";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { inputStyle } from "../account/fields";
import { buttonStyles } from "../Dialog";
import { dayText, RevenueChart } from "./RevenueChart";
import { PayOnDeliveryReport } from "./PayOnDeliveryReport";
import { SectionHeading } from "./SectionHeading";

// Reports (ADMIN_PANELS.reports, issue 18): the sales of a chosen range of Lagos days: quick
// ranges and a custom one, as addresses; revenue, orders and units per day (the chart) and per
// category; best sellers; a CSV of each table. Cards on a phone, tables from md:.

type PanelData = Awaited<ReturnType<typeof reportsPanelData>>;

const count = (n: number) => n.toLocaleString("en-US");
const percent = (n: number) => `${n.toFixed(1)}%`;

export function ReportsPanel({ data }: { data: PanelData }) {
  const { report, rangeError, presets, firstDay } = data;
  const { range } = report;
  const span = `${dayText(range.from, false, true)} – ${dayText(range.to, false, true)}`;
  /** The CSV of one table, for exactly these days. */
  const csvPath = (part: string) => `/admin/reports.csv?${new URLSearchParams({ part, from: range.from, to: range.to })}`;

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Reports</h2>
        <p className="text-sm text-slate-600">Lagos days. Only paid orders count; cancelled and refunded ones are left out.</p>
      </div>

      {rangeError ? (
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="range-error">
          <strong>{rangeError}</strong> {messages.reportRangeFallback}
        </p>
      ) : null}

      <div className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <nav aria-label="Quick dates">
          <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            {presets.map((p) => {
              const current = range.preset === p.preset;
              return (
                <li key={p.preset}>
                  <Link
                    to={adminPanelPath(ADMIN_PANELS.reports, { range: p.preset })}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-lg px-3 py-2 text-center text-sm font-semibold ring-1 ${
                      current ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-brand-700 ring-slate-300 hover:bg-brand-50"
                    }`}
                  >
                    {p.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* Keyed by the range: a new address shows its own dates in the fields. */}
        <Form
          key={`${range.from}/${range.to}`}
          method="get"
          action="/admin"
          className="mt-4 grid grid-cols-1 items-end gap-3 min-[400px]:grid-cols-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto]"
          aria-label="Choose dates"
        >
          <input type="hidden" name="menu" value={ADMIN_PANELS.reports} />
          <label className="grid min-w-0 gap-1 text-sm font-medium text-slate-700">
            From
            <input type="date" name="from" required defaultValue={range.from} min={firstDay} max={range.today} className={`${inputStyle} min-w-0`} />
          </label>
          <label className="grid min-w-0 gap-1 text-sm font-medium text-slate-700">
            To
            <input type="date" name="to" required defaultValue={range.to} min={firstDay} max={range.today} className={`${inputStyle} min-w-0`} />
          </label>
          <button type="submit" className={`${buttonStyles.primary} min-[400px]:col-span-2 sm:col-span-1 sm:justify-self-start`}>
            Show report
          </button>
        </Form>
      </div>

      <p className="mt-5 text-base font-semibold text-slate-900" data-testid="report-range">
        {span} <span className="font-normal text-slate-600">({range.days === 1 ? "1 day" : `${range.days} days`})</span>
      </p>

      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Revenue" value={formatNairaTotal(report.revenueKobo)} testId="report-revenue" wide />
        <Stat label="Orders" value={count(report.orderCount)} testId="report-orders" />
        <Stat label="Units sold" value={count(report.units)} testId="report-units" />
        <Stat label="Average order" value={formatNairaTotal(report.averageOrderKobo)} testId="report-average" wide />
      </dl>
      {report.discountKobo ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="report-discounts">
          Revenue is after promotions: {formatNairaTotal(report.grossKobo)} at full price, less {formatNairaTotal(report.discountKobo)} of discounts.
        </p>
      ) : null}

      <PayOnDeliveryReport data={data.payOnDelivery} csvPath={csvPath} />

      <section aria-labelledby="report-cart-reminders" className="mt-8">
        <h3 id="report-cart-reminders" className="font-semibold text-slate-900">
          Cart reminders
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Reminders sent" value={count(data.cartReminders.reminders)} testId="report-reminders-sent" />
          <Stat label="Carts recovered" value={count(data.cartReminders.recovered)} testId="report-carts-recovered" />
          <Stat label="Revenue recovered" value={formatNairaTotal(data.cartReminders.revenueKobo)} testId="report-revenue-recovered" wide />
        </dl>
        <p className="mt-2 text-sm text-slate-600">A cart counts as recovered when its customer ordered within 7 days of the reminder.</p>
      </section>

      <section aria-labelledby="report-per-day" className="mt-8">
        <SectionHeading id="report-per-day" csv={csvPath("days")} csvName="per-day">
          Per day
        </SectionHeading>
        <RevenueChart
          key={`${range.from}/${range.to}`}
          days={report.days}
          today={range.today}
          name={`Revenue per day, ${span}`}
          emptyText="No paid orders on these days."
        />
        <DayTable days={report.days} />
      </section>

      <section aria-labelledby="report-per-category" className="mt-8">
        <SectionHeading id="report-per-category" csv={csvPath("categories")} csvName="per-category">
          Per category
        </SectionHeading>
        <CategoryTable categories={report.categories} />
      </section>

      <section aria-labelledby="report-best-sellers" className="mt-8">
        <SectionHeading id="report-best-sellers" csv={csvPath("best-sellers")} csvName="best sellers">
          Best sellers
        </SectionHeading>
        <BestSellers products={report.bestSellers} />
      </section>
    </div>
  );
}

/** A figure; a `wide` one (naira) takes the whole row on a phone, where half of it cuts ₦1,234,567.00. */
function Stat({ label, value, testId, wide = false }: { label: string; value: string; testId: string; wide?: boolean }) {
  return (
    <div className={`min-w-0 rounded-xl bg-slate-50 px-4 py-2.5 ring-1 ring-slate-200 lg:py-3 ${wide ? "col-span-2 lg:col-span-1" : ""}`}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900 [overflow-wrap:anywhere] lg:mt-1 lg:text-xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Every day of the range, newest first, in a box of its own height (a year is 366 rows). */
function DayTable({ days }: { days: PanelData["report"]["days"] }) {
  const withYear = days.length > 0 && days[0].date.slice(0, 4) !== days[days.length - 1].date.slice(0, 4);
  return (
    <details className="group mt-4 rounded-xl ring-1 ring-slate-200">
      <summary className="cursor-pointer list-none px-4 py-3 text-sm font-semibold text-brand-700 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">Show every day</span>
        <span className="hidden group-open:inline">Hide every day</span>
      </summary>
      {/* Scrolls by itself: reachable by keyboard, named for screen readers. */}
      <div className="max-h-96 overflow-auto border-t border-slate-200" tabIndex={0} role="region" aria-label="Every day">
        <table className="w-full text-left text-[13px] tabular-nums sm:text-sm" data-testid="day-table">
          <caption className="sr-only">Orders, units and revenue per day</caption>
          <thead className="sticky top-0 bg-white text-xs uppercase tracking-wide text-slate-500 shadow-[0_1px_0_#e2e8f0]">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                Day
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-2 font-semibold">
                Orders
              </th>
              <th scope="col" className="px-1.5 py-2 text-right sm:px-2 font-semibold">
                Units
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...days].reverse().map((d) => (
              <tr key={d.date} data-date={d.date} className={d.orders === 0 ? "text-slate-500" : "text-slate-900"}>
                <th scope="row" className="whitespace-nowrap px-2 py-2 sm:px-3 font-medium">
                  {dayText(d.date, true, withYear)}
                </th>
                <td className="px-1.5 py-2 text-right sm:px-2">{count(d.orders)}</td>
                <td className="px-1.5 py-2 text-right sm:px-2">{count(d.units)}</td>
                <td className="whitespace-nowrap px-2 py-2 sm:px-3 text-right">{formatNairaTotal(d.revenueKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function CategoryTable({ categories }: { categories: PanelData["report"]["categories"] }) {
  if (categories.length === 0) return <p className="mt-3 text-sm text-slate-600">No sales on these days.</p>;
  return (
    <>
      {/* Phones: a card per category. */}
      <ul className="mt-3 grid gap-3 md:hidden" data-testid="category-cards">
        {categories.map((c) => (
          <li key={c.categoryId} data-category={c.name} className="rounded-xl p-4 ring-1 ring-slate-200">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{c.name}</span>
              <span className="shrink-0 font-semibold tabular-nums text-slate-900">{formatNairaTotal(c.revenueKobo)}</span>
            </div>
            <ShareBar percent={c.sharePercent} />
            <p className="mt-1 text-sm text-slate-600">
              {percent(c.sharePercent)} of revenue · {c.orders === 1 ? "1 order" : `${count(c.orders)} orders`} ·{" "}
              {c.units === 1 ? "1 unit" : `${count(c.units)} units`}
            </p>
          </li>
        ))}
      </ul>
      {/* From md: a table. */}
      <div className="mt-3 hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm tabular-nums" data-testid="category-table">
          <caption className="sr-only">Orders, units and revenue per category</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2 pl-3 pr-3 font-semibold">
                Category
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Orders
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Units
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Revenue
              </th>
              <th scope="col" className="w-1/4 py-2 pl-3 pr-3 font-semibold">
                Share
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {categories.map((c) => (
              <tr key={c.categoryId} data-category={c.name}>
                <th scope="row" className="py-2.5 pl-3 pr-3 font-medium text-slate-900">
                  {c.name}
                </th>
                <td className="px-3 py-2.5 text-right">{count(c.orders)}</td>
                <td className="px-3 py-2.5 text-right">{count(c.units)}</td>
                <td className="whitespace-nowrap px-3 py-2.5 text-right font-semibold text-slate-900">{formatNairaTotal(c.revenueKobo)}</td>
                <td className="py-2.5 pl-3 pr-3">
                  <div className="flex items-center gap-2">
                    <span className="w-12 shrink-0 text-right">{percent(c.sharePercent)}</span>
                    <ShareBar percent={c.sharePercent} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">An order with products of two categories counts once in each.</p>
    </>
  );
}

function ShareBar({ percent: value }: { percent: number }) {
  return (
    <span className="mt-1 block h-1.5 w-full min-w-12 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <span className="block h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, value)}%` }} />
    </span>
  );
}

function BestSellers({ products }: { products: PanelData["report"]["bestSellers"] }) {
  if (products.length === 0) return <p className="mt-3 text-sm text-slate-600">No sales on these days.</p>;
  return (
    <ol className="mt-3 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="report-best-sellers">
      {products.map((p, i) => (
        <li key={p.productId} data-product-id={p.productId} className="flex items-start gap-3 px-4 py-3">
          <span className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">{i + 1}</span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Link
                to={`/admin/products/${p.productId}`}
                className="min-w-0 font-medium text-brand-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline"
              >
                {p.name}
              </Link>
              {p.archived ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">Deleted</span>
              ) : null}
            </div>
            <p className="text-sm text-slate-600">
              {p.category} · #{p.productId}
            </p>
          </div>
          <div className="shrink-0 text-right text-sm">
            <p className="font-semibold text-slate-900">{count(p.units)} sold</p>
            <p className="tabular-nums text-slate-600">{formatNairaTotal(p.revenueKobo)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

import { useId, useState } from "react";
import { Link } from "react-router";
import { formatNairaTotal } from "~/common/money";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { Overview as OverviewData, OverviewDay } from "~/server/admin/overview";

// The sales overview under Admin Info (ADMIN_PANELS.adminInfo): three figures, revenue per day
// as a bar chart (inline SVG, no chart library), best sellers and low stock.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** '3 May' from 'YYYY-MM-DD'; with the weekday, 'Sun 3 May'. */
function dayText(date: string, weekday = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  const text = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return weekday ? `${WEEKDAYS[d.getUTCDay()]} ${text}` : text;
}

/** Axis labels: '₦0', '₦250k', '₦1.5m'. Written by hand so server and browser print the same. */
function compactNaira(kobo: number): string {
  const naira = kobo / 100;
  const short = (n: number) => String(Math.round(n * 100) / 100);
  if (naira >= 1_000_000) return `₦${short(naira / 1_000_000)}m`;
  if (naira >= 1_000) return `₦${short(naira / 1_000)}k`;
  return `₦${short(naira)}`;
}

/**
 * The y axis: a round step (1, 2, 2.5 or 5 times a power of ten naira) and how many of them
 * reach the best day, at most five, so the tallest bar nearly fills the chart.
 */
function niceScale(maxKobo: number): { stepKobo: number; steps: number } {
  const maxNaira = maxKobo / 100;
  if (maxNaira <= 0) return { stepKobo: 25_000 * 100, steps: 4 };
  let magnitude = 10 ** Math.floor(Math.log10(maxNaira / 5));
  for (;;) {
    for (const f of [1, 2, 2.5, 5]) {
      const step = f * magnitude;
      if (step >= 1 && Math.ceil(maxNaira / step) <= 5) return { stepKobo: step * 100, steps: Math.ceil(maxNaira / step) };
    }
    magnitude *= 10;
  }
}

const ordersText = (n: number) => (n === 0 ? "no paid orders" : n === 1 ? "1 order" : `${n} orders`);

export function Overview({ data }: { data: OverviewData }) {
  const first = data.days[0]?.date;
  const last = data.days[data.days.length - 1]?.date;
  return (
    <div className="border-t border-slate-200 pt-6">
      <h2 className="text-lg font-semibold text-slate-900">Sales overview</h2>
      <p className="mt-1 text-sm text-slate-600">
        Last {data.days.length} days{first && last ? ` (${dayText(first)} – ${dayText(last)})` : ""}, Lagos time. Only paid orders count; cancelled
        and refunded ones are left out.
      </p>

      <dl className="mt-5 grid grid-cols-1 gap-3 lg:grid-cols-3">
        <Stat label="Revenue, 30 days" value={formatNairaTotal(data.revenueKobo)} testId="stat-revenue" />
        <Stat label="Orders, 30 days" value={data.orderCount.toLocaleString("en-US")} testId="stat-orders" />
        <Stat label="Average order value" value={formatNairaTotal(data.averageOrderKobo)} testId="stat-average" />
      </dl>

      <RevenueChart days={data.days} />

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <TopProducts products={data.topProducts} />
        <LowStock items={data.lowStock} total={data.lowStockTotal} threshold={data.lowStockThreshold} />
      </div>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-2.5 ring-1 ring-slate-200 lg:py-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900 lg:mt-1 lg:text-xl xl:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The chart: bars in an SVG that stretches to its box (viewBox, width 100%); the axis labels
// are HTML beside and under it, so they stay readable at 375 px. Screen readers get the SVG's
// name and a visually hidden table of the 30 days; a mouse gets a <title> per bar; a tap or
// hover on a bar shows its day under the chart (today until then).

const SLOT = 10; // viewBox units per day
const BAR = 7;
const HEIGHT = 100;

function RevenueChart({ days }: { days: OverviewDay[] }) {
  const id = useId();
  const todayIndex = days.length - 1;
  const [picked, setPicked] = useState(todayIndex);
  const { stepKobo, steps } = niceScale(Math.max(0, ...days.map((d) => d.revenueKobo)));
  const top = stepKobo * steps;
  const ticks = Array.from({ length: steps + 1 }, (_, i) => i * stepKobo);
  const width = days.length * SLOT;
  // Day labels under the bars: five from 640 px, three on a phone (7 and 21 would collide).
  const labelled = new Map([
    [0, ""],
    [7, "hidden sm:inline"],
    [14, ""],
    [21, "hidden sm:inline"],
    [todayIndex, ""],
  ]);
  const empty = days.every((d) => d.revenueKobo === 0);
  const shown = days[picked] ?? days[todayIndex];
  const name = `Revenue per day, last ${days.length} days`;

  return (
    <figure className="mt-8" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-base font-semibold text-slate-900">
        Revenue per day
      </figcaption>

      <div className="mt-4 flex h-48 gap-2 sm:h-64">
        <div className="relative w-12 shrink-0 text-right text-xs tabular-nums text-slate-600" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${(t / top) * 100}%` }}>
              {compactNaira(t)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            role="img"
            aria-label={name}
            className="block overflow-visible"
            data-testid="revenue-chart"
          >
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={width}
                y1={HEIGHT - (t / top) * HEIGHT}
                y2={HEIGHT - (t / top) * HEIGHT}
                stroke={t === 0 ? "#94a3b8" : "#e2e8f0"}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((d, i) => {
              const h = d.revenueKobo === 0 ? 0 : Math.max(1, (d.revenueKobo / top) * HEIGHT);
              const fill = i === picked ? "#d97706" : d.revenueKobo === 0 ? "#cbd5e1" : "#1d4ed8";
              return (
                <g key={d.date} onMouseEnter={() => setPicked(i)} onClick={() => setPicked(i)} className="cursor-pointer">
                  <title>{`${dayText(d.date, true)}${i === todayIndex ? " (today)" : ""}: ${formatNairaTotal(d.revenueKobo)}, ${ordersText(d.orders)}`}</title>
                  <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} fill="transparent" />
                  <rect
                    data-testid="revenue-bar"
                    data-date={d.date}
                    x={i * SLOT + (SLOT - BAR) / 2}
                    width={BAR}
                    // A zero day keeps a thin stub, so "no sales" looks different from "no data".
                    y={HEIGHT - (h || 0.8)}
                    height={h || 0.8}
                    fill={fill}
                  />
                </g>
              );
            })}
          </svg>
          {empty ? (
            <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-600">No paid orders in the last {days.length} days.</p>
          ) : null}
        </div>
      </div>

      <div className="relative ml-14 mt-1 h-4 text-xs text-slate-600" aria-hidden="true">
        {days.map((d, i) =>
          labelled.has(i) ? (
            <span
              key={d.date}
              className={`absolute whitespace-nowrap ${labelled.get(i)} ${i === 0 ? "" : i === todayIndex ? "-translate-x-full" : "-translate-x-1/2"}`}
              style={{ left: i === 0 ? 0 : i === todayIndex ? "100%" : `${((i + 0.5) / days.length) * 100}%` }}
            >
              {i === todayIndex ? "Today" : dayText(d.date)}
            </span>
          ) : null,
        )}
      </div>

      {shown ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="chart-readout" aria-hidden="true">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-accent-600 align-middle" />{" "}
          <span className="font-medium">{picked === todayIndex ? "Today" : dayText(shown.date, true)}:</span>{" "}
          <span className="font-semibold tabular-nums text-slate-900">{formatNairaTotal(shown.revenueKobo)}</span>{" "}
          {shown.orders === 0 ? "(no paid orders)" : `from ${ordersText(shown.orders)}`}
          <span className="block text-xs text-slate-500">Tap or point at a bar to see that day.</span>
        </p>
      ) : null}

      {/* A table box ignores overflow: hidden, so the wrapper is what hides it. */}
      <div className="sr-only">
        <table data-testid="revenue-table">
          <caption>{name}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Revenue</th>
              <th scope="col">Paid orders</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.date} data-date={d.date}>
                <th scope="row">{`${dayText(d.date, true)}${i === todayIndex ? " (today)" : ""}`}</th>
                <td>{formatNairaTotal(d.revenueKobo)}</td>
                <td>{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

// ---------------------------------------------------------------------------------------------

function TopProducts({ products }: { products: OverviewData["topProducts"] }) {
  return (
    <section aria-labelledby="overview-top-products">
      <h3 id="overview-top-products" className="text-base font-semibold text-slate-900">
        Best sellers
      </h3>
      <p className="text-sm text-slate-600">Units sold in the last 30 days</p>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No sales in the last 30 days.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="top-products">
          {products.map((p, i) => (
            <li key={p.productId} className="flex items-start gap-3 px-4 py-3">
              <span className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">
                {i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <Link to={`/admin/products/${p.productId}`} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
                  {p.name}
                </Link>
                <p className="text-sm text-slate-600">
                  <span className="font-semibold text-slate-900">{p.units} sold</span> · {formatNairaTotal(p.revenueKobo)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function LowStock({ items, total, threshold }: { items: OverviewData["lowStock"]; total: number; threshold: number }) {
  return (
    <section aria-labelledby="overview-low-stock">
      <h3 id="overview-low-stock" className="text-base font-semibold text-slate-900">
        Low stock
      </h3>
      <p className="text-sm text-slate-600">
        Products and sizes at or under their low-stock alert ({threshold} unless set on the product&apos;s page), to restock first
      </p>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing is running low.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="low-stock">
          {items.map((v) => (
            <li key={v.variantId} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <Link to={`/admin/products/${v.productId}`} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
                  {v.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {v.size ? `Size ${v.size} · ` : ""}alert at {v.threshold}
                </p>
              </div>
              <span
                className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${
                  v.stock === 0 ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-amber-50 text-amber-900 ring-1 ring-amber-200"
                }`}
              >
                {v.stock === 0 ? "Out of stock" : `${v.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > items.length ? (
        <p className="mt-2 text-sm text-slate-600">
          And {total - items.length} more.{" "}
          <Link to={adminPanelPath(ADMIN_PANELS.manageProducts)} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
            See all products
          </Link>
        </p>
      ) : null}
    </section>
  );
}

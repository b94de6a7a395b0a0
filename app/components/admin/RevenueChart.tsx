import { useId, useState } from "react";
import { formatNairaTotal } from "~/common/money";

// Revenue per Lagos day as a bar chart (inline SVG, no chart library), for the Admin Info
// overview's 30 days and the Reports panel's chosen range (1 to 366 days). Bars in an SVG that
// stretches to its box (viewBox, width 100%); the axis labels are HTML beside and under it, so
// they stay readable at 375 px. Screen readers get the SVG's name and a visually hidden table of
// the days; a mouse gets a <title> per bar; a tap or hover on a bar shows its day under the chart
// (the last day until then).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** '3 May' from 'YYYY-MM-DD'; with the weekday, 'Sun 3 May'; with the year, '3 May 2026'. */
export function dayText(date: string, weekday = false, year = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  const text = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}${year ? ` ${d.getUTCFullYear()}` : ""}`;
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

/**
 * Which days get a label under the bars, with the classes of each: the first and the last, and
 * between them evenly spaced ones (every 7th of 30 days); the odd ones only from 640 px, where
 * they do not collide.
 */
function axisLabels(count: number): Map<number, string> {
  const last = count - 1;
  const labels = new Map<number, string>([[0, ""]]);
  if (count >= 12) {
    const step = Math.floor(count / 4);
    for (let k = 1; k <= 3; k++) if (last - k * step >= step / 2) labels.set(k * step, k % 2 === 1 ? "hidden sm:inline" : "");
  } else if (count > 2) {
    labels.set(Math.floor(last / 2), "");
  }
  labels.set(last, "");
  return labels;
}

const ordersText = (n: number) => (n === 0 ? "no paid orders" : n === 1 ? "1 order" : `${n} orders`);
const unitsText = (n: number) => (n === 1 ? "1 unit" : `${n.toLocaleString("en-US")} units`);

export interface ChartDay {
  /** `YYYY-MM-DD`, a Lagos calendar day. */
  date: string;
  revenueKobo: number;
  orders: number;
  /** Units sold: shown under the chart and in its table when given. */
  units?: number;
}

const SLOT = 10; // viewBox units per day
const BAR = 7;
const HEIGHT = 100;

export function RevenueChart({ days, today, name, emptyText }: { days: ChartDay[]; today: string; name: string; emptyText: string }) {
  const id = useId();
  const lastIndex = days.length - 1;
  const isToday = (i: number) => i === lastIndex && days[i]?.date === today;
  const [picked, setPicked] = useState(lastIndex);
  const { stepKobo, steps } = niceScale(Math.max(0, ...days.map((d) => d.revenueKobo)));
  const top = stepKobo * steps;
  const ticks = Array.from({ length: steps + 1 }, (_, i) => i * stepKobo);
  const width = days.length * SLOT;
  const labelled = axisLabels(days.length);
  // Days of more than one year carry their year.
  const withYear = days.length > 0 && days[0].date.slice(0, 4) !== days[lastIndex].date.slice(0, 4);
  const empty = days.every((d) => d.revenueKobo === 0);
  const shown = days[picked] ?? days[lastIndex];
  const pickedIndex = days[picked] ? picked : lastIndex;
  const hasUnits = days.some((d) => d.units !== undefined);

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
              const fill = i === pickedIndex ? "#d97706" : d.revenueKobo === 0 ? "#cbd5e1" : "#1d4ed8";
              return (
                <g key={d.date} onMouseEnter={() => setPicked(i)} onClick={() => setPicked(i)} className="cursor-pointer">
                  <title>{`${dayText(d.date, true, withYear)}${isToday(i) ? " (today)" : ""}: ${formatNairaTotal(d.revenueKobo)}, ${ordersText(d.orders)}`}</title>
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
          {empty ? <p className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-600">{emptyText}</p> : null}
        </div>
      </div>

      <div className="relative ml-14 mt-1 h-4 text-xs text-slate-600" aria-hidden="true">
        {days.map((d, i) =>
          labelled.has(i) ? (
            <span
              key={d.date}
              className={`absolute whitespace-nowrap ${labelled.get(i)} ${i === 0 ? "" : i === lastIndex ? "-translate-x-full" : "-translate-x-1/2"}`}
              style={{ left: i === 0 ? 0 : i === lastIndex ? "100%" : `${((i + 0.5) / days.length) * 100}%` }}
            >
              {isToday(i) ? "Today" : dayText(d.date, false, withYear)}
            </span>
          ) : null,
        )}
      </div>

      {shown ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="chart-readout" aria-hidden="true">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-accent-600 align-middle" />{" "}
          <span className="font-medium">{isToday(pickedIndex) ? "Today" : dayText(shown.date, true, withYear)}:</span>{" "}
          <span className="font-semibold tabular-nums text-slate-900">{formatNairaTotal(shown.revenueKobo)}</span>{" "}
          {shown.orders === 0 ? "(no paid orders)" : `from ${ordersText(shown.orders)}`}
          {shown.orders > 0 && shown.units !== undefined ? `, ${unitsText(shown.units)}` : ""}
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
              {hasUnits ? <th scope="col">Units</th> : null}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.date} data-date={d.date}>
                <th scope="row">{`${dayText(d.date, true, withYear)}${isToday(i) ? " (today)" : ""}`}</th>
                <td>{formatNairaTotal(d.revenueKobo)}</td>
                <td>{d.orders}</td>
                {hasUnits ? <td>{d.units ?? 0}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

import { Link } from "react-router";
import { formatNairaTotal } from "~/common/money";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { Overview as OverviewData } from "~/server/admin/overview";
import { dayText, RevenueChart } from "./RevenueChart";

// The sales overview under Admin Info (ADMIN_PANELS.adminInfo): three figures, revenue per day
// as a bar chart (RevenueChart.tsx), best sellers and low stock.

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
      <p className="mt-1 text-sm">
        <Link to={adminPanelPath(ADMIN_PANELS.reports)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Other dates, categories and CSV files: Reports
        </Link>
      </p>

      <dl className="mt-5 grid grid-cols-1 gap-3 lg:grid-cols-3">
        <Stat label="Revenue, 30 days" value={formatNairaTotal(data.revenueKobo)} testId="stat-revenue" />
        <Stat label="Orders, 30 days" value={data.orderCount.toLocaleString("en-US")} testId="stat-orders" />
        <Stat label="Average order value" value={formatNairaTotal(data.averageOrderKobo)} testId="stat-average" />
      </dl>

      <RevenueChart
        days={data.days}
        today={last ?? ""}
        name={`Revenue per day, last ${data.days.length} days`}
        emptyText={`No paid orders in the last ${data.days.length} days.`}
      />

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

import { BackLink } from "./BackLink";
import { Form, Link } from "react-router";
import type { customersPanelData } from "~/app/admin/customers.server";
import { formatNairaTotal } from "~/common/money";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { inputStyle } from "../account/fields";
import { buttonStyles } from "../Dialog";
import { orderPath } from "./OrdersPanel";
import { readableLagosTime } from "~/common/lagos-time";

// Customers (ADMIN_PANELS.customers, issue 18): found by name, e-mail or phone, each with their
// orders and what they spent; one customer's page lists their orders, each linking to it.

type PanelData = Awaited<ReturnType<typeof customersPanelData>>;

export function CustomersPanel({ data }: { data: PanelData }) {
  if (data.customer || data.missing) return <OneCustomer data={data} />;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Customers</h2>
      <p className="mt-1 text-sm text-slate-600">Orders count those paid; spent leaves out refunded and cancelled ones. Times are Lagos time.</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <input type="hidden" name="menu" value={ADMIN_PANELS.customers} />
        <label className="grid min-w-0 flex-1 basis-64 gap-1 text-sm font-medium text-slate-700">
          Search
          <input type="search" name="q" defaultValue={data.q} maxLength={100} placeholder="Name, e-mail or phone" className={inputStyle} />
        </label>
        <button type="submit" className={buttonStyles.primary}>
          Find
        </button>
        {data.q ? (
          <Link to={adminPanelPath(ADMIN_PANELS.customers)} className={buttonStyles.secondary}>
            Clear
          </Link>
        ) : null}
      </Form>
      {data.customers.length === 0 ? (
        <p className="py-10 text-center text-slate-600">No customers found.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="customers">
          {data.customers.map((c) => (
            <li key={c.id}>
              <Link
                to={adminPanelPath(ADMIN_PANELS.customers, { customer: String(c.id) })}
                className="grid gap-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-brand-700 [overflow-wrap:anywhere]">{c.fullName}</span>
                  <span className="block text-sm text-slate-600 [overflow-wrap:anywhere]">
                    {c.email} · {c.phoneNumber}
                  </span>
                </span>
                <span className="text-sm text-slate-700 sm:text-right">
                  <span className="font-semibold text-slate-900">
                    {c.orderCount} {c.orderCount === 1 ? "order" : "orders"}
                  </span>{" "}
                  · {formatNairaTotal(c.spentKobo)}
                  <span className="block text-xs text-slate-500">{c.lastOrderAt ? `Last ${readableLagosTime(c.lastOrderAt)}` : "No orders yet"}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OneCustomer({ data }: { data: PanelData }) {
  const back = <BackLink to={adminPanelPath(ADMIN_PANELS.customers, data.q ? { q: data.q } : {})}>Customers</BackLink>;
  const c = data.customer;
  if (!c) {
    return (
      <div>
        {back}
        <p role="alert" className="mt-6 text-slate-700">
          There is no such customer.
        </p>
      </div>
    );
  }
  return (
    <div>
      {back}
      <h2 className="mt-3 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{c.fullName}</h2>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-slate-500">Email</dt>
        <dd className="[overflow-wrap:anywhere]">
          <a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">
            {c.email}
          </a>
          {c.verified ? null : <span className="ml-2 text-xs text-amber-800">(not verified)</span>}
        </dd>
        <dt className="font-medium text-slate-500">Phone</dt>
        <dd>
          <a href={`tel:+${c.phoneNumber.replace(/\D/g, "")}`} className="text-brand-700 hover:underline">
            {c.phoneNumber}
          </a>
        </dd>
        <dt className="font-medium text-slate-500">Customer since</dt>
        <dd>{readableLagosTime(c.joinedAt)}</dd>
        <dt className="font-medium text-slate-500">Orders</dt>
        <dd>
          {c.orderCount}, spent <span className="font-semibold text-slate-900">{formatNairaTotal(c.spentKobo)}</span>
        </dd>
      </dl>
      <h3 className="mt-6 font-semibold text-slate-900">Orders</h3>
      {c.orders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No orders yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="customer-orders">
          {c.orders.map((o) => (
            <li key={o.orderRef}>
              <Link to={orderPath(o.orderRef)} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50">
                <span className="font-semibold text-brand-700 [overflow-wrap:anywhere]">{o.orderRef}</span>
                <span className="text-sm text-slate-700">
                  {o.statusLabel} · {formatNairaTotal(o.totalKobo)} · {readableLagosTime(o.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { ADMIN_PANELS, adminOrderPath, adminPanelPath } from "~/common/panels";
import { addDays } from "~/common/lagos-time";
import type { OrderStatus } from "~/server/orders/lifecycle";
import type { BulkStatusAnswer, ordersPanelData } from "~/app/admin/orders.server";
import { FormMessage, inputStyle } from "../account/fields";
import { buttonStyles } from "../Dialog";
import { readableLagosDate, readableLagosTime } from "~/common/lagos-time";

// The admin's Orders panel (ADMIN_PANELS.orders): filters by status and Lagos day, then the
// placed orders, newest first. Cards on a phone, a table from md:. Orders paid after their stock
// was sold need a refund and stand out in red.
//
// Issue 18 adds the CSV exports of what the filters select, and the bulk status change: a box on
// each order, "Select all shown", a status and Apply. The boxes of both layouts (cards, table)
// belong to the bulk form and share one selection; the action counts an order named twice once.

type PanelData = Awaited<ReturnType<typeof ordersPanelData>>;

/** A badge colour for every status of the lifecycle (server/orders/lifecycle.ts); its words come from the server. */
const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: "bg-slate-100 text-slate-700 ring-slate-300",
  confirmed: "bg-orange-50 text-orange-900 ring-orange-300",
  expired: "bg-slate-100 text-slate-700 ring-slate-300",
  paid: "bg-blue-50 text-blue-800 ring-blue-200",
  processing: "bg-amber-50 text-amber-900 ring-amber-300",
  shipped: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
  refunded: "bg-purple-50 text-purple-800 ring-purple-200",
};

export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {label}
    </span>
  );
}

function RefundBadge() {
  return (
    <span className="inline-flex items-center whitespace-nowrap rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
      Refund needed
    </span>
  );
}

/** An order's status, "Refund needed" when it was paid after its stock was sold, and whether staff took it (issue 28). */
export function OrderBadges({
  order,
}: {
  order: { status: OrderStatus; statusLabel: string; needsRefund: boolean; uncollectedDays?: number | null; takenByStaff?: boolean };
}) {
  return (
    <>
      <StatusBadge status={order.status} label={order.statusLabel} />
      {order.needsRefund ? <RefundBadge /> : null}
      {order.takenByStaff ? (
        <span className="inline-flex items-center whitespace-nowrap rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          Taken by staff
        </span>
      ) : null}
      {order.uncollectedDays ? (
        <span className="inline-flex items-center whitespace-nowrap rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
          Not collected for {order.uncollectedDays} days
        </span>
      ) : null}
    </>
  );
}

const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** The detail page of an order; it carries the list's filters so its Back link returns to them. */
export function orderPath(orderRef: string, filter?: PanelData["filter"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter ?? {})) if (value) params.set(key, value);
  const query = params.toString();
  return `${adminOrderPath(orderRef)}${query ? `?${query}` : ""}`;
}

/**
 * The bulk form's answer: the dashboard's action result while this panel shows (its only form
 * that posts), including the network fallback's error, which names no form.
 */
function bulkAnswer(result: unknown): BulkStatusAnswer | undefined {
  if (!result || typeof result !== "object" || !("status" in result) || !("message" in result)) return undefined;
  if ("form" in result && result.form === "orders-bulk") return result as BulkStatusAnswer;
  return result.status === "error" && typeof result.message === "string"
    ? { form: "orders-bulk", status: "error", message: result.message, refused: [] }
    : undefined;
}

const BULK_FORM = "orders-bulk";

export function OrdersPanel({ data, result }: { data: PanelData; result?: unknown }) {
  const { orders, filter, statusOptions, needsRefundCount, filtered, today } = data;
  const answer = bulkAnswer(result);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // After a bulk change the ticks go: the list shows the orders as they now are. Refused input keeps them.
  useEffect(() => {
    if (bulkAnswer(result)?.status === "done") setSelected(new Set());
  }, [result]);
  const shown = orders.map((order) => order.orderRef);
  const chosen = shown.filter((ref) => selected.has(ref));
  const toggle = (orderRef: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(orderRef);
      else next.delete(orderRef);
      return next;
    });
  const rowBox = (orderRef: string) => (
    <input
      type="checkbox"
      form={BULK_FORM}
      name="orderRef"
      value={orderRef}
      checked={selected.has(orderRef)}
      onChange={(e) => toggle(orderRef, e.target.checked)}
      aria-label={`Select ${orderRef}`}
      className="h-5 w-5 rounded border-slate-400 accent-brand-700"
    />
  );
  const listUrl = (values: Partial<PanelData["filter"]>) => {
    const chosen = Object.entries({ ...filter, ...values }).filter(([, value]) => value);
    return adminPanelPath(ADMIN_PANELS.orders, Object.fromEntries(chosen));
  };
  const quickRanges = [
    { label: "Today", from: today, to: today },
    { label: "Last 7 days", from: addDays(today, -6), to: today },
    { label: "Last 30 days", from: addDays(today, -29), to: today },
  ];
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Orders</h2>
        <p className="text-sm text-slate-600">Dates and times are Lagos time.</p>
      </div>

      {needsRefundCount > 0 && filter.status !== "needs-refund" ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p>
            <strong>
              {needsRefundCount} {needsRefundCount === 1 ? "order needs" : "orders need"} a refund
            </strong>
            : {needsRefundCount === 1 ? "it was" : "they were"} paid after the stock was sold.
          </p>
          <Link to={listUrl({ status: "needs-refund" })} className="font-semibold text-red-800 underline hover:text-red-950">
            Show {needsRefundCount === 1 ? "it" : "them"}
          </Link>
        </div>
      ) : null}

      <Form
        method="get"
        action="/admin"
        className="mt-4 grid gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <input type="hidden" name="menu" value={ADMIN_PANELS.orders} />
        <div className="sm:col-span-2 lg:col-span-4">
          <label htmlFor="orders-search" className="block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="orders-search"
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder="Order ID, name, e-mail or phone"
            className={inputStyle}
          />
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="orders-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={filter.status} className={inputStyle}>
            {statusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label} ({option.count})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-from" className="block text-sm font-medium text-slate-700">
            From
          </label>
          <input id="orders-from" type="date" name="from" defaultValue={filter.from} max={today} className={inputStyle} />
        </div>
        <div>
          <label htmlFor="orders-to" className="block text-sm font-medium text-slate-700">
            To
          </label>
          <input id="orders-to" type="date" name="to" defaultValue={filter.to} max={today} className={inputStyle} />
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          <button type="submit" className={`${buttonStyles.primary} flex-[2] whitespace-nowrap lg:flex-none`}>
            Show orders
          </button>
          {filtered ? (
            <Link to={adminPanelPath(ADMIN_PANELS.orders)} className={`${buttonStyles.secondary} flex-1 lg:flex-none`}>
              Clear
            </Link>
          ) : null}
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm sm:col-span-2 lg:col-span-4">
          <span className="text-slate-600">Quick dates:</span>
          {quickRanges.map((range) => (
            <Link key={range.label} to={listUrl({ from: range.from, to: range.to })} className="font-semibold text-brand-700 hover:underline">
              {range.label}
            </Link>
          ))}
        </p>
      </Form>

      <ExportLinks data={data} />

      {orders.length > 0 ? (
        <BulkBar
          data={data}
          answer={answer}
          chosen={chosen.length}
          allChosen={chosen.length === shown.length}
          onSelectAll={(on) => setSelected(new Set(on ? shown : []))}
          action={listUrl({})}
        />
      ) : null}

      <p className="mt-4 text-sm text-slate-600" role="status">
        {orders.length === 0
          ? ""
          : `${orders.length} ${orders.length === 1 ? "order" : "orders"}${filtered ? (orders.length === 1 ? " matches" : " match") : ""}`}
        {data.truncated ? ` (the newest ${data.limit}; choose dates to see older ones)` : ""}
      </p>

      {orders.length === 0 ? (
        <p className="py-10 text-center text-slate-600">No orders found.</p>
      ) : (
        <>
          {/* Phones: one card per order, the whole card opens it. */}
          <ul className="mt-2 grid grid-cols-1 gap-3 md:hidden" aria-label="Orders">
            {orders.map((order) => (
              <li
                key={order.orderRef}
                className={`relative rounded-xl border bg-white p-4 ${order.needsRefund ? "border-red-300 border-l-4 border-l-red-700 bg-red-50/40" : "border-slate-200"}`}
              >
                <div className="flex items-start gap-3">
                  {/* Above the card's link, which covers the whole card. */}
                  <span className="relative z-10 -m-2 flex p-2">{rowBox(order.orderRef)}</span>
                  <Link
                    to={orderPath(order.orderRef, filter)}
                    className="block min-w-0 text-sm font-semibold text-brand-700 [overflow-wrap:anywhere] after:absolute after:inset-0 after:rounded-xl hover:underline"
                  >
                    {order.orderRef}
                  </Link>
                </div>
                <div className="mt-2 flex items-center justify-between gap-3">
                  <span className="flex flex-wrap gap-1.5">
                    <OrderBadges order={order} />
                  </span>
                  <span className="whitespace-nowrap text-sm font-semibold text-slate-900">{formatNairaTotal(order.totalKobo)}</span>
                </div>
                <p className="mt-2 truncate text-sm text-slate-900">{order.customerName}</p>
                <p className="truncate text-sm text-slate-600" title={order.customerEmail}>
                  {order.customerEmail}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {readableLagosTime(order.orderDate)} · {itemCount(order.itemCount)}
                </p>
              </li>
            ))}
          </ul>

          {/* From md: a table. */}
          <div className="mt-2 hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Orders, newest first</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="w-10 py-2 pl-3 font-semibold">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col" className="py-2 pl-3 pr-3 font-semibold">
                    Order
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Customer
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Total
                  </th>
                  <th scope="col" className="py-2 pl-3 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.map((order) => (
                  <tr key={order.orderRef} className={order.needsRefund ? "bg-red-50/60" : "hover:bg-slate-50"}>
                    <td className={`py-3 pl-3 align-top ${order.needsRefund ? "border-l-4 border-l-red-700" : "border-l-4 border-l-transparent"}`}>
                      {rowBox(order.orderRef)}
                    </td>
                    <td className="whitespace-nowrap py-3 pl-3 pr-3 align-top">
                      <Link to={orderPath(order.orderRef, filter)} className="font-semibold text-brand-700 hover:underline">
                        {order.orderRef}
                      </Link>
                      <div className="mt-0.5 text-slate-600">{readableLagosTime(order.orderDate)}</div>
                    </td>
                    <td className="w-full max-w-0 px-3 py-3 align-top">
                      <div className="truncate text-slate-900">{order.customerName}</div>
                      <div className="truncate text-slate-600" title={order.customerEmail}>
                        {order.customerEmail}
                      </div>
                    </td>
                    <td className="whitespace-nowrap px-3 py-3 text-right align-top">
                      <div className="font-semibold text-slate-900">{formatNairaTotal(order.totalKobo)}</div>
                      <div className="text-slate-600">{itemCount(order.itemCount)}</div>
                    </td>
                    <td className="py-3 pl-3 align-top">
                      <div className="flex flex-col items-start gap-1">
                        <OrderBadges order={order} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** The CSV exports of what the filters select, over the days they cover (issue 18). */
function ExportLinks({ data }: { data: PanelData }) {
  const range = data.exportRange;
  const href = (path: string) => {
    if (!range.ok) return path;
    const query = new URLSearchParams();
    if (data.filter.status) query.set("status", data.filter.status);
    if (data.filter.q) query.set("q", data.filter.q);
    query.set("from", range.from);
    query.set("to", range.to);
    return `${path}?${query}`;
  };
  const button = `${buttonStyles.secondary} flex-1 whitespace-nowrap px-3 py-2 text-sm sm:flex-none`;
  return (
    <section
      aria-labelledby="orders-export-heading"
      className="mt-4 flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 text-sm">
        <h3 id="orders-export-heading" className="font-semibold text-slate-900">
          Export for Excel
        </h3>
        {range.ok ? (
          <p className="text-slate-600" data-testid="export-range">
            {range.from === range.to ? readableLagosDate(range.from) : `${readableLagosDate(range.from)} to ${readableLagosDate(range.to)}`}
            {data.filter.status || data.filter.q ? ", with the status and search above" : ""}
          </p>
        ) : (
          <p role="alert" className="text-red-800">
            {range.message}
          </p>
        )}
      </div>
      {range.ok ? (
        <div className="flex flex-wrap gap-2">
          {/* Plain links: the answer is a file download, not a page. */}
          <a href={href("/admin/orders.csv")} className={button}>
            Orders (CSV)
          </a>
          <a href={href("/admin/order-lines.csv")} className={button}>
            Order lines (CSV)
          </a>
        </div>
      ) : null}
    </section>
  );
}

/** The bulk status change: select all shown, the new status, Apply; then what happened to each order. */
function BulkBar({
  data,
  answer,
  chosen,
  allChosen,
  onSelectAll,
  action,
}: {
  data: PanelData;
  answer: BulkStatusAnswer | undefined;
  chosen: number;
  allChosen: boolean;
  onSelectAll: (on: boolean) => void;
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "orders-bulk-status";
  const tooMany = chosen > data.bulk.max;
  return (
    <section aria-labelledby="bulk-heading" className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 id="bulk-heading" className="sr-only">
        Change several orders at once
      </h3>
      <Form method="post" action={action} id={BULK_FORM} className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-end">
        <input type="hidden" name="intent" value="orders-bulk-status" />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:pb-2.5">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={chosen > 0 && allChosen}
              onChange={(e) => onSelectAll(e.target.checked)}
              className="h-5 w-5 rounded border-slate-400 accent-brand-700"
            />
            Select all shown
          </label>
          <span className="text-sm text-slate-600" data-testid="bulk-count">
            {chosen} selected
          </span>
        </div>
        <div className="sm:justify-self-end">
          <label htmlFor="bulk-status" className="block text-sm font-medium text-slate-700">
            Change the selected to
          </label>
          <select id="bulk-status" name="status" required defaultValue="" className={`${inputStyle} sm:w-56`}>
            <option value="" disabled>
              Choose a status
            </option>
            {data.bulk.statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy} aria-disabled={busy} className={`${buttonStyles.primary} whitespace-nowrap`}>
          {busy ? "Applying..." : "Apply"}
        </button>
      </Form>
      <p className="mt-2 text-xs text-slate-600">
        Each order follows the usual rules and its customer is emailed; an order that cannot make the change is left as it is and listed.
      </p>
      {tooMany ? (
        <div className="mt-3">
          <FormMessage tone="error">{messages.bulkTooMany(data.bulk.max)}</FormMessage>
        </div>
      ) : null}
      {answer ? (
        <div className="mt-3 grid gap-2" data-testid="bulk-result">
          <FormMessage tone={answer.status === "done" ? (answer.refused.length ? "warning" : "success") : "error"}>{answer.message}</FormMessage>
          {answer.refused.length ? (
            <ul className="list-disc pl-5 text-sm text-red-800" data-testid="bulk-refused">
              {answer.refused.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

import { BackLink } from "./BackLink";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { SHOP_ADDRESS, SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { formatNaira, formatNairaTotal } from "~/common/money";
import { discountLabel } from "~/common/totals";
import { channelWord } from "~/common/payment-channels";
import type { OrderDocumentData } from "~/app/admin/orders.server";
import { Logo } from "../Logo";
import { buttonStyles } from "../Dialog";
import { readableLagosTime } from "~/common/lagos-time";

// An order's invoice and packing slip (issue 18): one A4 sheet each, printed from the browser.
// On screen the sheet sits in the back office with a bar above it (back, print, the other
// document); printed, only the sheet: the page's own print rules below hide the back office's
// frame (AdminFrame's print:hidden), the bar and everything the root puts around the page.

export type DocumentKind = "invoice" | "packing-slip";

export const DOCUMENT_TITLES: Record<DocumentKind, string> = { invoice: "Invoice", "packing-slip": "Packing slip" };

export const isDocumentKind = (value: string): value is DocumentKind => Object.hasOwn(DOCUMENT_TITLES, value);

/** A4 with margins the printer can reach; nothing but the document on paper. */
const PRINT_CSS = `
@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, body { background: #fff !important; }
  body > :not(main) { display: none !important; }
}
`;

export function documentPath(orderRef: string, kind: DocumentKind): string {
  return `/admin/orders/${encodeURIComponent(orderRef)}/${kind}`;
}

export function OrderDocument({ order, kind }: { order: OrderDocumentData; kind: DocumentKind }) {
  const other: DocumentKind = kind === "invoice" ? "packing-slip" : "invoice";
  const d = order.delivery;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <div className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-x-4 gap-y-3 print:hidden">
        <BackLink to={`/admin/orders/${encodeURIComponent(order.orderRef)}`}>Back to the order</BackLink>
        <span className="flex gap-2">
          <Link to={documentPath(order.orderRef, other)} className={`${buttonStyles.secondary} px-4 py-2 text-sm`}>
            {DOCUMENT_TITLES[other]}
          </Link>
          <button type="button" onClick={() => window.print()} className={`${buttonStyles.primary} px-4 py-2 text-sm`}>
            Print
          </button>
        </span>
      </div>

      <article
        aria-labelledby="document-title"
        data-testid="order-document"
        className="mx-auto max-w-[210mm] bg-white p-5 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-10 print:max-w-none print:p-0 print:shadow-none print:ring-0"
      >
        <header className="flex flex-col gap-5 border-b border-slate-300 pb-5 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <Logo />
            <address className="mt-2 text-xs not-italic leading-5 text-slate-600" data-testid="shop-details">
              {SHOP_NAME}
              <br />
              {SHOP_ADDRESS}
              <br />
              {SHOP_PHONE_DISPLAY} · {SHOP_EMAIL}
            </address>
          </div>
          <div className="sm:text-right">
            <h1 id="document-title" className="text-2xl font-bold uppercase tracking-wide text-slate-900">
              {DOCUMENT_TITLES[kind]}
            </h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs sm:justify-end">
              <dt className="text-slate-500">Order ID</dt>
              <dd className="font-mono font-semibold text-slate-900 [overflow-wrap:anywhere]" data-testid="document-order-ref">
                {order.orderRef}
              </dd>
              <dt className="text-slate-500">Ordered</dt>
              <dd>{readableLagosTime(order.orderDate)}</dd>
              <dt className="text-slate-500">Paid</dt>
              <dd>{readableLagosTime(order.paidDate)}</dd>
              <dt className="text-slate-500">Status</dt>
              <dd>
                {order.statusLabel}
                {order.needsRefund ? ", refund needed" : ""}
              </dd>
              {order.trackingId ? (
                <>
                  <dt className="text-slate-500">Tracking ID</dt>
                  <dd className="font-mono [overflow-wrap:anywhere]">{order.trackingId}</dd>
                </>
              ) : null}
            </dl>
          </div>
        </header>

        <div className="grid gap-5 border-b border-slate-300 py-5 sm:grid-cols-2">
          <Party title="Deliver to">
            <span className="font-semibold text-slate-900">
              {d.firstName} {d.lastName}
            </span>
            <br />
            {d.address}
            <br />
            {d.city}, {d.state}
            <br />
            {d.phone}
            <br />
            <span className="[overflow-wrap:anywhere]">{d.email}</span>
          </Party>
          <Party title="Customer">
            <span className="font-semibold text-slate-900">{order.customer.fullName}</span>
            <br />
            <span className="[overflow-wrap:anywhere]">{order.customer.email}</span>
            <br />
            {order.customer.phoneNumber}
          </Party>
        </div>

        {kind === "invoice" ? <InvoiceLines order={order} /> : <PackingLines order={order} />}

        <p className="mt-8 border-t border-slate-200 pt-3 text-center text-xs text-slate-500">
          {SHOP_NAME} · {SHOP_ADDRESS} · {SHOP_PHONE_DISPLAY} · {SHOP_EMAIL}
        </p>
      </article>
    </>
  );
}

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-500">{title}</h2>
      <p className="mt-1 leading-6">{children}</p>
    </section>
  );
}

const cell = "py-2 align-top";
const head = "py-2 text-xs font-semibold uppercase tracking-wide text-slate-500";

/** The line's name; on a phone its size goes under it (the Size column shows from sm: and on paper). */
function ItemName({ name, size }: { name: string; size: string }) {
  return (
    <>
      <span className="font-medium text-slate-900">{name}</span>
      {size ? <span className="block text-xs text-slate-600 sm:hidden">Size {size}</span> : null}
    </>
  );
}

function InvoiceLines({ order }: { order: OrderDocumentData }) {
  const p = order.payment;
  return (
    <>
      <table className="mt-5 w-full border-collapse text-left" data-testid="document-lines">
        <caption className="sr-only">Items</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className={`${head} pr-2`}>
              Item
            </th>
            <th scope="col" className={`${head} hidden px-2 sm:table-cell`}>
              Size
            </th>
            <th scope="col" className={`${head} px-2 text-right`}>
              Qty
            </th>
            <th scope="col" className={`${head} px-2 text-right`}>
              Unit price
            </th>
            <th scope="col" className={`${head} pl-2 text-right`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {order.items.map((item, i) => (
            <tr key={i} data-testid="document-line">
              <td className={`${cell} pr-2 [overflow-wrap:anywhere]`}>
                <ItemName name={item.productName} size={item.size} />
              </td>
              <td className={`${cell} hidden px-2 sm:table-cell`}>{item.size || "—"}</td>
              <td className={`${cell} px-2 text-right tabular-nums`}>{item.quantity}</td>
              <td className={`${cell} whitespace-nowrap px-2 text-right tabular-nums`}>{formatNaira(item.unitPriceKobo)}</td>
              <td className={`${cell} whitespace-nowrap pl-2 text-right font-medium tabular-nums text-slate-900`}>
                {formatNairaTotal(item.subtotalKobo)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex flex-col gap-5 border-t border-slate-300 pt-4 sm:flex-row-reverse sm:justify-between">
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 sm:min-w-64 [&>dd]:pl-8" data-testid="document-totals">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatNairaTotal(order.subtotalKobo)}</dd>
          {order.discounts.map((discount, i) => (
            <Fragment key={i}>
              <dt className="text-slate-600" data-testid="document-discount">
                {discountLabel(discount)}
              </dt>
              <dd className="text-right tabular-nums">−{formatNairaTotal(discount.amountKobo)}</dd>
            </Fragment>
          ))}
          <dt className="text-slate-600">Delivery</dt>
          <dd className="text-right">Free</dd>
          <dt className="border-t border-slate-300 pt-1 text-base font-bold text-slate-900">Total</dt>
          <dd className="border-t border-slate-300 pt-1 text-right text-base font-bold tabular-nums text-slate-900" data-testid="document-total">
            {formatNairaTotal(order.totalKobo)}
          </dd>
        </dl>
        <section>
          <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-500">Payment</h2>
          {p ? (
            <p className="mt-1 leading-6">
              {p.status === "success" ? "Paid" : `Payment ${p.status}`}
              {p.channel ? ` by ${channelWord(p.channel)}` : ""} through {p.provider}
              {p.verified ? ", verified" : ""}
              <br />
              Reference <span className="font-mono text-xs [overflow-wrap:anywhere]">{p.reference}</span>
            </p>
          ) : (
            <p className="mt-1">No payment recorded.</p>
          )}
          {order.status === "cancelled" || order.status === "refunded" ? (
            <p className="mt-2 font-semibold text-red-800">This order is {order.statusLabel.toLowerCase()}.</p>
          ) : null}
        </section>
      </div>
    </>
  );
}

function PackingLines({ order }: { order: OrderDocumentData }) {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <>
      <table className="mt-5 w-full border-collapse text-left" data-testid="document-lines">
        <caption className="sr-only">Items to pack</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className={`${head} w-10 pr-2`}>
              <span aria-hidden>✓</span>
              <span className="sr-only">Packed</span>
            </th>
            <th scope="col" className={`${head} pr-2`}>
              Item
            </th>
            <th scope="col" className={`${head} hidden px-2 sm:table-cell`}>
              Size
            </th>
            <th scope="col" className={`${head} pl-2 text-right`}>
              Qty
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {order.items.map((item, i) => (
            <tr key={i} data-testid="document-line">
              <td className={`${cell} pr-2`}>
                <span aria-hidden className="inline-block h-5 w-5 rounded-sm border-2 border-slate-500" />
              </td>
              <td className={`${cell} pr-2 [overflow-wrap:anywhere]`}>
                <ItemName name={item.productName} size={item.size} />
              </td>
              <td className={`${cell} hidden px-2 sm:table-cell`}>{item.size || "—"}</td>
              <td className={`${cell} pl-2 text-right text-base font-bold tabular-nums text-slate-900`}>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 border-t border-slate-300 pt-3 text-right font-semibold text-slate-900" data-testid="document-units">
        {`${units} ${units === 1 ? "unit" : "units"} in all`}
      </p>
      {order.discounts.length ? (
        <p className="mt-2 text-right text-sm text-slate-700" data-testid="document-promotions">
          Promotion used: {order.discounts.map(discountLabel).join(", ")}
        </p>
      ) : null}
      <div className="mt-10 grid gap-8 sm:grid-cols-2">
        <p className="border-t border-slate-400 pt-1 text-xs text-slate-600">Packed by (name, signature, date)</p>
        <p className="border-t border-slate-400 pt-1 text-xs text-slate-600">Received by the customer (name, signature, date)</p>
      </div>
    </>
  );
}

import { BackLink } from "../components/admin/BackLink";
import { useState, type ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { OrderLine } from "../components/OrderLine";
import type { Route } from "./+types/admin.orders.$orderRef";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { formatNairaTotal } from "~/common/money";
import { channelLabel } from "~/common/payment-channels";
import { orderStatusAction } from "../admin/orders.server";
import { FormMessage, inputStyle, SubmitButton } from "../components/account/fields";
import { AdminFrame } from "../components/admin/AdminFrame";
import { OrderError } from "../components/admin/OrderError";
import { documentPath } from "../components/admin/OrderDocument";
import { buttonStyles } from "../components/Dialog";
import { OrderBadges, StatusBadge } from "../components/admin/OrdersPanel";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { isOwner } from "~/app/services.server";
import { NOTE_MAX, TRACKING_ID_MAX, getOrderForAdmin, staffLabel } from "~/app/services.server";
import { readableLagosTime } from "~/common/lagos-time";

// One order for the admin (issue 5): its lines, delivery details, payment and the provider's
// verification, the history of its status, and the form that moves it on.

/** The Orders panel, with the filters the admin came from (carried in this page's query). */
function backToList(request: Request): string {
  const filter: Record<string, string> = {};
  const here = new URL(request.url).searchParams;
  for (const key of ["status", "from", "to", "q"]) {
    const value = here.get(key);
    // The search is free text (URLSearchParams encodes it); the others are known words or days.
    const fits = key === "q" ? (value?.length ?? 0) <= 100 : /^[a-z0-9-]{1,20}$/.test(value ?? "");
    if (value && fits) filter[key] = value;
  }
  return adminPanelPath(ADMIN_PANELS.orders, filter);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  const order = await getOrderForAdmin(context.db, params.orderRef);
  if (!order) throw data("Order not found", { status: 404 });
  return {
    order: {
      ...order,
      statusLabel: staffLabel(order.status),
      events: order.events.map((event) => ({ ...event, label: staffLabel(event.status) })),
      /** stockNote: what the move does to its stock, in words (the lifecycle's declaration, decision 0050). */
      next: order.nextStatuses.map((status) => ({ value: status, label: staffLabel(status), stockNote: order.stockNotes[status] ?? "" })),
    },
    backTo: backToList(request),
    owner: isOwner(account),
    limits: { trackingId: TRACKING_ID_MAX, note: NOTE_MAX },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin");
  const form = await request.formData();
  // The order is the one of this page: a form naming another one (or anything else) is refused.
  const named = form.get("orderRef");
  if (named !== null && named !== params.orderRef) return data<FormResult>({ status: "error", message: messages.requestUnreadable }, { status: 400 });
  form.set("orderRef", params.orderRef);
  return orderStatusAction(account, form, context);
}
export const clientAction = networkFallback(messages.tryAgain);

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ params }) => privatePageMeta(`Order ${params.orderRef}`);

type Order = Route.ComponentProps["loaderData"]["order"];

const PROVIDERS: Record<string, string> = { paystack: "Paystack", test: "Test gateway (no real money)" };

function Card({ title, id, children, className = "" }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, backTo, limits, owner } = loaderData;
  const d = order.delivery;
  return (
    <AdminFrame owner={owner} active={ADMIN_PANELS.orders}>
      <BackLink to={backTo}>Back to orders</BackLink>
      <p className="mt-4 text-sm font-medium uppercase tracking-wider text-slate-500">Order</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{order.orderRef}</h1>
        <OrderBadges order={order} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatNairaTotal(order.totalKobo)}</span> · ordered {readableLagosTime(order.orderDate)}
        {order.paidDate ? ` · paid ${readableLagosTime(order.paidDate)}` : ""} <span className="text-slate-500">(Lagos time)</span>
      </p>
      {order.paidDate ? (
        <p className="mt-3 flex flex-wrap gap-2">
          {/* To print (issue 18): each page has its Print button. */}
          <Link to={documentPath(order.orderRef, "invoice")} className={`${buttonStyles.secondary} px-4 py-2 text-sm`}>
            Invoice
          </Link>
          <Link to={documentPath(order.orderRef, "packing-slip")} className={`${buttonStyles.secondary} px-4 py-2 text-sm`}>
            Packing slip
          </Link>
        </p>
      ) : null}

      {order.needsRefund ? (
        <div role="note" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">This order needs a refund.</p>
          <p className="mt-1">
            The payment arrived after the stock of this order was sold, so no units are held for it. Refund the customer in your payment provider's
            dashboard and mark it Refunded, or restock the items and move it to Processing to deliver it.
          </p>
        </div>
      ) : null}

      {/* Two columns from lg:. On a phone one column, with the status form right after the items,
          where the owner reaches it without scrolling past the payment details. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="contents lg:grid lg:min-w-0 lg:gap-6">
          <Items order={order} className="order-1" />
          <Card title="Customer and delivery" id="delivery-heading" className="order-3">
            <div className="grid gap-6 sm:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Deliver to</h3>
                <address className="mt-1 text-sm not-italic leading-6 text-slate-800" data-testid="delivery-details">
                  {d.firstName} {d.lastName}
                  <br />
                  {d.address}
                  <br />
                  {d.city}, {d.state}
                  <br />
                  <a href={`tel:${d.phone}`} className="text-brand-700 hover:underline">
                    {d.phone}
                  </a>
                  <br />
                  <a href={`mailto:${d.email}`} className="text-brand-700 [overflow-wrap:anywhere] hover:underline">
                    {d.email}
                  </a>
                </address>
              </div>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Customer account</h3>
                <p className="mt-1 text-sm leading-6 text-slate-800">
                  {order.customer.fullName}
                  <br />
                  <a href={`mailto:${order.customer.email}`} className="text-brand-700 [overflow-wrap:anywhere] hover:underline">
                    {order.customer.email}
                  </a>
                  <br />
                  <a href={`tel:${order.customer.phoneNumber}`} className="text-brand-700 hover:underline">
                    {order.customer.phoneNumber}
                  </a>
                </p>
              </div>
            </div>
          </Card>
          <Payment order={order} className="order-4" />
        </div>
        <div className="contents lg:grid lg:min-w-0 lg:gap-6">
          {/* A new key after each change, so the form starts again from the order as it now is. */}
          <StatusForm key={`${order.status}-${order.events.length}`} order={order} limits={limits} result={actionData} className="order-2" />
          <History order={order} className="order-5" />
        </div>
      </div>
    </AdminFrame>
  );
}

function Items({ order, className }: { order: Order; className?: string }) {
  return (
    <Card title="Items" id="items-heading" className={className}>
      <ul className="divide-y divide-slate-100">
        {order.items.map((item, i) => (
          <OrderLine key={i} item={item} />
        ))}
      </ul>
      <dl className="mt-2 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-slate-900">{formatNairaTotal(order.totalKobo)}</dd>
        </div>
        <div className="flex justify-between py-1 text-base font-bold">
          <dt className="text-slate-900">Total paid</dt>
          <dd className="text-slate-900" data-testid="order-total">
            {formatNairaTotal(order.totalKobo)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Payment({ order, className }: { order: Order; className?: string }) {
  const p = order.payment;
  const v = p?.verification;
  return (
    <Card title="Payment" id="payment-heading" className={className}>
      {!p ? (
        <p className="text-sm text-slate-600">No payment was opened for this order.</p>
      ) : (
        <>
          {p.verified ? (
            <p className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="payment-verified">
              ✓ Verified: {PROVIDERS[p.provider] ?? p.provider} confirmed {formatNairaTotal(v?.amountKobo ?? 0)} in {v?.currency}, the amount of this
              order.
            </p>
          ) : (
            <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Not verified: the provider has not confirmed this exact amount. Check the payment in the provider's dashboard before sending anything.
            </p>
          )}
          <dl className="divide-y divide-slate-100">
            <Row label="Provider">{PROVIDERS[p.provider] ?? p.provider}</Row>
            <Row label="Paid by">
              <span data-testid="payment-channel">{channelLabel(p.channel) ?? "—"}</span>
            </Row>
            <Row label="Reference">
              <span className="break-all font-mono text-xs sm:text-sm" data-testid="payment-reference">
                {p.reference}
              </span>
            </Row>
            <Row label="Payment status">{p.status}</Row>
            <Row label="Amount asked">
              {formatNairaTotal(p.amountKobo)} {p.currency}
            </Row>
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">The provider's verification</h3>
          {v ? (
            <dl className="divide-y divide-slate-100">
              <Row label="Status">{v.status ?? "—"}</Row>
              <Row label="Amount">{v.amountKobo !== null ? formatNairaTotal(v.amountKobo) : "—"}</Row>
              <Row label="Currency">{v.currency ?? "—"}</Row>
              <Row label="Gateway says">{v.gatewayResponse ?? "—"}</Row>
              <Row label="Paid at">{v.paidAt ? `${readableLagosTime(v.paidAt)} (Lagos)` : "—"}</Row>
            </dl>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No verification has been received.</p>
          )}
        </>
      )}
    </Card>
  );
}

function StatusForm({
  order,
  limits,
  result,
  className = "",
}: {
  className?: string;
  order: Order;
  limits: Route.ComponentProps["loaderData"]["limits"];
  result: Route.ComponentProps["actionData"];
}) {
  // The usual next step is chosen for the owner, except when the order awaits a refund: then
  // nothing is, so a refund is never sent to Processing by a hurried tap.
  const forward = order.needsRefund
    ? undefined
    : order.next.find((n) => n.value === "processing" || n.value === "shipped" || n.value === "delivered");
  const [chosen, setChosen] = useState(forward?.value ?? "");
  const mailed =
    chosen === "cancelled"
      ? "The customer is emailed that the order is cancelled and will be refunded."
      : chosen === "refunded"
        ? "This only records the refund: send the money back from your payment provider's dashboard first. The customer is emailed."
        : chosen === "shipped"
          ? "Add the courier's tracking ID so the customer can follow the delivery. The customer is emailed."
          : chosen
            ? "The customer is emailed about the change."
            : "";
  const consequence = [mailed, order.next.find((n) => n.value === chosen)?.stockNote].filter(Boolean).join(" ");
  return (
    <Card title="Update status" id="status-heading" className={className}>
      <p className="text-sm text-slate-700">
        Now: <StatusBadge status={order.status} label={order.statusLabel} />
        {order.trackingId ? (
          <>
            {" "}
            ·{" "}
            <span className="whitespace-nowrap">
              Tracking ID{" "}
              <span className="font-mono" data-testid="tracking-id">
                {order.trackingId}
              </span>
            </span>
          </>
        ) : null}
      </p>
      {result?.status === "done" ? (
        <div className="mt-3">
          <FormMessage tone="success">{result.message}</FormMessage>
        </div>
      ) : null}
      {result?.status === "error" ? (
        <div className="mt-3">
          <FormMessage tone="error">{result.message}</FormMessage>
        </div>
      ) : null}
      {order.next.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          {order.status === "refunded" ? "This order is refunded: it is finished." : "This order cannot be changed here."}
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="order-status" />
          <input type="hidden" name="orderRef" value={order.orderRef} />
          <div>
            <label htmlFor="new-status" className="block text-sm font-medium text-slate-700">
              New status
            </label>
            <select id="new-status" name="status" required value={chosen} onChange={(e) => setChosen(e.target.value)} className={inputStyle}>
              {forward ? null : (
                <option value="" disabled>
                  Choose a status
                </option>
              )}
              {order.next.map((n) => (
                <option key={n.value} value={n.value}>
                  {n.label}
                </option>
              ))}
            </select>
            {consequence ? <p className="mt-1 text-sm text-slate-600">{consequence}</p> : null}
          </div>
          <div>
            <label htmlFor="tracking-id" className="block text-sm font-medium text-slate-700">
              Tracking ID <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id="tracking-id"
              name="trackingId"
              defaultValue={order.trackingId ?? ""}
              maxLength={limits.trackingId}
              autoComplete="off"
              className={inputStyle}
            />
            <p className="mt-1 text-xs text-slate-500">The courier's number; the customer sees it in My Orders and in the email.</p>
          </div>
          <div>
            <label htmlFor="status-note" className="block text-sm font-medium text-slate-700">
              Note <span className="font-normal text-slate-500">(optional, for the history; not emailed)</span>
            </label>
            <textarea id="status-note" name="note" rows={2} maxLength={limits.note} className={inputStyle} />
          </div>
          <SubmitButton busyText="Saving...">Update status</SubmitButton>
        </Form>
      )}
    </Card>
  );
}

function History({ order, className }: { order: Order; className?: string }) {
  return (
    <Card title="History" id="history-heading" className={className}>
      <ol className="relative grid gap-4 border-l-2 border-slate-200 pl-4" data-testid="order-history">
        {[...order.events].reverse().map((event, i) => (
          <li key={i} className="relative text-sm">
            <span aria-hidden className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-700 ring-2 ring-white" />
            <p className="font-semibold text-slate-900">{event.label}</p>
            <p className="text-slate-600">
              {readableLagosTime(event.at)} · {event.adminName ? `by ${event.adminName}` : "automatic"}
            </p>
            {event.note ? <p className="mt-0.5 text-slate-800">{event.note}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

export const ErrorBoundary = OrderError;

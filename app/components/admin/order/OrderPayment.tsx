import { readableLagosTime } from "~/common/lagos-time";
import { formatNairaTotal } from "~/common/money";
import { channelLabel } from "~/common/payment-channels";
import { Card, Row, type AdminOrder } from "./OrderCard";

const PROVIDERS: Record<string, string> = { paystack: "Paystack", test: "Test gateway (no real money)" };

/** The payment opened for the order, and what the provider confirmed of it. */
export function OrderPayment({ order, className }: { order: AdminOrder; className?: string }) {
  const p = order.payment;
  const v = p?.verification;
  if (order.paymentMethod === "pay_on_delivery") return <PaidOnDelivery order={order} className={className} />;
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

const METHOD_LABELS: Record<string, string> = { cash: "Cash", transfer: "Transfer", pos: "POS" };

/** An order paid on delivery: what was collected at the door, or that nothing has been yet. */
function PaidOnDelivery({ order, className }: { order: AdminOrder; className?: string }) {
  const c = order.collection;
  return (
    <Card title="Payment" id="payment-heading" className={className}>
      {!c ? (
        <p className="text-sm text-slate-700" data-testid="payment-on-delivery">
          Pay on delivery: {formatNairaTotal(order.totalKobo)} to collect at the door. Nothing collected yet.
        </p>
      ) : (
        <dl className="divide-y divide-slate-100" data-testid="payment-on-delivery">
          <Row label="Paid">On delivery</Row>
          <Row label="Collected">
            {formatNairaTotal(c.amountKobo)} ({METHOD_LABELS[c.method] ?? c.method})
          </Row>
          {c.reason ? <Row label="Not the total, because">{c.reason}</Row> : null}
          <Row label="Recorded by">{c.by}</Row>
          <Row label="At">{readableLagosTime(c.at)} (Lagos)</Row>
        </dl>
      )}
    </Card>
  );
}

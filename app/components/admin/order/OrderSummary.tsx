import { Link } from "react-router";
import { readableLagosTime } from "~/common/lagos-time";
import { formatNairaTotal } from "~/common/money";
import { buttonStyles } from "~/app/components/Dialog";
import { BackLink } from "../BackLink";
import { documentPath } from "../OrderDocument";
import { OrderBadges } from "../OrdersPanel";
import type { AdminOrder } from "./OrderCard";

/** The top of an order's page: back to the list, its ID and badges, total and days, the printable documents, a refund's warning. */
export function OrderSummary({ order, backTo }: { order: AdminOrder; backTo: string }) {
  return (
    <>
      <BackLink to={backTo}>Back to orders</BackLink>
      <p className="mt-4 text-sm font-medium uppercase tracking-wider text-slate-500">Order</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{order.orderRef}</h1>
        <OrderBadges order={order} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatNairaTotal(order.totalKobo)}</span> · ordered {readableLagosTime(order.orderDate)}
        {order.paidDate ? ` · paid ${readableLagosTime(order.paidDate)}` : ""}
        {order.paymentMethod === "pay_on_delivery" ? <strong className="font-semibold text-orange-900"> · pay on delivery</strong> : null}{" "}
        <span className="text-slate-500">(Lagos time)</span>
      </p>
      {order.placed ? (
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
    </>
  );
}

import type { AdminOrder } from "./OrderCard";

/**
 * What moving the order to the chosen status does, said under the status field: the customer's
 * e-mail, then what the move does to its stock, in the words of the lifecycle's declaration
 * (server/orders/lifecycle.ts TRANSITIONS, decision 0050).
 */
export function StatusConsequence({ order, chosen }: { order: Pick<AdminOrder, "next">; chosen: string }) {
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
  return consequence ? <p className="mt-1 text-sm text-slate-600">{consequence}</p> : null;
}

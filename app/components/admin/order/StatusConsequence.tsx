import type { AdminOrder } from "./OrderCard";

/**
 * What moving the order to the chosen status does, said under the status field: the customer's
 * e-mail, and what happens to the stock it holds.
 */
export function StatusConsequence({ order, chosen }: { order: Pick<AdminOrder, "holdsStock" | "needsRefund">; chosen: string }) {
  const { holdsStock } = order;
  const consequence =
    chosen === "cancelled"
      ? `The customer is emailed that the order is cancelled and will be refunded.${holdsStock ? " Its items go back into stock." : ""}`
      : chosen === "refunded"
        ? `This only records the refund: send the money back from your payment provider's dashboard first. The customer is emailed.${holdsStock ? " The items go back into stock." : ""}`
        : chosen === "shipped"
          ? "Add the courier's tracking ID so the customer can follow the delivery. The customer is emailed."
          : chosen === "processing" && order.needsRefund
            ? "The items are taken from stock now; if they are not back in stock yet, this is refused."
            : chosen
              ? "The customer is emailed about the change."
              : "";
  return consequence ? <p className="mt-1 text-sm text-slate-600">{consequence}</p> : null;
}

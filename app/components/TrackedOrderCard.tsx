import type { TrackedOrder } from "~/server/orders/tracking";
import { readableLagosDate } from "~/common/lagos-time";

/** An order's status for a customer who has not signed in: /trackorder, and the order's link in texts (/o/{token}). */
export function TrackedOrderCard({ order }: { order: TrackedOrder }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="tracked-heading">
      <h2 id="tracked-heading" className="break-all font-semibold text-slate-900">
        {order.orderRef}
      </h2>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd className="font-semibold text-brand-800" data-testid="tracked-status">
          {order.statusLabel}
        </dd>
        <dt className="text-slate-500">Tracking ID</dt>
        <dd data-testid="tracked-tracking-id">{order.trackingId ?? "Not yet assigned"}</dd>
        <dt className="text-slate-500">Ordered on</dt>
        <dd>{readableLagosDate(order.placedOn)}</dd>
        <dt className="text-slate-500">Delivery</dt>
        <dd data-testid="tracked-estimate">{order.estimate}</dd>
      </dl>
    </section>
  );
}

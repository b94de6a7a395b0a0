import { readableLagosTime } from "~/common/lagos-time";
import { Card, type AdminOrder } from "./OrderCard";

/** Every status the order went through, newest first, with who moved it and their note. */
export function OrderHistory({ order, className }: { order: AdminOrder; className?: string }) {
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

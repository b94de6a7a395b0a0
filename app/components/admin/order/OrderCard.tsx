import type { ReactNode } from "react";
import type { loader } from "~/app/routes/admin.orders.$orderRef";

// The parts of an order's page (routes/admin.orders.$orderRef.tsx): each a card with a heading.

/** The order as the page's loader gives it. */
export type AdminOrder = Awaited<ReturnType<typeof loader>>["order"];

export function Card({ title, id, children, className = "" }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";

export function Section({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: { to: string; label: string };
  children: ReactNode;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        {action ? (
          <Link to={action.to} className="text-sm font-semibold text-brand-700 hover:underline">
            {action.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

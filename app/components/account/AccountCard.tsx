import type { ReactNode } from "react";
/** The frame of the sign-in, sign-up and password pages: one card, centred, phone first. */
export function AccountCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8 sm:py-14">
      <section className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">{footer}</div> : null}
      </section>
    </div>
  );
}

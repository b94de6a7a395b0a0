import type { ReactNode } from "react";
import { messages } from "~/common/messages";

/** The frame of the company pages: a heading, a short lead, and readable text. */
export function InfoPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-slate-600">{lead}</p> : null}
      <div className="mt-8 grid gap-6 leading-relaxed text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1">
        {children}
      </div>
    </article>
  );
}

/** Brands and Specials (requirements §2.4): only 'Coming soon...'. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{messages.comingSoon}</p>
    </section>
  );
}

import { data, Link } from "react-router";
import type { Route } from "./+types/dev.mailbox";
import { privatePageMeta } from "../seo";
import { devMailboxEnabled, listMail } from "~/app/services.server";
import { readableLagosTime } from "~/common/lagos-time";

// Development only (no SMTP_URL, not production): the e-mails the shop would have sent.

export async function loader({ context }: Route.LoaderArgs) {
  if (!devMailboxEnabled(context.config)) throw data("Not found", { status: 404 });
  return { mail: await listMail(context.db) };
}

export const meta: Route.MetaFunction = () => privatePageMeta("Dev mailbox");

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Dev mailbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        No mail server is set (SMTP_URL), so the shop's e-mails stop here. Newest first; this page does not exist in production.
      </p>
      {loaderData.mail.length === 0 ? (
        <p className="py-12 text-center text-slate-600">No e-mails yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {loaderData.mail.map((m) => (
            <li key={m.id}>
              <Link to={`/dev/mailbox/${m.id}`} className="block px-4 py-3 hover:bg-brand-50">
                <span className="block font-semibold text-slate-900">{m.subject}</span>
                <span className="block text-sm text-slate-600">
                  To {m.to} · {readableLagosTime(new Date(m.createdAt))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

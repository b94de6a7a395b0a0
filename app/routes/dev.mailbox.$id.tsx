import { data, Link } from "react-router";
import type { Route } from "./+types/dev.mailbox.$id";
import { privatePageMeta } from "../seo";
import { devMailboxEnabled, getMail } from "~/app/services.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const mail = devMailboxEnabled(context.config) && Number.isSafeInteger(id) ? await getMail(context.db, id) : null;
  if (!mail) throw data("Not found", { status: 404 });
  // The text twin ends each action with "Label: URL"; those become buttons above the preview.
  const links = [...mail.text.matchAll(/^(.+): (https?:\/\/\S+)$/gm)].map(([, label, url]) => ({ label, url }));
  return { mail: { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, links } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => privatePageMeta(loaderData?.mail.subject ?? "Dev mailbox");

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  // The message's own HTML in a sandboxed frame (no scripts, no navigation): a preview only.
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/dev/mailbox" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Dev mailbox
      </Link>
      <h1 className="mt-3 text-xl font-bold text-slate-900">{mail.subject}</h1>
      <p className="text-sm text-slate-600">To {mail.to}</p>
      {mail.links.length ? (
        <ul aria-label="Links in this e-mail" className="mt-4 flex flex-wrap gap-3">
          {mail.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} className="inline-block rounded-lg bg-accent-500 px-4 py-2 font-semibold text-slate-900 hover:bg-accent-400">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <iframe title={mail.subject} srcDoc={mail.html} sandbox="" className="mt-4 h-[36rem] w-full rounded-2xl bg-white ring-1 ring-slate-200" />
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Plain-text version</summary>
        <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">{mail.text}</pre>
      </details>
    </div>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/dev.phone";
import { readableLagosTime } from "~/common/lagos-time";
import { privatePageMeta } from "../seo";
import { devPhoneEnabled, listTexts, smsSize } from "~/app/services.server";

// Demo mode only, while no text provider is set (issue 28): the SMS and WhatsApp messages the
// shop would have sent, as the dev mailbox shows its e-mails.

export async function loader({ context }: Route.LoaderArgs) {
  if (!devPhoneEnabled(context.config)) throw data("Not found", { status: 404 });
  const texts = await listTexts(context.db);
  return { texts: texts.map((t) => ({ ...t, size: t.channel === "sms" ? smsSize(t.text) : null })) };
}

export const meta: Route.MetaFunction = () => privatePageMeta("Dev phone");

const CHANNEL = { sms: "SMS", whatsapp: "WhatsApp", email: "E-mail" } as const;

export default function DevPhone({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Dev phone</h1>
      <p className="mt-1 text-sm text-slate-600">
        No SMS or WhatsApp provider is set (TERMII_API_KEY, WHATSAPP_ACCESS_TOKEN), so the shop's text messages stop here. Newest first; this page
        does not exist in production.
      </p>
      {loaderData.texts.length === 0 ? (
        <p className="py-12 text-center text-slate-600">No text messages yet.</p>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label="Text messages">
          {loaderData.texts.map((t) => (
            <li key={t.id} data-testid="dev-text" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${t.channel === "whatsapp" ? "bg-green-100 text-green-900" : "bg-sky-100 text-sky-900"}`}
                >
                  {CHANNEL[t.channel]}
                </span>
                <span className="font-semibold text-slate-900">{t.subject}</span>
                <span>
                  to {t.to} · {readableLagosTime(new Date(t.createdAt))}
                </span>
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words rounded-xl bg-slate-100 p-3 text-slate-900">{t.text}</p>
              {t.size ? (
                <p className="mt-1 text-xs text-slate-500">
                  {t.size.units} characters ({t.size.encoding}): {t.size.segments === 1 ? "1 SMS" : `${t.size.segments} SMS`}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

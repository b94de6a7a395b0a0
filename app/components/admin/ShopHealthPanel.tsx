import type { ReactNode } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { shopHealthPanelData } from "~/app/admin/shop-health.server";
import type { FormResult } from "~/app/forms";
import { FormMessage } from "../account/fields";
import { OwnersOnly } from "./AdminsPanel";

// Shop health (ADMIN_PANELS.shopHealth, owners only; issue 27): the figures /metrics gives, in
// words, then each list of what needs a person, every item linked to its order. An empty list
// says so, so the owner reads "nothing to do" rather than a blank.

type PanelData = Extract<Awaited<ReturnType<typeof shopHealthPanelData>>, { ownersOnly: false }>;

export function ShopHealthPanel({ data }: { data: Awaited<ReturnType<typeof shopHealthPanelData>> }) {
  const result = useActionData() as FormResult | undefined;
  if (data.ownersOnly) return <OwnersOnly heading="Shop health" />;
  const needs =
    data.incidents.length + data.failedMail.length + data.failedRefunds.length + data.awaited.length + data.disputes.length + data.stoppedJobs.length;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Shop health</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="health-verdict">
        {needs === 0 ? "Nothing needs you now." : `${needs} thing${needs === 1 ? " needs" : "s need"} you. Times are Lagos time.`}
      </p>
      <ul
        className="mt-3 grid gap-1 rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200 sm:grid-cols-2"
        data-testid="health-summary"
      >
        {data.summary.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {result ? (
        <div className="mt-4">
          <FormMessage tone={result.status === "done" ? "success" : "error"}>{"message" in result ? result.message : ""}</FormMessage>
        </div>
      ) : null}

      <Section title="Open incidents" empty="No incident is open." items={data.incidents} testId="incidents">
        {(i) => (
          <>
            <Subject path={i.path}>{i.subject}</Subject>
            <p className="mt-1 text-slate-700 wrap-anywhere">{i.detail}</p>
            <p className="mt-1 text-xs text-slate-500">Since {i.since}</p>
            <ActionButton intent="incident-resolve" id={i.id} label="Mark resolved" what={i.subject} tone="quiet" />
          </>
        )}
      </Section>
      <Section title="E-mails given up on" empty="No e-mail has failed for good." items={data.failedMail} testId="failed-mail">
        {(m) => <FailedMail mail={m} />}
      </Section>
      <Section title="Refunds Paystack refused" empty="No refund was refused." items={data.failedRefunds} testId="failed-refunds">
        {(r) => (
          <>
            <Subject path={r.path}>Order {r.orderRef}</Subject> <span className="font-semibold">{r.amount}</span>
            <p className="mt-1 text-slate-700 wrap-anywhere">{r.why}</p>
          </>
        )}
      </Section>
      <Section
        title={
          data.transferWaitMinutes === 60 ? "Transfers awaited for over an hour" : `Transfers awaited for over ${data.transferWaitMinutes} minutes`
        }
        empty="No transfer is late."
        items={data.awaited}
        testId="awaited"
      >
        {(p) => (
          <>
            <Subject path={p.path}>Order {p.orderRef}</Subject> <span className="font-semibold">{p.amount}</span>
            <p className="mt-1 text-xs text-slate-500">Announced {p.since}</p>
          </>
        )}
      </Section>
      <Section title="Disputes" empty="No payment is disputed." items={data.disputes} testId="disputes">
        {(d) => (
          <>
            <Subject path={d.path}>Order {d.orderRef}</Subject> <span className="font-semibold">{d.amount}</span>
            <p className="mt-1 text-slate-700">Answer on Paystack&apos;s dashboard by {d.due}.</p>
          </>
        )}
      </Section>
      <Section
        title={`Jobs that missed ${data.missedIntervals} runs`}
        empty="Every background job runs."
        items={data.stoppedJobs}
        testId="stopped-jobs"
      >
        {(j) => (
          <>
            <span className="font-semibold text-slate-900">{j.job}</span> <span className="text-slate-600">({j.every})</span>
            <p className="mt-1 text-slate-700">Last good run: {j.lastSuccess}</p>
            {j.why ? <p className="mt-1 text-slate-700 wrap-anywhere">Last error: {j.why}</p> : null}
          </>
        )}
      </Section>
    </div>
  );
}

function Section<T>({
  title,
  empty,
  items,
  testId,
  children,
}: {
  title: string;
  empty: string;
  items: T[];
  testId: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="mt-6" aria-labelledby={`${testId}-title`}>
      <h3 id={`${testId}-title`} className="font-semibold text-slate-900">
        {title}{" "}
        {items.length ? <span className="ml-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{items.length}</span> : null}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 grid gap-2" data-testid={testId}>
          {items.map((item, i) => (
            <li key={i} className="min-w-0 rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Subject({ path, children }: { path: string | null; children: ReactNode }) {
  if (!path) return <span className="font-semibold text-slate-900">{children}</span>;
  return (
    <Link to={path} className="font-semibold text-brand-700 underline underline-offset-2">
      {children}
    </Link>
  );
}

function FailedMail({ mail }: { mail: PanelData["failedMail"][number] }) {
  return (
    <>
      <p className="font-semibold text-slate-900 wrap-anywhere">{mail.subject}</p>
      <p className="mt-1 text-slate-700 wrap-anywhere">
        To {mail.to}, queued {mail.since}
      </p>
      {mail.why ? <p className="mt-1 text-slate-600 wrap-anywhere">Why: {mail.why}</p> : null}
      <ActionButton intent="mail-resend" id={mail.id} label="Send again" what={`${mail.subject} to ${mail.to}`} tone="primary" />
    </>
  );
}

/** One item's button: a form of its own, disabled while its press is on its way (a double press sends one). */
function ActionButton({ intent, id, label, what, tone }: { intent: string; id: number; label: string; what: string; tone: "primary" | "quiet" }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === intent && navigation.formData.get("id") === String(id);
  const look =
    tone === "primary" ? "bg-brand-700 text-white hover:bg-brand-800" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50";
  return (
    <Form method="post" preventScrollReset className="mt-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={busy}
        className={`rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 ${look}`}
      >
        {label}
        <span className="sr-only"> ({what})</span>
      </button>
    </Form>
  );
}

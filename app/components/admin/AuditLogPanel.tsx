import { Form, Link } from "react-router";
import type { auditPanelData } from "~/app/admin/staff.server";
import { ADMIN_PANELS } from "~/common/panels";
import { inputStyle } from "../account/fields";
import { OwnersOnly } from "./AdminsPanel";
import { readableLagosTime } from "~/common/lagos-time";

// The audit log (ADMIN_PANELS.auditLog, owners only; issue 18): who changed a price, stock, a
// product, an order's status, a refund or an admin, newest first, filtered by what, who and when.

type PanelData = Awaited<ReturnType<typeof auditPanelData>>;

export function AuditLogPanel({ data }: { data: PanelData }) {
  if (data.ownersOnly) return <OwnersOnly heading="Audit log" />;
  const { filter } = data;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Audit log</h2>
      <p className="mt-1 text-sm text-slate-600">Who changed what, newest first (at most 200). Times are Lagos time.</p>
      <Form
        method="get"
        className="mt-4 grid gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
      >
        <input type="hidden" name="menu" value={ADMIN_PANELS.auditLog} />
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          What
          <select name="action" defaultValue={filter.action} className={inputStyle}>
            <option value="">Everything</option>
            {data.actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          Who
          <select name="actor" defaultValue={filter.actor} className={inputStyle}>
            <option value="">Every admin</option>
            {data.actors.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          From
          <input type="date" name="from" defaultValue={filter.from} className={inputStyle} />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          To
          <input type="date" name="to" defaultValue={filter.to} className={inputStyle} />
        </label>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Show
        </button>
      </Form>
      <p className="mt-3 text-sm">
        {/* A plain link: the answer is a file download, not a page. */}
        <a
          href={`/admin/audit.csv?${new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== ""))}`}
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          Download this log (CSV)
        </a>{" "}
        <span className="text-slate-600">with every entry the choice above matches, not only the newest 200.</span>
      </p>
      {data.entries.length === 0 ? (
        <p className="mt-6 text-center text-slate-600">Nothing recorded for this choice.</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="audit-entries">
          {data.entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{entry.actionLabel}</span>
                {entry.subjectPath ? (
                  <Link to={entry.subjectPath} className="font-semibold text-brand-700 [overflow-wrap:anywhere] hover:underline">
                    {entry.subject}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{entry.subject}</span>
                )}
              </p>
              <p className="text-slate-800 [overflow-wrap:anywhere]">{entry.detail}</p>
              <p className="text-xs text-slate-500">
                {entry.actorName} · {readableLagosTime(entry.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

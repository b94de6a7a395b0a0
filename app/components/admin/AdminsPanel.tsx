import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { adminsPanelData } from "~/app/admin/staff.server";
import type { FormResult } from "~/app/forms";
import { messages } from "~/common/messages";
import { FormMessage } from "../account/fields";
import { readableLagosTime } from "~/common/lagos-time";

// Admins (ADMIN_PANELS.admins, owners only; issue 18): every admin with their standing and state,
// and the owner's buttons for each other admin. Removing asks first.

type PanelData = Awaited<ReturnType<typeof adminsPanelData>>;
type Admin = Extract<PanelData, { ownersOnly: false }>["admins"][number];

const small = "rounded-lg px-3 py-2 text-sm font-semibold ring-1 disabled:opacity-50";
const plain = `${small} bg-white text-slate-800 ring-slate-300 hover:bg-slate-50`;
const danger = `${small} bg-white text-red-700 ring-red-200 hover:bg-red-50`;

export function AdminsPanel({ data }: { data: PanelData }) {
  const result = useActionData() as FormResult | undefined;
  if (data.ownersOnly) return <OwnersOnly heading="Admins" />;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Admins</h2>
      <p className="mt-1 text-sm text-slate-600">
        Owners manage the admins and read the audit log; staff do everything else. Disabling or removing an admin signs them out at once.
      </p>
      {result?.status === "done" || result?.status === "error" ? (
        <div className="mt-4">
          <FormMessage tone={result.status === "done" ? "success" : "error"}>{result.message}</FormMessage>
        </div>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="admins">
        {data.admins.map((admin) => (
          <AdminRow key={admin.id} admin={admin} isMe={admin.id === data.me} />
        ))}
      </ul>
    </div>
  );
}

function AdminRow({ admin, isMe }: { admin: Admin; isMe: boolean }) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = useNavigation().state === "submitting";
  const button = (change: string, label: string, style = plain) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="staff-change" />
      <input type="hidden" name="adminId" value={admin.id} />
      <button type="submit" name="change" value={change} className={style} disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" aria-label={admin.fullName}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {admin.fullName}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${admin.standing === "owner" ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200" : "bg-slate-100 text-slate-700"}`}
          >
            {admin.standing === "owner" ? "Owner" : "Staff"}
          </span>
          {admin.disabled ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">Disabled</span>
          ) : null}
          {admin.twoFactor ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">Two-step on</span>
          ) : null}
          {!admin.verified ? (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">Not verified</span>
          ) : null}
          {isMe ? <span className="text-xs font-medium text-slate-500">(you)</span> : null}
        </p>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
          {admin.email} · {admin.phoneNumber}
        </p>
        <p className="text-xs text-slate-500">Added {readableLagosTime(admin.createdAt)}</p>
      </div>
      {isMe ? null : confirmRemove ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Remove ${admin.fullName}?`}>
          <span className="text-sm font-medium text-slate-800">Remove {admin.fullName} for good?</span>
          {button("remove", "Yes, remove", danger)}
          <button type="button" className={plain} onClick={() => setConfirmRemove(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {admin.standing === "owner" ? button("make-staff", "Make staff") : button("make-owner", "Make owner")}
          {admin.disabled ? button("enable", "Enable") : button("disable", "Disable", danger)}
          {admin.twoFactor ? button("reset-two-factor", "Reset two-step sign-in") : null}
          <button type="button" className={danger} onClick={() => setConfirmRemove(true)}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

export function OwnersOnly({ heading }: { heading: string }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      <p role="alert" className="mt-3 text-slate-700">
        {messages.ownersOnly}
      </p>
    </div>
  );
}

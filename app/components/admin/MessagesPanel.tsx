import { Form, Link, useActionData, useNavigation } from "react-router";
import type { messagesPanelData } from "~/app/admin/messages.server";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { FormResult } from "~/app/forms";
import { FormMessage } from "../account/fields";
import { MailIcon, PhoneIcon } from "../icons";

// Messages (ADMIN_PANELS.messages): what visitors sent through the contact form, newest first.
// Unread ones are bold with a dot; each has a button to mark it read or unread again.

type PanelData = Awaited<ReturnType<typeof messagesPanelData>>;
type Message = PanelData["messages"][number];

/** A tel: link the phone can dial: digits and a leading +; Nigerian 234... numbers get their +. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${/^234\d{10}$/.test(digits) ? `+${digits}` : digits}`;
}

export function MessagesPanel({ data }: { data: PanelData }) {
  const result = useActionData() as FormResult | undefined;
  const filters = [
    { show: "all", label: "All" },
    { show: "unread", label: data.unread > 0 ? `Unread (${data.unread})` : "Unread" },
  ] as const;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          Messages{" "}
          {data.unread > 0 ? (
            <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 align-middle text-xs font-semibold text-white">{data.unread} unread</span>
          ) : null}
        </h2>
        <nav aria-label="Which messages">
          <ul className="flex rounded-lg bg-slate-100 p-1 text-sm font-medium">
            {filters.map((f) => (
              <li key={f.show}>
                <Link
                  to={adminPanelPath(ADMIN_PANELS.messages, { show: f.show })}
                  preventScrollReset
                  aria-current={data.show === f.show ? "page" : undefined}
                  className={`block rounded-md px-3 py-1.5 ${data.show === f.show ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
                >
                  {f.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mt-1 text-sm text-slate-600">Sent through the contact form. Times are Lagos time.</p>

      {result?.status === "error" ? (
        <div className="mt-4">
          <FormMessage tone="error">{result.message}</FormMessage>
        </div>
      ) : null}

      {data.messages.length === 0 ? (
        <p className="mt-6 rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-600" data-testid="messages-empty">
          {data.show === "unread" ? "No unread messages." : "No messages yet."}
        </p>
      ) : (
        <ul className="mt-5 grid grid-cols-1 gap-3" data-testid="messages">
          {data.messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}
      {data.limited ? <p className="mt-3 text-sm text-slate-600">Showing the newest {data.messages.length} messages.</p> : null}
    </div>
  );
}

function MessageItem({ message: m }: { message: Message }) {
  const navigation = useNavigation();
  // While this message's button is on its way, show the state it is moving to.
  const pending = navigation.formData?.get("intent") === "message-read" && navigation.formData.get("id") === String(m.id);
  const read = pending ? navigation.formData?.get("read") === "true" : m.read;
  const link = "inline-flex min-w-0 items-center gap-1.5 break-all text-brand-700 underline-offset-2 hover:underline";
  return (
    <li
      className={`min-w-0 rounded-xl p-4 ring-1 ${read ? "bg-white ring-slate-200" : "bg-brand-50 ring-brand-100"}`}
      data-testid="message"
      data-read={read ? "true" : "false"}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className={`flex items-center gap-2 ${read ? "font-medium text-slate-800" : "font-bold text-slate-900"}`}>
          {read ? null : <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />}
          {read ? null : <span className="sr-only">Unread: </span>}
          <span className="min-w-0 wrap-anywhere">{m.name}</span>
        </h3>
        <time dateTime={m.receivedAt} className={`text-sm ${read ? "text-slate-600" : "font-semibold text-slate-800"}`}>
          {m.received}
        </time>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a href={`mailto:${m.email}`} className={link}>
          <MailIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
          {m.email}
        </a>
        <a href={telHref(m.phone)} className={link}>
          <PhoneIcon className="h-4 w-4 shrink-0" aria-hidden="true" />
          {m.phone}
        </a>
      </p>
      <p className="mt-3 whitespace-pre-line text-slate-800 wrap-anywhere">{m.message}</p>
      <Form method="post" preventScrollReset className="mt-3">
        <input type="hidden" name="intent" value="message-read" />
        <input type="hidden" name="id" value={m.id} />
        <input type="hidden" name="read" value={read ? "false" : "true"} />
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
        >
          {read ? "Mark as unread" : "Mark as read"}
          <span className="sr-only"> (message from {m.name})</span>
        </button>
      </Form>
    </li>
  );
}

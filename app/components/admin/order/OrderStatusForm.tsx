import { useState } from "react";
import { Form } from "react-router";
import type { FormResult } from "~/app/forms";
import type { loader } from "~/app/routes/admin.orders.$orderRef";
import { FormMessage, inputStyle, SubmitButton } from "~/app/components/account/fields";
import { StatusBadge } from "../OrdersPanel";
import { Card, type AdminOrder } from "./OrderCard";
import { StatusConsequence } from "./StatusConsequence";

/** Moves the order on: a next status, the courier's tracking ID, a note for the history. */
export function OrderStatusForm({
  order,
  limits,
  result,
  className = "",
}: {
  className?: string;
  order: AdminOrder;
  limits: Awaited<ReturnType<typeof loader>>["limits"];
  result: FormResult | undefined;
}) {
  // The usual next step is chosen for the owner, except when the order awaits a refund: then
  // nothing is, so a refund is never sent to Processing by a hurried tap.
  const forward = order.needsRefund
    ? undefined
    : order.next.find((n) => n.value === "processing" || n.value === "shipped" || n.value === "delivered");
  const [chosen, setChosen] = useState(forward?.value ?? "");
  return (
    <Card title="Update status" id="status-heading" className={className}>
      <p className="text-sm text-slate-700">
        Now: <StatusBadge status={order.status} label={order.statusLabel} />
        {order.trackingId ? (
          <>
            {" "}
            ·{" "}
            <span className="whitespace-nowrap">
              Tracking ID{" "}
              <span className="font-mono" data-testid="tracking-id">
                {order.trackingId}
              </span>
            </span>
          </>
        ) : null}
      </p>
      {result?.status === "done" ? (
        <div className="mt-3">
          <FormMessage tone="success">{result.message}</FormMessage>
        </div>
      ) : null}
      {result?.status === "error" ? (
        <div className="mt-3">
          <FormMessage tone="error">{result.message}</FormMessage>
        </div>
      ) : null}
      {order.next.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          {order.status === "refunded" ? "This order is refunded: it is finished." : "This order cannot be changed here."}
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="order-status" />
          <input type="hidden" name="orderRef" value={order.orderRef} />
          <div>
            <label htmlFor="new-status" className="block text-sm font-medium text-slate-700">
              New status
            </label>
            <select id="new-status" name="status" required value={chosen} onChange={(e) => setChosen(e.target.value)} className={inputStyle}>
              {forward ? null : (
                <option value="" disabled>
                  Choose a status
                </option>
              )}
              {order.next.map((n) => (
                <option key={n.value} value={n.value}>
                  {n.label}
                </option>
              ))}
            </select>
            <StatusConsequence order={order} chosen={chosen} />
          </div>
          <div>
            <label htmlFor="tracking-id" className="block text-sm font-medium text-slate-700">
              Tracking ID <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id="tracking-id"
              name="trackingId"
              defaultValue={order.trackingId ?? ""}
              maxLength={limits.trackingId}
              autoComplete="off"
              className={inputStyle}
            />
            <p className="mt-1 text-xs text-slate-500">The courier's number; the customer sees it in My Orders and in the email.</p>
          </div>
          <div>
            <label htmlFor="status-note" className="block text-sm font-medium text-slate-700">
              Note <span className="font-normal text-slate-500">(optional, for the history; not emailed)</span>
            </label>
            <textarea id="status-note" name="note" rows={2} maxLength={limits.note} className={inputStyle} />
          </div>
          <SubmitButton busyText="Saving...">Update status</SubmitButton>
        </Form>
      )}
    </Card>
  );
}

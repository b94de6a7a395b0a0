import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { customerPanelPath, CUSTOMER_PANELS } from "~/common/panels";
import { buttonStyles, MessageDialog } from "../Dialog";
import { inputStyle } from "../account/fields";
import { useOffline } from "../Offline";

export type PayOnDeliveryStep =
  | { status: "code-sent"; message: string; wrong?: boolean }
  | { status: "confirmed"; message: string }
  | { status: "placed"; orderRef: string }
  | { status: "error"; message: string };

export type PayOnDeliveryView = { offered: false; why: string | null } | { offered: true; confirmPhone: string | null };

/**
 * The order summary's other way to pay (issue 28): pay at the door in cash, by transfer or POS.
 * Where the owner asks for it, the customer first confirms their phone with a texted code.
 */
export function PayOnDelivery({ view, totalKobo }: { view: PayOnDeliveryView; totalKobo: number }) {
  const fetcher = useFetcher<PayOnDeliveryStep>();
  const navigate = useNavigate();
  const [shown, setShown] = useState<PayOnDeliveryStep | null>(null);
  // Placing an order is never kept to send later (decision 0065): offline, the buttons wait.
  const offline = useOffline();
  const step = fetcher.data;
  useEffect(() => {
    if (step?.status === "placed" || step?.status === "error") setShown(step);
  }, [step]);
  if (!view.offered) {
    return view.why ? (
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="pay-on-delivery-why">
        <span className="font-semibold text-slate-800">Pay on delivery: </span>
        {view.why}
      </p>
    ) : null;
  }
  const busy = fetcher.state !== "idle" || shown?.status === "placed" || offline;
  const confirmed = !view.confirmPhone || step?.status === "confirmed";
  const codeSent = step?.status === "code-sent";
  const button = (intent: string, label: string, busyLabel: string) => (
    <button type="submit" name="intent" value={intent} disabled={busy} className={`${buttonStyles.secondary} w-full`}>
      {fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent ? busyLabel : label}
    </button>
  );
  return (
    <section className="mt-5 border-t border-slate-200 pt-5" aria-labelledby="pay-on-delivery-heading">
      <h2 id="pay-on-delivery-heading" className="font-semibold text-slate-900">
        Or pay on delivery
      </h2>
      <p className="mt-1 text-sm text-slate-600">Pay {formatNairaTotal(totalKobo)} when it arrives: in cash, by transfer or by card (POS).</p>
      {step && "message" in step && step.status !== "error" ? (
        <p role={step.status === "code-sent" && step.wrong ? "alert" : "status"} className="mt-2 text-sm text-brand-900">
          {step.message}
        </p>
      ) : null}
      {confirmed ? (
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="total" value={totalKobo} />
          {button("pod-place", "Place order, pay on delivery", "Placing your order...")}
        </fetcher.Form>
      ) : (
        <>
          {!codeSent ? <p className="mt-2 text-sm text-slate-600">First we text a code to {view.confirmPhone} to confirm it is yours.</p> : null}
          {codeSent ? (
            <fetcher.Form method="post" className="mt-3 grid gap-2">
              <label htmlFor="pod-code" className="text-sm font-medium text-slate-700">
                The 6-digit code
              </label>
              <input
                id="pod-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                className={inputStyle}
              />
              {button("pod-confirm-code", "Confirm code", "Checking...")}
            </fetcher.Form>
          ) : null}
          <fetcher.Form method="post" className="mt-2">
            {codeSent ? (
              <button
                type="submit"
                name="intent"
                value="pod-send-code"
                disabled={busy}
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                Text me a new code
              </button>
            ) : (
              button("pod-send-code", "Text me a code", "Sending...")
            )}
          </fetcher.Form>
        </>
      )}
      <MessageDialog
        open={shown?.status === "placed"}
        title={messages.orderPlacedTitle}
        tone="success"
        onClose={() => void navigate(customerPanelPath(CUSTOMER_PANELS.myOrders))}
      >
        {messages.podPlaced}
        {shown?.status === "placed" ? (
          <span className="mt-2 block font-semibold text-slate-900">
            {messages.orderPlacedNumberLead} <span className="whitespace-nowrap">{shown.orderRef}.</span>
          </span>
        ) : null}
      </MessageDialog>
      <MessageDialog open={shown?.status === "error"} title="Pay on delivery" tone="error" onClose={() => setShown(null)}>
        {shown?.status === "error" ? shown.message : null}
      </MessageDialog>
    </section>
  );
}

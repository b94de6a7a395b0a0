import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { messages } from "~/common/messages";
import { buttonStyles, MessageDialog } from "../Dialog";
import { LockIcon } from "../icons";
import { useToast } from "../Toast";
import { useOffline } from "../Offline";
import { storefrontMessages } from "~/common/storefront-messages";
import { TestPaymentDialog, type TestPayment } from "./TestPaymentDialog";

/** What the order summary's action answers. */
export type PaymentStep =
  | { status: "pay"; provider: "paystack" | "test" | "none"; reference: string; accessCode: string; amountKobo: number; email: string }
  | { status: "placed"; orderRef: string }
  | { status: "cancelled" }
  /** Paid by a way the bank confirms later (a transfer, USSD): the page asks again until it lands. */
  | { status: "awaiting"; reference: string; message: string }
  | { status: "error"; message: string; step: "start" | "order" };

/** Requirements §9: 'Payment successful!' shows for 2 seconds. */
const PAYMENT_SUCCESS_MS = 2000;
/** How often the page asks whether money on its way has landed. */
const AWAITING_POLL_MS = 4000;

/**
 * Pay Now (requirements §4.6): the server makes the pending order and opens the provider's transaction;
 * the provider's window takes the card; on success the server verifies the payment and places
 * the order, then the customer goes to the dashboard.
 */
export function PayNow({ label, placedTo = "/userdashboard", totalKobo }: { label: string; placedTo?: string; totalKobo?: number }) {
  const start = useFetcher<PaymentStep>();
  const finish = useFetcher<PaymentStep>();
  const navigate = useNavigate();
  const toast = useToast();
  const [testPayment, setTestPayment] = useState<(TestPayment & { reference: string }) | null>(null);
  const [shown, setShown] = useState<PaymentStep | null>(null);
  const [awaiting, setAwaiting] = useState<Extract<PaymentStep, { status: "awaiting" }> | null>(null);
  const handled = useRef<unknown>(null);
  /** The customer closed the window: 'Payment cancelled.' is said when the server has ended the checkout. */
  const closing = useRef(false);
  /** When 'Payment successful!' was shown; the placed order's dialog waits for its 2 seconds. */
  const successAt = useRef(0);
  const [placed, setPlaced] = useState<Extract<PaymentStep, { status: "placed" }> | null>(null);

  const paid = (reference: string) => {
    setTestPayment(null);
    successAt.current = Date.now();
    toast.show(messages.paymentSuccessful, PAYMENT_SUCCESS_MS, "success");
    void finish.submit({ intent: "complete", reference }, { method: "post" });
  };
  // A transfer sent or a USSD code dialled: the server says the money is on its way.
  const paidLater = (reference: string) => {
    setTestPayment(null);
    void finish.submit({ intent: "complete", reference }, { method: "post" });
  };
  // Not said at once: a transfer sent before the window closed keeps the order (awaiting).
  const cancelled = (reference: string) => {
    setTestPayment(null);
    closing.current = true;
    void finish.submit({ intent: "cancel", reference }, { method: "post" });
  };
  const failed = (reference: string, message: string) => {
    setTestPayment(null);
    closing.current = false;
    toast.show(messages.paymentFailed(message), 6000, "warning");
    void finish.submit({ intent: "cancel", reference }, { method: "post" });
  };

  // A new pending order (or the open one again): open the provider's window on it.
  const openPayment = useEffectEvent((step: PaymentStep) => {
    if (step.status !== "pay") return setShown(step);
    const { reference, accessCode } = step;
    if (step.provider === "test") return setTestPayment({ reference, accessCode, amountKobo: step.amountKobo, email: step.email });
    // Paystack's script only runs in the browser, and only here: load it when it is needed.
    import("@paystack/inline-js")
      .then(({ default: PaystackPop }) => {
        const popup = new PaystackPop();
        popup.resumeTransaction(accessCode, {
          onSuccess: (transaction) => paid(transaction.reference ?? reference),
          onCancel: () => cancelled(reference),
          // Paystack refused the transaction (its window stays open over the page): the shop's message is read instead.
          onError: (error) => {
            popup.close();
            failed(reference, error.message);
          },
        });
      })
      .catch(() => failed(reference, "the payment window could not be loaded"));
  });
  useEffect(() => {
    const step = start.data;
    if (start.state !== "idle" || !step || handled.current === step) return;
    handled.current = step;
    openPayment(step);
  }, [start.state, start.data]);

  const settled = useEffectEvent((step: PaymentStep) => {
    const closed = closing.current;
    closing.current = false;
    if (step.status === "cancelled" && closed) return toast.show(messages.paymentCancelled, 4000);
    if (step.status === "awaiting") return setAwaiting(step);
    if (step.status !== "placed" && step.status !== "error") return;
    // Money that was on its way has landed: the same words as a card payment (requirements §4.6).
    if (awaiting && step.status === "placed") {
      successAt.current = Date.now();
      toast.show(messages.paymentSuccessful, PAYMENT_SUCCESS_MS, "success");
    }
    setAwaiting(null);
    if (step.status === "placed") setPlaced(step);
    else setShown(step);
  });
  useEffect(() => {
    if (finish.state === "idle" && finish.data) settled(finish.data);
  }, [finish.state, finish.data]);

  // Requirements §9: 'Payment successful!' (2 s), then 'Order Placed Successfully!'. The dialog is modal, over
  // everything: opened at once it would hide the message (issue 19: messages readable).
  useEffect(() => {
    if (!placed) return;
    const timer = setTimeout(
      () => {
        setShown(placed);
        setPlaced(null);
      },
      Math.max(0, successAt.current + PAYMENT_SUCCESS_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [placed]);

  // While money is on its way, ask again every few seconds (the webhook places the order too).
  const askAgain = useEffectEvent((reference: string) => void finish.submit({ intent: "complete", reference }, { method: "post" }));
  useEffect(() => {
    if (!awaiting || finish.state !== "idle") return;
    const timer = setTimeout(() => askAgain(awaiting.reference), AWAITING_POLL_MS);
    return () => clearTimeout(timer);
  }, [awaiting, finish.state]);

  // Pay Now is never kept to send later (decision 0065): offline it waits, and says why.
  const offline = useOffline();
  const busy = start.state !== "idle" || finish.state !== "idle" || testPayment !== null || awaiting !== null || placed !== null;
  // Only a paid payment places the order; a cancelled or failed one is only recorded (issue 19).
  const placing = (finish.state !== "idle" && finish.formData?.get("intent") === "complete") || placed !== null;
  return (
    <>
      {toast.element}
      <button
        type="button"
        className={`${buttonStyles.accent} w-full py-3 text-lg`}
        disabled={busy || offline}
        aria-describedby={offline ? "pay-now-offline" : undefined}
        onClick={() => void start.submit({ intent: "pay", ...(totalKobo === undefined ? {} : { total: String(totalKobo) }) }, { method: "post" })}
      >
        <LockIcon className="h-5 w-5" />{" "}
        {awaiting ? "Awaiting payment..." : placing ? "Placing your order..." : start.state !== "idle" ? "Opening payment..." : label}
      </button>
      {offline ? (
        <p id="pay-now-offline" role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {storefrontMessages.payNowOffline}
        </p>
      ) : null}
      {awaiting ? (
        <p role="status" className="mt-3 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <span aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-amber-600 border-t-transparent" />
          <span>{awaiting.message} You may leave this page: the confirmation comes by email.</span>
        </p>
      ) : null}
      {testPayment ? (
        <TestPaymentDialog
          {...testPayment}
          onSuccess={paid}
          onPending={paidLater}
          onCancel={() => cancelled(testPayment.reference)}
          onError={(message) => failed(testPayment.reference, message)}
        />
      ) : null}
      <MessageDialog
        open={shown?.status === "placed"}
        title={messages.orderPlacedTitle}
        tone="success"
        // Requirements §4.6: the customer lands on the dashboard with its first menu entry.
        onClose={() => void navigate(placedTo)}
      >
        {messages.orderPlacedText}
        {/* The number a customer quotes when they call (issue 19), after the sentence of requirements §4.6. */}
        {shown?.status === "placed" ? (
          <span className="mt-2 block font-semibold text-slate-900">
            {/* The number kept whole on a phone: it wrapped at its hyphen. */}
            {messages.orderPlacedNumberLead} <span className="whitespace-nowrap">{shown.orderRef}.</span>
          </span>
        ) : null}
      </MessageDialog>
      <MessageDialog
        open={shown?.status === "error"}
        title={shown?.status === "error" && shown.step === "order" ? messages.orderFailedTitle : "Payment"}
        tone="error"
        onClose={() => setShown(null)}
      >
        {shown?.status === "error" ? shown.message : null}
      </MessageDialog>
    </>
  );
}

import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/trackorder";
import { PROCESSING_DAYS, RETURN_DAYS } from "~/common/constants";
import { messages } from "~/common/messages";
import type { PaymentChannel } from "~/common/payment-channels";
import type { TrackedOrder } from "~/server/orders/tracking";
import { TrackedOrderCard } from "../components/TrackedOrderCard";
import { inputStyle } from "../components/account/fields";
import { buttonStyles } from "../components/Dialog";
import { CardIcon, ReturnIcon, TruckIcon, HomeIcon } from "../components/icons";
import { channelSentence, usePaymentChannels } from "../components/PaymentMarks";
import { pageMeta } from "../seo-pages";
import { firstProblem, retryText, trackInput, trackOrder } from "~/app/services.server";

type TrackAnswer = { status: "found"; order: TrackedOrder } | { status: "error"; message: string };

export const meta: Route.MetaFunction = () => pageMeta("Track Order", "Follow your Foam Shop order with its Order ID and billing email.");

export async function action({ request, context }: Route.ActionArgs) {
  const answer = (value: TrackAnswer, status = 200) => data<TrackAnswer>(value, { status });
  const input = trackInput.safeParse(Object.fromEntries(await request.formData()));
  // A missing, malformed or 100 KB value answers 400, with the same words on the page.
  if (!input.success) return answer({ status: "error", message: firstProblem(input.error) }, 400);
  const result = await trackOrder(context.db, input.data.orderId, input.data.email, context.clientAddress);
  if (result.ok) return answer({ status: "found", order: result.order });
  if (result.reason === "rate-limited")
    return answer({ status: "error", message: messages.tooManyAttempts(retryText(result.retryAfterSeconds)) }, 429);
  return answer({ status: "error", message: messages.trackNoMatch });
}

// Never cached: the answer is about one customer's order.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const INFO = [
  {
    icon: TruckIcon,
    title: "Shipping",
    text: `Free delivery. Orders are processed within ${PROCESSING_DAYS.min} to ${PROCESSING_DAYS.max} business days, and we call you to arrange the time.`,
  },
  { icon: ReturnIcon, title: "Returns", text: `Request a return within ${RETURN_DAYS} days of receiving your order; see the terms for the details.` },
  {
    icon: HomeIcon,
    title: "Flexible shipping or pick-up",
    text: "Have it delivered to your door, or pick it up from our Lagos store by arrangement.",
  },
  {
    icon: CardIcon,
    title: "Payment",
    // The ways the owner offers now (issue 19).
    text: (channels: readonly PaymentChannel[]) => `Pay securely when you order, through Paystack: by ${channelSentence(channels)}.`,
  },
];

export default function TrackOrder({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const channels = usePaymentChannels();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-slate-900">Track Order</h1>
      <p className="mt-2 text-slate-600">Enter the Order ID from your confirmation email and the email you gave at checkout.</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2 md:items-start">
        <Form method="post" className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <div>
            <label htmlFor="orderId" className="block text-sm font-medium text-slate-700">
              Order ID
            </label>
            <input id="orderId" name="orderId" required maxLength={100} placeholder="ORD-1795229917881-3889" className={inputStyle} />
          </div>
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-slate-700">
              Billing Email
            </label>
            <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" className={inputStyle} />
          </div>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? "Tracking..." : "Track"}
          </button>
        </Form>
        <div aria-live="polite">
          {actionData?.status === "error" ? (
            <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-800">
              {actionData.message}
            </p>
          ) : null}
          {actionData?.status === "found" ? <TrackedOrderCard order={actionData.order} /> : null}
        </div>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {INFO.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Icon className="h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <h2 className="font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{typeof text === "string" ? text : text(channels)}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

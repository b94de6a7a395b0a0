import { data, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { OrderLine } from "../components/OrderLine";
import type { Route } from "./+types/ordersummarypage";
import { arrivesBy } from "~/common/delivery-estimate";
import { messages } from "~/common/messages";
import { readablePhone } from "~/common/phone";
import { hasNul } from "~/common/text";
import { CheckoutSteps } from "../components/CheckoutSteps";
import { TruckIcon } from "../components/icons";
import { OrderTotals } from "../components/checkout/OrderTotals";
import { PayNow, type PaymentStep } from "../components/checkout/PayNow";
import { channelSentence, PaymentMarks, usePaymentChannels } from "../components/PaymentMarks";
import { formIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { arrivalFor, cancelCheckout, completePayment, getDelivery, readCart, startCheckout } from "~/app/services.server";
import { pricingFor } from "../pricing.server";
import { PromoCode } from "../components/checkout/PromoCode";
import { deliverySettings } from "../delivery.server";
import { expectedTotal, PAY_ON_DELIVERY_INTENTS, payOnDeliveryAction, payOnDeliveryView, type PayOnDeliveryIntent } from "../pay-on-delivery.server";
import { PayOnDelivery } from "../components/checkout/PayOnDelivery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "customer");
  const cart = await readCart(context.db, account.id);
  const { lines } = cart;
  if (lines.length === 0) throw redirect("/cartpage");
  const delivery = await getDelivery(context.db, account.id);
  if (!delivery) throw redirect("/deliverydetailpage");
  const pricing = await pricingFor(context, account.id, cart);
  // From now: the order is not placed yet (it keeps the day computed when it is paid).
  const arrives = arrivalFor(await deliverySettings(context), delivery.state);
  const payOnDelivery = await payOnDeliveryView(account, delivery, pricing.totalKobo, context);
  return { lines, delivery: { ...delivery, phone: readablePhone(delivery.phone) }, pricing, arrives, payOnDelivery };
}

const PAYMENT_REFERENCE_MAX = 100;

export async function action({ request, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "customer");
  const form = await request.formData();
  const intent = formIntent(form, ["pay", "complete", "cancel", ...PAY_ON_DELIVERY_INTENTS]);
  if (intent?.startsWith("pod-")) return payOnDeliveryAction(intent as PayOnDeliveryIntent, account, form, context);
  const reference = String(form.get("reference") ?? "");
  const step = (value: PaymentStep, status = 200) => data<PaymentStep>(value, { status });
  // A form this page does not have: 400, nothing done, in the words Pay Now shows (requirements §8).
  if (intent === undefined) return step({ status: "error", step: "start", message: messages.orderFailed }, 400);
  // No payment reference is this long (they are about 30 characters), nor holds NUL.
  if (intent !== "pay" && (reference.length > PAYMENT_REFERENCE_MAX || hasNul(reference))) {
    return step({ status: "error", step: "order", message: messages.paymentUnknown }, 400);
  }
  switch (intent) {
    case "pay": {
      const started = await startCheckout(context.checkout, account.id, undefined, { expectedTotalKobo: expectedTotal(form) });
      // The last payment arrived after all (its window was closed before it reported back).
      if (!started.ok && started.reason === "already-paid") return step({ status: "placed", orderRef: started.orderRef });
      if (!started.ok) return step({ status: "error", step: "start", message: started.message });
      return step({ status: "pay", provider: context.checkout.gateway.provider, ...started });
    }
    case "complete": {
      const outcome = await completePayment(context.checkout, reference, account.id);
      if (!outcome.ok && outcome.reason === "awaiting") return step({ status: "awaiting", reference, message: outcome.message });
      if (!outcome.ok) return step({ status: "error", step: "order", message: outcome.message || messages.orderFailed });
      return step({ status: "placed", orderRef: outcome.orderRef });
    }
    case "cancel": {
      const cancelled = await cancelCheckout(context.checkout, reference, account.id);
      // Paid by transfer or USSD and the window closed: the money is on its way.
      if (cancelled.status === "awaiting") return step({ status: "awaiting", reference, message: cancelled.message });
      return step({ status: "cancelled" });
    }
  }
}

/** A dropped connection gets the words of requirements §8 instead of the error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<PaymentStep> {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return (await serverAction()) as PaymentStep;
  } catch {
    return intent === "complete"
      ? { status: "error", step: "order", message: messages.orderNetworkFailed }
      : { status: "error", step: "start", message: messages.paymentStartFailed };
  }
}

// Once the order is placed the cart is empty, and this loader would send the customer back to
// the cart before they read 'Order Placed Successfully!'; the header's count still refreshes.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  ["complete", "pod-place"].includes(String(formData?.get("intent"))) ? false : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Order Summary");

export default function OrderSummaryPage({ loaderData }: Route.ComponentProps) {
  const { lines, delivery, pricing, arrives, payOnDelivery } = loaderData;
  const channels = usePaymentChannels();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <CheckoutSteps current={2} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Order Summary</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid gap-6">
          <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="delivery-heading">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
                Delivery information
              </h2>
              <Link to="/deliverydetailpage" className="text-sm font-semibold text-brand-700 hover:underline">
                Change
              </Link>
            </div>
            <address className="mt-3 grid gap-1 not-italic text-slate-700" data-testid="delivery-info">
              <span className="font-medium text-slate-900">
                {delivery.firstName} {delivery.lastName}
              </span>
              <span>{delivery.address}</span>
              <span>
                {delivery.city}, {delivery.state}
              </span>
              <span>{delivery.phone}</span>
              <span>{delivery.email}</span>
            </address>
            <p className="mt-3 flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm" data-testid="arrives-by">
              <TruckIcon className="h-5 w-5 shrink-0 text-brand-700" />
              {/* Each part wraps whole on a phone: never "Thu 3 / Dec". */}
              <span>
                <span className="whitespace-nowrap font-semibold text-slate-900">{arrivesBy(arrives)}</span>{" "}
                <span className="block whitespace-nowrap text-slate-600 sm:inline">
                  <span className="hidden sm:inline">· </span>Delivery is free
                </span>
              </span>
            </p>
          </section>
          <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="items-heading">
            <h2 id="items-heading" className="text-lg font-semibold text-slate-900">
              Items
            </h2>
            <ul className="mt-3 divide-y divide-slate-100">
              {lines.map((line) => (
                <OrderLine key={line.id} eager item={{ ...line, unitPriceKobo: line.priceKobo, imageFile: line.image }} />
              ))}
            </ul>
          </section>
        </div>
        <aside className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24" aria-label="Payment">
          <OrderTotals totals={pricing} totalLabel="Grand total" totalTestId="grand-total" />
          <PromoCode pricing={pricing} />
          <div className="mt-5">
            <PayNow label="Pay Now" totalKobo={pricing.totalKobo} />
          </div>
          <div className="mt-3 grid justify-items-center gap-2 text-center text-xs text-slate-500">
            <PaymentMarks className="justify-center [&_li]:ring-1 [&_li]:ring-slate-200" />
            <p>Pay by {channelSentence(channels)}, secured by Paystack.</p>
          </div>
          <PayOnDelivery view={payOnDelivery} totalKobo={pricing.totalKobo} />
        </aside>
      </div>
    </div>
  );
}

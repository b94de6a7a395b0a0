import { data, isRouteErrorResponse, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/pay.$token";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { readablePhone } from "~/common/phone";
import { OrderLine } from "../components/OrderLine";
import { OrderTotals } from "../components/checkout/OrderTotals";
import { PayNow, type PaymentStep } from "../components/checkout/PayNow";
import { PaymentMarks } from "../components/PaymentMarks";
import { formIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { closeLinkPayment, completeLinkPayment, findLinkOrder, startLinkPayment, totalsOf } from "~/app/services.server";

// The payment link of an order staff took (issue 28, decision 0061): that order's summary and its
// Pay button, with no sign-in. The token is a secret segment; the page is never cached.

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findLinkOrder(context.db, params.token);
  if (found.state === "unknown") throw data(messages.paymentLinkExpired, { status: 404 });
  const { order, items, state } = found;
  return {
    state,
    order: {
      orderRef: order.orderRef,
      totals: await totalsOf(context.db, order),
      name: `${order.firstName} ${order.lastName}`,
      address: `${order.address}, ${order.city}, ${order.state}`,
      phone: readablePhone(order.phone),
    },
    items: items.map((i) => ({ ...i, imageFile: i.imageFile })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formIntent(form, ["pay", "complete", "cancel"]);
  const reference = String(form.get("reference") ?? "").slice(0, 100);
  const step = (value: PaymentStep, status = 200) => data<PaymentStep>(value, { status });
  switch (intent) {
    case "pay": {
      const started = await startLinkPayment(context.checkout, params.token);
      if (!started.ok) return step({ status: "error", step: "start", message: started.message });
      return step({ status: "pay", provider: context.checkout.gateway.provider, ...started });
    }
    case "complete": {
      const outcome = await completeLinkPayment(context.checkout, params.token, reference);
      if (!outcome.ok && outcome.reason === "awaiting") return step({ status: "awaiting", reference, message: outcome.message });
      if (!outcome.ok) return step({ status: "error", step: "order", message: outcome.message || messages.orderFailed });
      return step({ status: "placed", orderRef: outcome.orderRef });
    }
    case "cancel": {
      const closed = await closeLinkPayment(context.checkout, params.token, reference);
      return step(closed.status === "awaiting" ? { status: "awaiting", reference, message: closed.message } : { status: "cancelled" });
    }
    case undefined:
      return step({ status: "error", step: "start", message: messages.orderFailed }, 400);
  }
}

// The page stays as it is until the customer reads 'Order Placed Successfully!' (OK reloads it, paid).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "complete" ? false : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Pay for your order");

export default function PayLink({ loaderData, params }: Route.ComponentProps) {
  const { state, order, items } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-slate-900">Pay for your order</h1>
      <p className="mt-1 text-slate-600">
        Order <span className="whitespace-nowrap font-semibold text-slate-900">{order.orderRef}</span>, taken for you by our team.
      </p>
      <section className="mt-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="pay-items">
        <h2 id="pay-items" className="font-semibold text-slate-900">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((item) => (
            <OrderLine key={item.id} item={item} />
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          Deliver to {order.name}, {order.address} · {order.phone}
        </p>
      </section>
      <aside className="mt-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label="Payment">
        <OrderTotals totals={order.totals} totalLabel="To pay" totalTestId="link-total" />
        {state === "open" ? (
          <div className="mt-5 grid gap-3">
            <PayNow label={`Pay ${formatNairaTotal(order.totals.totalKobo)}`} placedTo={`/pay/${params.token}`} />
            <PaymentMarks className="justify-center [&_li]:ring-1 [&_li]:ring-slate-200" />
          </div>
        ) : (
          <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-sm font-semibold text-brand-900">
            {state === "paid" ? messages.paymentLinkPaid : messages.paymentLinkExpired}
          </p>
        )}
      </aside>
    </div>
  );
}

/** An unknown link: the words, and the way to the shop. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const said = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : messages.tryAgain;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Pay for your order</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {said}
      </p>
    </div>
  );
}

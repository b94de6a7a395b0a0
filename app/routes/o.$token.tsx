import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/o.$token";
import { messages } from "~/common/messages";
import { customerPanelPath, CUSTOMER_PANELS } from "~/common/panels";
import { buttonStyles } from "../components/Dialog";
import { StopByLink } from "../components/StopByLink";
import { TrackedOrderCard } from "../components/TrackedOrderCard";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { retryText, stopTextsByLink, trackOrderByLink } from "~/app/services.server";

// The order's link in text messages (issue 28, decision 0059): its status with no sign-in, and
// the one button that stops texts about the customer's orders. The token is a secret segment.

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await trackOrderByLink(context.db, params.token, context.clientAddress);
  if (found.ok) return { order: found.order };
  if (found.reason === "rate-limited") throw data(messages.tooManyAttempts(retryText(found.retryAfterSeconds)), { status: 429 });
  throw data(messages.orderLinkUnknown, { status: 404 });
}

export async function action({ params, context }: Route.ActionArgs) {
  // A link scanner opens the page (GET) and changes nothing; only the button stops texts.
  const stopped = await stopTextsByLink(context.db, params.token);
  return stopped
    ? data<FormResult>({ status: "done", message: messages.textsStopped })
    : data<FormResult>({ status: "error", message: messages.orderLinkUnknown }, { status: 404 });
}
export const clientAction = networkFallback(messages.tryAgain);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Your Order");

export default function OrderLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-slate-900">Your order</h1>
      <div className="mt-5">
        <TrackedOrderCard order={loaderData.order} />
      </div>
      <Link to={customerPanelPath(CUSTOMER_PANELS.myOrders)} className={`${buttonStyles.primary} mt-5 w-full sm:w-auto`}>
        See all my orders
      </Link>
      <StopByLink heading="Text messages about your orders" result={actionData} button="Stop text messages">
        We text you when your order is paid, shipped and delivered. Rather not get these texts?
      </StopByLink>
    </div>
  );
}

/** An unknown link (404) or too many guesses (429): the words, and the ways to find an order. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const said = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : messages.tryAgain;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Your order</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {said}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/trackorder" className={buttonStyles.primary}>
          Track an order
        </Link>
        <Link to={customerPanelPath(CUSTOMER_PANELS.myOrders)} className={buttonStyles.secondary}>
          My orders
        </Link>
      </div>
    </div>
  );
}

import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/offers.$token";
import { messages } from "~/common/messages";
import { customerPanelPath, CUSTOMER_PANELS } from "~/common/panels";
import { buttonStyles } from "../components/Dialog";
import { StopByLink } from "../components/StopByLink";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { offersByLink, retryText } from "~/app/services.server";

// The link in every offer (issue 29, decision 0062): the way back to the cart, and the one button
// that stops offers, with no sign-in. It shows nothing of the customer's: the token is a secret
// segment, and the cart itself asks them to sign in.

function refusal(found: Exclude<Awaited<ReturnType<typeof offersByLink>>, { ok: true }>) {
  if (found.reason === "rate-limited") return data(messages.tooManyAttempts(retryText(found.retryAfterSeconds)), { status: 429 });
  return data(messages.offersLinkUnknown, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await offersByLink(context.db, params.token, context.clientAddress);
  if (!found.ok) throw refusal(found);
  return { receiving: found.receiving };
}

export async function action({ params, context }: Route.ActionArgs) {
  // A link scanner or a chat's preview opens the page (GET) and changes nothing; only the button stops offers.
  const stopped = await offersByLink(context.db, params.token, context.clientAddress, { stop: true });
  if (!stopped.ok) {
    const refused = refusal(stopped);
    return data<FormResult>({ status: "error", message: String(refused.data) }, { status: refused.init?.status ?? 404 });
  }
  return data<FormResult>({ status: "done", message: messages.offersStopped });
}
export const clientAction = networkFallback(messages.tryAgain);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Offers");

export default function OffersLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-slate-900">Your cart is waiting</h1>
      <p className="mt-3 text-slate-700">What you left in your cart is kept for you. Sign in to finish your order.</p>
      <Link to="/cartpage" className={`${buttonStyles.primary} mt-5 w-full sm:w-auto`}>
        Go to my cart
      </Link>
      {loaderData.receiving || actionData ? (
        <StopByLink heading="Offers from us" result={actionData} button="Stop offers">
          We sometimes remind you of a cart you left. Rather not hear from us about offers?
        </StopByLink>
      ) : (
        <p className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-600">
          You get no offers from us. You can turn them on in your dashboard.
        </p>
      )}
    </div>
  );
}

/** An unknown link (404) or too many guesses (429): the words, and the way to the dashboard. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const said = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : messages.tryAgain;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Offers</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {said}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={customerPanelPath(CUSTOMER_PANELS.userInfo)} className={buttonStyles.primary}>
          My dashboard
        </Link>
      </div>
    </div>
  );
}

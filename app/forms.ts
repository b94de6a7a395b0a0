import { isRouteErrorResponse } from "react-router";

// What an account form's action answers, and the browser-side fallback when the network fails.

export type FormResult =
  /** `form` names which of a page's forms it answers, where a page has several (Change password). */
  | { status: "error"; message: string; form?: string }
  | { status: "done"; message: string; form?: string }
  /** Right password, but the e-mail is not verified yet (requirements §4.2). */
  | { status: "unverified" }
  /** The request needs a signed-in customer (Add to Cart by a visitor, or an expired session). */
  | { status: "login" }
  /** A cart change made offline, kept on the phone and sent when the connection returns (issue 30). */
  | { status: "queued"; message: string };

/** The `form` of Change password's results (both dashboards, beside the phone form). */
export const CHANGE_PASSWORD_FORM = "change-password";
/** The `intent` and `form` of User Info's order updates (issue 28). */
export const ORDER_UPDATES_FORM = "order-updates";
/** The `intent` and `form` of User Info's offers (issue 29). */
export const OFFERS_FORM = "offers";
/** The `form`s of the Settings panel's two forms. */
export const DELIVERY_SETTINGS_FORM = "delivery-settings";
export const PAYMENT_SETTINGS_FORM = "payment-settings";
export const TEXT_SETTINGS_FORM = "text-settings";
export const PAY_ON_DELIVERY_FORM = "pay-on-delivery-settings";
export const PAYMENT_LINKS_FORM = "payment-link-settings";
export const CART_REMINDERS_FORM = "cart-reminder-settings";
/** The Promotions panel's forms (issue 29): save one, and pause, turn on or end one. */
export const PROMOTION_FORM = "promotion-save";
export const PROMOTION_STATUS_FORM = "promotion-status";
/** Sign-in security's forms (`intent`, and the `form` of their results), each answered in its own place. */
export const SECURITY_FORMS = {
  start: "two-factor-start",
  confirm: "two-factor-confirm",
  staff: "staff-two-factor",
  everywhere: "sign-out-everywhere",
} as const;
/** The `form` of a category's retirement when it succeeded: the panel answers it, as the card is gone. */
export const CATEGORY_RETIRED_FORM = "category-retired";

/**
 * A clientLoader for a route a page asks with a fetcher as it is used (a product page's review
 * form, Tell me when it's back): the server's answer; when the request never gets one (the
 * network dropped), `offline` instead of an error, which would replace the whole page that asked.
 */
export async function offlineLoader<T>({ serverLoader }: { serverLoader: () => Promise<T> }): Promise<T | { state: "offline" }> {
  try {
    return await serverLoader();
  } catch (failure) {
    if (failure instanceof Response || isRouteErrorResponse(failure)) throw failure;
    return { state: "offline" };
  }
}

/**
 * A clientAction that runs the server action and, when the request never gets an answer (a
 * dropped mobile connection), shows the network text of requirements §8 instead of the error page. Pages
 * whose forms fail with different words pass a function of the submitted `intent`.
 */
export function networkFallback(message: string | ((intent: FormDataEntryValue | null) => string)) {
  return async ({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }): Promise<FormResult | undefined> => {
    const text = typeof message === "string" ? message : message((await request.clone().formData()).get("intent"));
    try {
      return (await serverAction()) as FormResult | undefined;
    } catch (failure) {
      if (failure instanceof Response || isRouteErrorResponse(failure)) throw failure;
      return { status: "error", message: text } satisfies FormResult;
    }
  };
}

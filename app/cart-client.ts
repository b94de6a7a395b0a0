import { data, isRouteErrorResponse } from "react-router";
import { messages } from "~/common/messages";
import { storefrontMessages } from "~/common/storefront-messages";
import { QUEUEABLE, queueCartChange } from "./cart-queue";
import type { FormResult } from "./forms";

/**
 * The cart's clientAction: the server's answer; when the request never gets one, a cart change
 * with its id is kept to send later ('Saved — will send when you're back online.'), and anything
 * else says the network words of requirements §8. A change being sent from the queue (`queued`)
 * stays in the queue until the shop answers it.
 */
export async function cartClientAction({ request, serverAction }: { request: Request; serverAction: () => Promise<unknown> }) {
  const form = await request.clone().formData();
  try {
    return (await serverAction()) as FormResult | undefined;
  } catch (failure) {
    if (failure instanceof Response || isRouteErrorResponse(failure)) throw failure;
    const intent = String(form.get("intent"));
    // Kept only when the request got no answer (fetch's TypeError, or the phone says it is
    // offline); an error the shop answered is said, not kept.
    const unanswered = failure instanceof TypeError || !navigator.onLine;
    if (unanswered && QUEUEABLE.includes(intent) && form.get("requestId")) {
      if (form.get("queued") !== "1") queueCartChange(form);
      // 503: the pages' data is not asked for again after it (it would fail offline, and show the error page).
      return data<FormResult>({ status: "queued", message: storefrontMessages.cartSavedOffline }, { status: 503 });
    }
    if (intent.startsWith("code-")) return { status: "error", message: storefrontMessages.offlineTryLater } satisfies FormResult;
    return { status: "error", message: intent === "add" ? messages.networkError : messages.quantityFailed } satisfies FormResult;
  }
}

import { data, type AppLoadContext } from "react-router";
import type { DeliveryDetails } from "~/common/delivery";
import { messages } from "~/common/messages";
import { readablePhone } from "~/common/phone";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { getDelivery } from "~/server/cart/cart";
import { confirmPhoneCode, payOnDeliveryOffer, placePayOnDelivery, sendPhoneCode } from "~/server/checkout/pay-on-delivery";
import type { PayOnDeliveryStep } from "./components/checkout/PayOnDelivery";

// The order summary's pay on delivery (issue 28, decision 0060): whether it is offered, the
// texted code that confirms the phone when the owner asks for one, and placing the order.

export const PAY_ON_DELIVERY_INTENTS = ["pod-send-code", "pod-confirm-code", "pod-place"] as const;
export type PayOnDeliveryIntent = (typeof PAY_ON_DELIVERY_INTENTS)[number];

/** The total the page showed, sent with Pay Now and Place order: a whole number of kobo, or nothing. */
export function expectedTotal(form: FormData): number | undefined {
  const total = String(form.get("total") ?? "");
  return /^\d{1,15}$/.test(total) ? Number(total) : undefined;
}

/** What the page shows: offered (and the number a code must confirm), or why not (null: nothing). */
export async function payOnDeliveryView(account: SignedInAccount, delivery: DeliveryDetails, totalKobo: number, context: AppLoadContext) {
  const offer = await payOnDeliveryOffer(context.db, account.id, delivery, totalKobo, context.checkout.textChannels);
  if (!offer.offered) return { offered: false as const, why: offer.why };
  return { offered: true as const, confirmPhone: offer.confirmPhone ? readablePhone(offer.confirmPhone) : null };
}

/** The page's three pay-on-delivery forms; a refusal is an answer the component shows. */
export async function payOnDeliveryAction(intent: PayOnDeliveryIntent, account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const step = (value: PayOnDeliveryStep, status = 200) => data<PayOnDeliveryStep>(value, { status });
  switch (intent) {
    case "pod-send-code": {
      // To the delivery phone the shop keeps, never a number the form names.
      const delivery = await getDelivery(context.db, account.id);
      if (!delivery) return step({ status: "error", message: messages.deliveryMissing });
      const sent = await sendPhoneCode(context.checkout, account.id, delivery.phone);
      return sent.ok ? step({ status: "code-sent", message: sent.message }) : step({ status: "error", message: sent.message });
    }
    case "pod-confirm-code": {
      const code = String(form.get("code") ?? "").trim();
      if (!/^\d{6}$/.test(code)) return step({ status: "code-sent", message: messages.phoneCodeInvalid, wrong: true }, 400);
      const confirmed = await confirmPhoneCode(context.db, account.id, code);
      return confirmed.ok
        ? step({ status: "confirmed", message: confirmed.message })
        : step({ status: "code-sent", message: confirmed.message, wrong: true });
    }
    case "pod-place": {
      const placed = await placePayOnDelivery(context.checkout, account.id, { expectedTotalKobo: expectedTotal(form) });
      return placed.ok ? step({ status: "placed", orderRef: placed.orderRef }) : step({ status: "error", message: placed.message });
    }
  }
}

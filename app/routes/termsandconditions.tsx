import type { Route } from "./+types/termsandconditions";
import { PROCESSING_DAYS, RETURN_DAYS, SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY, WARRANTY_YEARS } from "~/common/constants";
import { InfoPage } from "../components/InfoPage";
import { channelSentence, usePaymentChannels } from "../components/PaymentMarks";
import { pageMeta } from "../seo-pages";

export const meta: Route.MetaFunction = () =>
  pageMeta("Terms and Conditions", `The terms of sale of ${SHOP_NAME}: orders, payment, delivery, returns and warranty.`);

export default function TermsAndConditions() {
  return (
    <InfoPage title="Terms and Conditions" lead={`These terms apply to every order placed with ${SHOP_NAME}.`}>
      <section>
        <h2>Orders and payment</h2>
        <p>
          Prices are in naira and include VAT where it applies. Payment is required when you place the order, through Paystack: by{" "}
          {channelSentence(usePaymentChannels())}. An order is confirmed once the payment is confirmed (a transfer or USSD payment when your bank
          confirms it); you then receive an e-mail with the order details.
        </p>
      </section>
      <section>
        <h2>Processing and delivery</h2>
        <p>
          We process orders within {PROCESSING_DAYS.min} to {PROCESSING_DAYS.max} business days, then deliver to the address you gave, or you may pick
          up from our Lagos store by arrangement. Delivery is free. We call the phone number on the order to arrange the delivery time.
        </p>
      </section>
      <section>
        <h2>Returns</h2>
        <p>
          You may request a return within {RETURN_DAYS} days of receiving your order. Items must be unused, in their original packaging, with the
          order reference. Mattresses whose protective wrap has been removed can be returned only if they are faulty. Once the returned item is
          checked, we refund the amount paid to your card.
        </p>
      </section>
      <section>
        <h2>Warranty</h2>
        <p>
          Our mattresses carry a limited {WARRANTY_YEARS}-year manufacturer's warranty against defects in materials and workmanship under normal use.
          It does not cover normal softening, stains, burns, water damage or use on an unsuitable base.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about an order: {SHOP_EMAIL} or {SHOP_PHONE_DISPLAY}, any time.
        </p>
      </section>
    </InfoPage>
  );
}

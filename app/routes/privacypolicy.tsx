import type { Route } from "./+types/privacypolicy";
import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { InfoPage } from "../components/InfoPage";
import { pageMeta } from "../seo-pages";

export const meta: Route.MetaFunction = () => pageMeta("Privacy Policy", `How ${SHOP_NAME} collects, uses and protects your personal data.`);

export default function PrivacyPolicy() {
  return (
    <InfoPage title="Privacy Policy" lead={`${SHOP_NAME} keeps only the personal data it needs to sell and deliver your order, and protects it.`}>
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Your account: full name, e-mail address, phone number and a securely hashed password.</li>
          <li>Your orders: the items, the delivery name, address, state, city, phone and e-mail you give at checkout.</li>
          <li>Messages you send us through the contact form.</li>
          <li>Payment references from our card processor. We never see or store your card number; Paystack handles it.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run your account, deliver your orders, send order confirmations and status updates, answer your messages and meet our legal and
          accounting duties under Nigerian law, including the Nigeria Data Protection Act 2023. We do not sell your data, and we send marketing only
          if you ask for it.
        </p>
      </section>
      <section>
        <h2>Who sees it</h2>
        <p>
          Our staff who process orders, the courier who delivers your order (name, phone and address only), Paystack for card payments, and our e-mail
          provider. Each receives only what its task needs.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>We use one cookie to keep you signed in. It is not used for advertising or tracking.</p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>Account data for as long as your account is open; order records for six years, as tax law requires.</p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You may ask to see, correct or delete your personal data, or object to its use, by writing to {SHOP_EMAIL} or calling {SHOP_PHONE_DISPLAY}.
          We answer within 30 days.
        </p>
      </section>
    </InfoPage>
  );
}

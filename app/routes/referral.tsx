import type { Route } from "./+types/referral";
import { REFERRAL_OPT_OUT_MONTHS, REFERRAL_REWARD_PERCENT, SHOP_EMAIL, SHOP_NAME } from "~/common/constants";
import { InfoPage } from "../components/InfoPage";
import { pageMeta } from "../seo-pages";

export const meta: Route.MetaFunction = () =>
  pageMeta("Referral Programme", `Refer a friend to ${SHOP_NAME} and earn ${REFERRAL_REWARD_PERCENT}% of their order.`);

export default function Referral() {
  return (
    <InfoPage title="Referral Programme" lead={`Tell a friend about ${SHOP_NAME} and earn ${REFERRAL_REWARD_PERCENT}% of their order total.`}>
      <section>
        <h2>How it works</h2>
        <p>
          Send us the name and e-mail address of a friend who has never bought from us. When they register and pay for their order, you receive a
          reward of {REFERRAL_REWARD_PERCENT}% of that order's total.
        </p>
      </section>
      <section>
        <h2>The rules</h2>
        <ul>
          <li>Only the first person to register a referral for a friend earns the reward.</li>
          <li>You cannot refer yourself.</li>
          <li>You cannot refer existing clients of {SHOP_NAME}.</li>
          <li>You cannot refer anyone who has opted out of our messages within the last {REFERRAL_OPT_OUT_MONTHS} months.</li>
          <li>There is no limit to the number of friends you may refer.</li>
        </ul>
      </section>
      <section>
        <h2>Refer a friend</h2>
        <p>Write to {SHOP_EMAIL} with your name and your friend's name and e-mail address.</p>
      </section>
    </InfoPage>
  );
}

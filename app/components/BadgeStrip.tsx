import { channelWords, usePaymentChannels } from "./PaymentMarks";
import { CardIcon, ClockIcon, HeadsetIcon, ReturnIcon, ShieldIcon, TruckIcon } from "./icons";

const badges = [
  { Icon: TruckIcon, title: "Free shipping", text: "On every order" },
  // The ways to pay the owner offers, in a few words (issue 19).
  { Icon: CardIcon, title: "Online payment", text: channelWords },
  { Icon: HeadsetIcon, title: "Customer care", text: "Real people in Lagos" },
  { Icon: ClockIcon, title: "24/7 support", text: "Day and night" },
  { Icon: ShieldIcon, title: "100% safe", text: "Secure checkout" },
  { Icon: ReturnIcon, title: "Return policy", text: "Easy returns" },
];

/** The six promises of requirements §2.5, above the footer on every page. */
export function BadgeStrip() {
  const channels = usePaymentChannels();
  return (
    <section aria-label="Why shop with us" className="border-t border-slate-200 bg-white">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-6 sm:grid-cols-3 lg:grid-cols-6">
        {badges.map(({ Icon, title, text }) => (
          <li key={title} className="flex items-center gap-3">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="h-6 w-6" />
            </span>
            <span>
              <span className="block text-sm font-semibold text-slate-800">{title}</span>
              <span className="block text-xs text-slate-600">{typeof text === "string" ? text : text(channels)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useRouteLoaderData } from "react-router";
import { CHANNEL_LABELS, channelWord, PAYMENT_CHANNELS, type PaymentChannel } from "~/common/payment-channels";
import type { loader as rootLoader } from "../root";

// The ways to pay the shop offers, as a shopper recognises them: the card schemes Nigerians carry
// (Verve is Nigeria's own) and the other channels in words (issue 19).

type CardScheme = "Visa" | "Mastercard" | "Verve";

function CardMark({ name }: { name: CardScheme }) {
  if (name === "Visa")
    return (
      <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Visa">
        <rect width="48" height="30" rx="4" fill="#fff" />
        <path
          d="M19.5 20.5h-3l1.9-11h3zm11-10.7a7.6 7.6 0 0 0-2.7-.5c-3 0-5 1.5-5 3.7 0 1.6 1.5 2.5 2.6 3 1.2.6 1.6.9 1.6 1.4 0 .7-.9 1.1-1.8 1.1a6 6 0 0 1-2.8-.6l-.4-.2-.4 2.5a9 9 0 0 0 3.3.6c3.2 0 5.2-1.5 5.2-3.8 0-1.3-.8-2.2-2.5-3-1-.5-1.7-.9-1.7-1.4s.6-1 1.8-1a5.5 5.5 0 0 1 2.3.4l.3.1zm7.8-.3h-2.3c-.7 0-1.3.2-1.6 1l-4.5 10h3.2l.6-1.7h3.9l.4 1.7h2.8zm-3.7 7.1 1.2-3.1.7 3.1zM15 9.5l-3 7.5-.3-1.6a9 9 0 0 0-4.2-4.8l2.7 9.9h3.2l4.8-11z"
          fill="#1a1f71"
        />
        <path d="M9.3 9.5H4.4v.2c3.8 1 6.3 3.2 7.3 6L10.6 10.6c-.2-.8-.7-1-1.3-1.1z" fill="#f7b600" />
      </svg>
    );
  if (name === "Mastercard")
    return (
      <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Mastercard">
        <rect width="48" height="30" rx="4" fill="#fff" />
        <circle cx="19" cy="15" r="8" fill="#eb001b" />
        <circle cx="29" cy="15" r="8" fill="#f79e1b" />
        <path d="M24 8.7a8 8 0 0 1 0 12.6 8 8 0 0 1 0-12.6z" fill="#ff5f00" />
      </svg>
    );
  return (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Verve">
      <rect width="48" height="30" rx="4" fill="#fff" />
      <circle cx="11" cy="15" r="6" fill="#e4202f" />
      <path d="m8.2 12.6 2.8 5.4 2.8-5.4" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinejoin="round" />
      <text x="19" y="19" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#00425f">
        verve
      </text>
    </svg>
  );
}

/** The ways to pay the owner offers now (Settings), from the root's data. */
export function usePaymentChannels(): readonly PaymentChannel[] {
  return useRouteLoaderData<typeof rootLoader>("root")?.paymentChannels ?? PAYMENT_CHANNELS;
}

/** The card logos when cards are offered, then the other offered channels in words. */
export function PaymentMarks({ className = "" }: { className?: string }) {
  const channels = usePaymentChannels();
  const others = channels.filter((c) => c !== "card");
  return (
    <ul className={`flex flex-wrap items-center gap-2 ${className}`} aria-label="Ways to pay">
      {channels.includes("card")
        ? (["Visa", "Mastercard", "Verve"] as const).map((name) => (
            <li key={name}>
              <CardMark name={name} />
            </li>
          ))
        : null}
      {others.map((c) => (
        <li key={c} className="rounded bg-white px-2 py-1 text-xs font-semibold text-slate-800">
          {CHANNEL_LABELS[c]}
        </li>
      ))}
    </ul>
  );
}

/** The offered ways in a sentence: "card (Visa, Mastercard, Verve), bank transfer or USSD". */
export function channelSentence(channels: readonly PaymentChannel[]): string {
  const words = channels.map((c) => (c === "card" ? "card (Visa, Mastercard, Verve)" : channelWord(c)));
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "");
}

/** The offered ways in a few words, for the badge strip: "Cards, transfer, USSD". */
export function channelWords(channels: readonly PaymentChannel[]): string {
  const short: Record<PaymentChannel, string> = {
    card: "Cards",
    bank_transfer: "transfer",
    ussd: "USSD",
    bank: "bank",
    mobile_money: "mobile money",
  };
  // The three most Nigerians use first; the badge has room for three.
  const first = (["card", "bank_transfer", "ussd", "bank", "mobile_money"] as const).filter((c) => channels.includes(c)).slice(0, 3);
  const text = first.map((c) => short[c]).join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

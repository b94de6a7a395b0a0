import { SHOP_NAME } from "~/common/constants";
import { formatNaira } from "~/common/money";
import type { WhatsappTemplate } from "../db/schema";

// The text messages about an order (issue 28, decision 0059): one wording per kind, sent as an
// SMS's body and as the WhatsApp template of the same name, whose body is the same words with
// {{1}}, {{2}}... where the values go (the README lists them for approval). Each carries the order
// number and the order's link, whose page also stops them. Plain GSM characters only ("NGN", never "₦", which
// would send the whole text as UCS-2 at 70 characters an SMS): with a shop address the length of
// https://foamshop.ng, every one fits one SMS (templates.test.ts).

export interface TextValues {
  /** The order number: every order text has it. */
  order?: string;
  /**
   * The message's link: an order's (/o/{token}: its status with no sign-in, and the button that
   * stops texts), a product page, or the offers link (/offers/{token}).
   */
  link: string;
  amount?: string;
  channel?: string;
  /** A product and size in a few words (textProduct): the back-in-stock and cart texts. */
  product?: string;
}

type Slot = keyof TextValues;

interface TextWording {
  /** What the dev phone and the log call it. */
  title: string;
  /** The words, with {slot} where each value goes. */
  words: string;
}

/**
 * Fixed words after the link: WhatsApp does not approve a template whose body starts or ends with
 * a variable.
 */
const LINK = "Details or stop texts: {link} Thank you.";

export const TEXT_KINDS = {
  "order-placed": { title: "Order placed", words: `${SHOP_NAME}: thank you! Order {order} is paid and being prepared. ${LINK}` },
  "awaiting-transfer": {
    title: "Awaiting your transfer",
    words: `${SHOP_NAME}: we are holding order {order} until your {channel} arrives. ${LINK}`,
  },
  "order-shipped": { title: "Order shipped", words: `${SHOP_NAME}: order {order} is on its way to you. ${LINK}` },
  "order-delivered": { title: "Order delivered", words: `${SHOP_NAME}: order {order} has been delivered. Enjoy it! ${LINK}` },
  "order-cancelled": { title: "Order cancelled", words: `${SHOP_NAME}: order {order} has been cancelled. ${LINK}` },
  "order-refunded": { title: "Refund sent", words: `${SHOP_NAME}: we refunded {amount} for order {order}. ${LINK}` },
  "pay-on-delivery-placed": {
    title: "Pay on delivery confirmed",
    words: `${SHOP_NAME}: order {order} is confirmed. Pay {amount} at delivery. ${LINK}`,
  },
  "payment-link": { title: "Payment link", words: `${SHOP_NAME}: pay {amount} for order {order} at {link} No account needed. Thank you.` },
  "pay-on-delivery-collected": { title: "Payment collected", words: `${SHOP_NAME}: we received {amount} for order {order}. ${LINK}` },
  // Issue 29. The customer asked for this one message ("Tell me when it's back").
  "back-in-stock": { title: "Back in stock", words: `${SHOP_NAME}: {product} is back in stock: {link} Thank you.` },
  // An offer (server/marketing/offers.ts): its link leads to the cart and stops offers.
  "cart-reminder": { title: "Your cart is waiting", words: `${SHOP_NAME}: {product} is waiting in your cart. Order or stop offers: {link} Thanks.` },
} as const satisfies Record<string, TextWording>;

export type TextKind = keyof typeof TEXT_KINDS;

export interface TextContent {
  subject: string;
  text: string;
  whatsappTemplate: WhatsappTemplate;
}

const SLOT = /\{(\w+)\}/g;

/** The message of a kind with its values, as an SMS reads and as the WhatsApp template is filled. */
export function textContent(kind: TextKind, values: TextValues): TextContent {
  const { title, words } = TEXT_KINDS[kind];
  const value = (slot: string) => {
    const v = values[slot as Slot];
    if (v === undefined) throw new Error(`The ${kind} text needs a value for {${slot}}`);
    return v;
  };
  const parameters = [...words.matchAll(SLOT)].map((m) => value(m[1]));
  return {
    subject: title,
    text: words.replace(SLOT, (_, slot: string) => value(slot)),
    whatsappTemplate: { name: whatsappTemplateName(kind), parameters },
  };
}

/** WhatsApp's names are lower case with underscores: order_shipped. */
export function whatsappTemplateName(kind: TextKind): string {
  return kind.replaceAll("-", "_");
}

/** The body to submit to WhatsApp for approval: the words with {{1}}, {{2}}... */
export function whatsappTemplateBody(kind: TextKind): string {
  let n = 0;
  return TEXT_KINDS[kind].words.replace(SLOT, () => `{{${++n}}}`);
}

/** The longest product words a text carries (a 13-character name and its size fit whole). */
export const TEXT_PRODUCT_MAX = 40;

/**
 * A product in a text: its name and size, cut to TEXT_PRODUCT_MAX, in the SMS alphabet (a
 * character outside it would send the whole text as UCS-2, at 70 characters an SMS).
 */
export function textProduct(name: string, more = 0): string {
  const gsm = name
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[[\]{}\\^~|`]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const tail = more > 0 ? ` and ${more} more` : "";
  const room = TEXT_PRODUCT_MAX - tail.length;
  return (gsm.length > room ? `${gsm.slice(0, room - 3).trimEnd()}...` : gsm) + tail;
}

/** Money in a text: "NGN 150,000" (the naira sign is not in the SMS alphabet). */
export function textAmount(kobo: number): string {
  return formatNaira(kobo).replace("₦", "NGN ");
}

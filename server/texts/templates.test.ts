import { describe, expect, it } from "vitest";
import { channelWord, PAYMENT_CHANNELS } from "~/common/payment-channels";
import { smsSize } from "./segments";
import { TEXT_KINDS, textAmount, textContent, whatsappTemplateBody, whatsappTemplateName, type TextKind, type TextValues } from "./templates";

// The words of the order texts (issue 28): each kind with its values, the WhatsApp template each
// is approved as, and the one-SMS budget with the longest values a Lagos shop gives them.

const KINDS = Object.keys(TEXT_KINDS) as TextKind[];

/** The longest order number (requirements §3.11: a 13-digit timestamp and 4 digits), the shop's link, a seven-figure amount. */
const VALUES: Required<TextValues> = {
  order: "ORD-1764187200000-1234",
  link: "https://foamshop.ng/o/0123456789ab",
  amount: "NGN 1,250,000",
  channel: "bank transfer",
  product: "Orthopedic Ma... and 2 more".padEnd(40, "x"),
};

/** The slots each kind's words need besides the link: an order text's, its order number first. */
const SLOTS: Record<TextKind, (keyof TextValues)[]> = {
  "order-placed": ["order"],
  "awaiting-transfer": ["order", "channel"],
  "order-shipped": ["order"],
  "order-delivered": ["order"],
  "order-cancelled": ["order"],
  "order-refunded": ["order", "amount"],
  "pay-on-delivery-placed": ["order", "amount"],
  "pay-on-delivery-collected": ["order", "amount"],
  "payment-link": ["order", "amount"],
  // Issue 29: about a product, with no order.
  "back-in-stock": ["product"],
  "cart-reminder": ["product"],
};

/** The links that are not an order's: a product page with a six-digit id, the offers link (16 hex digits). */
const OTHER_LINKS: Partial<Record<TextKind, string>> = {
  "back-in-stock": "https://foamshop.ng/productdetail2/123456",
  "cart-reminder": "https://foamshop.ng/offers/0123456789abcdef",
};
const linkOf = (kind: TextKind) => OTHER_LINKS[kind] ?? VALUES.link;

/** The values a kind takes: its link and its own slots. */
const valuesOf = (kind: TextKind): TextValues => ({
  link: linkOf(kind),
  ...Object.fromEntries(SLOTS[kind].map((slot) => [slot, VALUES[slot]])),
});

/** The template's body with its {{n}} filled by the parameters, as WhatsApp shows the message. */
const filled = (body: string, parameters: string[]) => body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1]);

describe("textContent", () => {
  it("has the nine kinds of issue 28 and the two of issue 29", () => {
    expect([...KINDS].sort()).toEqual([
      "awaiting-transfer",
      "back-in-stock",
      "cart-reminder",
      "order-cancelled",
      "order-delivered",
      "order-placed",
      "order-refunded",
      "order-shipped",
      "pay-on-delivery-collected",
      "pay-on-delivery-placed",
      "payment-link",
    ]);
  });

  it.each(KINDS)("%s: the text carries each of its values, and no slot is left unfilled", (kind) => {
    const values = valuesOf(kind);
    const { text, subject, whatsappTemplate } = textContent(kind, values);
    expect(subject).toBe(TEXT_KINDS[kind].title);
    for (const value of Object.values(values)) expect(text).toContain(value);
    expect(text).not.toMatch(/[{}]/);
    // The link is the text's own words, untouched (a phone makes it tappable only whole).
    expect(text).toMatch(new RegExp(`(^|\\s)${linkOf(kind).replaceAll(".", "\\.")}(\\s|$)`));
    expect(text.startsWith("Foam Shop: ")).toBe(true);
    expect(whatsappTemplate.name).toBe(whatsappTemplateName(kind));
  });

  it("fills the words as written", () => {
    expect(textContent("order-shipped", valuesOf("order-shipped")).text).toBe(
      "Foam Shop: order ORD-1764187200000-1234 is on its way to you. Details or stop texts: https://foamshop.ng/o/0123456789ab Thank you.",
    );
    expect(textContent("order-refunded", valuesOf("order-refunded")).text).toBe(
      "Foam Shop: we refunded NGN 1,250,000 for order ORD-1764187200000-1234. Details or stop texts: https://foamshop.ng/o/0123456789ab Thank you.",
    );
    expect(textContent("awaiting-transfer", valuesOf("awaiting-transfer")).text).toBe(
      "Foam Shop: we are holding order ORD-1764187200000-1234 until your bank transfer arrives. Details or stop texts: https://foamshop.ng/o/0123456789ab Thank you.",
    );
  });

  it("ignores a value its words do not use", () => {
    const placed = textContent("order-placed", { ...valuesOf("order-placed"), amount: "NGN 5", channel: "USSD" });
    expect(placed.text).toBe(textContent("order-placed", valuesOf("order-placed")).text);
    expect(placed.whatsappTemplate.parameters).toEqual([VALUES.order, VALUES.link]);
  });

  it("throws when a value its words need is missing, naming the slot", () => {
    expect(() => textContent("order-refunded", { order: VALUES.order, link: VALUES.link })).toThrow(
      "The order-refunded text needs a value for {amount}",
    );
    expect(() => textContent("awaiting-transfer", { order: VALUES.order, link: VALUES.link })).toThrow(
      "The awaiting-transfer text needs a value for {channel}",
    );
    for (const kind of KINDS) {
      expect(() => textContent(kind, { ...valuesOf(kind), link: undefined as unknown as string })).toThrow(`{link}`);
      if (SLOTS[kind].includes("order")) expect(() => textContent(kind, { ...valuesOf(kind), order: undefined })).toThrow(`{order}`);
    }
  });
});

describe("the WhatsApp templates", () => {
  it.each(KINDS)("%s: the body has {{1}}, {{2}}... in the order of the parameters, and reads as the SMS once filled", (kind) => {
    const { text, whatsappTemplate } = textContent(kind, valuesOf(kind));
    const body = whatsappTemplateBody(kind);
    const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(whatsappTemplate.parameters.map((_, i) => i + 1));
    // No other braces: a stray one would be a slot left as written.
    expect(body.replace(/\{\{\d+\}\}/g, "")).not.toMatch(/[{}]/);
    expect(filled(body, whatsappTemplate.parameters)).toBe(text);
    expect(whatsappTemplate.parameters).toHaveLength(1 + SLOTS[kind].length);
  });

  it("names each template in lower case with underscores, as WhatsApp requires", () => {
    expect(KINDS.map(whatsappTemplateName).sort()).toEqual([
      "awaiting_transfer",
      "back_in_stock",
      "cart_reminder",
      "order_cancelled",
      "order_delivered",
      "order_placed",
      "order_refunded",
      "order_shipped",
      "pay_on_delivery_collected",
      "pay_on_delivery_placed",
      "payment_link",
    ]);
    for (const kind of KINDS) expect(whatsappTemplateName(kind)).toMatch(/^[a-z0-9_]{1,512}$/);
  });

  // WhatsApp Manager refuses to approve a template whose body starts or ends with a variable:
  // fixed words must come first and last.
  it("starts and ends every body with fixed words, not a variable", () => {
    const atEdges = KINDS.filter((kind) => /^\s*\{\{\d+\}\}|\{\{\d+\}\}\s*$/.test(whatsappTemplateBody(kind)));
    expect(atEdges.map((kind) => `${kind}: ${whatsappTemplateBody(kind)}`)).toEqual([]);
  });
});

describe("the SMS budget", () => {
  it.each(KINDS)("%s fits one SMS in the GSM alphabet with the longest values", (kind) => {
    const size = smsSize(textContent(kind, valuesOf(kind)).text);
    expect(size.encoding).toBe("GSM-7");
    expect(size.segments).toBe(1);
    expect(size.units).toBeLessThanOrEqual(160);
  });

  it("every way to pay, as the checkout words it, fits the awaiting-transfer text in one SMS", () => {
    // The shop's channels, channels Paystack may report that the shop does not list, and the word for none.
    const words = [...PAYMENT_CHANNELS, "dedicated_nuban", "apple_pay", "payattitude"].map(channelWord);
    expect(words).toContain("bank transfer");
    for (const channel of [...words, "payment"]) {
      expect(smsSize(textContent("awaiting-transfer", { ...valuesOf("awaiting-transfer"), channel }).text)).toMatchObject({
        encoding: "GSM-7",
        segments: 1,
      });
    }
  });
});

describe("textAmount", () => {
  it("writes naira with NGN, never the naira sign (outside the SMS alphabet)", () => {
    expect(textAmount(125_000_000)).toBe("NGN 1,250,000");
    expect(textAmount(4_500_050)).toBe("NGN 45,000.50");
    expect(textAmount(100)).toBe("NGN 1");
    expect(smsSize(textAmount(999_999_999_99)).encoding).toBe("GSM-7");
  });
});

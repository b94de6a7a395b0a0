import { readablePhone } from "~/common/phone";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { arrivesBy } from "~/common/delivery-estimate";
import { lineName } from "~/common/featured";
import { readableLagosDate } from "~/common/lagos-time";
import { formatNaira, formatNairaTotal } from "~/common/money";
import { discountLabel, type DiscountLine } from "~/common/totals";
import { reviewFormPath } from "~/common/reviews";
import { ADMIN_PANELS, adminPanelPath, CUSTOMER_PANELS, customerPanelPath } from "~/common/panels";
import type { orderItems, orders } from "../db/schema";
import { customerLabel, type OrderStatus } from "../orders/lifecycle";
import { footerLine, greeting, LetterEmail, type ItemTable, type Letter } from "./LetterEmail";

// The shop's e-mails: the words of each, as a Letter shown in one branded frame (LetterEmail.tsx,
// React Email components, which escape every text), and a plain-text twin built from the same
// Letter here. Every link is absolute, built from PUBLIC_URL.

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** What React Email's own render() puts before the markup. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

function tableText({ rows, total, after }: ItemTable): string[] {
  return [
    ...rows.map((r) => (r.detail ? `- ${r.label}: ${r.detail} = ${r.amount}` : `- ${r.label}: ${r.amount}`)),
    `${total.label}: ${total.amount}`,
    "",
    ...after,
    "",
  ];
}

/**
 * The HTML and text of a letter. The HTML is rendered with React's synchronous renderer, not
 * React Email's render(), which is async: mails are written in the transaction of the change
 * they report, and these functions stay synchronous so that their callers do not change. The
 * frame has nothing that suspends, so both give the same markup, less the comments render()'s
 * streaming leaves (`<!--$-->`). The text twin is built here, not converted from the HTML: the
 * conversion would change its wording (link labels, the table).
 */
function render(letter: Letter): MailContent {
  const { subject, paragraphs, table, action, links, closing } = letter;
  const html = DOCTYPE + renderToStaticMarkup(createElement(LetterEmail, letter));
  const text = [
    `Hello ${greeting(letter.greetingName)},`,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(table ? tableText(table) : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(links?.length ? [...links.map((l) => `${l.label}: ${l.url}`), ""] : []),
    ...(closing ? [closing, ""] : []),
    footerLine,
  ].join("\n");
  return { subject, html, text };
}

export function verificationMail(fullName: string, url: string): MailContent {
  return render({
    subject: `Verify your email address for ${SHOP_NAME}`,
    greetingName: fullName,
    paragraphs: [`Thank you for registering with ${SHOP_NAME}. Please confirm that this is your email address to finish setting up your account.`],
    action: { label: "Verify my email", url },
    closing: "This link works once and expires in 24 hours. If you did not register, you can ignore this email.",
  });
}

export function passwordResetMail(fullName: string, url: string): MailContent {
  return render({
    subject: `Reset your ${SHOP_NAME} password`,
    greetingName: fullName,
    paragraphs: ["We received a request to reset the password of your account. Choose a new password with the button below."],
    action: { label: "Reset my password", url },
    closing: "This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

/**
 * The password was changed. After a reset (`where: "reset"`) every device was signed out and the
 * mail leads to the login; from the dashboard (`"dashboard"`) the browser that did it stays
 * signed in, and the mail leads to a reset in case it was not the owner.
 */
export function passwordChangedMail(fullName: string, where: "reset" | "dashboard", url: string): MailContent {
  const reset = where === "reset";
  return render({
    subject: `Your ${SHOP_NAME} password was changed`,
    greetingName: fullName,
    paragraphs: [
      reset
        ? "The password of your account has just been changed, and every device that was signed in has been signed out."
        : "The password of your account has just been changed from your dashboard, and every other device that was signed in has been signed out.",
      `If this was not you, reset your password at once and contact us at ${SHOP_EMAIL} or ${SHOP_PHONE_DISPLAY}.`,
    ],
    action: reset ? { label: "Log in", url } : { label: "Reset my password", url },
  });
}

interface OrderLetter {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
  /** None for an order paid on delivery. */
  paymentReference: string | null;
  publicUrl: string;
  /** The promotions' discounts (decision 0064); none when the order had none. */
  discounts?: DiscountLine[];
}

const onDelivery = (order: typeof orders.$inferSelect) => order.paymentMethod === "pay_on_delivery";

function orderTable({ order, items, paymentReference, discounts = [] }: OrderLetter): ItemTable {
  return {
    rows: [
      ...items.map((item) => ({
        label: lineName(item.productName, item.size),
        detail: `${item.quantity} x ${formatNaira(item.unitPriceKobo)}`,
        amount: formatNairaTotal(item.unitPriceKobo * item.quantity),
      })),
      ...discounts.map((discount) => ({ label: discountLabel(discount), detail: "", amount: `−${formatNairaTotal(discount.amountKobo)}` })),
    ],
    total: { label: onDelivery(order) ? "To pay on delivery" : "Total paid", amount: formatNairaTotal(order.totalKobo) },
    after: [
      `Order reference: ${order.orderRef}`,
      paymentReference ? `Payment reference: ${paymentReference}` : "Payment: on delivery, in cash, by transfer or by card (POS)",
      `Deliver to: ${order.firstName} ${order.lastName}, ${order.address}, ${order.city}, ${order.state}`,
      `Phone: ${readablePhone(order.phone)}`,
    ],
  };
}

/** An order staff took for the customer (issue 28): its lines, and the link that pays it. */
export function paymentLinkMail(letter: Omit<OrderLetter, "paymentReference"> & { url: string; expires: string }): MailContent {
  return render({
    subject: `Pay for your ${SHOP_NAME} order ${letter.order.orderRef}`,
    greetingName: letter.order.firstName,
    paragraphs: [
      `Here is the order we took for you. Pay ${formatNairaTotal(letter.order.totalKobo)} with the button below, by card, bank transfer or USSD: no account or password needed.`,
      `We keep the items for you until ${letter.expires} (Lagos time).`,
    ],
    table: { ...orderTable({ ...letter, paymentReference: null }), total: { label: "To pay", amount: formatNairaTotal(letter.order.totalKobo) } },
    action: { label: "Pay for my order", url: letter.url },
    closing: `Questions about your order? Reply to this email or call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

export function orderConfirmationMail(letter: OrderLetter): MailContent {
  return render({
    subject: `Your ${SHOP_NAME} order ${letter.order.orderRef}`,
    greetingName: letter.order.firstName,
    paragraphs: [
      onDelivery(letter.order)
        ? `Thank you for your order. You pay ${formatNairaTotal(letter.order.totalKobo)} when it is delivered, in cash, by transfer or by card (POS). We will call you to arrange the delivery time.`
        : "Thank you for your order. We have received your payment, and we will call you to arrange the delivery time.",
      // The day promised when the order was paid (decision 0037); every paid order has one.
      ...(letter.order.arrivesBy ? [`${arrivesBy(letter.order.arrivesBy)}.`] : []),
    ],
    table: orderTable(letter),
    action: { label: "See my orders", url: `${letter.publicUrl}${customerPanelPath(CUSTOMER_PANELS.myOrders)}` },
    closing: `Questions about your order? Reply to this email or call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

export function newOrderMail(letter: OrderLetter): MailContent {
  const { order } = letter;
  return render({
    subject: `New order ${order.orderRef}: ${formatNairaTotal(order.totalKobo)}${order.needsRefund ? " (BEING REFUNDED)" : ""}`,
    greetingName: "team",
    paragraphs: [
      onDelivery(order)
        ? `${order.firstName} ${order.lastName} (${order.email}) has placed order ${order.orderRef}, to pay on delivery.`
        : `${order.firstName} ${order.lastName} (${order.email}) has paid for order ${order.orderRef}.`,
      ...(order.needsRefund
        ? [
            "This payment is not an order to deliver: it was for a checkout the customer had replaced, or it arrived after the stock was sold. The shop is refunding it automatically; if the refund fails, the order shows Refund needed in the Orders panel.",
          ]
        : []),
    ],
    table: orderTable(letter),
  });
}

/** The customer's e-mail when the shop has given a payment back on its own (checkout/refunds.ts). */
export function refundMail({
  order,
  reason,
  amountKobo = order.totalKobo,
  publicUrl,
}: {
  order: typeof orders.$inferSelect;
  reason: "superseded" | "sold-out" | "mismatch";
  /** What is given back: the order's total, or for a payment that did not match, what was received. */
  amountKobo?: number;
  publicUrl: string;
}): MailContent {
  const why = {
    superseded: `You paid for checkout ${order.orderRef} after starting a newer one, so you were charged twice. We have refunded this payment; your newer order is not affected.`,
    "sold-out": `Your payment for order ${order.orderRef} arrived after the last of its stock was sold, so we cannot deliver it. We are sorry.`,
    mismatch: `The payment we received for order ${order.orderRef} was not its total of ${formatNairaTotal(order.totalKobo)}, so the order was not placed. We are giving back what we received.`,
  }[reason];
  return render({
    subject: `Refund of ${formatNairaTotal(amountKobo)} for ${order.orderRef}`,
    greetingName: order.firstName,
    paragraphs: [
      why,
      `We have asked our payment provider to return ${formatNairaTotal(amountKobo)} to the card or account you paid with. Your bank may take up to 10 business days to show it.`,
    ],
    action: { label: "See my orders", url: `${publicUrl}${customerPanelPath(CUSTOMER_PANELS.myOrders)}` },
    closing: `Questions? Reply to this email or call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

/**
 * What each status change an admin makes tells the customer (issue 5: every change is e-mailed).
 * The shop's own moves have their own mails (order confirmation, refund).
 */
const STATUS_NEWS: Partial<Record<OrderStatus, { headline: string; paragraphs: (order: typeof orders.$inferSelect) => string[] }>> = {
  processing: {
    headline: "is being prepared",
    paragraphs: (o) => [`We are preparing your order ${o.orderRef} for delivery. We will let you know when it is on its way.`],
  },
  shipped: {
    headline: "is on its way",
    paragraphs: (o) => [
      `Your order ${o.orderRef} has left our warehouse and is on its way to ${o.address}, ${o.city}, ${o.state}.`,
      ...(o.trackingId ? [`Tracking ID: ${o.trackingId}`] : []),
    ],
  },
  delivered: {
    headline: "has been delivered",
    paragraphs: (o) => [`Your order ${o.orderRef} has been delivered. Thank you for shopping with ${SHOP_NAME}; we hope you sleep well.`],
  },
  cancelled: {
    headline: "has been cancelled",
    paragraphs: (o) => [
      `Your order ${o.orderRef} has been cancelled, and nothing will be delivered.`,
      `We will refund the ${formatNairaTotal(o.totalKobo)} you paid, and email you when the refund has been sent.`,
    ],
  },
  refunded: {
    headline: "has been refunded",
    paragraphs: (o) => [
      `We have refunded ${formatNairaTotal(o.totalKobo)} for your order ${o.orderRef} to the card you paid with.`,
      "Your bank may take a few business days to show it on your account.",
    ],
  },
};

/** The customer's e-mail when an admin moves their order to a new status. */
export function orderStatusMail({ order, publicUrl }: { order: typeof orders.$inferSelect; publicUrl: string }): MailContent {
  // Any other status in the customer's words (lifecycle.ts), never the raw value.
  const news = STATUS_NEWS[order.status] ?? {
    headline: `is now ${customerLabel(order.status).toLowerCase()}`,
    paragraphs: (o: typeof orders.$inferSelect) => [`The status of your order ${o.orderRef} is now: ${customerLabel(o.status)}.`],
  };
  return render({
    subject: `Your ${SHOP_NAME} order ${order.orderRef} ${news.headline}`,
    greetingName: order.firstName,
    paragraphs: news.paragraphs(order),
    action: { label: "See my orders", url: `${publicUrl}${customerPanelPath(CUSTOMER_PANELS.myOrders)}` },
    closing: `Questions about your order? Reply to this email or call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

/**
 * A few days after delivery: how were the products? Each product not yet reviewed links to its
 * page's review form (decision 0041); the first one is the button.
 */
export function reviewRequestMail({
  order,
  products,
  publicUrl,
}: {
  order: Pick<typeof orders.$inferSelect, "firstName" | "orderRef">;
  products: { id: number; name: string }[];
  publicUrl: string;
}): MailContent {
  const url = (id: number) => `${publicUrl}${reviewFormPath(id)}`;
  const [first] = products;
  return render({
    subject: `How is your ${SHOP_NAME} order ${order.orderRef}? Rate what you bought`,
    greetingName: order.firstName,
    paragraphs: [
      `Your order ${order.orderRef} was delivered a few days ago. We hope you are enjoying it.`,
      products.length === 1
        ? `Would you rate ${first.name} and say a few words about it? It takes a minute, and it helps other shoppers choose.`
        : "Would you rate what you bought and say a few words about each? It takes a minute, and it helps other shoppers choose.",
    ],
    action: { label: products.length === 1 ? "Rate and review it" : `Review ${first.name}`, url: url(first.id) },
    links: products.length > 1 ? products.map((p) => ({ label: `Review ${p.name}`, url: url(p.id) })) : undefined,
    closing: "Reviews are checked by our team before they show on the product's page, with your first name and initial.",
  });
}

/** "Tell me when it's back" (issue 29): the size the customer asked about is on sale again. */
export function stockAlertMail({ fullName, product, url }: { fullName: string; product: string; url: string }): MailContent {
  return render({
    subject: `${product} is back in stock at ${SHOP_NAME}`,
    greetingName: fullName.split(" ")[0] ?? "",
    paragraphs: [
      `You asked us to tell you when ${product} was back. It is in stock again now.`,
      "Stock is not held for you: it goes to whoever orders first.",
    ],
    action: { label: "See it in the shop", url },
    closing: "This was the one message you asked for about this size; we will not write about it again.",
  });
}

/** The reminder about a cart left waiting (issue 29): an offer, so it carries the link that stops offers. */
export function cartReminderMail({
  fullName,
  lines,
  more,
  cartUrl,
  stopUrl,
  code = null,
}: {
  fullName: string;
  /** A promotion code the owner offers with reminders (decision 0064). */
  code?: string | null;
  /** What is still in the cart and on sale, with its price now. */
  lines: { name: string; quantity: number; priceKobo: number }[];
  /** Lines not listed (the mail lists a few). */
  more: number;
  cartUrl: string;
  stopUrl: string;
}): MailContent {
  return render({
    subject: `Your ${SHOP_NAME} cart is waiting for you`,
    greetingName: fullName.split(" ")[0] ?? "",
    paragraphs: [
      "You left these in your cart. They are still available, at today's prices:",
      ...lines.map((l) => `${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ""}: ${formatNaira(l.priceKobo * l.quantity)}`),
      ...(more > 0 ? [`and ${more} more.`] : []),
      ...(code ? [`Enter the code ${code} in your cart for a discount.`] : []),
    ],
    action: { label: "Go to my cart", url: cartUrl },
    closing: `You get this because you left items in your cart. To get no more offers from us: ${stopUrl}`,
  });
}

/** The daily list of sizes low on stock, to the shop's orders inbox (issue 18). */
export function lowStockMail({
  lines,
  total,
  day,
  publicUrl,
}: {
  lines: { productId: number; name: string; size: string; stock: number; threshold: number }[];
  total: number;
  day: string;
  publicUrl: string;
}): MailContent {
  const sizes = total === 1 ? "1 size is" : `${total} sizes are`;
  return render({
    subject: `Low stock on ${readableLagosDate(day)}: ${sizes} at or under the alert`,
    greetingName: "team",
    paragraphs: [
      `${sizes} at or under their product's low-stock alert this morning. Restock them, or change the alert on the product's page.`,
      ...(total > lines.length ? [`The first ${lines.length}, emptiest first, are listed; the dashboard shows the rest.`] : []),
    ],
    table: {
      rows: lines.map((line) => ({
        label: `${line.name} (product ${line.productId})`,
        detail: `${line.size ? `Size ${line.size}, ` : ""}alert at ${line.threshold}`,
        amount: line.stock === 0 ? "Out of stock" : `${line.stock} left`,
      })),
      total: { label: "Sizes to restock", amount: String(total) },
      after: [],
    },
    action: { label: "Open the dashboard", url: `${publicUrl}${adminPanelPath(ADMIN_PANELS.adminInfo)}` },
  });
}

export interface ContactLetter {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** A contact-form message, to the shop's inbox (requirements §3.13 Contact message). */
export function contactNoticeMail(letter: ContactLetter, publicUrl: string): MailContent {
  const phone = readablePhone(letter.phone);
  return render({
    subject: `Contact form: ${letter.name}`,
    greetingName: "team",
    paragraphs: [`${letter.name} (${letter.email}, ${phone}) wrote through the contact form:`, letter.message],
    action: { label: "Open the Messages panel", url: `${publicUrl}${adminPanelPath(ADMIN_PANELS.messages)}` },
    closing: `Reply to ${letter.email} or call ${phone}.`,
  });
}

/**
 * The sender's acknowledgement. It repeats nothing the sender typed: anyone can put any address
 * in the form, and the shop must not carry their text to a stranger's inbox.
 */
export function contactReceiptMail(): MailContent {
  return render({
    subject: `We received your message to ${SHOP_NAME}`,
    greetingName: "",
    paragraphs: [
      "Thank you for contacting us. We have received your message and will get back to you within one business day.",
      `If you did not write to ${SHOP_NAME}, you can ignore this email.`,
    ],
    closing: `For anything urgent, call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

/** An owner's alert (server/alerts/incidents.ts): what went wrong with the money, once, and once more when it is over. */
export function incidentMail({
  incident,
  resolved,
  publicUrl,
}: {
  incident: { subject: string; subjectPath: string | null; detail: string; title: string };
  resolved: boolean;
  publicUrl: string;
}): MailContent {
  return render({
    subject: resolved ? `Resolved: ${incident.title} (${incident.subject})` : `Needs you: ${incident.title} (${incident.subject})`,
    greetingName: "owner",
    paragraphs: resolved
      ? [`This is over: ${incident.detail}`, "Nothing more is needed unless the back office says otherwise."]
      : [incident.detail, "You get this once; the back office shows it until it is resolved."],
    ...(incident.subjectPath ? { action: { label: `Open ${incident.subject}`, url: `${publicUrl}${incident.subjectPath}` } } : {}),
  });
}

import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "../../common/constants";
import { lineName } from "../../common/featured";
import { formatNaira, formatNairaTotal } from "../../common/money";
import type { orderItems, orders } from "../db/schema";
import { customerLabel, type OrderStatus } from "../orders/lifecycle";

// The shop's e-mails: one branded frame, HTML with inline styles (mail clients ignore <style>)
// and a plain-text twin. Every link is absolute, built from PUBLIC_URL.

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Rows of an itemised list (an order's lines), with a bold last row for the total. */
interface Table {
  rows: { label: string; detail: string; amount: string }[];
  total: { label: string; amount: string };
  /** Lines under the table, e.g. the delivery address. */
  after: string[];
}

interface Letter {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  table?: Table;
  action?: { label: string; url: string };
  closing?: string;
}

const cell = "padding:8px 0;border-bottom:1px solid #e2e8f0;vertical-align:top";

function tableHtml({ rows, total, after }: Table): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">
${rows
  .map(
    (r) =>
      `<tr><td style="${cell}">${escapeHtml(r.label)}<br><span style="color:#64748b">${escapeHtml(r.detail)}</span></td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(r.amount)}</td></tr>`,
  )
  .join("\n")}
<tr><td style="padding:10px 0;font-weight:bold">${escapeHtml(total.label)}</td><td align="right" style="padding:10px 0;font-weight:bold;white-space:nowrap">${escapeHtml(total.amount)}</td></tr>
</table>
${after.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join("\n")}`;
}

function tableText({ rows, total, after }: Table): string[] {
  return [...rows.map((r) => `- ${r.label}: ${r.detail} = ${r.amount}`), `${total.label}: ${total.amount}`, "", ...after, ""];
}

function render({ subject, greetingName, paragraphs, table, action, closing }: Letter): MailContent {
  const name = greetingName.trim() || "there";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1e3a8a;padding:18px 24px;color:#ffffff;font-size:20px;font-weight:bold">${SHOP_NAME}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">
<p style="margin:0 0 16px">Hello ${escapeHtml(name)},</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${table ? tableHtml(table) : ""}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#f59e0b;color:#0f172a;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
${closing ? `<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(closing)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${SHOP_NAME}, Lagos · ${SHOP_EMAIL} · ${SHOP_PHONE_DISPLAY}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `Hello ${name},`,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(table ? tableText(table) : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(closing ? [closing, ""] : []),
    `${SHOP_NAME}, Lagos · ${SHOP_EMAIL} · ${SHOP_PHONE_DISPLAY}`,
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

export function passwordChangedMail(fullName: string, loginUrl: string): MailContent {
  return render({
    subject: `Your ${SHOP_NAME} password was changed`,
    greetingName: fullName,
    paragraphs: [
      "The password of your account has just been changed, and every device that was signed in has been signed out.",
      `If this was not you, reset your password at once and contact us at ${SHOP_EMAIL} or ${SHOP_PHONE_DISPLAY}.`,
    ],
    action: { label: "Log in", url: loginUrl },
  });
}

interface OrderLetter {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
  paymentReference: string;
  publicUrl: string;
}

function orderTable({ order, items, paymentReference }: OrderLetter): Table {
  return {
    rows: items.map((item) => ({
      label: lineName(item.productName, item.size),
      detail: `${item.quantity} x ${formatNaira(item.unitPriceKobo)}`,
      amount: formatNairaTotal(item.unitPriceKobo * item.quantity),
    })),
    total: { label: "Total paid", amount: formatNairaTotal(order.totalKobo) },
    after: [
      `Order reference: ${order.orderRef}`,
      `Payment reference: ${paymentReference}`,
      `Deliver to: ${order.firstName} ${order.lastName}, ${order.address}, ${order.city}, ${order.state}`,
      `Phone: ${order.phone}`,
    ],
  };
}

export function orderConfirmationMail(letter: OrderLetter): MailContent {
  return render({
    subject: `Your ${SHOP_NAME} order ${letter.order.orderRef}`,
    greetingName: letter.order.firstName,
    paragraphs: ["Thank you for your order. We have received your payment, and we will call you to arrange delivery within 1 to 3 business days."],
    table: orderTable(letter),
    action: { label: "See my orders", url: `${letter.publicUrl}/userdashboard?menu=1` },
    closing: `Questions about your order? Reply to this email or call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

export function newOrderMail(letter: OrderLetter): MailContent {
  const { order } = letter;
  return render({
    subject: `New order ${order.orderRef}: ${formatNairaTotal(order.totalKobo)}${order.needsRefund ? " (BEING REFUNDED)" : ""}`,
    greetingName: "team",
    paragraphs: [
      `${order.firstName} ${order.lastName} (${order.email}) has paid for order ${order.orderRef}.`,
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
export function refundMail({ order, reason, publicUrl }: { order: typeof orders.$inferSelect; reason: "superseded" | "sold-out"; publicUrl: string }): MailContent {
  const why =
    reason === "superseded"
      ? `You paid for checkout ${order.orderRef} after starting a newer one, so you were charged twice. We have refunded this payment; your newer order is not affected.`
      : `Your payment for order ${order.orderRef} arrived after the last of its stock was sold, so we cannot deliver it. We are sorry.`;
  return render({
    subject: `Refund of ${formatNairaTotal(order.totalKobo)} for ${order.orderRef}`,
    greetingName: order.firstName,
    paragraphs: [
      why,
      `We have asked our payment provider to return ${formatNairaTotal(order.totalKobo)} to the card or account you paid with. Your bank may take up to 10 business days to show it.`,
    ],
    action: { label: "See my orders", url: `${publicUrl}/userdashboard?menu=1` },
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
    action: { label: "See my orders", url: `${publicUrl}/userdashboard?menu=1` },
    closing: `Questions about your order? Reply to this email or call us on ${SHOP_PHONE_DISPLAY}.`,
  });
}

export interface ContactLetter {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** A contact-form message, to the shop's inbox (spec §3 Contact message). */
export function contactNoticeMail(letter: ContactLetter, publicUrl: string): MailContent {
  return render({
    subject: `Contact form: ${letter.name}`,
    greetingName: "team",
    paragraphs: [`${letter.name} (${letter.email}, ${letter.phone}) wrote through the contact form:`, letter.message],
    action: { label: "Open the Messages panel", url: `${publicUrl}/admin?menu=6` },
    closing: `Reply to ${letter.email} or call ${letter.phone}.`,
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

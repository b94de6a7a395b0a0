import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { deliveryInput, type DeliveryDetails } from "~/common/delivery";
import { lineName } from "~/common/featured";
import { lagosDateTime } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { contractPhone, storedPhone, textablePhone } from "~/common/phone";
import { emailField } from "../accounts/input";
import { hashPassword } from "../accounts/secrets";
import { recordAudit } from "../admin/audit";
import type { CartLine } from "../cart/cart";
import type { Database, Executor } from "../db/client";
import type { SignedInAccount } from "../accounts/sessions";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "../admin/shop-settings";
import { refusable } from "../db/refusable";
import { accounts, orderItems, orders, paymentLinks, payments, productImages, products, productVariants } from "../db/schema";
import { estimateArrival } from "../delivery/estimates";
import { announceMail, queueMail, queueText } from "../mail/outbox";
import { paymentLinkMail } from "../mail/templates";
import { recordNewOrder } from "../orders/lifecycle";
import { holdLines, lockVariants } from "../orders/stock";
import { getPaymentChannels } from "../payments/channels";
import { isOpenPayment } from "../payments/payment-status";
import { textContent, textAmount } from "../texts/templates";
import type { TextChannel } from "../texts/providers";
import {
  accessCodeOf,
  awaitPayment,
  completePayment,
  insertOrder,
  insertOrderItems,
  lockCheckout,
  newPaymentReference,
  queueOrderMails,
  type CheckoutContext,
  type PaymentOutcome,
} from "./checkout";
import { payOnDeliveryOffer } from "./pay-on-delivery";
import { discountsOf, PROMO_CODE_INPUT_MAX, priceOrder, recordDiscounts } from "../promotions/promotions";

// Orders staff take for a customer (issue 28, decision 0061): by phone or WhatsApp, at catalogue
// prices, for a customer found by e-mail or phone, or made on the spot with no password (they
// claim the account later with Forgot Password); with no e-mail given, a customer is found by
// their phone. The order is paid through a link sent by SMS,
// WhatsApp and/or e-mail (/pay/{token}: no sign-in, that order only), holding its stock until the
// link expires; or it is placed to pay on delivery within the owner's controls. Every staff order
// and every link sent is audited. A customer with no e-mail address is served by pay on delivery
// only (Paystack needs an e-mail to take a card): their account gets a reserved address that no
// mail is ever sent to (NO_EMAIL_DOMAIN), and e-mail updates off; texts reach them.

/** How long a payment link holds the order's stock: the owner's choice (Settings), 48 hours until they make one. */
export const PAYMENT_LINK_SETTING: ShopSetting<{ hours: number }> = {
  key: "payment-links",
  subject: "Payment links",
  defaults: { hours: 48 },
  schema: z.object({ hours: z.number().int().min(1).max(168) }),
  describe: (before, after) => (before.hours === after.hours ? "" : `hold the stock ${before.hours} → ${after.hours} hours`),
  saved: messages.paymentLinksSaved,
};

export const getPaymentLinkHours = async (db: Executor): Promise<number> => (await readShopSetting(db, PAYMENT_LINK_SETTING)).hours;

export const changePaymentLinkHours = (db: Database, actor: SignedInAccount, hours: number): Promise<SettingsChange> =>
  changeShopSetting(db, actor, PAYMENT_LINK_SETTING, { hours });
export const STAFF_ORDER_LINES_MAX = 10;

const LINK_TOKEN_BYTES = 16;
const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The domain of the reserved address of a customer with no e-mail (RFC 2606: .invalid is never delivered). */
export const NO_EMAIL_DOMAIN = "no-email.foamshop.invalid";

/** The reserved address of a customer with no e-mail, from their phone: 2348031234567@no-email.foamshop.invalid. */
export const reservedEmail = (phone: string) => `${contractPhone(storedPhone(phone)).replace(/\D/g, "")}@${NO_EMAIL_DOMAIN}`;

export const staffOrderInput = z.object({
  customer: z.object({
    fullName: z.string().trim().min(1, messages.staffOrderNameRequired).max(100, messages.staffOrderNameRequired),
    /** Empty: the customer has none (pay on delivery only). */
    email: z.union([z.literal(""), emailField]),
  }),
  lines: z
    .array(
      z.object({
        variantId: z.number({ error: messages.staffOrderProductGone }).int(messages.staffOrderProductGone).positive(messages.staffOrderProductGone),
        quantity: z
          .number({ error: messages.staffOrderQuantityInvalid })
          .int(messages.staffOrderQuantityInvalid)
          .min(1, messages.staffOrderQuantityInvalid)
          .max(100, messages.staffOrderQuantityInvalid),
      }),
    )
    .min(1, messages.staffOrderNoLines)
    .max(STAFF_ORDER_LINES_MAX, messages.staffOrderNoLines),
  delivery: deliveryInput,
  payment: z.enum(["link", "pay_on_delivery"], { error: messages.requestUnreadable }),
  send: z.array(z.enum(["sms", "whatsapp", "email"], { error: messages.requestUnreadable })),
  /** A promotion code the customer gave on the phone; empty: none (automatic promotions still apply). */
  code: z.string().max(PROMO_CODE_INPUT_MAX, messages.promoUnknown).default(""),
});

export type StaffOrderInput = z.infer<typeof staffOrderInput>;

export type StaffOrderResult = { ok: true; orderRef: string; link: string | null; sent: string[] } | { ok: false; message: string };

/** A customer account for this e-mail: theirs, or a new one with no password (Forgot Password claims it). */
async function customerFor(tx: Executor, customer: StaffOrderInput["customer"], phone: string, noEmail: boolean): Promise<number> {
  const [found] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, "customer"), eq(accounts.email, customer.email)));
  if (found) return found.id;
  const [made] = await tx
    .insert(accounts)
    .values({
      role: "customer",
      fullName: customer.fullName,
      email: customer.email,
      phoneNumber: phone,
      // Nobody knows it: the customer sets their own through Forgot Password, which verifies the e-mail.
      passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
      // No mail goes to a reserved address.
      orderUpdatesEmail: !noEmail,
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (made) return made.id;
  // Made by another request a moment ago.
  const [again] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, "customer"), eq(accounts.email, customer.email)));
  return again.id;
}

/** The e-mail of the newest customer with this phone number (E.164) and a real address; null when none. */
async function customerByPhone(db: Executor, phone: string): Promise<string | null> {
  if (!textablePhone(phone)) return null;
  const [found] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.role, "customer"), eq(accounts.phoneNumber, phone), sql`${accounts.email} not like ${`%@${NO_EMAIL_DOMAIN}`}`))
    .orderBy(desc(accounts.id))
    .limit(1);
  return found?.email ?? null;
}

/** The lines as a cart would hold them, at the catalogue's prices; a variant off sale is refused. */
async function catalogueLines(tx: Executor, wanted: StaffOrderInput["lines"]): Promise<CartLine[] | string> {
  const ids = [...new Set(wanted.map((l) => l.variantId))];
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      size: productVariants.size,
      priceKobo: productVariants.priceKobo,
      maxPerOrder: products.maxPerOrder,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), isNull(products.archivedAt), isNull(productVariants.archivedAt), eq(products.hidden, false)));
  const lines: CartLine[] = [];
  for (const want of wanted) {
    const row = rows.find((r) => r.variantId === want.variantId);
    if (!row) return messages.staffOrderProductGone;
    const same = lines.find((l) => l.variantId === row.variantId);
    const quantity = (same?.quantity ?? 0) + want.quantity;
    if (quantity > row.maxPerOrder) return messages.orderLimitAtCheckout(lineName(row.productName, row.size), row.maxPerOrder);
    if (same) same.quantity = quantity;
    else {
      const [image] = await tx
        .select({ fileName: productImages.fileName })
        .from(productImages)
        .where(eq(productImages.productId, row.productId))
        .orderBy(asc(productImages.position))
        .limit(1);
      lines.push({ ...row, quantity, image: image?.fileName ?? null } as CartLine);
    }
  }
  return lines;
}

/**
 * Staff take an order for a customer: the stock held, the order placed to pay on delivery or
 * waiting for its link, the link sent by the channels chosen, all audited, in one transaction.
 */
export async function createStaffOrder(ctx: CheckoutContext, staffId: number, input: StaffOrderInput, now = new Date()): Promise<StaffOrderResult> {
  const phone = storedPhone(input.delivery.phone);
  // No e-mail given: the customer may be known by their phone, and have one.
  const known = input.customer.email === "" ? await customerByPhone(ctx.db, phone) : null;
  if (known) input = { ...input, customer: { ...input.customer, email: known } };
  const noEmail = input.customer.email === "";
  if (noEmail && input.payment === "link") return { ok: false, message: messages.staffOrderLinkNeedsEmail };
  if (noEmail && !textablePhone(phone)) return { ok: false, message: messages.podPhoneNotTextable };
  const email = noEmail ? reservedEmail(phone) : input.customer.email;
  const delivery: DeliveryDetails = { ...input.delivery, email, phone };
  const customer = { ...input.customer, email };
  const outcome = await refusable(ctx.db, async (tx, refuse: (refusal: StaffOrderResult) => never): Promise<StaffOrderResult> => {
    const accountId = await customerFor(tx, customer, delivery.phone, noEmail);
    await lockCheckout(tx, accountId);
    const lines = await catalogueLines(tx, input.lines);
    // Refused: nothing kept, not even a customer made a moment ago.
    if (typeof lines === "string") refuse({ ok: false, message: lines });
    await lockVariants(
      tx,
      lines.map((l) => l.variantId),
    );
    const held = await holdLines(tx, lines, { hold: true });
    if (!held.ok) {
      const name = lineName(held.line.productName, held.line.size);
      refuse({ ok: false, message: held.left === 0 ? messages.outOfStock(name) : messages.notEnoughStock(name, held.left) });
    }
    // The promotions as for the customer's own checkout, their caps locked after the stock, in
    // the order every checkout takes its locks (decision 0064).
    const pricing = await priceOrder(
      tx,
      accountId,
      lines.map((l) => ({ productId: l.productId, subtotalKobo: l.priceKobo * l.quantity })),
      input.code.trim() ? input.code : null,
      { lock: true, ownCheckoutCounts: true },
    );
    if (pricing.codeRefusal) refuse({ ok: false, message: pricing.codeRefusal.message });
    const { totalKobo, discountKobo } = pricing;
    if (input.payment === "pay_on_delivery") {
      // The owner's controls hold for staff too; staff heard the customer, so no texted code is asked.
      const offer = await payOnDeliveryOffer(tx, accountId, delivery, totalKobo, ctx.textChannels ?? [], { byStaff: true });
      if (!offer.offered) refuse({ ok: false, message: offer.why ?? messages.podUnavailable });
    }
    const onDelivery = input.payment === "pay_on_delivery";
    const expiresAt = new Date(now.getTime() + (await getPaymentLinkHours(tx)) * 60 * 60_000);
    const [order] = await insertOrder(tx, {
      accountId,
      totalKobo,
      discountKobo,
      ...delivery,
      source: "staff",
      ...(onDelivery
        ? {
            status: "confirmed" as const,
            paymentMethod: "pay_on_delivery" as const,
            placedAt: now,
            arrivesBy: await estimateArrival(tx, delivery.state, now),
          }
        : { reservedUntil: expiresAt }),
    });
    await insertOrderItems(tx, order.id, lines);
    await recordDiscounts(tx, order.id, accountId, pricing.discounts);
    await recordNewOrder(tx, {
      orderId: order.id,
      status: onDelivery ? "confirmed" : "pending",
      by: staffId,
      note: onDelivery ? "Taken by staff, to pay on delivery" : "Taken by staff, to pay through a link",
    });
    let link: string | null = null;
    const sent: string[] = [];
    if (onDelivery) await queueOrderMails(tx, ctx, order.id);
    else {
      const token = randomBytes(LINK_TOKEN_BYTES).toString("base64url");
      await tx.insert(paymentLinks).values({ orderId: order.id, tokenHash: hashLinkToken(token), expiresAt, createdBy: staffId });
      link = `${ctx.publicUrl}/pay/${token}`;
      sent.push(...(await sendLink(tx, ctx, order, link, expiresAt, input.send)));
    }
    await recordAudit(tx, staffId, {
      action: "staff-order",
      subject: `Order ${order.orderRef}`,
      subjectPath: `/admin/orders/${order.orderRef}`,
      detail: `${formatNairaTotal(totalKobo)}${pricing.code && !pricing.codeRefusal ? ` with code ${pricing.code}` : ""} for ${noEmail ? `${input.customer.fullName} (no e-mail)` : email}, ${onDelivery ? "to pay on delivery" : `payment link sent by ${sent.length ? sent.join(", ") : "nothing (given by hand)"}`}`,
    });
    return { ok: true, orderRef: order.orderRef, link, sent };
  });
  if (outcome.ok) announceMail();
  return outcome;
}

/** The link by each channel staff chose that this shop can send on; returns those it went by. */
async function sendLink(
  tx: Executor,
  ctx: CheckoutContext,
  order: typeof orders.$inferSelect,
  link: string,
  expiresAt: Date,
  send: StaffOrderInput["send"],
): Promise<string[]> {
  const sent: string[] = [];
  if (send.includes("email")) {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    await queueMail(tx, {
      kind: "payment-link",
      to: order.email,
      ...paymentLinkMail({
        order,
        items,
        discounts: await discountsOf(tx, [order.id]),
        publicUrl: ctx.publicUrl,
        url: link,
        expires: lagosDateTime(expiresAt).slice(0, 16),
      }),
    });
    sent.push("e-mail");
  }
  const phone = textablePhone(order.phone);
  const text = textContent("payment-link", { order: order.orderRef, link, amount: textAmount(order.totalKobo) });
  for (const channel of ["sms", "whatsapp"] as TextChannel[]) {
    if (!send.includes(channel) || !phone || !(ctx.textChannels ?? []).includes(channel)) continue;
    await queueText(tx, { channel, kind: "payment-link", to: phone, ...text });
    sent.push(channel === "sms" ? "SMS" : "WhatsApp");
  }
  return sent;
}

// ------------------------------------------------------------------ the link's page

export type LinkOrder =
  | { state: "open" | "paid" | "expired"; order: typeof orders.$inferSelect; items: (typeof orderItems.$inferSelect)[]; expiresAt: Date }
  | { state: "unknown" };

/** The order a link pays, and whether it can still be paid. */
export async function findLinkOrder(db: Executor, token: string, now = new Date()): Promise<LinkOrder> {
  if (token.length > 64) return { state: "unknown" };
  const [row] = await db
    .select({ order: orders, expiresAt: paymentLinks.expiresAt })
    .from(paymentLinks)
    .innerJoin(orders, eq(orders.id, paymentLinks.orderId))
    .where(eq(paymentLinks.tokenHash, hashLinkToken(token)));
  if (!row) return { state: "unknown" };
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id)).orderBy(asc(orderItems.id));
  const state = row.order.placedAt ? "paid" : row.order.status === "pending" && row.expiresAt > now ? "open" : "expired";
  return { state, order: row.order, items, expiresAt: row.expiresAt };
}

export type LinkPaymentStart =
  { ok: true; orderRef: string; reference: string; accessCode: string; amountKobo: number; email: string } | { ok: false; message: string };

/**
 * The link's Pay: its open payment again (a second press, a reload), or a new one opened with the
 * provider for the order's total. Two presses at once open one payment: the second waits for it.
 */
export async function startLinkPayment(ctx: CheckoutContext, token: string): Promise<LinkPaymentStart> {
  if (ctx.gateway.provider === "none") return { ok: false, message: messages.paymentUnavailable };
  const found = await findLinkOrder(ctx.db, token);
  if (found.state !== "open") return { ok: false, message: found.state === "paid" ? messages.orderAlreadyPaid : messages.paymentLinkExpired };
  const { order } = found;
  const opened = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
    const [payment] = await tx
      .select({ reference: payments.reference, status: payments.status, accessCode: payments.accessCode, createdAt: payments.createdAt })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      // The newest: after a declined card, the next Pay opens a new payment, and the one after resumes it.
      .orderBy(desc(payments.id));
    if (payment && isOpenPayment(payment.status)) return { reference: payment.reference, startedAt: payment.createdAt, fresh: false };
    const reference = newPaymentReference();
    await tx.insert(payments).values({ orderId: order.id, provider: ctx.gateway.provider, reference, amountKobo: order.totalKobo });
    return { reference, startedAt: new Date(), fresh: true };
  });
  if (!opened.fresh) {
    const accessCode = await accessCodeOf(ctx.db, opened);
    if (accessCode)
      return { ok: true, orderRef: order.orderRef, reference: opened.reference, accessCode, amountKobo: order.totalKobo, email: order.email };
    return { ok: false, message: messages.paymentStartFailed };
  }
  const started = await ctx.gateway.initialize({
    email: order.email,
    amountKobo: order.totalKobo,
    reference: opened.reference,
    currency: "NGN",
    channels: await getPaymentChannels(ctx.db),
  });
  if (!started.ok) {
    await ctx.db.update(payments).set({ status: "failed", updatedAt: new Date() }).where(eq(payments.reference, opened.reference));
    return { ok: false, message: messages.paymentStartFailed };
  }
  await ctx.db.update(payments).set({ accessCode: started.value.accessCode, updatedAt: new Date() }).where(eq(payments.reference, opened.reference));
  return {
    ok: true,
    orderRef: order.orderRef,
    reference: opened.reference,
    accessCode: started.value.accessCode,
    amountKobo: order.totalKobo,
    email: order.email,
  };
}

/** The link's payment window reported success: verified and placed through completePayment, once. */
export async function completeLinkPayment(ctx: CheckoutContext, token: string, reference: string): Promise<PaymentOutcome> {
  const found = await linkPayment(ctx.db, token, reference);
  if (!found) return { ok: false, reason: "unknown-reference", message: messages.paymentUnknown };
  return completePayment(ctx, reference, found.order.accountId);
}

/** The link's order, when this payment reference is one of its payments; null otherwise. */
async function linkPayment(db: Executor, token: string, reference: string) {
  const found = await findLinkOrder(db, token);
  if (found.state === "unknown") return null;
  const [payment] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.reference, reference));
  return payment?.orderId === found.order.id ? found : null;
}

/**
 * The link's payment window was closed: the order keeps waiting for its link (until it expires),
 * unless the provider says the money is on its way.
 */
export async function closeLinkPayment(
  ctx: CheckoutContext,
  token: string,
  reference: string,
): Promise<{ status: "cancelled" } | { status: "awaiting"; message: string }> {
  const found = await linkPayment(ctx.db, token, reference);
  if (found?.state !== "open") return { status: "cancelled" };
  const verified = await ctx.gateway.verify(reference);
  if (verified.ok && verified.value.status === "pending") {
    const awaiting = await awaitPayment(ctx, found.order.id, reference, verified.value);
    return { status: "awaiting", message: awaiting.message };
  }
  return { status: "cancelled" };
}

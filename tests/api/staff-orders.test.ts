import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, like, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lineName } from "~/common/featured";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { logIn, requestPasswordReset, resetPassword, type AccountContext } from "~/server/accounts/accounts";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { addToCart, getDelivery, saveDelivery } from "~/server/cart/cart";
import { completePayment, expireStaleOrders, startCheckout, type CheckoutContext } from "~/server/checkout/checkout";
import {
  changePayOnDeliverySettings,
  PAY_ON_DELIVERY_DEFAULTS,
  placePayOnDelivery,
  type PayOnDeliverySettings,
} from "~/server/checkout/pay-on-delivery";
import {
  PAYMENT_LINK_SETTING,
  closeLinkPayment,
  completeLinkPayment,
  createStaffOrder,
  findLinkOrder,
  NO_EMAIL_DOMAIN,
  reservedEmail,
  startLinkPayment,
  staffOrderInput,
  type StaffOrderInput,
} from "~/server/checkout/staff-orders";
import {
  shopSettings,
  accounts,
  auditLog,
  orderEvents,
  orders,
  outbox,
  paymentLinks,
  payments,
  products,
  productVariants,
  refunds,
} from "~/server/db/schema";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { getOrderForAdmin, listOrdersForAdmin } from "~/server/orders/admin-orders";
import { smsSize } from "~/server/texts/segments";
import { textAmount } from "~/server/texts/templates";
import { tokenFromOutbox, uniqueEmail } from "../support/accounts";
import {
  cartRows,
  deliveryFields,
  orderItemsOf,
  plainProductIds,
  quickAccount,
  quickCustomer,
  setStock,
  stockOf,
  testCheckout,
  variantOf,
  type VariantRow,
} from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// Orders staff take for a customer (issue 28 part 3, decision 0061), service level on the engine
// of this run: the customer found by e-mail or made with no password (claimed with Forgot
// Password), the lines at the catalogue's prices, the stock held while the payment link lives,
// the link sent by the channels chosen and kept only as its hash, the audit; paying through the
// link exactly once, its expiry, its isolation from the customer's own checkouts, pay on delivery
// taken by staff (and a customer with no e-mail), and concurrent orders for the last units (on
// PostgreSQL they really overlap; PGlite runs them in turn).

const PUBLIC_URL = "http://shop.test";
const SHELF = 10;
const HOUR = 60 * 60_000;
/** Settings → Payment links, until an owner changes it. */
const PAYMENT_LINK_HOURS = PAYMENT_LINK_SETTING.defaults.hours;

const handle = useTestDatabase();
/** The shop with an SMS provider and WhatsApp. */
let ctx: CheckoutContext;
/** The same shop with no text provider. */
let noTexts: CheckoutContext;
let owner: SignedInAccount;
let staffId: number;
let plainProducts: number[];
let nextProduct = 0;
let nextPhone = 0;
let nextAddress = 0;

beforeAll(async () => {
  ctx = testCheckout(handle.db, { publicUrl: PUBLIC_URL, textChannels: ["sms", "whatsapp"] });
  noTexts = { ...ctx, textChannels: [] };
  const ownerRow = await quickAccount(handle.db, "admin", "so-owner");
  await handle.db.update(accounts).set({ adminRole: "owner" }).where(eq(accounts.id, ownerRow.id));
  const [row] = await handle.db.select().from(accounts).where(eq(accounts.id, ownerRow.id));
  owner = { ...row, role: "admin", adminRole: "owner", twoFactor: false };
  staffId = (await quickAccount(handle.db, "admin", "so-staff", "Tunde Staff")).id;
  plainProducts = await plainProductIds(handle.db);
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

// ------------------------------------------------------------------ helpers

type Order = typeof orders.$inferSelect;

/** A plain product of this test's own, `stock` units on the shelf: its only variant. */
async function product(stock = SHELF): Promise<VariantRow> {
  if (nextProduct >= plainProducts.length) throw new Error(`the seed has only ${plainProducts.length} plain products`);
  const productId = plainProducts[nextProduct++];
  await setStock(handle.db, productId, stock);
  return variantOf(handle.db, productId);
}

/** A mobile number of its own: as staff type it, and in E.164. */
function newPhone(): { typed: string; e164: string } {
  const digits = String(1_000_000 + nextPhone++).slice(1);
  return { typed: `0805${digits}1`, e164: `+234805${digits}1` };
}

interface Take {
  email?: string;
  /** The delivery's e-mail when it is not the customer's (or the reserved address). */
  deliveryEmail?: string;
  fullName?: string;
  phone?: string;
  lines: [VariantRow, number][];
  payment?: StaffOrderInput["payment"];
  send?: StaffOrderInput["send"];
  state?: string;
  city?: string;
}

/** The form staff fill, parsed as the panel parses it (an empty e-mail: the reserved address on the delivery). */
function take({
  email = "",
  deliveryEmail,
  fullName = "Chioma Okafor",
  phone = newPhone().typed,
  lines,
  payment = "link",
  send = [],
  state,
  city,
}: Take) {
  return staffOrderInput.parse({
    customer: { fullName, email },
    lines: lines.map(([variant, quantity]) => ({ variantId: variant.id, quantity })),
    delivery: deliveryFields({ phone, confirmPhone: phone, email: deliveryEmail ?? (email || reservedEmail(phone)), ...(state && { state, city }) }),
    payment,
    send,
  });
}

/** createStaffOrder, expecting it to succeed. */
async function taken(input: StaffOrderInput, c = ctx) {
  const result = await createStaffOrder(c, staffId, input);
  if (!result.ok) throw new Error(`the staff order was refused: ${result.message}`);
  return { ...result, order: await orderByRef(result.orderRef), token: result.link?.split("/pay/")[1] ?? "" };
}

async function orderByRef(orderRef: string): Promise<Order> {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

const customersWithEmail = (email: string) =>
  handle.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.role, "customer"), eq(accounts.email, email)));

const ordersOfEmail = (email: string) => handle.db.select().from(orders).where(eq(orders.email, email)).orderBy(asc(orders.id));
const ordersOfCustomer = (accountId: number) => handle.db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id));

const outboxTo = (to: string) => handle.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id));

/** The shop's own mails about this order. */
const shopMailsAbout = (order: Pick<Order, "orderRef">) =>
  handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, "orders@shop.test"), like(outbox.subject, `%${order.orderRef}%`)));

const paymentsOf = (orderId: number) => handle.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const refundsOf = (orderId: number) => handle.db.select().from(refunds).where(eq(refunds.orderId, orderId));

const auditOf = (order: Pick<Order, "orderRef">) =>
  handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `Order ${order.orderRef}`))
    .orderBy(asc(auditLog.id));

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const accountCtx = (): AccountContext => ({ db: handle.db, publicUrl: PUBLIC_URL, clientAddress: `198.51.100.${++nextAddress}` });

/** Pay on delivery on, for anyone unless changed, saved by an owner as Settings saves it. */
async function setPod(change: Partial<PayOnDeliverySettings> = {}) {
  const value: PayOnDeliverySettings = { ...PAY_ON_DELIVERY_DEFAULTS, on: true, maxOpen: 20, ...change };
  expect(await changePayOnDeliverySettings(handle.db, owner, value)).toMatchObject({ ok: true });
}

/** The link's Pay, the test card charged: the reference ready for completeLinkPayment. */
async function payThroughLink(token: string, card = TEST_CARD_SUCCESS) {
  const started = await startLinkPayment(ctx, token);
  if (!started.ok) throw new Error(`the link's payment did not start: ${started.message}`);
  const charged = await chargeTestCard(handle.db, started.accessCode, card);
  expect(charged.ok).toBe(card === TEST_CARD_SUCCESS);
  return started;
}

/** A customer's own Pay Now for one unit of `variant` (their cart, their delivery details). */
async function customerPayNow(who: { id: number }, variant: VariantRow, phone = newPhone().typed) {
  expect((await addToCart(handle.db, who.id, { productId: variant.productId })).ok).toBe(true);
  const started = await startCheckout(ctx, who.id, deliveryFields({ phone, confirmPhone: phone }));
  if (!started.ok) throw new Error(`Pay Now was refused: ${started.message}`);
  return started;
}

// ------------------------------------------------------------------ taking the order

describe("an order taken by staff, paid through a link", () => {
  it("for a new customer: an account with no usable password (claimed through Forgot Password), the order pending with its stock held for 48 hours", async () => {
    const variant = await product();
    const phone = newPhone();
    const email = uniqueEmail("so-new");
    const before = Date.now();
    const result = await taken(take({ email, fullName: "Amaka Eze", phone: phone.typed, lines: [[variant, 2]], send: ["sms", "email"] }));
    const after = Date.now();
    expect(result).toMatchObject({ ok: true, sent: ["e-mail", "SMS"] });

    // The account: made on the spot, no password anyone knows, e-mail not proved yet.
    const made = await customersWithEmail(email);
    expect(made).toHaveLength(1);
    const [account] = made;
    expect(account).toMatchObject({ fullName: "Amaka Eze", phoneNumber: phone.e164, emailVerifiedAt: null, orderUpdatesEmail: true });
    expect(account.passwordHash).not.toBe("");
    for (const password of ["", "password", "correct horse battery", account.passwordHash]) {
      expect(await logIn(accountCtx(), "customer", { email, password }), `password ${JSON.stringify(password)}`).toMatchObject({
        ok: false,
        reason: "wrong-credentials",
      });
    }

    // The order: the staff's, pending, at the catalogue's price, waiting for the link.
    const { order } = result;
    expect(order).toMatchObject({
      accountId: account.id,
      source: "staff",
      status: "pending",
      paymentMethod: "online",
      paidAt: null,
      placedAt: null,
      totalKobo: 2 * variant.priceKobo,
      email,
      phone: phone.e164,
      firstName: "Chioma",
      state: "Lagos",
    });
    expect(order.reservedUntil!.getTime()).toBeGreaterThanOrEqual(before + PAYMENT_LINK_HOURS * HOUR);
    expect(order.reservedUntil!.getTime()).toBeLessThanOrEqual(after + PAYMENT_LINK_HOURS * HOUR);
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 2);
    expect(await orderItemsOf(handle.db, order.id)).toMatchObject([{ variantId: variant.id, quantity: 2, unitPriceKobo: variant.priceKobo }]);
    expect(await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toMatchObject([
      { status: "pending", accountId: staffId, note: "Taken by staff, to pay through a link" },
    ]);

    // The link: its token in the link only; the database keeps its SHA-256.
    expect(result.link).toMatch(new RegExp(`^${PUBLIC_URL}/pay/[\\w-]{22}$`));
    const { token } = result;
    const links = await handle.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id));
    expect(links).toEqual([
      {
        id: expect.any(Number),
        orderId: order.id,
        tokenHash: sha256(token),
        expiresAt: order.reservedUntil,
        createdBy: staffId,
        createdAt: expect.any(Date),
      },
    ]);
    expect(JSON.stringify(await handle.db.select().from(paymentLinks))).not.toContain(token);
    expect(JSON.stringify(order)).not.toContain(token);
    expect(await findLinkOrder(handle.db, token)).toMatchObject({ state: "open", order: { id: order.id }, items: [{ quantity: 2 }] });

    // Sent by the channels chosen: SMS to the delivery phone in one GSM-7 part, and the e-mail; no WhatsApp.
    const texts = await outboxTo(phone.e164);
    expect(texts.map((t) => [t.channel, t.kind])).toEqual([["sms", "payment-link"]]);
    const [sms] = texts;
    expect(sms.text).toContain(result.link);
    expect(sms.text).toContain(textAmount(order.totalKobo));
    expect(sms.text).toContain(order.orderRef);
    expect(sms.whatsappTemplate).toBeNull();
    expect(smsSize(sms.text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    const mails = await outboxTo(email);
    expect(mails.map((m) => [m.channel, m.kind])).toEqual([["email", "payment-link"]]);
    expect(mails[0].text).toContain(result.link);
    // Not placed yet: no confirmation, and the shop hears when it is paid.
    expect(await shopMailsAbout(order)).toEqual([]);

    // Audited, by the staff who took it.
    expect(await auditOf(order)).toMatchObject([
      {
        actorId: staffId,
        action: "staff-order",
        subjectPath: `/admin/orders/${order.orderRef}`,
        detail: `${formatNairaTotal(order.totalKobo)} for ${email}, payment link sent by e-mail, SMS`,
      },
    ]);

    // The customer claims the account: Forgot Password, the link, a password of their own.
    expect(await requestPasswordReset(accountCtx(), "customer", email)).toEqual({ ok: true });
    const resetToken = await tokenFromOutbox(handle.db, email, "reset-password", PUBLIC_URL, "/user-reset-password");
    expect(await resetPassword(accountCtx(), "customer", resetToken, "my own password 2024")).toMatchObject({ ok: true, email });
    expect(await logIn(accountCtx(), "customer", { email, password: "my own password 2024" })).toMatchObject({
      ok: true,
      account: { id: account.id },
    });
  });

  it("for an existing customer (the e-mail as staff typed it): the order is on their account, no second account", async () => {
    const who = await quickCustomer(handle.db, "so-existing");
    const [before] = await customersWithEmail(who.email);
    const variant = await product();
    const { order } = await taken(take({ email: `  ${who.email.toUpperCase()} `, fullName: "Someone Else", lines: [[variant, 1]] }));
    expect(order).toMatchObject({ accountId: who.id, email: who.email, source: "staff" });
    // The back office marks it as taken by staff on its page.
    expect(await getOrderForAdmin(handle.db, order.orderRef)).toMatchObject({ takenByStaff: true });
    const after = await customersWithEmail(who.email);
    expect(after).toHaveLength(1);
    // Their account is as it was: name, password, verification.
    expect(after[0]).toEqual(before);
  });

  it("sends the link only by the channels chosen that the shop can send on; none at all: the link is given by hand", async () => {
    const variant = await product();

    const byWhatsapp = newPhone();
    const wa = await taken(take({ email: uniqueEmail("so-wa"), phone: byWhatsapp.typed, lines: [[variant, 1]], send: ["whatsapp"] }));
    expect(wa.sent).toEqual(["WhatsApp"]);
    const [row] = await outboxTo(byWhatsapp.e164);
    expect(row).toMatchObject({ channel: "whatsapp", kind: "payment-link" });
    expect(row.whatsappTemplate).toEqual({ name: "payment_link", parameters: [textAmount(wa.order.totalKobo), wa.order.orderRef, wa.link] });
    expect(await outboxTo(wa.order.email)).toEqual([]);

    // No text provider: an SMS asked for is not sent (nor said to be).
    const noProvider = newPhone();
    const email = uniqueEmail("so-no-provider");
    const quiet = await taken(take({ email, phone: noProvider.typed, lines: [[variant, 1]], send: ["sms", "whatsapp"] }), noTexts);
    expect(quiet.sent).toEqual([]);
    expect(quiet.link).not.toBeNull();
    expect(await outboxTo(noProvider.e164)).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
    expect((await auditOf(quiet.order))[0].detail).toContain("payment link sent by nothing (given by hand)");
    expect(await findLinkOrder(handle.db, quiet.token)).toMatchObject({ state: "open" });
  });
});

// ------------------------------------------------------------------ the catalogue's prices and stock

describe("the lines, at the catalogue's prices", () => {
  it("totals the catalogue's prices; the same product twice is one line", async () => {
    const a = await product();
    const b = await product();
    const { order } = await taken(
      take({
        email: uniqueEmail("so-prices"),
        lines: [
          [a, 1],
          [b, 2],
          [a, 2],
        ],
      }),
    );
    expect(order.totalKobo).toBe(3 * a.priceKobo + 2 * b.priceKobo);
    expect((await orderItemsOf(handle.db, order.id)).map((i) => [i.variantId, i.quantity, i.unitPriceKobo])).toEqual([
      [a.id, 3, a.priceKobo],
      [b.id, 2, b.priceKobo],
    ]);
    expect([await stockOf(handle.db, a.productId), await stockOf(handle.db, b.productId)]).toEqual([SHELF - 3, SHELF - 2]);
  });

  it("refuses a product off sale (hidden, archived, or no such variant) and a quantity over the product's limit, holding nothing", async () => {
    const hidden = await product();
    await handle.db.update(products).set({ hidden: true }).where(eq(products.id, hidden.productId));
    const archived = await product();
    await handle.db.update(productVariants).set({ archivedAt: new Date() }).where(eq(productVariants.id, archived.id));
    const archivedProduct = await product();
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archivedProduct.productId));
    const fine = await product();
    const missing = { ...fine, id: 2_000_000_000 };

    for (const [label, gone] of [
      ["hidden", hidden],
      ["archived variant", archived],
      ["archived product", archivedProduct],
      ["unknown variant", missing],
    ] as const) {
      const email = uniqueEmail("so-gone");
      const input = take({
        email,
        lines: [
          [fine, 1],
          [gone, 1],
        ],
      });
      expect(await createStaffOrder(ctx, staffId, input), label).toEqual({ ok: false, message: messages.staffOrderProductGone });
      expect(await ordersOfEmail(email), label).toEqual([]);
    }
    expect(await stockOf(handle.db, fine.productId)).toBe(SHELF);

    const limited = await product(50);
    await handle.db.update(products).set({ maxPerOrder: 3 }).where(eq(products.id, limited.productId));
    const over = messages.orderLimitAtCheckout(lineName(limited.productName, limited.size), 3);
    expect(await createStaffOrder(ctx, staffId, take({ email: uniqueEmail("so-limit"), lines: [[limited, 4]] }))).toEqual({
      ok: false,
      message: over,
    });
    // Two lines of it count together.
    const split = take({
      email: uniqueEmail("so-limit"),
      lines: [
        [limited, 2],
        [limited, 2],
      ],
    });
    expect(await createStaffOrder(ctx, staffId, split)).toEqual({ ok: false, message: over });
    expect(await stockOf(handle.db, limited.productId)).toBe(50);
    const { order } = await taken(take({ email: uniqueEmail("so-limit"), lines: [[limited, 3]] }));
    expect(order.totalKobo).toBe(3 * limited.priceKobo);
  });

  it("refuses more than the shelf holds, and keeps nothing of it: no order, no account, no link, no message, no stock taken", async () => {
    const scarce = await product(1);
    const plenty = await product();
    const phone = newPhone();
    const email = uniqueEmail("so-scarce");
    const input = take({
      email,
      phone: phone.typed,
      lines: [
        [plenty, 2],
        [scarce, 2],
      ],
      send: ["sms", "email"],
    });
    expect(await createStaffOrder(ctx, staffId, input)).toEqual({
      ok: false,
      message: messages.notEnoughStock(lineName(scarce.productName, scarce.size), 1),
    });
    await setStock(handle.db, scarce.productId, 0);
    expect(await createStaffOrder(ctx, staffId, input)).toEqual({
      ok: false,
      message: messages.outOfStock(lineName(scarce.productName, scarce.size)),
    });

    expect(await ordersOfEmail(email)).toEqual([]);
    expect(await customersWithEmail(email)).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
    expect(await outboxTo(phone.e164)).toEqual([]);
    expect(await stockOf(handle.db, plenty.productId)).toBe(SHELF);
    expect(await stockOf(handle.db, scarce.productId)).toBe(0);
  });

  // The panel's promise (app/admin/staff-orders.server.ts: "a refusal changes nothing"): a refused
  // order makes no account either. Refusals returned (not refused) inside the transaction commit it.
  it("a refusal for a product off sale, over the limit, or outside pay on delivery's rules makes no account", async () => {
    const hidden = await product();
    await handle.db.update(products).set({ hidden: true }).where(eq(products.id, hidden.productId));
    const email = uniqueEmail("so-gone-account");
    expect(await createStaffOrder(ctx, staffId, take({ email, lines: [[hidden, 1]] }))).toMatchObject({ ok: false });
    const limited = await product();
    await handle.db.update(products).set({ maxPerOrder: 1 }).where(eq(products.id, limited.productId));
    const other = uniqueEmail("so-limit-account");
    expect(await createStaffOrder(ctx, staffId, take({ email: other, lines: [[limited, 2]] }))).toMatchObject({ ok: false });
    await setPod({ states: ["Lagos"] });
    const elsewhere = uniqueEmail("so-pod-account");
    const pod = take({ email: elsewhere, lines: [[limited, 1]], payment: "pay_on_delivery", state: "Oyo", city: "Ibadan" });
    expect(await createStaffOrder(ctx, staffId, pod)).toMatchObject({ ok: false });
    expect({
      gone: await customersWithEmail(email),
      limit: await customersWithEmail(other),
      podRefused: await customersWithEmail(elsewhere),
    }).toEqual({ gone: [], limit: [], podRefused: [] });
  });
});

// ------------------------------------------------------------------ paying through the link

describe("paying through the link", () => {
  it("opens one payment however often (and however at once) Pay is pressed", async () => {
    const variant = await product();
    const { order, token } = await taken(take({ email: uniqueEmail("so-press"), lines: [[variant, 1]] }));
    const first = await startLinkPayment(ctx, token);
    expect(first).toMatchObject({ ok: true, orderRef: order.orderRef, amountKobo: order.totalKobo, email: order.email });
    if (!first.ok) return;
    const again = await startLinkPayment(ctx, token);
    const atOnce = await Promise.all([startLinkPayment(ctx, token), startLinkPayment(ctx, token), startLinkPayment(ctx, token)]);
    for (const answer of [again, ...atOnce]) expect(answer).toEqual(first);
    expect(await paymentsOf(order.id)).toMatchObject([{ reference: first.reference, accessCode: first.accessCode, status: "initialized" }]);

    // The window closed unpaid: the order keeps waiting for its link, its stock held, the same payment resumed.
    expect(await closeLinkPayment(ctx, token, first.reference)).toEqual({ status: "cancelled" });
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "pending", reservedUntil: order.reservedUntil });
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 1);
    expect(await startLinkPayment(ctx, token)).toEqual(first);
  });

  it("two presses at once on a fresh link open one payment", async () => {
    const variant = await product();
    const { order, token } = await taken(take({ email: uniqueEmail("so-race"), lines: [[variant, 1]] }));
    const answers = await Promise.all(Array.from({ length: 4 }, () => startLinkPayment(ctx, token)));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(new Set(answers.map((a) => a.ok && `${a.reference} ${a.accessCode}`)).size).toBe(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it("places the order once, however often (and however at once) the payment is reported", async () => {
    const variant = await product();
    const phone = newPhone();
    const email = uniqueEmail("so-pay");
    const { order, token } = await taken(take({ email, phone: phone.typed, lines: [[variant, 2]], send: ["sms", "email"] }));
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 2);
    const started = await payThroughLink(token);

    const answers = await Promise.all(Array.from({ length: 4 }, () => completeLinkPayment(ctx, token, started.reference)));
    for (const answer of answers) expect(answer).toMatchObject({ ok: true, orderRef: order.orderRef });
    expect(answers.filter((a) => a.ok && !a.alreadyPaid)).toHaveLength(1);
    expect(await completeLinkPayment(ctx, token, started.reference)).toEqual({ ok: true, orderRef: order.orderRef, alreadyPaid: true });

    const paid = await orderByRef(order.orderRef);
    expect(paid).toMatchObject({ status: "paid", source: "staff", needsRefund: false, reservedUntil: null });
    // Placed, it is in the Orders list marked as taken by staff.
    const listed = await listOrdersForAdmin(handle.db);
    expect(listed.find((row) => row.orderRef === order.orderRef)).toMatchObject({ takenByStaff: true });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(paid.placedAt).toBeInstanceOf(Date);
    expect(paid.arrivesBy).not.toBeNull();
    // Held since the order was taken: taken once.
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 2);
    expect((await paymentsOf(order.id)).map((p) => [p.reference, p.status])).toEqual([[started.reference, "success"]]);
    expect(await refundsOf(order.id)).toEqual([]);

    // The customer hears once that it is placed (e-mail and SMS, their defaults), the shop once.
    expect((await outboxTo(email)).map((m) => m.kind)).toEqual(["payment-link", "order-confirmation"]);
    expect((await outboxTo(phone.e164)).map((t) => [t.channel, t.kind])).toEqual([
      ["sms", "payment-link"],
      ["sms", "order-placed"],
    ]);
    expect(await shopMailsAbout(order)).toHaveLength(1);

    // The link now says paid, and opens no new payment.
    expect(await findLinkOrder(handle.db, token)).toMatchObject({ state: "paid" });
    expect(await startLinkPayment(ctx, token)).toEqual({ ok: false, message: messages.orderAlreadyPaid });
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it("refuses a reference of another order, and an unknown link", async () => {
    const variant = await product();
    const mine = await taken(take({ email: uniqueEmail("so-mine"), lines: [[variant, 1]] }));
    const theirs = await taken(take({ email: uniqueEmail("so-theirs"), lines: [[variant, 1]] }));
    const theirPayment = await payThroughLink(theirs.token);
    const unknown = { ok: false, reason: "unknown-reference", message: messages.paymentUnknown };

    expect(await completeLinkPayment(ctx, mine.token, theirPayment.reference)).toEqual(unknown);
    expect(await completeLinkPayment(ctx, mine.token, "FS-nothing-000000000000")).toEqual(unknown);
    expect(await completeLinkPayment(ctx, "x".repeat(22), theirPayment.reference)).toEqual(unknown);
    // A customer's own checkout's reference is no link's either.
    const who = await quickCustomer(handle.db, "so-own");
    const own = await customerPayNow(who, variant);
    expect(await completeLinkPayment(ctx, mine.token, own.reference)).toEqual(unknown);
    expect(await closeLinkPayment(ctx, mine.token, theirPayment.reference)).toEqual({ status: "cancelled" });

    expect(await orderByRef(mine.orderRef)).toMatchObject({ status: "pending", paidAt: null });
    expect(await orderByRef(theirs.orderRef)).toMatchObject({ status: "pending", paidAt: null });
    expect(await completeLinkPayment(ctx, theirs.token, theirPayment.reference)).toMatchObject({ ok: true, alreadyPaid: false });
  });

  it("a declined card: Pay again opens a new payment, and pressing once more resumes that one", async () => {
    const variant = await product();
    const { order, token } = await taken(take({ email: uniqueEmail("so-declined"), lines: [[variant, 1]] }));
    const declined = await payThroughLink(token, TEST_CARD_DECLINED);
    expect(await completeLinkPayment(ctx, token, declined.reference)).toMatchObject({ ok: false, reason: "not-paid" });
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "pending" });

    const second = await startLinkPayment(ctx, token);
    expect(second).toMatchObject({ ok: true });
    if (!second.ok) return;
    expect(second.reference).not.toBe(declined.reference);
    // A reload of the page and Pay again: the open payment, not a third one.
    const third = await startLinkPayment(ctx, token);
    expect(third).toEqual(second);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(["failed", "initialized"]);
  });
});

// ------------------------------------------------------------------ expiry

describe("a link nobody pays", () => {
  it("expires after 48 hours: its stock returns, the link says so and opens no payment", async () => {
    const variant = await product();
    const { order, token } = await taken(take({ email: uniqueEmail("so-expire"), lines: [[variant, 3]] }));
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 3);

    // Not before its time.
    await expireStaleOrders(handle.db, new Date(Date.now() + (PAYMENT_LINK_HOURS - 1) * HOUR));
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "pending" });
    expect(await findLinkOrder(handle.db, token, new Date(Date.now() + (PAYMENT_LINK_HOURS + 1) * HOUR))).toMatchObject({ state: "expired" });

    expect(await expireStaleOrders(handle.db, new Date(Date.now() + (PAYMENT_LINK_HOURS + 1) * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "expired", reservedUntil: null });
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF);
    expect(await findLinkOrder(handle.db, token)).toMatchObject({ state: "expired", order: { id: order.id } });
    expect(await startLinkPayment(ctx, token)).toEqual({ ok: false, message: messages.paymentLinkExpired });
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it("money that lands after the link expired still places the order, taking the stock if it is there", async () => {
    const variant = await product();
    const { order, token } = await taken(take({ email: uniqueEmail("so-late"), lines: [[variant, 2]] }));
    const started = await payThroughLink(token);
    await expireStaleOrders(handle.db, new Date(Date.now() + (PAYMENT_LINK_HOURS + 1) * HOUR));
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "expired" });
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF);

    expect(await completeLinkPayment(ctx, token, started.reference)).toEqual({ ok: true, orderRef: order.orderRef, alreadyPaid: false });
    expect(await orderByRef(order.orderRef)).toMatchObject({ status: "paid", needsRefund: false });
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 2);
  });

  it("an unknown or malformed token is unknown", async () => {
    for (const token of ["", "abc", "A".repeat(22), "A".repeat(65), "../../etc/passwd"]) {
      expect(await findLinkOrder(handle.db, token), token).toEqual({ state: "unknown" });
      expect(await startLinkPayment(ctx, token), token).toEqual({ ok: false, message: messages.paymentLinkExpired });
    }
  });
});

// ------------------------------------------------------------------ the customer's own checkouts

describe("apart from the customer's own checkouts", () => {
  it("the customer's Pay Now leaves a pending staff order alone, and the link paid afterwards is not refunded as superseded", async () => {
    const who = await quickCustomer(handle.db, "so-both");
    const staffLine = await product();
    const ownLine = await product();
    const staffOrder = await taken(take({ email: who.email, lines: [[staffLine, 2]] }));
    expect(staffOrder.order.accountId).toBe(who.id);

    const own = await customerPayNow(who, ownLine);
    expect(await orderByRef(staffOrder.orderRef)).toMatchObject({ status: "pending", reservedUntil: staffOrder.order.reservedUntil });
    expect(await stockOf(handle.db, staffLine.productId)).toBe(SHELF - 2);
    // Their own payment is placed as ever.
    expect((await chargeTestCard(handle.db, own.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(ctx, own.reference, who.id)).toEqual({ ok: true, orderRef: own.orderRef, alreadyPaid: false });
    expect(await orderByRef(staffOrder.orderRef)).toMatchObject({ status: "pending" });

    // Another Pay Now after it, then the link paid: placed, not refunded.
    const later = await customerPayNow(who, ownLine);
    const link = await payThroughLink(staffOrder.token);
    expect(await completeLinkPayment(ctx, staffOrder.token, link.reference)).toEqual({
      ok: true,
      orderRef: staffOrder.orderRef,
      alreadyPaid: false,
    });
    const paid = await orderByRef(staffOrder.orderRef);
    expect(paid).toMatchObject({ status: "paid", needsRefund: false });
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await stockOf(handle.db, staffLine.productId)).toBe(SHELF - 2);
    // And the customer's open Pay Now is still theirs to pay.
    expect(await orderByRef(later.orderRef)).toMatchObject({ status: "pending" });
    expect((await chargeTestCard(handle.db, later.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(ctx, later.reference, who.id)).toEqual({ ok: true, orderRef: later.orderRef, alreadyPaid: false });
  });

  it("a staff order taken while the customer's Pay Now is open leaves that checkout alone: it resumes, and its payment is placed", async () => {
    const who = await quickCustomer(handle.db, "so-after");
    const ownLine = await product();
    const staffLine = await product();
    const delivery = deliveryFields();
    expect((await addToCart(handle.db, who.id, { productId: ownLine.productId })).ok).toBe(true);
    const own = await startCheckout(ctx, who.id, delivery);
    if (!own.ok) throw new Error(own.message);
    const staffOrder = await taken(take({ email: who.email, lines: [[staffLine, 1]] }));

    expect(await orderByRef(own.orderRef)).toMatchObject({ status: "pending" });
    // Pay Now again with the same cart: the same checkout, resumed.
    const again = await startCheckout(ctx, who.id, delivery);
    expect(again).toMatchObject({ ok: true, resumed: true, reference: own.reference });
    expect((await chargeTestCard(handle.db, own.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
    expect(await completePayment(ctx, own.reference, who.id)).toEqual({ ok: true, orderRef: own.orderRef, alreadyPaid: false });
    const placed = await orderByRef(own.orderRef);
    expect(await refundsOf(placed.id)).toEqual([]);
    expect(await orderByRef(staffOrder.orderRef)).toMatchObject({ status: "pending" });
    expect((await ordersOfCustomer(who.id)).map((o) => [o.source, o.status])).toEqual([
      ["checkout", "paid"],
      ["staff", "pending"],
    ]);
  });

  it("the customer's own pay on delivery leaves a pending staff order alone", async () => {
    await setPod({ who: "anyone" });
    const who = await quickCustomer(handle.db, "so-own-pod");
    const staffLine = await product();
    const ownLine = await product();
    const staffOrder = await taken(take({ email: who.email, lines: [[staffLine, 1]] }));
    expect((await addToCart(handle.db, who.id, { productId: ownLine.productId })).ok).toBe(true);
    await saveDelivery(handle.db, who.id, deliveryFields({ phone: newPhone().typed }));
    const own = await placePayOnDelivery(ctx, who.id);
    expect(own).toMatchObject({ ok: true });
    expect(await orderByRef(staffOrder.orderRef)).toMatchObject({ status: "pending", reservedUntil: staffOrder.order.reservedUntil });
    expect(await stockOf(handle.db, staffLine.productId)).toBe(SHELF - 1);
    const link = await payThroughLink(staffOrder.token);
    expect(await completeLinkPayment(ctx, staffOrder.token, link.reference)).toEqual({ ok: true, orderRef: staffOrder.orderRef, alreadyPaid: false });
  });

  // Paying a staff order is not the customer's checkout: their cart (and the delivery details
  // they were typing) is theirs. completePayment's removeBoughtFromCart runs for any order.
  it("paying the link leaves the customer's cart and kept delivery details alone", async () => {
    const who = await quickCustomer(handle.db, "so-cart");
    const variant = await product();
    expect((await addToCart(handle.db, who.id, { productId: variant.productId })).ok).toBe(true);
    const delivery = deliveryFields();
    await saveDelivery(handle.db, who.id, delivery);
    const staffOrder = await taken(take({ email: who.email, lines: [[variant, 1]] }));
    const link = await payThroughLink(staffOrder.token);
    expect(await completeLinkPayment(ctx, staffOrder.token, link.reference)).toMatchObject({ ok: true });
    expect({ cart: await cartRows(handle.db, who.id), delivery: await getDelivery(handle.db, who.id) }).toEqual({
      cart: [{ variantId: variant.id, quantity: 1 }],
      delivery: expect.objectContaining({ email: delivery.email, address: delivery.address }),
    });
  });
});

// ------------------------------------------------------------------ pay on delivery

describe("pay on delivery, taken by staff", () => {
  it("is placed at once within the owner's controls, with no texted code even when the owner asks customers for one", async () => {
    await setPod({ who: "confirmed-phone" });
    const variant = await product();
    const phone = newPhone();
    const email = uniqueEmail("so-pod");
    const result = await taken(take({ email, phone: phone.typed, lines: [[variant, 2]], payment: "pay_on_delivery", send: ["sms", "email"] }));
    expect(result).toMatchObject({ link: null, sent: [] });
    const { order } = result;
    expect(order).toMatchObject({
      source: "staff",
      status: "confirmed",
      paymentMethod: "pay_on_delivery",
      paidAt: null,
      reservedUntil: null,
      totalKobo: 2 * variant.priceKobo,
    });
    expect(order.placedAt).toBeInstanceOf(Date);
    expect(order.arrivesBy).not.toBeNull();
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 2);
    expect(await handle.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id))).toEqual([]);
    // No code: the confirmation by e-mail and SMS, and the shop's notice.
    expect((await outboxTo(phone.e164)).map((t) => [t.channel, t.kind])).toEqual([["sms", "pay-on-delivery-placed"]]);
    expect((await outboxTo(email)).map((m) => m.kind)).toEqual(["order-confirmation"]);
    expect(await shopMailsAbout(order)).toHaveLength(1);
    const [account] = await customersWithEmail(email);
    expect(account.confirmedPhone).toBeNull();
    expect(await auditOf(order)).toMatchObject([
      { action: "staff-order", actorId: staffId, detail: `${formatNairaTotal(order.totalKobo)} for ${email}, to pay on delivery` },
    ]);
    expect(await handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toMatchObject([
      { status: "confirmed", accountId: staffId, note: "Taken by staff, to pay on delivery" },
    ]);
  });

  it("keeps the owner's states, ceiling and open-order limit, and is refused when pay on delivery is off", async () => {
    const variant = await product();
    const email = uniqueEmail("so-pod-limits");
    const pod = (change: Partial<Take> = {}) => take({ email, lines: [[variant, 1]], payment: "pay_on_delivery", ...change });

    await setPod({ on: false });
    expect(await createStaffOrder(ctx, staffId, pod())).toEqual({ ok: false, message: messages.podUnavailable });

    await setPod({ states: ["Lagos"] });
    expect(await createStaffOrder(ctx, staffId, pod({ state: "Oyo", city: "Ibadan" }))).toEqual({
      ok: false,
      message: messages.podStateNotOffered("Lagos"),
    });

    await setPod({ ceilingKobo: variant.priceKobo * 2 - 1 });
    expect(await createStaffOrder(ctx, staffId, take({ email, lines: [[variant, 2]], payment: "pay_on_delivery" }))).toEqual({
      ok: false,
      message: messages.podOverCeiling(formatNairaTotal(variant.priceKobo * 2 - 1)),
    });

    await setPod({ maxOpen: 1, ceilingKobo: variant.priceKobo * 2 });
    expect(await createStaffOrder(ctx, staffId, take({ email, lines: [[variant, 2]], payment: "pay_on_delivery" }))).toMatchObject({ ok: true });
    expect(await createStaffOrder(ctx, staffId, pod())).toEqual({ ok: false, message: messages.podTooManyOpen(1) });

    expect((await ordersOfEmail(email)).map((o) => o.status)).toEqual(["confirmed"]);
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF - 2);
    // A link instead is not pay on delivery's to limit.
    expect(await createStaffOrder(ctx, staffId, pod({ payment: "link" }))).toMatchObject({ ok: true });
  });

  it("for a customer with no e-mail: the reserved address, e-mail updates off, nothing mailed to it; texts reach them", async () => {
    await setPod({ who: "confirmed-phone" });
    const variant = await product();
    const phone = newPhone();
    const result = await taken(take({ fullName: "Musa Bello", phone: phone.typed, lines: [[variant, 1]], payment: "pay_on_delivery" }));
    const reserved = `${phone.e164.slice(1)}@${NO_EMAIL_DOMAIN}`;
    expect(reservedEmail(phone.typed)).toBe(reserved);
    const [account] = await customersWithEmail(reserved);
    expect(account).toMatchObject({ fullName: "Musa Bello", phoneNumber: phone.e164, orderUpdatesEmail: false, orderUpdatesSms: true });
    expect(result.order).toMatchObject({ accountId: account.id, email: reserved, status: "confirmed", paymentMethod: "pay_on_delivery" });
    expect(await outboxTo(reserved)).toEqual([]);
    expect((await outboxTo(phone.e164)).map((t) => t.kind)).toEqual(["pay-on-delivery-placed"]);
    expect((await auditOf(result.order))[0].detail).toBe(
      `${formatNairaTotal(result.order.totalKobo)} for Musa Bello (no e-mail), to pay on delivery`,
    );

    // Again for the same number: the same account.
    const second = await taken(take({ fullName: "Musa Bello", phone: phone.typed, lines: [[variant, 1]], payment: "pay_on_delivery" }));
    expect(second.order.accountId).toBe(account.id);
    expect(await customersWithEmail(reserved)).toHaveLength(1);
    expect(await outboxTo(reserved)).toEqual([]);
  });

  it("holds the stock as long as the owner set in Settings → Payment links", async () => {
    await handle.db.insert(shopSettings).values({ key: PAYMENT_LINK_SETTING.key, value: { hours: 2 } });
    try {
      const before = Date.now();
      const { order } = await taken(take({ email: uniqueEmail("two-hours"), lines: [[await product(), 1]] }));
      expect(order.reservedUntil!.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR);
      expect(order.reservedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    } finally {
      await handle.db.delete(shopSettings).where(eq(shopSettings.key, PAYMENT_LINK_SETTING.key));
    }
  });

  it("finds a known customer by their phone when no e-mail is given, and sends the link to their account", async () => {
    const variant = await product();
    const phone = newPhone();
    const email = uniqueEmail("known-by-phone");
    const first = await taken(take({ email, phone: phone.typed, lines: [[variant, 1]] }));
    const again = await taken(take({ phone: phone.typed, lines: [[variant, 1]], send: ["email"] }));
    expect(again.order.accountId).toBe(first.order.accountId);
    expect(again.order.email).toBe(email);
    expect(again.link).toMatch(/\/pay\//);
    expect(await customersWithEmail(email)).toHaveLength(1);
  });

  it("refuses a payment link for a customer with no e-mail, and pay on delivery to a number no text can reach, keeping nothing", async () => {
    await setPod({ who: "anyone" });
    const variant = await product();
    const phone = newPhone();
    expect(await createStaffOrder(ctx, staffId, take({ phone: phone.typed, lines: [[variant, 1]], send: ["sms"] }))).toEqual({
      ok: false,
      message: messages.staffOrderLinkNeedsEmail,
    });
    // A landline's reserved address is its digits, a valid address the panel can fill in: the service then says why not.
    expect(reservedEmail("01 234 5678")).toBe(`012345678@${NO_EMAIL_DOMAIN}`);
    const landline = take({ phone: "01 234 5678", deliveryEmail: "landline@example.com", lines: [[variant, 1]], payment: "pay_on_delivery" });
    expect(await createStaffOrder(ctx, staffId, landline)).toEqual({
      ok: false,
      message: messages.podPhoneNotTextable,
    });
    expect(await customersWithEmail(reservedEmail(phone.typed))).toEqual([]);
    expect(await outboxTo(phone.e164)).toEqual([]);
    expect(await stockOf(handle.db, variant.productId)).toBe(SHELF);
  });
});

// ------------------------------------------------------------------ concurrency

describe("orders taken at once", () => {
  it("20 staff orders at once for the last 5 units: exactly 5 taken, the shelf empty, never below", async () => {
    const variant = await product(5);
    const emails = Array.from({ length: 20 }, () => uniqueEmail("so-rush"));
    const results = await Promise.all(emails.map((email) => createStaffOrder(ctx, staffId, take({ email, lines: [[variant, 1]] }))));
    const name = lineName(variant.productName, variant.size);
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, message: messages.outOfStock(name) });
    expect(await stockOf(handle.db, variant.productId)).toBe(0);
    const [taken5] = await handle.db.select({ n: count() }).from(orders).where(inArray(orders.email, emails));
    expect(taken5.n).toBe(5);
    const [links] = await handle.db
      .select({ n: count() })
      .from(paymentLinks)
      .innerJoin(orders, eq(orders.id, paymentLinks.orderId))
      .where(inArray(orders.email, emails));
    expect(links.n).toBe(5);
  });

  it("10 at once for one new customer: one account, and as many orders as the shelf holds", async () => {
    const variant = await product(4);
    const email = uniqueEmail("so-one-customer");
    const results = await Promise.all(Array.from({ length: 10 }, () => createStaffOrder(ctx, staffId, take({ email, lines: [[variant, 1]] }))));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(await customersWithEmail(email)).toHaveLength(1);
    expect(await ordersOfEmail(email)).toHaveLength(4);
    expect(await stockOf(handle.db, variant.productId)).toBe(0);
    // Every one of them waits for its own link.
    expect((await ordersOfEmail(email)).every((o) => o.source === "staff" && o.status === "pending")).toBe(true);
    expect(
      await handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), ne(outbox.kind, "payment-link"))),
    ).toEqual([]);
  });
});

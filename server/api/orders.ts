import express, { Router, type Response } from "express";
import { z } from "zod";
import { deliveryInput } from "~/common/delivery";
import { lineName } from "~/common/featured";
import { imageUrl } from "~/common/images";
import { messages } from "~/common/messages";
import { koboToNaira } from "~/common/money";
import { log } from "../log";
import { requiredText } from "~/common/fields";
import { hasNul } from "~/common/text";
import type { SignedInAccount } from "../accounts/sessions";
import { completePayment, startCheckout, type CheckoutContext, type PaymentOutcome } from "../checkout/checkout";
import { listOrders } from "../orders/orders";
import { chargeTestCard, payLaterByTest, findTestTransaction } from "../payments/test-gateway";
import { requireSession } from "./accounts";
import type { Config } from "../config";
import { isOwnId } from "./cart";
import { contractUserId, fail, parse, toContractDiscount } from "./contract";
import { handlePaystackEvent } from "../payments/paystack-events";

// Checkout and order calls. create_order.php and get_user_orders.php are in requirements §7.2;
// initialize_payment.php is ours (the specification's client made the pending order in the browser,
// which a shop cannot trust), and so is the provider's webhook.

const userIdField = contractUserId("userId is required.");

const initializeInput = z.intersection(z.object({ user_id: userIdField }), deliveryInput);

/**
 * Requirements §3.11 "Order as sent": only the customer and the payment reference count. The order's
 * reference, items, prices and total are the pending order's; what the client sends for them is
 * ignored (the reply carries the real order_ref).
 */
const createOrderInput = z.object({
  userId: userIdField,
  transactionRef: requiredText("transactionRef is required.", 100, "transactionRef is not a payment reference."),
});

const OUTCOME_STATUS: Record<Exclude<PaymentOutcome, { ok: true }>["reason"], number> = {
  refunded: 409,
  "unknown-reference": 404,
  "not-yours": 403,
  "not-paid": 422,
  mismatch: 422,
  "verify-failed": 502,
  // Accepted: the money is on its way, and the order is placed when it lands.
  awaiting: 202,
};

export function orderRoutes(ctx: CheckoutContext, config: Config): Router {
  const router = Router();
  const customer = requireSession(ctx.db, config, "customer");
  const account = (res: Response): SignedInAccount => res.locals.account;

  router.post("/api4users/initialize_payment.php", customer, async (req, res) => {
    const input = parse(initializeInput, req, res);
    if (!input || !isOwnId(res, input.user_id)) return;
    const { user_id: _, ...delivery } = input;
    const started = await startCheckout(ctx, account(res).id, delivery);
    if (!started.ok) {
      const status = {
        "already-paid": 409,
        "empty-cart": 409,
        "no-delivery": 400,
        "out-of-stock": 409,
        "order-limit": 409,
        "gateway-failed": 502,
        "rate-limited": 429,
        promotion: 409,
        "total-changed": 409,
      }[started.reason];
      if (started.reason === "already-paid")
        return void res.status(status).json({ success: false, error: started.message, message: started.message, order_ref: started.orderRef });
      return fail(res, status, started.message);
    }
    res.status(201).json({
      success: true,
      order_ref: started.orderRef,
      reference: started.reference,
      access_code: started.accessCode,
      amount: koboToNaira(started.amountKobo),
      currency: "NGN",
      provider: ctx.gateway.provider,
      // The open checkout again (same cart): pay it in its window, never a second one.
      resumed: started.resumed,
    });
  });

  router.post("/api4users/create_order.php", customer, async (req, res) => {
    const input = parse(createOrderInput, req, res);
    if (!input || !isOwnId(res, input.userId)) return;
    const outcome = await completePayment(ctx, input.transactionRef, account(res).id);
    if (!outcome.ok) return fail(res, OUTCOME_STATUS[outcome.reason], outcome.message);
    res.status(outcome.alreadyPaid ? 200 : 201).json({
      success: true,
      message: messages.orderPlacedTitle,
      order_ref: outcome.orderRef,
      transaction_ref: input.transactionRef,
    });
  });

  router.get("/api4users/get_user_orders.php", customer, async (req, res) => {
    const query = z.object({ userId: userIdField }).safeParse(req.query);
    if (!query.success) return fail(res, 400, "userId is required.");
    if (!isOwnId(res, query.data.userId)) return;
    const orders = await listOrders(ctx.db, account(res).id).catch((error: unknown) => {
      log.error({ err: error }, "Listing orders failed");
      return null;
    });
    if (!orders) return fail(res, 500, messages.ordersFetchFailed);
    res.json({
      success: true,
      orders: orders.map((order) => ({
        order_ref: order.orderRef,
        transaction_ref: order.paymentReference,
        order_date: order.orderDate,
        status: order.status,
        // What was charged, and how it came to it, as get_user_cart.php says it for the cart.
        subtotal: koboToNaira(order.totalKobo + order.discountKobo),
        discounts: order.discounts.map(toContractDiscount),
        total: koboToNaira(order.totalKobo),
        items: order.items.map((item) => ({
          image_url: item.imageFile ? imageUrl(item.imageFile) : null,
          product_name: lineName(item.productName, item.size),
          size: item.size || "0",
          quantity: item.quantity,
          price: koboToNaira(item.unitPriceKobo),
          product_id: item.productId,
        })),
      })),
    });
  });

  return router;
}

/**
 * Paystack's webhook. It needs the raw body for the signature, so it is mounted before the JSON
 * parser. Only `charge.success` does anything, and only after the reference is verified with the
 * provider, like the browser's create_order call.
 */
export function paystackWebhook(ctx: CheckoutContext): Router {
  const router = Router();
  router.post("/paystack/webhook", express.raw({ type: () => true, limit: "200kb" }), async (req, res) => {
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!ctx.gateway.verifyWebhook(body, req.get("x-paystack-signature"))) return fail(res, 401, "Invalid signature.");
    let event: { event?: unknown; data?: { reference?: unknown } } | null;
    try {
      event = JSON.parse(body.toString("utf8"));
    } catch {
      return fail(res, 400, "Invalid JSON.");
    }
    // Signed JSON that is not an event (null, a number) is ignored like any other event, not a
    // TypeError; a reference holding NUL cannot be one of ours and cannot be sent to the database.
    if (event !== null && typeof event === "object" && event.event !== "charge.success") {
      // Refunds and disputes (server/payments/paystack-events.ts); any other event is ignored, said so.
      const handled = await handlePaystackEvent(ctx, event, body);
      return void res.json(handled.handled ? { success: true, ...(handled.duplicate ? { duplicate: true } : {}) } : { success: true, ignored: true });
    }
    const reference = event?.data?.reference;
    if (typeof reference !== "string" || hasNul(reference)) return void res.json({ success: true, ignored: true });
    const outcome = await completePayment(ctx, reference, null);
    // A reference of another shop on the same Paystack account is not ours to retry; a payment
    // the shop is refunding (a mismatched one too: decision 0057) has been handled.
    if (!outcome.ok && outcome.reason !== "unknown-reference" && outcome.reason !== "refunded" && outcome.reason !== "mismatch") {
      log.error(`Webhook for ${reference}: ${outcome.reason}`);
      return fail(res, outcome.reason === "verify-failed" ? 502 : 422, outcome.message);
    }
    res.json({ success: true });
  });
  return router;
}

/** The built-in test gateway's "provider side": what its payment dialog calls. */
export function testGatewayRoutes(ctx: CheckoutContext): Router {
  const router = Router();
  // Worded errors (not the validator's).
  const accessCode = requiredText("access_code is required.", 100, "access_code is not a payment's access code.");
  router.get("/test-gateway/transaction", async (req, res) => {
    const query = z.object({ access_code: accessCode }).safeParse(req.query);
    const found = query.success ? await findTestTransaction(ctx.db, query.data.access_code) : undefined;
    if (!found) return fail(res, 404, messages.paymentUnknown);
    res.json({ success: true, email: found.email, amount: koboToNaira(found.amountKobo), status: found.status, channels: found.channels });
  });
  router.post("/test-gateway/charge", async (req, res) => {
    const cardNumber = z.string({ error: "card_number is required." }).max(40, "card_number is not a card number.");
    const input = parse(z.object({ access_code: accessCode, card_number: cardNumber }), req, res);
    if (!input) return;
    const charge = await chargeTestCard(ctx.db, input.access_code, input.card_number);
    if (!charge.ok) return fail(res, 402, charge.message);
    res.json({ success: true, reference: charge.reference, message: "Successful" });
  });
  // A bank transfer sent, or a USSD code dialled: the pretend bank confirms it a few seconds later.
  router.post("/test-gateway/pay-later", async (req, res) => {
    const channel = z.enum(["bank_transfer", "ussd"], { error: "channel must be bank_transfer or ussd." });
    const input = parse(z.object({ access_code: accessCode, channel }), req, res);
    if (!input) return;
    const payment = await payLaterByTest(ctx.db, input.access_code, input.channel);
    if (!payment.ok) return fail(res, 409, payment.message);
    res.json({ success: true, reference: payment.reference, message: "Awaiting confirmation" });
  });
  return router;
}

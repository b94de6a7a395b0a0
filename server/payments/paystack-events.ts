import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { orders, payments, paystackEvents, refunds } from "../db/schema";
import { openIncident, resolveIncident } from "../alerts/incidents";
import { announceMail } from "../mail/outbox";
import { recordOrderNote } from "../orders/lifecycle";
import type { CheckoutContext } from "../checkout/checkout";
import { readableLagosTime } from "~/common/lagos-time";
import { adminOrderPath } from "~/common/panels";

// Paystack's events other than charge.success (server/api/orders.ts paystackWebhook), as its
// webhook documentation describes them (decision 0057):
//   refund.processed  the money reached the customer: the refund is marked processed;
//   refund.failed     Paystack could not make it: the refund is failed, the order needs a refund
//                     again (Orders: "Refund needed"), and the owners are alerted;
//   charge.dispute.create / .remind / .resolve
//                     the customer's bank disputes the payment: the order is marked disputed with
//                     Paystack's due date, the owners are alerted with a link to Paystack's
//                     dashboard, and told once more when it is resolved.
// Each is acted on once: the event's row is written in the transaction of its effect, keyed by the
// event and the SHA-256 of its signed body, so a second delivery (a retry, or the same event at
// two processes) finds it and does nothing; an effect that fails writes no row, and Paystack's
// retry acts again. Any other event is answered 200 and ignored.

/** Where the owner answers a dispute (Paystack's dashboard). */
export const PAYSTACK_DISPUTES_URL = "https://dashboard.paystack.com/#/disputes";

export const HANDLED_EVENTS = [
  "refund.processed",
  "refund.failed",
  "charge.dispute.create",
  "charge.dispute.remind",
  "charge.dispute.resolve",
] as const;
type HandledEvent = (typeof HANDLED_EVENTS)[number];

export type EventOutcome =
  | { handled: true; duplicate: boolean }
  /** Not an event the shop acts on, or about a payment that is not this shop's. */
  | { handled: false; why: string };

const isHandled = (event: unknown): event is HandledEvent => HANDLED_EVENTS.includes(event as HandledEvent);

/** Acts on one signed event once. `body` is the raw bytes Paystack signed. */
export async function handlePaystackEvent(ctx: CheckoutContext, event: unknown, body: Buffer): Promise<EventOutcome> {
  const name = (event as { event?: unknown } | null)?.event;
  if (!isHandled(name)) return { handled: false, why: "not an event the shop acts on" };
  const data = ((event as { data?: unknown }).data ?? {}) as Record<string, unknown>;
  const reference = name.startsWith("refund.") ? data.transaction_reference : (data.transaction as Record<string, unknown> | undefined)?.reference;
  if (typeof reference !== "string" || reference.includes("\0")) return { handled: false, why: "no transaction reference" };
  const key = `${name}:${createHash("sha256").update(body).digest("hex")}`;
  const outcome = await ctx.db.transaction(async (tx): Promise<EventOutcome> => {
    const [found] = await tx
      .select({ order: orders, paymentId: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.reference, reference))
      .for("update", { of: orders });
    if (!found) return { handled: false, why: "a payment of another shop" };
    const [fresh] = await tx
      .insert(paystackEvents)
      .values({ key, event: name, payload: event as object })
      .onConflictDoNothing({ target: paystackEvents.key })
      .returning({ id: paystackEvents.id });
    if (!fresh) return { handled: true, duplicate: true };
    const effect = { tx, ctx, order: found.order, paymentId: found.paymentId, data };
    if (name === "refund.processed") await refundProcessed(effect);
    else if (name === "refund.failed") await refundFailed(effect);
    else await disputeMoved(effect, name);
    return { handled: true, duplicate: false };
  });
  if (outcome.handled && !outcome.duplicate) announceMail();
  return outcome;
}

interface Effect {
  tx: Executor;
  ctx: CheckoutContext;
  order: typeof orders.$inferSelect;
  paymentId: number;
  data: Record<string, unknown>;
}

const orderSubject = (order: { orderRef: string }) => ({ subject: `Order ${order.orderRef}`, subjectPath: adminOrderPath(order.orderRef) });

async function refundProcessed({ tx, paymentId }: Effect) {
  await tx.update(refunds).set({ processedAt: new Date() }).where(eq(refunds.paymentId, paymentId));
}

async function refundFailed({ tx, ctx, order, paymentId, data }: Effect) {
  const why = typeof data.status === "string" && data.status !== "failed" ? `Paystack says ${data.status}` : "Paystack could not make it";
  const [refund] = await tx
    .update(refunds)
    .set({ status: "failed", lastError: `refund.failed: ${why}` })
    .where(eq(refunds.paymentId, paymentId))
    .returning({ id: refunds.id, amountKobo: refunds.amountKobo });
  await tx.update(orders).set({ needsRefund: true }).where(eq(orders.id, order.id));
  const note = `Paystack could not refund this payment (${why}): it needs a refund again.`;
  await recordOrderNote(tx, { orderId: order.id, status: order.status, note });
  await openIncident(
    tx,
    {
      kind: "refund-failed",
      key: `refund-failed:${refund?.id ?? order.orderRef}`,
      ...orderSubject(order),
      detail: `${note} Refund it from Paystack's dashboard or to the customer's bank account, then mark the order refunded.`,
    },
    ctx.publicUrl,
    ctx.shopOrdersEmail,
  );
}

async function disputeMoved({ tx, ctx, order, data }: Effect, name: Exclude<HandledEvent, `refund.${string}`>) {
  const dueAt = typeof data.due_at === "string" && !Number.isNaN(Date.parse(data.due_at)) ? new Date(data.due_at) : null;
  const due = dueAt ? `answer by ${readableLagosTime(dueAt)}` : "Paystack gives no due date";
  // One incident per dispute: a later dispute of the same order is a new one.
  const disputeId = typeof data.id === "number" || typeof data.id === "string" ? String(data.id) : order.orderRef;
  const incident = `dispute:${disputeId}`;
  if (name === "charge.dispute.resolve") {
    const resolution = typeof data.resolution === "string" ? data.resolution : "resolved";
    await tx.update(orders).set({ disputeStatus: "resolved", disputeResolution: resolution }).where(eq(orders.id, order.id));
    const note = `Paystack resolved the dispute: ${resolution}.`;
    await recordOrderNote(tx, { orderId: order.id, status: order.status, note });
    await resolveIncident(tx, incident, `The dispute of order ${order.orderRef}: ${resolution}.`, ctx.publicUrl, ctx.shopOrdersEmail);
    return;
  }
  await tx.update(orders).set({ disputeStatus: "open", disputeDueAt: dueAt, disputeResolution: null }).where(eq(orders.id, order.id));
  const note =
    name === "charge.dispute.create" ? `The customer's bank disputes this payment: ${due}.` : `Paystack reminds: the dispute is open, ${due}.`;
  await recordOrderNote(tx, { orderId: order.id, status: order.status, note });
  await openIncident(
    tx,
    {
      kind: "dispute",
      key: incident,
      ...orderSubject(order),
      detail: `The customer's bank disputes the payment of order ${order.orderRef} (${due}). Send Paystack the proof of delivery at ${PAYSTACK_DISPUTES_URL}.`,
    },
    ctx.publicUrl,
    ctx.shopOrdersEmail,
  );
}

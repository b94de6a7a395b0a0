import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { messages } from "~/common/messages";
import { formatNairaTotal, nairaText } from "~/common/money";
import { recordAudit } from "../admin/audit";
import { collections, orders } from "../db/schema";
import { announceMail } from "../mail/outbox";
import { orderStatusMail } from "../mail/templates";
import { queueOrderUpdate } from "../texts/order-updates";
import { textAmount } from "../texts/templates";
import type { StatusChangeContext } from "./admin-orders";
import { transition } from "./lifecycle";

// The door of an order paid on delivery (issue 28, decision 0060): staff record what they
// collected, how, and when it is not the order's total, why. The order becomes paid and delivered
// in the same transaction, the collection is kept (cash per staff member in Reports) and audited,
// and the customer is told. Refused at the door is a status change to cancelled (its parcel's
// units come back): changeOrderStatus.

export const COLLECTION_METHODS = { cash: "Cash", transfer: "Transfer", pos: "POS" } as const;
export type CollectionMethod = keyof typeof COLLECTION_METHODS;

export const REASON_MAX = 500;

/** The form: a method, an amount in naira as staff type it, and a reason. */
export const collectionInput = z
  .object({
    method: z.enum(Object.keys(COLLECTION_METHODS) as [CollectionMethod, ...CollectionMethod[]], { error: messages.collectionMethodInvalid }),
    amount: z
      .string({ error: messages.collectionAmountInvalid })
      .max(30, messages.collectionAmountInvalid)
      .transform((typed) => nairaText(typed.trim()))
      .refine((naira) => /^\d{1,9}(?:\.\d{1,2})?$/.test(naira) && Number(naira) > 0, messages.collectionAmountInvalid)
      .transform((naira) => Math.round(Number(naira) * 100)),
    reason: z
      .string()
      .max(REASON_MAX, messages.collectionReasonTooLong)
      .optional()
      .transform((reason) => reason?.trim() || null),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountKobo: amount }));

export type CollectionInput = z.infer<typeof collectionInput>;

export type CollectionResult = { ok: true; orderRef: string } | { ok: false; message: string };

/** Staff collected the money of a shipped order paid on delivery: it is paid and delivered. */
export async function recordCollection(
  ctx: StatusChangeContext,
  adminId: number,
  orderRef: string,
  input: CollectionInput,
): Promise<CollectionResult> {
  const outcome = await ctx.db.transaction(async (tx): Promise<CollectionResult> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderRef, orderRef), eq(orders.paymentMethod, "pay_on_delivery")))
      .for("update");
    if (!order || order.status !== "shipped") return { ok: false, message: messages.collectionNotShipped };
    const differs = input.amountKobo !== order.totalKobo;
    if (differs && !input.reason) return { ok: false, message: messages.collectionReasonRequired };
    const paidAt = new Date();
    const moved = await transition(tx, {
      orderId: order.id,
      from: "shipped",
      to: "delivered",
      by: adminId,
      note: `Collected ${formatNairaTotal(input.amountKobo)} (${COLLECTION_METHODS[input.method]})${differs ? `. Reason: ${input.reason}` : ""}`,
      set: { paidAt },
    });
    if (!moved.ok) return { ok: false, message: messages.collectionNotShipped };
    await tx.insert(collections).values({
      orderId: order.id,
      method: input.method,
      amountKobo: input.amountKobo,
      collectedBy: adminId,
      reason: differs ? input.reason : null,
    });
    await recordAudit(tx, adminId, {
      action: "collection",
      subject: `Order ${order.orderRef}`,
      subjectPath: `/admin/orders/${order.orderRef}`,
      detail:
        `${formatNairaTotal(input.amountKobo)} in ${COLLECTION_METHODS[input.method].toLowerCase()}` +
        (differs ? `, not the total of ${formatNairaTotal(order.totalKobo)}. Reason: ${input.reason}` : ""),
    });
    await queueOrderUpdate(tx, ctx, moved.order, {
      mail: { kind: "order-status", ...orderStatusMail({ order: moved.order, publicUrl: ctx.publicUrl }) },
      text: { kind: "pay-on-delivery-collected", values: { amount: textAmount(input.amountKobo) } },
    });
    return { ok: true, orderRef: order.orderRef };
  });
  if (outcome.ok) announceMail();
  return outcome;
}

import { messages } from "~/common/messages";
import { changeOrderStatus, type StatusChangeContext } from "./admin-orders";
import { staffLabel, type PlacedStatus } from "./lifecycle";

// The Orders panel's bulk status change (issue 18, decision 0034): many orders moved to one
// status, each through the same rules, transaction, audit row and customer e-mail as the order
// page's form (changeOrderStatus). Each order stands alone: an order the lifecycle refuses is
// left exactly as it was and named with the reason, and the others are still changed. An order
// already in the target status (a second click, or another admin first) is reported as such,
// changed nothing and mailed nobody.

/** The most orders one request may change. */
export const BULK_MAX = 100;

/**
 * The statuses staff may give many orders at once. Not refunded: recording a refund means the
 * money went back through the provider's dashboard, which is one order at a time.
 */
export const BULK_STATUSES = ["processing", "shipped", "delivered", "cancelled"] as const satisfies readonly PlacedStatus[];
export type BulkStatus = (typeof BULK_STATUSES)[number];

export function isBulkStatus(value: string): value is BulkStatus {
  return (BULK_STATUSES as readonly string[]).includes(value);
}

export interface BulkStatusResult {
  to: BulkStatus;
  /** Moved now, the customer e-mailed. */
  changed: string[];
  /** Already in the target status: nothing done. */
  already: string[];
  /** Refused by the lifecycle (or not a placed order), each with why; nothing done to them. */
  refused: { orderRef: string; message: string }[];
}

/**
 * Moves each order to `to` for the admin `adminId`, one transaction per order, in order-ID order
 * (so two such requests lock their orders in the same order). The caller bounds and checks the
 * references; a reference named twice counts once.
 */
export async function changeOrderStatuses(
  ctx: StatusChangeContext,
  adminId: number,
  orderRefs: readonly string[],
  to: BulkStatus,
): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { to, changed: [], already: [], refused: [] };
  for (const orderRef of [...new Set(orderRefs)].sort()) {
    const change = await changeOrderStatus(ctx, adminId, orderRef, to, { note: messages.bulkEventNote });
    if (change.ok) result.changed.push(orderRef);
    else if (change.reason === "not-allowed" && change.current === to) result.already.push(orderRef);
    else if (change.reason === "not-allowed" && change.current)
      result.refused.push({
        orderRef,
        message: messages.bulkCannotMove(orderRef, staffLabel(change.current).toLowerCase(), staffLabel(to).toLowerCase()),
      });
    else if (change.reason === "out-of-stock" || change.reason === "needs-collection")
      result.refused.push({ orderRef, message: `${orderRef}: ${change.message}` });
    else result.refused.push({ orderRef, message: messages.bulkNotPlaced(orderRef) });
  }
  return result;
}

import { and, inArray, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import { payments, paymentStatus } from "../db/schema";

// The status of a payment (one provider transaction of a checkout), in one place like the order
// lifecycle (server/orders/lifecycle.ts, decision 0050): what each status means, which moves
// between them exist, the groups the checkout asks about, and the one function that writes a
// payment's status. The order's moves say which payment status they lead to (TRANSITIONS).

/** Every status a payment can have, as the database's enum lists them. */
export const PAYMENT_STATUSES = paymentStatus.enumValues;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What each status means. */
export const PAYMENT_STATUS_MEANINGS: Record<PaymentStatus, string> = {
  initialized: "The payment window was opened (or is being opened); the provider has said nothing yet.",
  awaiting: "The provider says the money is on its way: a bank transfer or USSD payment the bank has not confirmed yet.",
  success: "The provider confirmed the money, for exactly the order's amount and currency.",
  failed: "The provider says it failed, or reported another amount or currency than the order's.",
  abandoned: "The provider says the customer left it unfinished, or its order expired unpaid.",
  cancelled: "The customer closed the payment window, a newer checkout replaced it, or it could not be opened.",
};

/**
 * Every move a payment's status can make: for each status, the statuses it may move to. A
 * payment that failed or was abandoned may be said to be so again (the provider's newer reply is
 * recorded over the older); one already awaiting is not (only the first word that the money is on
 * its way stretches the order's hold). Nothing leaves success.
 */
export const PAYMENT_TRANSITIONS = {
  initialized: ["awaiting", "success", "failed", "abandoned", "cancelled"],
  abandoned: ["awaiting", "success", "failed", "abandoned", "cancelled"],
  awaiting: ["success", "failed", "abandoned", "cancelled"],
  /** A payment the customer closed may still have been paid, or be said to have failed. */
  cancelled: ["success", "failed", "abandoned"],
  failed: ["success", "failed", "abandoned"],
  success: [],
} as const satisfies Record<PaymentStatus, readonly PaymentStatus[]>;

/** Whether a payment may move from `from` to `to`. */
export function mayMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  const moves: readonly PaymentStatus[] = PAYMENT_TRANSITIONS[from];
  return moves.includes(to);
}

/** The statuses from which a payment may move to `to`. */
export function paymentMovesInto(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => mayMovePayment(from, to));
}

/**
 * Open: the customer can still pay in its window. Pay Now with the same cart resumes it, and
 * ending its order (cancelled, replaced or expired) ends it too.
 */
export const OPEN_PAYMENT_STATUSES = ["initialized", "abandoned", "awaiting"] as const satisfies readonly PaymentStatus[];

/**
 * May have been paid without the shop hearing of it yet (the browser never came back, the webhook
 * is late): an open payment, or one whose window the customer closed. A new Pay Now asks the
 * provider about the customer's last one first.
 */
export const MAYBE_PAID_STATUSES = [...OPEN_PAYMENT_STATUSES, "cancelled"] as const satisfies readonly PaymentStatus[];

export function isOpenPayment(status: PaymentStatus): boolean {
  return (OPEN_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

export function mayBePaid(status: PaymentStatus): boolean {
  return (MAYBE_PAID_STATUSES as readonly PaymentStatus[]).includes(status);
}

/** The columns a move writes besides the status. */
type PaymentSet = Partial<Pick<typeof payments.$inferInsert, "channel" | "verification" | "updatedAt">>;

/**
 * Moves the payments `where` selects to `to`, each only if the table allows the move from the
 * status it has now (one statement, so two writers cannot both move it), with the other columns of
 * the move. `among` narrows the statuses it applies to (the open ones, when an order ends). Returns
 * the ids of the payments moved: none when each was elsewhere.
 */
export async function movePayments(
  tx: Executor,
  where: SQL,
  to: PaymentStatus,
  { set = {}, among }: { set?: PaymentSet; among?: readonly PaymentStatus[] } = {},
): Promise<number[]> {
  const from = paymentMovesInto(to).filter((status) => !among || among.includes(status));
  if (from.length === 0) return [];
  const moved = await tx
    .update(payments)
    .set({ updatedAt: new Date(), ...set, status: to })
    .where(and(where, inArray(payments.status, from)))
    .returning({ id: payments.id });
  return moved.map((row) => row.id);
}

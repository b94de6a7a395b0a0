import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { orderItems, productVariants } from "../db/schema";
import { moveRule, type Order, type OrderStatus } from "./lifecycle";

// The shop's stock, in one place (decision 0050): which orders hold their units, and the only
// code that takes units off the shelf or puts them back. A Pay Now holds the cart's units for a
// while (decision 0020); an order takes them when it is paid without a hold, or is sent on after
// being paid with none left; an order that ends before it ships releases what it holds. What each
// status move does is declared with the move (TRANSITIONS in lifecycle.ts, `stock`).
//
// Concurrency (decision 0017): every change is a conditional UPDATE (`stock >= n`) or runs on rows
// this transaction has locked, and a transaction that changes several variants locks them all
// first, in id order, after the order row it moves: two transactions never each hold a variant
// the other waits for. Not enough stock is an answer (a value), not an exception.

/** The statuses in which an order holds its units off the shelf (pending: while its hold lasts). */
export const HOLDING_STATUSES = ["pending", "confirmed", "paid", "processing"] as const satisfies readonly OrderStatus[];

/** What tells whether an order holds its units, and which table its moves follow. */
export type StockHolder = Pick<Order, "status" | "needsRefund" | "reservedUntil" | "paymentMethod">;

/**
 * Whether an order holds its units, so that ending it now puts them back: a pending one while its
 * hold lasts (`reserved_until` set), a paid or processing one unless it was paid after they were
 * sold (`needs_refund`). Shipped units have left the shop; ended orders hold nothing.
 */
export function holdsStock(order: StockHolder): boolean {
  if (!(HOLDING_STATUSES as readonly OrderStatus[]).includes(order.status)) return false;
  if (order.status === "pending") return order.reservedUntil !== null;
  return !order.needsRefund;
}

/** What moving this order to `to` changes on the shelf: its units taken, released, or nothing. */
export function stockChange(order: StockHolder, to: OrderStatus): "take" | "release" | null {
  const effect = moveRule(order.status, to, order.paymentMethod)?.stock;
  if (effect === "take" && !holdsStock(order)) return "take";
  if (effect === "release" && holdsStock(order)) return "release";
  // A parcel refused at the door: its units were sent, and come back.
  if (effect === "return") return "release";
  return null;
}

/** The order page's words for a stock change, after the e-mail's. */
export const STOCK_CHANGE_WORDS = {
  take: "The items are taken from stock now; if they are not back in stock yet, this is refused.",
  release: "The items go back into stock.",
} as const;

/** A line there is not enough of: what is left of it now. */
export type Shortage<Line> = { ok: false; line: Line; left: number };
export type Taken<Line> = { ok: true } | Shortage<Line>;

/**
 * Row locks on these variants, in id order, before a transaction changes any stock. Every
 * transaction that changes the stock of several variants takes all its locks this way first, so
 * two of them can never each hold a variant the other waits for (PostgreSQL would end one of them
 * with "deadlock detected").
 */
export async function lockVariants(tx: Executor, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(variantIds)]))
    .orderBy(asc(productVariants.id))
    .for("update");
}

/** The variants of these orders' lines (to lock them with others in one lockVariants). */
export async function variantsOf(tx: Executor, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const items = await tx.select({ variantId: orderItems.variantId }).from(orderItems).where(inArray(orderItems.orderId, orderIds));
  return items.map((item) => item.variantId);
}

/**
 * A Pay Now's lines: with a hold, each is taken off the shelf now (one conditional UPDATE per
 * line); without one, each is only checked to be there. The first line there is not enough of
 * is answered with what is left of it; lines taken before it stay taken, so the caller rolls its
 * transaction back (the cart was read before a concurrent checkout took the units).
 */
export async function holdLines<Line extends { variantId: number; quantity: number }>(
  tx: Executor,
  lines: readonly Line[],
  { hold }: { hold: boolean },
): Promise<Taken<Line>> {
  for (const line of lines) {
    const enough = and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`);
    const [there] = hold
      ? await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
          .where(enough)
          .returning({ id: productVariants.id })
      : await tx.select({ id: productVariants.id }).from(productVariants).where(enough);
    if (!there) {
      const [left] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.variantId));
      return { ok: false, line, left: left?.stock ?? 0 };
    }
  }
  return { ok: true };
}

/** An order's line as the stock sees it. */
export interface OrderUnits {
  variantId: number;
  quantity: number;
  productName: string;
  size: string;
}

/**
 * Takes an order's units off the shelf if every one of them is there, or none: its variants
 * locked in id order, all checked, then each taken. The first line short is the answer.
 */
export async function takeOrderStock(tx: Executor, orderId: number): Promise<Taken<OrderUnits>> {
  const items = await tx
    .select({
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      productName: orderItems.productName,
      size: orderItems.size,
      stock: productVariants.stock,
    })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.variantId))
    .for("update", { of: productVariants });
  const short = items.find((item) => item.stock < item.quantity);
  if (short) {
    const { stock, ...line } = short;
    return { ok: false, line, left: stock };
  }
  // Locked and counted above: nothing can take them meanwhile.
  for (const item of items) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
  return { ok: true };
}

/** Puts an order's units back on the shelf, in variant order (on its own it needs no lockVariants first). */
export async function releaseOrderStock(tx: Executor, orderId: number): Promise<void> {
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.variantId));
  for (const item of items) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
}

/**
 * Carries out what moving `order` (as it was before the move) to `to` does to its units, in the
 * move's transaction, after the order row was locked: its units taken (or the line short), put
 * back, or nothing.
 */
export async function moveStock(tx: Executor, order: StockHolder & { id: number }, to: OrderStatus): Promise<Taken<OrderUnits>> {
  const change = stockChange(order, to);
  if (change === "take") return takeOrderStock(tx, order.id);
  if (change === "release") await releaseOrderStock(tx, order.id);
  return { ok: true };
}

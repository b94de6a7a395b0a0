import { asc, desc, eq, inArray, and } from "drizzle-orm";
import type { DeliveryDetails } from "~/common/delivery";
import { lagosDateTime } from "~/common/lagos-time";
import type { Database } from "../db/client";
import { orderItems, orders, payments } from "../db/schema";
import { mayMove, placed, type OrderStatus } from "./lifecycle";
import type { DiscountLine } from "~/common/totals";
import { discountsOf } from "../promotions/promotions";

// A customer's orders, newest first, with the items as they were bought (requirements §3.12 "Order as shown").
// Only placed orders count: a checkout whose payment never arrived is not part of the history.

export interface OrderSummary {
  id: number;
  orderRef: string;
  paymentReference: string | null;
  status: OrderStatus;
  paymentMethod: "online" | "pay_on_delivery";
  /** The customer may still cancel it (paid on delivery, not yet shipped). */
  cancellable: boolean;
  totalKobo: number;
  /** What the promotions took off the lines: `totalKobo + discountKobo` is the subtotal (totalsOf). */
  discountKobo: number;
  /** The courier's tracking id, once the shop has given one. */
  trackingId: string | null;
  createdAt: Date;
  /** 'YYYY-MM-DD HH:MM:SS', Lagos time. */
  orderDate: string;
  items: { productId: number; productName: string; size: string; unitPriceKobo: number; quantity: number; imageFile: string | null }[];
  /** The promotions' discounts (decision 0064). */
  discounts: DiscountLine[];
}

export async function listOrders(db: Database, accountId: number): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderRef: orders.orderRef,
      paymentReference: payments.reference,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalKobo: orders.totalKobo,
      discountKobo: orders.discountKobo,
      trackingId: orders.trackingId,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.status, "success")))
    .where(and(eq(orders.accountId, accountId), placed()))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      size: orderItems.size,
      unitPriceKobo: orderItems.unitPriceKobo,
      quantity: orderItems.quantity,
      imageFile: orderItems.imageFile,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const discounts = await discountsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((order) => ({
    ...order,
    discounts: discounts.filter((d) => d.orderId === order.id).map(({ orderId: _, ...discount }) => discount),
    cancellable: mayMove(order.status, "cancelled", "customer", order.paymentMethod),
    orderDate: lagosDateTime(order.createdAt),
    items: items.filter((i) => i.orderId === order.id).map(({ orderId: _, ...item }) => item),
  }));
}

export { lagosDateTime };

/** The delivery details of the customer's newest placed order: the delivery form starts from them. */
export async function lastDelivery(db: Database, accountId: number): Promise<DeliveryDetails | null> {
  const [row] = await db
    .select({
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      email: orders.email,
      address: orders.address,
      state: orders.state,
      city: orders.city,
    })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), placed()))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

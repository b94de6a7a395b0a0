import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderItems, orders } from "../db/schema";

// A customer's orders, newest first, with the items as they were bought (spec §3 "Order as shown").

export interface OrderSummary {
  id: number;
  orderRef: string;
  status: (typeof orders.$inferSelect)["status"];
  totalKobo: number;
  createdAt: Date;
  items: { productId: number; productName: string; size: string; unitPriceKobo: number; quantity: number; imageFile: string | null }[];
}

export async function listOrders(db: Database, accountId: number): Promise<OrderSummary[]> {
  // Orders whose payment window ran out were never placed: they are not the customer's history.
  const rows = await db
    .select({ id: orders.id, orderRef: orders.orderRef, status: orders.status, totalKobo: orders.totalKobo, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), ne(orders.status, "expired")))
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
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  return rows.map((order) => ({
    ...order,
    items: items.filter((i) => i.orderId === order.id).map(({ orderId: _, ...item }) => item),
  }));
}

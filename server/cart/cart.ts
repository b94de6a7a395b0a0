import { and, asc, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { DeliveryDetails } from "~/common/delivery";
import { storedPhone } from "~/common/phone";
import { lineName } from "~/common/featured";
import { messages } from "~/common/messages";
import { queryRows, type Database, type Executor } from "../db/client";
import { cartItems, cartRequests, carts, products, productVariants } from "../db/schema";
import { refusable } from "../db/refusable";
import { onSale } from "../catalog/catalog";

// The customer's cart lives on the server. Prices are never stored in it: a line is a variant
// and a quantity, and the price is read from the catalogue whenever the cart is shown or bought.

export interface CartLine {
  id: number;
  productId: number;
  variantId: number;
  /** The product's name; `lineName` adds the size. */
  productName: string;
  /** Sold by size: its page is /productdetail2. */
  featured: boolean;
  /** The product's category (a promotion may be on some categories only). */
  categoryId: number;
  size: string;
  priceKobo: number;
  quantity: number;
  subtotalKobo: number;
  /** Units the shop can still sell of this variant. */
  stock: number;
  /** The most units of this variant one order may hold (the product's limit). */
  maxPerOrder: number;
  image: string | null;
}

/** Which line of a cart a request means: the product, and its size ('' or '0' for a plain product). */
export interface LineKey {
  productId: number;
  size?: string | null;
}

/** The standard detail page sends size '0' (requirements §7); both it and no size mean "the product's only or first size". */
const normalizeSize = (size: string | null | undefined) => (size == null || size === "0" ? "" : size.trim());

/** A cart line as the database function `cart_lines` (migration 0014) returns it. */
interface CartLineRow {
  id: number;
  product_id: number;
  variant_id: number;
  product_name: string;
  featured: boolean;
  size: string;
  price_kobo: number | string;
  quantity: number;
  stock: number;
  max_per_order: number;
  image: string | null;
  category_id: number;
  promotion_code: string | null;
}

/** A customer's cart: its lines, and the promotion code they entered (decision 0064). */
export interface Cart {
  lines: CartLine[];
  promotionCode: string | null;
}

/** The lines of a customer's cart, what is off sale left out (readCart). */
export async function getCart(db: Executor, accountId: number): Promise<CartLine[]> {
  return (await readCart(db, accountId)).lines;
}

/**
 * The customer's cart, what is off sale left out, with its promotion code. One function call whose
 * plan the database keeps: the cart, delivery and order summary pages each ask for it.
 */
export async function readCart(db: Executor, accountId: number): Promise<Cart> {
  const rows = await queryRows<CartLineRow>(db, sql`select * from cart_lines(${accountId})`);
  const lines = rows.map((r) => {
    const priceKobo = Number(r.price_kobo); // bigint: a string from node-postgres
    return {
      id: r.id,
      productId: r.product_id,
      variantId: r.variant_id,
      productName: r.product_name,
      featured: r.featured,
      size: r.size,
      priceKobo,
      quantity: r.quantity,
      subtotalKobo: priceKobo * r.quantity,
      stock: r.stock,
      maxPerOrder: r.max_per_order,
      image: r.image,
      categoryId: r.category_id,
    };
  });
  return { lines, promotionCode: rows[0]?.promotion_code ?? null };
}

export function cartTotalKobo(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.subtotalKobo, 0);
}

// The header's count (units, not lines: requirements §3.1 totalQuantity) comes with the customer's session:
// server/accounts/sessions.ts findCustomerSession.

async function cartIdOf(db: Executor, accountId: number): Promise<number> {
  const [created] = await db.insert(carts).values({ accountId }).onConflictDoNothing().returning({ id: carts.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  return existing.id;
}

export interface Variant {
  id: number;
  productName: string;
  size: string;
  stock: number;
  maxPerOrder: number;
}

/** The size a request means, on sale and not retired ('' or '0': a plain product's only or first size). */
export async function findVariant(db: Executor, key: LineKey): Promise<Variant | undefined> {
  const size = normalizeSize(key.size);
  const [variant] = await db
    .select({
      id: productVariants.id,
      productName: products.name,
      size: productVariants.size,
      stock: productVariants.stock,
      maxPerOrder: products.maxPerOrder,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.id, key.productId), onSale, isNull(productVariants.archivedAt), size ? eq(productVariants.size, size) : undefined))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  return variant;
}

export type CartChange =
  | { ok: true; quantity: number }
  | { ok: false; reason: "unknown-product" | "size-not-offered" | "not-in-cart" | "out-of-stock" | "order-limit"; message: string };

/** Why one more unit does not fit: the stock, or the product's per-order limit if that is lower. */
function limitProblem(variant: Variant): CartChange {
  const name = lineName(variant.productName, variant.size);
  if (variant.maxPerOrder < variant.stock) return { ok: false, reason: "order-limit", message: messages.orderLimit(name, variant.maxPerOrder) };
  return {
    ok: false,
    reason: "out-of-stock",
    message: variant.stock === 0 ? messages.outOfStock(name) : messages.stockLimit(name, variant.stock),
  };
}

/** The most units of this variant a cart line may hold now: its stock, at most the per-order limit. */
const lineCeiling = (variantId: SQL | AnyColumn | number) => sql`(
  select least(${productVariants.stock}, ${products.maxPerOrder}) from ${productVariants}
  join ${products} on ${products.id} = ${productVariants.productId}
  where ${productVariants.id} = ${variantId})`;

/**
 * Adds one unit; the same product and size again raises that line's quantity. One statement
 * reads and raises the quantity with its ceiling check, so concurrent adds never lose an update
 * (PostgreSQL re-checks a conflicting row against its newest version).
 */
export async function addToCart(db: Executor, accountId: number, key: LineKey): Promise<CartChange> {
  const variant = await findVariant(db, key);
  if (!variant) {
    const anySize = normalizeSize(key.size) ? await findVariant(db, { productId: key.productId }) : undefined;
    return anySize
      ? { ok: false, reason: "size-not-offered", message: messages.sizeNotOffered }
      : { ok: false, reason: "unknown-product", message: messages.productUnavailable };
  }
  const cartId = await cartIdOf(db, accountId);
  const [line] = await queryRows<{ quantity: number }>(
    db,
    sql`insert into ${cartItems} (${sql.identifier(cartItems.cartId.name)}, ${sql.identifier(cartItems.variantId.name)}, ${sql.identifier(cartItems.quantity.name)})
      select ${cartId}, ${variant.id}, 1 where ${lineCeiling(variant.id)} >= 1
      on conflict (${sql.identifier(cartItems.cartId.name)}, ${sql.identifier(cartItems.variantId.name)})
      do update set ${sql.identifier(cartItems.quantity.name)} = ${cartItems}.${sql.identifier(cartItems.quantity.name)} + 1
      where ${cartItems}.${sql.identifier(cartItems.quantity.name)} + 1 <= ${lineCeiling(variant.id)}
      returning ${sql.identifier(cartItems.quantity.name)} as quantity`,
  );
  if (!line) return limitProblem(variant);
  await touchCart(db, accountId);
  return { ok: true, quantity: Number(line.quantity) };
}

/**
 * The customer changed their cart: its reminder (server/marketing/cart-reminders.ts) counts from
 * now. The shop's own changes (bought lines leaving at payment) are not the customer's.
 */
async function touchCart(db: Executor, accountId: number): Promise<void> {
  const now = new Date();
  await db.update(carts).set({ updatedAt: now, changedAt: now }).where(eq(carts.accountId, accountId));
}

/** The customer's line of this variant, as a condition on cart_items. */
const lineOf = (accountId: number, variantId: number) =>
  and(eq(cartItems.variantId, variantId), sql`${cartItems.cartId} in (select ${carts.id} from ${carts} where ${carts.accountId} = ${accountId})`);

/**
 * Plus or minus one; minus on the last unit removes the line (quantity 0). Each step is one
 * statement that reads and writes the quantity, so concurrent presses all count.
 */
export async function changeQuantity(db: Executor, accountId: number, key: LineKey, delta: 1 | -1): Promise<CartChange> {
  const variant = await findVariant(db, key);
  if (!variant) return { ok: false, reason: "not-in-cart", message: messages.notInCart };
  const line = lineOf(accountId, variant.id);
  if (delta > 0) {
    const [raised] = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} + 1` })
      .where(and(line, sql`${cartItems.quantity} + 1 <= ${lineCeiling(cartItems.variantId)}`))
      .returning({ quantity: cartItems.quantity });
    if (raised) {
      await touchCart(db, accountId);
      return { ok: true, quantity: raised.quantity };
    }
    const [present] = await db.select({ id: cartItems.id }).from(cartItems).where(line);
    return present ? limitProblem(variant) : { ok: false, reason: "not-in-cart", message: messages.notInCart };
  }
  // The line may change between the two statements (another press); a few rounds settle it.
  for (let round = 0; round < 3; round++) {
    const [lowered] = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - 1` })
      .where(and(line, sql`${cartItems.quantity} > 1`))
      .returning({ quantity: cartItems.quantity });
    if (lowered) {
      await touchCart(db, accountId);
      return { ok: true, quantity: lowered.quantity };
    }
    const [removed] = await db
      .delete(cartItems)
      .where(and(line, eq(cartItems.quantity, 1)))
      .returning({ id: cartItems.id });
    if (removed) {
      await touchCart(db, accountId);
      return { ok: true, quantity: 0 };
    }
    const [present] = await db.select({ id: cartItems.id }).from(cartItems).where(line);
    if (!present) break;
  }
  return { ok: false, reason: "not-in-cart", message: messages.notInCart };
}

/** Removes one line whatever its quantity (the cart page's Remove). */
export async function removeFromCart(db: Executor, accountId: number, lineId: number): Promise<boolean> {
  const cart = db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), sql`${cartItems.cartId} in ${cart}`))
    .returning({ id: cartItems.id });
  if (removed.length > 0) await touchCart(db, accountId);
  return removed.length > 0;
}

/** How long a cart change's id is remembered: a change sent again within it counts once. */
export const CART_REQUEST_DAYS = 7;

/** What a page gives each cart change: letters, digits and dashes (a UUID), at most 64. */
export const isRequestId = (value: unknown): value is string => typeof value === "string" && /^[\da-z-]{8,64}$/i.test(value);

/**
 * Makes a cart change once per request id (issue 30, decision 0065): the id is recorded in the
 * change's transaction, so the same change sent again (a phone that lost the answer, a change
 * kept offline and sent when the connection returned, a double send) changes nothing and answers
 * `repeated`. A refused change records nothing: sent again, it is tried again.
 */
export async function cartChangeOnce<T extends { ok: boolean }>(
  db: Database,
  accountId: number,
  requestId: string,
  change: (tx: Executor) => Promise<T>,
): Promise<T | { ok: true; repeated: true }> {
  return refusable(db, async (tx, refuse: (refusal: T) => never) => {
    const [fresh] = await tx.insert(cartRequests).values({ accountId, requestId }).onConflictDoNothing().returning({ id: cartRequests.requestId });
    if (!fresh) return { ok: true as const, repeated: true as const };
    const result = await change(tx);
    if (!result.ok) refuse(result);
    return result;
  });
}

export async function clearCart(db: Executor, accountId: number): Promise<void> {
  const cart = db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  await db.delete(cartItems).where(sql`${cartItems.cartId} in ${cart}`);
}

/** The delivery details given on /deliverydetailpage, kept with the cart until the order is paid. */
export async function saveDelivery(db: Database, accountId: number, given: DeliveryDetails): Promise<void> {
  const delivery = { ...given, phone: storedPhone(given.phone) };
  const now = new Date();
  await db
    .insert(carts)
    .values({ accountId, delivery, changedAt: now })
    .onConflictDoUpdate({ target: carts.accountId, set: { delivery, updatedAt: now, changedAt: now } });
}

export async function getDelivery(db: Executor, accountId: number): Promise<DeliveryDetails | null> {
  const [row] = await db.select({ delivery: carts.delivery }).from(carts).where(eq(carts.accountId, accountId));
  return row?.delivery ?? null;
}

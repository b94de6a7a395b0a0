import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DeliveryDetails } from "../../common/delivery";
import { lineName } from "../../common/featured";
import { messages } from "../../common/messages";
import type { Database, Executor } from "../db/client";
import { cartItems, carts, productImages, products, productVariants } from "../db/schema";

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
  size: string;
  priceKobo: number;
  quantity: number;
  subtotalKobo: number;
  /** Units the shop can still sell of this variant. */
  stock: number;
  image: string | null;
}

/** Which line of a cart a request means: the product, and its size ('' or '0' for a plain product). */
export interface LineKey {
  productId: number;
  size?: string | null;
}

/** The standard detail page sends size '0' (spec §7); both it and no size mean "the product's only or first size". */
const normalizeSize = (size: string | null | undefined) => (size == null || size === "0" ? "" : size.trim());

const firstImage = sql<string | null>`(
  select ${productImages.fileName} from ${productImages}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.position}, ${productImages.id} limit 1)`;

export async function getCart(db: Executor, accountId: number): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: products.id,
      variantId: productVariants.id,
      productName: products.name,
      featured: products.featured,
      size: productVariants.size,
      priceKobo: productVariants.priceKobo,
      quantity: cartItems.quantity,
      stock: productVariants.stock,
      image: firstImage,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    // A product or size taken off sale after it was added simply drops out of the cart.
    .where(and(eq(carts.accountId, accountId), isNull(products.archivedAt), isNull(productVariants.archivedAt)))
    .orderBy(asc(cartItems.id));
  return rows.map((r) => ({ ...r, subtotalKobo: r.priceKobo * r.quantity }));
}

export function cartTotalKobo(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.subtotalKobo, 0);
}

/** The header's count: units, not lines (spec §3 totalQuantity). */
export async function cartCount(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number) })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(carts.accountId, accountId), isNull(products.archivedAt), isNull(productVariants.archivedAt)));
  return row?.count ?? 0;
}

async function cartIdOf(db: Executor, accountId: number): Promise<number> {
  const [created] = await db.insert(carts).values({ accountId }).onConflictDoNothing().returning({ id: carts.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  return existing.id;
}

interface Variant {
  id: number;
  productName: string;
  size: string;
  stock: number;
}

async function findVariant(db: Executor, key: LineKey): Promise<Variant | undefined> {
  const size = normalizeSize(key.size);
  const [variant] = await db
    .select({ id: productVariants.id, productName: products.name, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(products.id, key.productId),
        isNull(products.archivedAt),
        isNull(productVariants.archivedAt),
        size ? eq(productVariants.size, size) : undefined,
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  return variant;
}

export type CartChange =
  | { ok: true; quantity: number }
  | { ok: false; reason: "unknown-product" | "size-not-offered" | "not-in-cart" | "out-of-stock"; message: string };

const stockProblem = (variant: Variant): CartChange => ({
  ok: false,
  reason: "out-of-stock",
  message:
    variant.stock === 0
      ? messages.outOfStock(lineName(variant.productName, variant.size))
      : messages.stockLimit(lineName(variant.productName, variant.size), variant.stock),
});

/** Adds one unit; the same product and size again raises that line's quantity. */
export async function addToCart(db: Database, accountId: number, key: LineKey): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const variant = await findVariant(tx, key);
    if (!variant) {
      const anySize = normalizeSize(key.size) ? await findVariant(tx, { productId: key.productId }) : undefined;
      return anySize
        ? { ok: false, reason: "size-not-offered", message: messages.sizeNotOffered }
        : { ok: false, reason: "unknown-product", message: messages.productUnavailable };
    }
    const cartId = await cartIdOf(tx, accountId);
    const [line] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)));
    const quantity = (line?.quantity ?? 0) + 1;
    if (quantity > variant.stock) return stockProblem(variant);
    await tx
      .insert(cartItems)
      .values({ cartId, variantId: variant.id, quantity })
      .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.variantId], set: { quantity } });
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    return { ok: true, quantity };
  });
}

/** Plus or minus one; minus on the last unit removes the line (quantity 0). */
export async function changeQuantity(db: Database, accountId: number, key: LineKey, delta: 1 | -1): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const variant = await findVariant(tx, key);
    const [line] = variant
      ? await tx
          .select({ id: cartItems.id, quantity: cartItems.quantity })
          .from(cartItems)
          .innerJoin(carts, eq(carts.id, cartItems.cartId))
          .where(and(eq(carts.accountId, accountId), eq(cartItems.variantId, variant.id)))
      : [];
    if (!variant || !line) return { ok: false, reason: "not-in-cart", message: messages.notInCart };
    const quantity = line.quantity + delta;
    if (delta > 0 && quantity > variant.stock) return stockProblem(variant);
    if (quantity <= 0) await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    else await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    return { ok: true, quantity: Math.max(quantity, 0) };
  });
}

/** Removes one line whatever its quantity (the cart page's Remove). */
export async function removeFromCart(db: Database, accountId: number, lineId: number): Promise<boolean> {
  const cart = db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), sql`${cartItems.cartId} in ${cart}`))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

export async function clearCart(db: Executor, accountId: number): Promise<void> {
  const cart = db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
  await db.delete(cartItems).where(sql`${cartItems.cartId} in ${cart}`);
}

/** The delivery details given on /deliverydetailpage, kept with the cart until the order is paid. */
export async function saveDelivery(db: Database, accountId: number, delivery: DeliveryDetails): Promise<void> {
  await db
    .insert(carts)
    .values({ accountId, delivery })
    .onConflictDoUpdate({ target: carts.accountId, set: { delivery, updatedAt: new Date() } });
}

export async function getDelivery(db: Executor, accountId: number): Promise<DeliveryDetails | null> {
  const [row] = await db.select({ delivery: carts.delivery }).from(carts).where(eq(carts.accountId, accountId));
  return row?.delivery ?? null;
}

import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { RememberCatalog } from "../catalog/catalog-cache";
import { messages } from "~/common/messages";
import type { DiscountLine, Totals } from "~/common/totals";
import type { Database, Executor } from "../db/client";
import { hitLimits, retryText } from "../rate-limits";
import type { Cart } from "../cart/cart";
import { carts, orderDiscounts, orders, products, promotions } from "../db/schema";
import { normalizeCode, priceLines, type AppliedDiscount, type Pricing, type PricingLine, type PromotionRule, type UsageFacts } from "./pricing";

// Promotions over the database (issue 29, decision 0064): which promotions are in play for an
// order, how often they were used, and the discounts an order records. pricing.ts does the sums.
//
// A use counts while its order is pending (a reservation, made when the checkout or payment link
// opens) and once the order is placed; an order that ends unpaid gives its use back by ending.
// The customer's own open checkout does not count against them: the next Pay Now replaces it.
// A payment that arrives after its reservation lapsed places the order, so the use counts again,
// past a cap if need be: the customer paid the discounted price.

/** A line to price: a cart line or a line staff chose; its category is looked up unless given. */
export interface LineToPrice {
  productId: number;
  subtotalKobo: number;
  categoryId?: number;
}

const ruleColumns = {
  id: promotions.id,
  name: promotions.name,
  code: promotions.code,
  kind: promotions.kind,
  percent: promotions.percent,
  amountKobo: promotions.amountKobo,
  productIds: promotions.productIds,
  categoryIds: promotions.categoryIds,
  minSubtotalKobo: promotions.minSubtotalKobo,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  maxUses: promotions.maxUses,
  maxUsesPerCustomer: promotions.maxUsesPerCustomer,
  firstOrderOnly: promotions.firstOrderOnly,
  status: promotions.status,
};

/**
 * An order that keeps what it used: placed, and not being given back (a placed order paid for a
 * replaced checkout, or whose stock sold meanwhile, used nothing).
 */
export const placedAndKept = sql`${orders.placedAt} is not null and not ${orders.needsRefund}`;

/**
 * A use that counts (see above): the order is placed and kept, or pending; the customer's own open
 * checkout only when what is priced does not replace it (an order staff take stands beside it).
 */
const countedUse = (accountId: number, ownCheckoutCounts: boolean) =>
  or(
    placedAndKept,
    and(eq(orders.status, "pending"), ownCheckoutCounts ? undefined : or(ne(orders.accountId, accountId), ne(orders.source, "checkout"))),
  );

/**
 * How often these promotions were used, by everyone and by this customer, and the customer's
 * placed orders: only what their conditions need (no query for a promotion without caps).
 */
async function usageOf(tx: Executor, rules: PromotionRule[], accountId: number, ownCheckoutCounts: boolean): Promise<UsageFacts> {
  const uses = new Map<number, { all: number; customer: number }>();
  const capped = rules.filter((rule) => rule.maxUses !== null || rule.maxUsesPerCustomer !== null).map((rule) => rule.id);
  if (capped.length) {
    const rows = await tx
      .select({
        promotionId: orderDiscounts.promotionId,
        all: sql<number>`count(*)::int`,
        customer: sql<number>`(count(*) filter (where ${orderDiscounts.accountId} = ${accountId}))::int`,
      })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
      .where(and(inArray(orderDiscounts.promotionId, capped), countedUse(accountId, ownCheckoutCounts)))
      .groupBy(orderDiscounts.promotionId);
    for (const row of rows) uses.set(row.promotionId, { all: row.all, customer: row.customer });
  }
  let earlierOrders = 0;
  if (rules.some((rule) => rule.firstOrderOnly)) {
    // Their orders as a use counts them: placed and kept, or waiting for its money (a payment link
    // staff sent): two orders waiting at once are not both a first order.
    const [placed] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), countedUse(accountId, ownCheckoutCounts)));
    earlierOrders = placed.count;
  }
  return { uses, earlierOrders };
}

interface PriceOptions {
  /** Inside the transaction that reserves the uses: the capped promotions' rows are locked first. */
  lock?: boolean;
  /** The customer's own open checkout counts as a use: what is priced stands beside it (an order staff take). */
  ownCheckoutCounts?: boolean;
  now?: Date;
}

/**
 * Prices lines for a customer, with the code they gave (as typed, or null). `lock`: inside the
 * transaction that reserves the uses, the rows of promotions with a cap on uses are locked before
 * the uses are counted, so two checkouts at once cannot both take a code's last use.
 */
export async function priceOrder(
  tx: Executor,
  accountId: number,
  lines: LineToPrice[],
  typedCode: string | null,
  options: PriceOptions = {},
): Promise<Pricing> {
  const validCode = typedCode === null ? null : normalizeCode(typedCode);
  const rules: PromotionRule[] = await tx
    .select(ruleColumns)
    .from(promotions)
    .where(or(inPlay, validCode === null ? sql`false` : eq(promotions.code, validCode)))
    .orderBy(asc(promotions.id));
  return priceWith(tx, accountId, lines, rules, typedCode === null ? null : (validCode ?? shownCode(typedCode)), options);
}

/** A code that is no code's shape, as a refusal names it. */
const shownCode = (typed: string) => typed.trim().slice(0, 20).toUpperCase();

/** The automatic promotions that are on (their dates are checked when they are priced). */
const inPlay = and(isNull(promotions.code), eq(promotions.status, "active"));

async function priceWith(
  tx: Executor,
  accountId: number,
  lines: LineToPrice[],
  inPlayNow: PromotionRule[],
  /** The code given, read as a code (normalizeCode), or as typed when it is none. */
  givenCode: string | null,
  options: PriceOptions,
): Promise<Pricing> {
  let rules = inPlayNow;
  // Only a cap on everyone's uses needs the row lock: a customer's own uses are counted under
  // their checkout lock already, and a promotion without caps must not make checkouts queue.
  const capped = rules.filter((rule) => rule.maxUses !== null).map((rule) => rule.id);
  if (options.lock && capped.length) {
    // Locked, they are read again: an owner's change committed meanwhile (a pause, a new cap) holds.
    const fresh = await tx.select(ruleColumns).from(promotions).where(inArray(promotions.id, capped)).orderBy(asc(promotions.id)).for("update");
    const byId = new Map(fresh.map((rule) => [rule.id, rule]));
    rules = rules.map((rule) => byId.get(rule.id) ?? rule);
  }
  const coded = rules.find((rule) => rule.code !== null) ?? null;
  const automatic = rules.filter((rule) => rule.code === null);
  // The lines' categories only when a promotion names some, and the lines do not carry them.
  const byCategory = rules.some((rule) => rule.categoryIds.length > 0) && lines.some((line) => line.categoryId === undefined);
  const priced: PricingLine[] = byCategory ? await withCategories(tx, lines) : lines.map(pick);
  const usage = await usageOf(tx, rules, accountId, options.ownCheckoutCounts ?? false);
  return priceLines(priced, { coded, automatic, givenCode }, usage, options.now ?? new Date());
}

const pick = (line: LineToPrice) => ({ productId: line.productId, subtotalKobo: line.subtotalKobo, categoryId: line.categoryId ?? 0 });

async function withCategories(tx: Executor, lines: LineToPrice[]): Promise<PricingLine[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await tx.select({ id: products.id, categoryId: products.categoryId }).from(products).where(inArray(products.id, ids));
  const category = new Map(rows.map((row) => [row.id, row.categoryId]));
  return lines.map((line) => ({ ...pick(line), categoryId: category.get(line.productId) ?? 0 }));
}

/** The discounts an order was made with: its uses (reserved while it is pending). */
export async function recordDiscounts(tx: Executor, orderId: number, accountId: number, discounts: AppliedDiscount[]): Promise<void> {
  if (discounts.length === 0) return;
  await tx
    .insert(orderDiscounts)
    .values(discounts.map((d) => ({ orderId, accountId, promotionId: d.promotionId, name: d.name, code: d.code, amountKobo: d.amountKobo })));
}

export type OrderDiscount = DiscountLine & { orderId: number };

/** The discount lines of these orders, in the order they were applied. */
export async function discountsOf(tx: Executor, orderIds: number[]): Promise<OrderDiscount[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select({ orderId: orderDiscounts.orderId, name: orderDiscounts.name, code: orderDiscounts.code, amountKobo: orderDiscounts.amountKobo })
    .from(orderDiscounts)
    .where(inArray(orderDiscounts.orderId, orderIds))
    .orderBy(asc(orderDiscounts.id));
}

/** An order's totals as its pages, mails and documents show them. */
export async function totalsOf(tx: Executor, order: { id: number; totalKobo: number; discountKobo: number }): Promise<Totals> {
  const discounts = order.discountKobo ? await discountsOf(tx, [order.id]) : [];
  return {
    subtotalKobo: order.totalKobo + order.discountKobo,
    discounts: discounts.map(({ name, code, amountKobo }) => ({ name, code, amountKobo })),
    totalKobo: order.totalKobo,
  };
}

/** Whether a promotion with this code is on now (not paused or ended, within its dates). */
export async function isLiveCode(tx: Executor, code: string, now = new Date()): Promise<boolean> {
  const [found] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(promotions.code, code),
        eq(promotions.status, "active"),
        or(isNull(promotions.startsAt), sql`${promotions.startsAt} <= ${now}`),
        or(isNull(promotions.endsAt), sql`${promotions.endsAt} > ${now}`),
      ),
    );
  return found !== undefined;
}

/** Whether a promotion has this code and has not ended: a code the owner may attach to something. */
export async function isKnownCode(tx: Executor, code: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.code, code), ne(promotions.status, "ended")));
  return found !== undefined;
}

// ------------------------------------------------------------------ the cart's code

/** Every promotion not ended: what a page prices a cart with (the pages keep it in memory until the promotions change). */
export async function promotionRules(db: Executor): Promise<PromotionRule[]> {
  return db.select(ruleColumns).from(promotions).where(ne(promotions.status, "ended")).orderBy(asc(promotions.id));
}

/**
 * The promotions a cart is priced with, kept in memory until they change when `remember` is given
 * (migration 0029 makes a promotion's change announce itself): a cart with no capped promotion in
 * play is then priced with no statement of its own (decision 0064).
 */
export function currentPromotionRules(db: Executor, remember?: RememberCatalog): Promise<PromotionRule[]> {
  const read = () => promotionRules(db);
  return remember ? remember("promotions", read) : read();
}

/**
 * The cart's price now, with the code the customer entered (checked again: it may no longer
 * hold). The cart's lines carry their categories and its code (readCart), and `all` are the
 * promotions not ended (promotionRules): a cart with no capped promotion in play is priced with
 * no statement of its own. Pay Now, pay on delivery and staff orders read the promotions inside
 * their transaction, and check the total the page showed (decision 0064).
 */
export async function cartPricing(db: Executor, accountId: number, cart: Cart, all: PromotionRule[]): Promise<Pricing> {
  const rules = all.filter((rule) => (rule.code === null && rule.status === "active") || (rule.code !== null && rule.code === cart.promotionCode));
  return priceWith(db, accountId, cart.lines, rules, cart.lines.length ? cart.promotionCode : null, {});
}

/** The longest text read as a code: a longer one is refused before any lookup. */
export const PROMO_CODE_INPUT_MAX = 40;

/** Codes a customer may try: 30 in 15 minutes, far more than typing one wrong and again takes. */
export const PROMO_CODE_LIMIT = { max: 30, windowMs: 15 * 60_000 };

export type CodeResult = { ok: true; code: string; message: string } | { ok: false; reason: "refused" | "limited"; message: string };

/**
 * Applies a code to the customer's cart if it holds for the cart now; otherwise says why and
 * changes nothing. `lines` are the cart's.
 */
export async function applyCode(db: Database, accountId: number, typed: string, lines: LineToPrice[]): Promise<CodeResult> {
  const trimmed = typed.trim();
  if (!trimmed) return { ok: false, reason: "refused", message: messages.promoCodeRequired };
  // Codes are not to be guessed: each refusal says why, so tries are counted.
  const limit = await hitLimits(db, [{ key: `promo-code:${accountId}`, ...PROMO_CODE_LIMIT }]);
  if (!limit.ok) return { ok: false, reason: "limited", message: messages.tooManyAttempts(retryText(limit.retryAfterSeconds)) };
  const code = trimmed.length <= PROMO_CODE_INPUT_MAX ? normalizeCode(trimmed) : null;
  if (code === null) return { ok: false, reason: "refused", message: messages.promoUnknown };
  const pricing = await priceOrder(db, accountId, lines, code);
  if (pricing.codeRefusal) return { ok: false, reason: "refused", message: pricing.codeRefusal.message };
  await db
    .insert(carts)
    .values({ accountId, promotionCode: code })
    .onConflictDoUpdate({ target: carts.accountId, set: { promotionCode: code } });
  return { ok: true, code, message: messages.promoCodeApplied(code) };
}

/** Takes the code off the customer's cart. */
export async function removeCode(tx: Executor, accountId: number): Promise<void> {
  await tx.update(carts).set({ promotionCode: null }).where(eq(carts.accountId, accountId));
}

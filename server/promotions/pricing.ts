import { formatNairaTotal } from "~/common/money";
import { messages } from "~/common/messages";
import { readableLagosTime } from "~/common/lagos-time";

// How promotions price an order (issue 29, decision 0064): plain functions over the lines, the
// promotions in play and how often they were used, so the cart, the order summary, a checkout,
// pay on delivery and an order staff take all compute one total the same way.
//
// The rules:
//  - at most one code per order, plus the one automatic promotion that takes most off (ties: the
//    oldest); the automatic one is worked out first, the code on what the lines cost after it;
//  - a percentage is taken from each eligible line and rounded down to the kobo; a naira amount
//    comes off the eligible lines in cart order and never more than they cost: no line goes below 0;
//  - the minimum subtotal is of the whole cart before any discount;
//  - no promotion brings an order below the gateway's smallest charge (GATEWAY_MIN_KOBO): an
//    automatic one that would is left out, a code that would is refused, and says so.

/**
 * The smallest amount the payment gateway charges: Paystack's minimum for NGN is ₦50.00
 * ("Supported currencies" in Paystack's documentation).
 */
export const GATEWAY_MIN_KOBO = 5_000;

export interface PromotionRule {
  id: number;
  name: string;
  /** Upper case; null: automatic. */
  code: string | null;
  kind: "percent" | "fixed";
  percent: number | null;
  amountKobo: number | null;
  productIds: number[];
  categoryIds: number[];
  minSubtotalKobo: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstOrderOnly: boolean;
  status: "active" | "paused" | "ended";
}

export interface PricingLine {
  productId: number;
  categoryId: number;
  subtotalKobo: number;
}

/** How often each promotion was used: by everyone, and by this customer (`uses` keyed by promotion id). */
export interface UsageFacts {
  uses: ReadonlyMap<number, { all: number; customer: number }>;
  /** The customer's orders that stand as a use would (placed and kept, or waiting for their money). */
  earlierOrders: number;
}

export type CodeRefusal =
  "unknown" | "not-started" | "expired" | "paused" | "used-up" | "customer-cap" | "first-order" | "minimum" | "no-eligible" | "below-minimum";

export interface AppliedDiscount {
  promotionId: number;
  name: string;
  code: string | null;
  amountKobo: number;
}

export interface Pricing {
  subtotalKobo: number;
  discounts: AppliedDiscount[];
  discountKobo: number;
  totalKobo: number;
  /** The code the customer gave, and why it does not apply now (null: it applies, or none was given). */
  code: string | null;
  codeRefusal: { reason: CodeRefusal; message: string } | null;
}

/** What a refused code says, in the customer's words. */
export function refusalMessage(reason: CodeRefusal, rule: PromotionRule | null): string {
  switch (reason) {
    case "unknown":
      return messages.promoUnknown;
    case "not-started":
      return messages.promoNotStarted(rule?.startsAt ? readableLagosTime(rule.startsAt) : "later");
    case "expired":
      return messages.promoExpired;
    case "paused":
      return messages.promoPaused;
    case "used-up":
      return messages.promoUsedUp;
    case "customer-cap":
      return messages.promoCustomerCap;
    case "first-order":
      return messages.promoFirstOrderOnly;
    case "minimum":
      return messages.promoMinimum(formatNairaTotal(rule?.minSubtotalKobo ?? 0));
    case "no-eligible":
      return messages.promoNoEligible;
    case "below-minimum":
      return messages.promoBelowMinimum(formatNairaTotal(GATEWAY_MIN_KOBO));
  }
}

const isEligible = (rule: PromotionRule, line: PricingLine) =>
  (rule.productIds.length === 0 && rule.categoryIds.length === 0) ||
  rule.productIds.includes(line.productId) ||
  rule.categoryIds.includes(line.categoryId);

/** Why a promotion does not hold for these lines now, before working out its amount; null when it holds. */
export function conditionFailure(rule: PromotionRule, lines: PricingLine[], usage: UsageFacts, now: Date): CodeRefusal | null {
  if (rule.status === "ended" || (rule.endsAt && now >= rule.endsAt)) return "expired";
  if (rule.status === "paused") return "paused";
  if (rule.startsAt && now < rule.startsAt) return "not-started";
  const used = usage.uses.get(rule.id) ?? { all: 0, customer: 0 };
  if (rule.maxUses !== null && used.all >= rule.maxUses) return "used-up";
  if (rule.maxUsesPerCustomer !== null && used.customer >= rule.maxUsesPerCustomer) return "customer-cap";
  if (rule.firstOrderOnly && usage.earlierOrders > 0) return "first-order";
  const subtotal = lines.reduce((sum, line) => sum + line.subtotalKobo, 0);
  if (subtotal < rule.minSubtotalKobo) return "minimum";
  if (!lines.some((line) => isEligible(rule, line) && line.subtotalKobo > 0)) return "no-eligible";
  return null;
}

/** What the promotion takes off each line, given what is left of each after earlier promotions. */
export function lineDiscounts(rule: PromotionRule, lines: PricingLine[], left: number[]): number[] {
  if (rule.kind === "percent") {
    const percent = rule.percent ?? 0;
    return lines.map((line, i) => (isEligible(rule, line) ? Math.floor((left[i] * percent) / 100) : 0));
  }
  let amount = rule.amountKobo ?? 0;
  return lines.map((line, i) => {
    if (!isEligible(rule, line)) return 0;
    const taken = Math.min(left[i], amount);
    amount -= taken;
    return taken;
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The order's price: its lines, the best automatic promotion that holds, and the code if it holds
 * too (`coded` is the code's promotion, or null for a code no promotion has). `givenCode` is what
 * the customer typed, upper case.
 */
export function priceLines(
  lines: PricingLine[],
  promotions: { coded: PromotionRule | null; automatic: PromotionRule[]; givenCode: string | null },
  usage: UsageFacts,
  now: Date,
): Pricing {
  const subtotalKobo = sum(lines.map((line) => line.subtotalKobo));
  const left = lines.map((line) => line.subtotalKobo);
  const discounts: AppliedDiscount[] = [];
  const apply = (rule: PromotionRule, taken: number[]) => {
    taken.forEach((amount, i) => (left[i] -= amount));
    discounts.push({ promotionId: rule.id, name: rule.name, code: rule.code, amountKobo: sum(taken) });
  };

  let best: { rule: PromotionRule; taken: number[] } | null = null;
  for (const rule of promotions.automatic) {
    if (conditionFailure(rule, lines, usage, now) !== null) continue;
    const taken = lineDiscounts(rule, lines, left);
    const amount = sum(taken);
    if (amount <= 0 || subtotalKobo - amount < GATEWAY_MIN_KOBO) continue;
    if (!best || amount > sum(best.taken) || (amount === sum(best.taken) && rule.id < best.rule.id)) best = { rule, taken };
  }
  if (best) apply(best.rule, best.taken);

  let codeRefusal: Pricing["codeRefusal"] = null;
  if (promotions.givenCode !== null) {
    const rule = promotions.coded;
    let reason: CodeRefusal | null = rule ? conditionFailure(rule, lines, usage, now) : "unknown";
    let taken: number[] = [];
    if (rule && reason === null) {
      taken = lineDiscounts(rule, lines, left);
      if (sum(taken) <= 0) reason = "no-eligible";
      else if (sum(left) - sum(taken) < GATEWAY_MIN_KOBO) reason = "below-minimum";
    }
    if (rule && reason === null) apply(rule, taken);
    else codeRefusal = { reason: reason ?? "unknown", message: refusalMessage(reason ?? "unknown", rule) };
  }

  const discountKobo = sum(discounts.map((d) => d.amountKobo));
  return { subtotalKobo, discounts, discountKobo, totalKobo: subtotalKobo - discountKobo, code: promotions.givenCode, codeRefusal };
}

/** A code as customers type it: trimmed, upper case; null when it cannot be a code (so no lookup is made). */
export function normalizeCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9-]{3,20}$/.test(code) ? code : null;
}

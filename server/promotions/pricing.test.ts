import { describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { GATEWAY_MIN_KOBO, lineDiscounts, normalizeCode, priceLines, type PricingLine, type PromotionRule, type UsageFacts } from "./pricing";

// The promotions' sums (decision 0064), without a database: rounding, lines never below zero,
// stacking, the conditions and their words, the gateway's minimum.

const NOW = new Date("2026-11-27T10:00:00Z");
let nextId = 1;

function rule(overrides: Partial<PromotionRule> = {}): PromotionRule {
  return {
    id: nextId++,
    name: "Sale",
    code: null,
    kind: "percent",
    percent: 10,
    amountKobo: null,
    productIds: [],
    categoryIds: [],
    minSubtotalKobo: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    firstOrderOnly: false,
    status: "active",
    ...overrides,
  };
}

const noUse: UsageFacts = { uses: new Map(), earlierOrders: 0 };
const line = (productId: number, subtotalKobo: number, categoryId = 1): PricingLine => ({ productId, categoryId, subtotalKobo });
const price = (lines: PricingLine[], coded: PromotionRule | null, automatic: PromotionRule[] = [], usage = noUse, givenCode = coded?.code ?? null) =>
  priceLines(lines, { coded, automatic, givenCode }, usage, NOW);

describe("amounts", () => {
  it("takes a percentage from each eligible line, rounded down to the kobo", () => {
    const ten = rule({ percent: 10 });
    // 10% of 333.33 naira is 33.333: 3,333 kobo on each line, not 6,667 on the pair.
    expect(lineDiscounts(ten, [line(1, 33_333), line(2, 33_333)], [33_333, 33_333])).toEqual([3_333, 3_333]);
    const p = price([line(1, 33_333), line(2, 33_333)], null, [ten]);
    expect(p).toMatchObject({ subtotalKobo: 66_666, discountKobo: 6_666, totalKobo: 60_000 });
  });

  it("takes a naira amount off the eligible lines only, never more than they cost", () => {
    const onPillows = rule({ kind: "fixed", percent: null, amountKobo: 5_000_000, categoryIds: [7] });
    expect(lineDiscounts(onPillows, [line(1, 900_000, 1), line(2, 300_000, 7), line(3, 200_000, 7)], [900_000, 300_000, 200_000])).toEqual([
      0, 300_000, 200_000,
    ]);
  });

  it("never takes a line below zero when two promotions stack", () => {
    const automatic = rule({ percent: 60 });
    const code = rule({ code: "HALF", percent: 50 });
    const p = price([line(1, 1_000_000)], code, [automatic]);
    // 60% first (600,000), then 50% of what is left (200,000).
    expect(p.discounts.map((d) => d.amountKobo)).toEqual([600_000, 200_000]);
    expect(p.totalKobo).toBe(200_000);
    const all = rule({ code: "ALL", kind: "fixed", percent: null, amountKobo: 10_000_000 });
    expect(price([line(1, 1_000_000)], all, [automatic]).codeRefusal?.reason).toBe("below-minimum");
  });

  it("applies only the automatic promotion that takes most off, the older one on a tie", () => {
    const small = rule({ percent: 5 });
    const big = rule({ percent: 15 });
    const same = rule({ percent: 15 });
    const p = price([line(1, 100_000)], null, [small, same, big].reverse());
    expect(p.discounts).toEqual([{ promotionId: big.id, name: "Sale", code: null, amountKobo: 15_000 }]);
  });

  it("leaves out an automatic promotion that would go below the gateway's minimum, and refuses such a code", () => {
    const all = rule({ percent: 100 });
    expect(price([line(1, 100_000)], null, [all]).discounts).toEqual([]);
    const code = rule({ code: "FREE", percent: 100 });
    const p = price([line(1, 100_000)], code);
    expect(p.codeRefusal).toEqual({ reason: "below-minimum", message: messages.promoBelowMinimum("₦50.00") });
    expect(p.totalKobo).toBe(100_000);
    // Exactly the minimum is chargeable.
    const toMinimum = rule({ code: "TOMIN", kind: "fixed", percent: null, amountKobo: 100_000 - GATEWAY_MIN_KOBO });
    expect(price([line(1, 100_000)], toMinimum).totalKobo).toBe(GATEWAY_MIN_KOBO);
  });
});

describe("conditions", () => {
  const cart = [line(1, 2_000_000, 1), line(2, 500_000, 2)];
  const refusal = (coded: PromotionRule | null, usage = noUse, lines = cart) => price(lines, coded, [], usage, coded?.code ?? "NOPE").codeRefusal;

  it("refuses each failed condition with its own words, and prices the cart without the code", () => {
    expect(refusal(null)?.message).toBe(messages.promoUnknown);
    expect(refusal(rule({ code: "OLD", endsAt: new Date(NOW.getTime() - 1) }))?.message).toBe(messages.promoExpired);
    expect(refusal(rule({ code: "DONE", status: "ended" }))?.message).toBe(messages.promoExpired);
    expect(refusal(rule({ code: "LATER", startsAt: new Date("2026-12-01T08:00:00Z") }))?.message).toBe(
      messages.promoNotStarted("1 Dec 2026, 9:00 am"),
    );
    expect(refusal(rule({ code: "PAUSED", status: "paused" }))?.message).toBe(messages.promoPaused);
    const capped = rule({ code: "FIVE", maxUses: 5 });
    expect(refusal(capped, { uses: new Map([[capped.id, { all: 5, customer: 0 }]]), earlierOrders: 0 })?.message).toBe(messages.promoUsedUp);
    expect(refusal(capped, { uses: new Map([[capped.id, { all: 4, customer: 0 }]]), earlierOrders: 0 })).toBeNull();
    const once = rule({ code: "ONCE", maxUsesPerCustomer: 1 });
    expect(refusal(once, { uses: new Map([[once.id, { all: 9, customer: 1 }]]), earlierOrders: 3 })?.message).toBe(messages.promoCustomerCap);
    expect(refusal(rule({ code: "FIRST", firstOrderOnly: true }), { uses: new Map(), earlierOrders: 1 })?.message).toBe(messages.promoFirstOrderOnly);
    expect(refusal(rule({ code: "BIG", minSubtotalKobo: 2_500_001 }))?.message).toBe(messages.promoMinimum("₦25,000.01"));
    expect(refusal(rule({ code: "BIG", minSubtotalKobo: 2_500_000 }))).toBeNull();
    expect(refusal(rule({ code: "SOLAR", categoryIds: [9] }))?.message).toBe(messages.promoNoEligible);
    expect(refusal(rule({ code: "ONE", productIds: [2] }))).toBeNull();
    const p = price(cart, rule({ code: "PAUSED", status: "paused" }));
    expect(p).toMatchObject({ discounts: [], totalKobo: 2_500_000, code: "PAUSED" });
  });

  it("reads codes case-insensitively and refuses what cannot be one", () => {
    expect(normalizeCode("  welcome10 ")).toBe("WELCOME10");
    expect(normalizeCode("black-friday")).toBe("BLACK-FRIDAY");
    for (const bad of ["", "ab", "x".repeat(21), "WELCOME 10", "DROP;TABLE", "ÉTÉ", "A\u0000BC"]) expect(normalizeCode(bad)).toBeNull();
  });
});

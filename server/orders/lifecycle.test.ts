import { describe, expect, it } from "vitest";
import {
  CUSTOMER_LABELS,
  isPlacedStatus,
  mayMove,
  moveRule,
  nextStatuses,
  ORDER_STATUSES,
  PLACED_STATUSES,
  STAFF_LABELS,
  type Actor,
  type OrderStatus,
  type StockEffect,
} from "./lifecycle";

// The lifecycle's tables, written out again here on purpose: every pair of statuses (9 × 9), for
// each actor and each way of paying, is allowed exactly when these lists say so. Adding, removing
// or handing a move to another actor in lifecycle.ts fails here until these lists (and decisions
// 0023 and 0060) say the same.

const STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "cancelled", "refunded", "expired", "confirmed"] as const;
const ACTORS: Actor[] = ["shop", "admin", "customer"];

/** [from, to, who may make it]. Everything not listed is refused to both. */
const ALLOWED: [OrderStatus, OrderStatus, Actor[]][] = [
  // The shop, before payment: the payment, the customer's cancel (or a replaced checkout), expiry.
  ["pending", "paid", ["shop"]],
  ["pending", "cancelled", ["shop"]],
  ["pending", "expired", ["shop"]],
  // A payment that arrives after its checkout was cancelled or expired.
  ["cancelled", "paid", ["shop"]],
  ["expired", "paid", ["shop"]],
  // An admin, after payment; the refund also by the shop's automatic refund.
  ["paid", "processing", ["admin"]],
  ["paid", "cancelled", ["admin"]],
  ["paid", "refunded", ["admin", "shop"]],
  ["processing", "shipped", ["admin"]],
  ["processing", "cancelled", ["admin"]],
  ["processing", "refunded", ["admin", "shop"]],
  ["shipped", "delivered", ["admin"]],
  ["shipped", "refunded", ["admin", "shop"]],
  ["delivered", "refunded", ["admin", "shop"]],
  ["cancelled", "refunded", ["admin", "shop"]],
];

/** The same for an order paid on delivery (decision 0060). */
const ALLOWED_ON_DELIVERY: [OrderStatus, OrderStatus, Actor[]][] = [
  ["confirmed", "processing", ["admin"]],
  ["confirmed", "cancelled", ["admin", "customer"]],
  ["confirmed", "expired", ["shop"]],
  ["processing", "shipped", ["admin"]],
  ["processing", "cancelled", ["admin", "customer"]],
  ["processing", "expired", ["shop"]],
  // Collected at the door (the collection sets paid_at), or refused there.
  ["shipped", "delivered", ["admin"]],
  ["shipped", "cancelled", ["admin"]],
  ["delivered", "refunded", ["admin"]],
];

const expected = (from: OrderStatus, to: OrderStatus, actor: Actor, allowed = ALLOWED) =>
  allowed.some(([f, t, actors]) => f === from && t === to && actors.includes(actor));

describe("the order lifecycle's statuses", () => {
  it("are the database enum's nine, and the placed ones are those after payment or a confirmation to pay on delivery (an order paid on delivery may expire)", () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...STATUSES].sort());
    expect(PLACED_STATUSES).toEqual(["confirmed", "paid", "processing", "shipped", "delivered", "cancelled", "refunded", "expired"]);
    expect(STATUSES.filter(isPlacedStatus)).toEqual(["paid", "processing", "shipped", "delivered", "cancelled", "refunded", "expired", "confirmed"]);
    expect(isPlacedStatus("needs-refund")).toBe(false);
  });

  it("have the words staff see (admin list, filter, order page, history)", () => {
    expect(STAFF_LABELS).toEqual({
      pending: "Awaiting payment",
      confirmed: "Pay on delivery",
      expired: "Expired",
      paid: "Paid",
      processing: "Processing",
      shipped: "Shipped",
      delivered: "Delivered",
      cancelled: "Cancelled",
      refunded: "Refunded",
    });
  });

  it("have the words customers see (order tracking, My Orders)", () => {
    expect(CUSTOMER_LABELS).toEqual({
      pending: "Awaiting payment",
      confirmed: "Confirmed: pay on delivery",
      paid: "Paid, being prepared",
      processing: "Processing",
      shipped: "Shipped",
      delivered: "Delivered",
      cancelled: "Cancelled",
      refunded: "Refunded",
      expired: "Expired",
    });
  });
});

describe("every pair of statuses, for each actor", () => {
  const cases = STATUSES.flatMap((from) => STATUSES.flatMap((to) => ACTORS.map((actor) => [from, to, actor] as const)));

  it("covers 9 × 9 × 3 moves of each way of paying", () => {
    expect(cases).toHaveLength(243);
  });

  it.each(cases)("%s → %s by %s, paid online", (from, to, actor) => {
    expect(mayMove(from, to, actor, "online")).toBe(expected(from, to, actor));
  });

  it.each(cases)("%s → %s by %s, paid on delivery", (from, to, actor) => {
    expect(mayMove(from, to, actor, "pay_on_delivery")).toBe(expected(from, to, actor, ALLOWED_ON_DELIVERY));
  });

  it("never allows staying put", () => {
    for (const status of STATUSES)
      for (const actor of ACTORS)
        for (const method of ["online", "pay_on_delivery"] as const) expect(mayMove(status, status, actor, method)).toBe(false);
  });
});

describe("the moves offered from each status", () => {
  it("to an admin, the usual next step first (the order page preselects it)", () => {
    expect(Object.fromEntries(STATUSES.map((s) => [s, nextStatuses(s, "admin")]))).toEqual({
      pending: [],
      paid: ["processing", "cancelled", "refunded"],
      processing: ["shipped", "cancelled", "refunded"],
      shipped: ["delivered", "refunded"],
      delivered: ["refunded"],
      cancelled: ["refunded"],
      refunded: [],
      expired: [],
      confirmed: [],
    });
  });

  it("to an admin, of an order paid on delivery", () => {
    expect(Object.fromEntries(STATUSES.map((s) => [s, nextStatuses(s, "admin", "pay_on_delivery")]))).toEqual({
      pending: [],
      paid: [],
      confirmed: ["processing", "cancelled"],
      processing: ["shipped", "cancelled"],
      shipped: ["delivered", "cancelled"],
      delivered: ["refunded"],
      cancelled: [],
      refunded: [],
      expired: [],
    });
  });

  it("to the shop", () => {
    expect(Object.fromEntries(STATUSES.map((s) => [s, nextStatuses(s, "shop")]))).toEqual({
      pending: ["paid", "cancelled", "expired"],
      paid: ["refunded"],
      processing: ["refunded"],
      shipped: ["refunded"],
      delivered: ["refunded"],
      cancelled: ["paid", "refunded"],
      refunded: [],
      expired: ["paid"],
      confirmed: [],
    });
  });
});

describe("each move's effects (decision 0050)", () => {
  /** [from, to, what it does to the order's units]: every move of ALLOWED, written out again. */
  const STOCK: [OrderStatus, OrderStatus, StockEffect][] = [
    ["pending", "paid", "take"],
    ["pending", "cancelled", "release"],
    ["pending", "expired", "release"],
    ["cancelled", "paid", "take"],
    ["expired", "paid", "take"],
    ["paid", "processing", "take"],
    ["paid", "cancelled", "release"],
    ["paid", "refunded", "release"],
    ["processing", "shipped", "send"],
    ["processing", "cancelled", "release"],
    ["processing", "refunded", "release"],
    ["shipped", "delivered", "none"],
    ["shipped", "refunded", "none"],
    ["delivered", "refunded", "none"],
    ["cancelled", "refunded", "none"],
  ];

  it("every move declares what it does to stock", () => {
    expect(STOCK.map(([from, to]) => `${from} → ${to}`).sort()).toEqual(ALLOWED.map(([from, to]) => `${from} → ${to}`).sort());
    for (const [from, to, stock] of STOCK) expect(moveRule(from, to)?.stock, `${from} → ${to}`).toBe(stock);
  });

  it("no move that is not in the table has effects", () => {
    for (const from of STATUSES)
      for (const to of STATUSES) if (!ACTORS.some((a) => expected(from, to, a))) expect(moveRule(from, to)).toBeUndefined();
  });

  it("every move of an order paid on delivery declares what it does to stock", () => {
    const STOCK_ON_DELIVERY: [OrderStatus, OrderStatus, StockEffect][] = [
      ["confirmed", "processing", "none"],
      ["confirmed", "cancelled", "release"],
      ["confirmed", "expired", "release"],
      ["processing", "shipped", "send"],
      ["processing", "cancelled", "release"],
      ["processing", "expired", "release"],
      ["shipped", "delivered", "none"],
      ["shipped", "cancelled", "return"],
      ["delivered", "refunded", "none"],
    ];
    expect(STOCK_ON_DELIVERY.map(([from, to]) => `${from} → ${to}`).sort()).toEqual(
      ALLOWED_ON_DELIVERY.map(([from, to]) => `${from} → ${to}`).sort(),
    );
    for (const [from, to, stock] of STOCK_ON_DELIVERY) expect(moveRule(from, to, "pay_on_delivery")?.stock, `${from} → ${to}`).toBe(stock);
    for (const from of STATUSES)
      for (const to of STATUSES)
        if (!ACTORS.some((a) => expected(from, to, a, ALLOWED_ON_DELIVERY))) expect(moveRule(from, to, "pay_on_delivery")).toBeUndefined();
  });
});

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

// The lifecycle's table, written out again here on purpose: every pair of statuses (8 × 8), for
// each actor, is allowed exactly when this list says so. Adding, removing or handing a move to
// the other actor in lifecycle.ts fails here until this list (and decision 0023) say the same.

const STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "cancelled", "refunded", "expired"] as const;
const ACTORS: Actor[] = ["shop", "admin"];

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

const expected = (from: OrderStatus, to: OrderStatus, actor: Actor) =>
  ALLOWED.some(([f, t, actors]) => f === from && t === to && actors.includes(actor));

describe("the order lifecycle's statuses", () => {
  it("are the database enum's eight, and the placed ones are those after payment", () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...STATUSES].sort());
    expect(PLACED_STATUSES).toEqual(["paid", "processing", "shipped", "delivered", "cancelled", "refunded"]);
    expect(STATUSES.filter(isPlacedStatus)).toEqual(["paid", "processing", "shipped", "delivered", "cancelled", "refunded"]);
    expect(isPlacedStatus("needs-refund")).toBe(false);
  });

  it("have the words staff see (admin list, filter, order page, history)", () => {
    expect(STAFF_LABELS).toEqual({
      pending: "Awaiting payment",
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
      paid: "Paid, being prepared",
      processing: "Processing",
      shipped: "Shipped",
      delivered: "Delivered",
      cancelled: "Cancelled",
      refunded: "Refunded",
      expired: "Not paid",
    });
  });
});

describe("every pair of statuses, for each actor", () => {
  const cases = STATUSES.flatMap((from) => STATUSES.flatMap((to) => ACTORS.map((actor) => [from, to, actor] as const)));

  it("covers 8 × 8 × 2 moves", () => {
    expect(cases).toHaveLength(128);
  });

  it.each(cases)("%s → %s by %s", (from, to, actor) => {
    expect(mayMove(from, to, actor)).toBe(expected(from, to, actor));
  });

  it("never allows staying put", () => {
    for (const status of STATUSES) for (const actor of ACTORS) expect(mayMove(status, status, actor)).toBe(false);
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
      for (const to of STATUSES) if (!expected(from, to, "shop") && !expected(from, to, "admin")) expect(moveRule(from, to)).toBeUndefined();
  });
});

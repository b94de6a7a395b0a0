import { describe, expect, it } from "vitest";
import { TRANSITIONS, type OrderStatus } from "../orders/lifecycle";
import {
  isOpenPayment,
  MAYBE_PAID_STATUSES,
  mayBePaid,
  mayMovePayment,
  OPEN_PAYMENT_STATUSES,
  PAYMENT_STATUS_MEANINGS,
  PAYMENT_STATUSES,
  paymentMovesInto,
  type PaymentStatus,
} from "./payment-status";

// The payment-status table, written out again here on purpose (like lifecycle.test.ts for
// orders): every pair of statuses (6 × 6) is allowed exactly when this list says so. Changing a
// move in payment-status.ts fails here until this list (and decision 0050) say the same.

const STATUSES = ["initialized", "awaiting", "success", "failed", "abandoned", "cancelled"] as const;

/** [from, to]. Everything not listed is refused. */
const ALLOWED: [PaymentStatus, PaymentStatus][] = [
  // The provider's word on an open payment: on its way, paid, failed, left unfinished.
  ["initialized", "awaiting"],
  ["initialized", "success"],
  ["initialized", "failed"],
  ["initialized", "abandoned"],
  ["abandoned", "awaiting"],
  ["abandoned", "success"],
  ["abandoned", "failed"],
  ["abandoned", "abandoned"],
  ["awaiting", "success"],
  ["awaiting", "failed"],
  ["awaiting", "abandoned"],
  // Its order ended: closed by the customer, replaced, or could not be opened (expired is abandoned).
  ["initialized", "cancelled"],
  ["abandoned", "cancelled"],
  ["awaiting", "cancelled"],
  // A closed or failed payment may still be said to be paid, failed or abandoned.
  ["cancelled", "success"],
  ["cancelled", "failed"],
  ["cancelled", "abandoned"],
  ["failed", "success"],
  ["failed", "failed"],
  ["failed", "abandoned"],
];

const expected = (from: PaymentStatus, to: PaymentStatus) => ALLOWED.some(([f, t]) => f === from && t === to);

describe("the payment statuses", () => {
  it("are the database enum's six, each with its meaning", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual([...STATUSES].sort());
    expect(Object.keys(PAYMENT_STATUS_MEANINGS).sort()).toEqual([...STATUSES].sort());
    for (const status of STATUSES) expect(PAYMENT_STATUS_MEANINGS[status].length).toBeGreaterThan(20);
  });

  it("group as the checkout asks: open (resumed by Pay Now, ended with its order) and maybe paid (asked about again)", () => {
    expect(STATUSES.filter(isOpenPayment)).toEqual(["initialized", "awaiting", "abandoned"]);
    expect(STATUSES.filter(mayBePaid)).toEqual(["initialized", "awaiting", "abandoned", "cancelled"]);
    expect([...OPEN_PAYMENT_STATUSES].sort()).toEqual(["abandoned", "awaiting", "initialized"]);
    expect([...MAYBE_PAID_STATUSES].sort()).toEqual(["abandoned", "awaiting", "cancelled", "initialized"]);
  });
});

describe("every pair of payment statuses", () => {
  const cases = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

  it("covers 6 × 6 moves", () => {
    expect(cases).toHaveLength(36);
  });

  it.each(cases)("%s → %s", (from, to) => {
    expect(mayMovePayment(from, to)).toBe(expected(from, to));
  });

  it("nothing leaves success, and only failed and abandoned may be said again", () => {
    expect(STATUSES.filter((to) => mayMovePayment("success", to))).toEqual([]);
    expect(STATUSES.filter((s) => mayMovePayment(s, s))).toEqual(["failed", "abandoned"]);
  });

  it("the statuses each move comes from (the conditions of the checkout's updates)", () => {
    expect(Object.fromEntries(STATUSES.map((to) => [to, paymentMovesInto(to)]))).toEqual({
      initialized: [],
      awaiting: ["initialized", "abandoned"],
      success: ["initialized", "failed", "abandoned", "cancelled", "awaiting"],
      failed: ["initialized", "failed", "abandoned", "cancelled", "awaiting"],
      abandoned: ["initialized", "failed", "abandoned", "cancelled", "awaiting"],
      cancelled: ["initialized", "abandoned", "awaiting"],
    });
  });
});

describe("the order moves' payment effects", () => {
  it("are moves the table allows from every open payment", () => {
    const declared = Object.entries(TRANSITIONS).flatMap(([from, moves]) =>
      Object.entries(moves).map(([to, rule]) => [from as OrderStatus, to as OrderStatus, "payment" in rule ? rule.payment : null] as const),
    );
    expect(declared.filter(([, , payment]) => payment !== null)).toEqual([
      ["pending", "paid", "success"],
      ["pending", "cancelled", "cancelled"],
      ["pending", "expired", "abandoned"],
      ["cancelled", "paid", "success"],
      ["expired", "paid", "success"],
    ]);
    for (const [, , payment] of declared) {
      if (payment) for (const open of OPEN_PAYMENT_STATUSES) expect(mayMovePayment(open, payment), `${open} → ${payment}`).toBe(true);
    }
  });
});

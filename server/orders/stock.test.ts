import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { moveRule, nextStatuses, PAY_ON_DELIVERY_TRANSITIONS, TRANSITIONS, type OrderStatus } from "./lifecycle";
import { holdsStock, stockChange, type StockHolder } from "./stock";

// Which orders hold their units, checked against what every move declares (decision 0050), and
// that no code but stock.ts takes or releases stock. The same rules on a real database, status by
// status: tests/api/stock-holds.test.ts.

const HELD_UNTIL = new Date("2026-01-01T12:00:00Z");

/** The states an order can be in: a status, with or without a hold or a pending refund where it can have one. */
const STATES: StockHolder[] = [
  ...(
    [
      ["pending", HELD_UNTIL, false],
      ["pending", null, false],
      ["paid", null, false],
      ["paid", null, true],
      ["processing", null, false],
      ["shipped", null, false],
      ["delivered", null, false],
      ["cancelled", null, false],
      ["cancelled", null, true],
      ["refunded", null, false],
      ["expired", null, false],
    ] as const
  ).map(([status, reservedUntil, needsRefund]) => ({ status, reservedUntil, needsRefund, paymentMethod: "online" as const })),
  // Paid on delivery (decision 0060): placed holding its units, never a hold or a refund flag.
  ...(["confirmed", "processing", "shipped", "delivered", "cancelled", "refunded", "expired"] as const).map((status) => ({
    status,
    reservedUntil: null,
    needsRefund: false,
    paymentMethod: "pay_on_delivery" as const,
  })),
];

const describeState = (s: StockHolder) =>
  `${s.paymentMethod === "pay_on_delivery" ? "on delivery: " : ""}${s.status}${s.reservedUntil ? " (held)" : ""}${s.needsRefund ? " (needs refund)" : ""}`;

/** The order after a move, as its callers write it: no hold once out of pending; a refund or a take clears the flag. */
function after(before: StockHolder, to: OrderStatus): StockHolder {
  const change = stockChange(before, to);
  return {
    status: to,
    reservedUntil: null,
    needsRefund: to === "refunded" || change === "take" ? false : before.needsRefund,
    paymentMethod: before.paymentMethod,
  };
}

describe("an order paid on delivery", () => {
  it("holds its units from the moment it is placed until it ships, and staff may never deliver it without its collection", () => {
    expect(holdsStock({ status: "confirmed", reservedUntil: null, needsRefund: false, paymentMethod: "pay_on_delivery" })).toBe(true);
    expect(nextStatuses("shipped", "customer", "pay_on_delivery")).toEqual([]);
    expect(nextStatuses("confirmed", "customer", "pay_on_delivery")).toEqual(["cancelled"]);
    expect(nextStatuses("processing", "customer", "pay_on_delivery")).toEqual(["cancelled"]);
    // An online order's customer cancels nothing: their money is in.
    expect(nextStatuses("paid", "customer", "online")).toEqual([]);
  });
});

describe("holdsStock", () => {
  it("is true for a held checkout, and a paid or processing order that took its units; false otherwise", () => {
    expect(Object.fromEntries(STATES.map((s) => [describeState(s), holdsStock(s)]))).toEqual({
      "pending (held)": true,
      pending: false,
      paid: true,
      "paid (needs refund)": false,
      processing: true,
      shipped: false,
      delivered: false,
      cancelled: false,
      "cancelled (needs refund)": false,
      refunded: false,
      expired: false,
      "on delivery: confirmed": true,
      "on delivery: processing": true,
      "on delivery: shipped": false,
      "on delivery: delivered": false,
      "on delivery: cancelled": false,
      "on delivery: refunded": false,
      "on delivery: expired": false,
    });
  });

  it("changes on a move exactly as the move declares: taken, released, sent with the parcel, or not at all", () => {
    for (const before of STATES) {
      const table = before.paymentMethod === "online" ? TRANSITIONS : PAY_ON_DELIVERY_TRANSITIONS;
      for (const to of Object.keys(table[before.status]) as OrderStatus[]) {
        const declared = moveRule(before.status, to, before.paymentMethod)!.stock;
        const [was, is] = [holdsStock(before), holdsStock(after(before, to))];
        const change = stockChange(before, to);
        const label = `${describeState(before)} → ${to} (${declared})`;
        if (declared === "take") expect([change, is], label).toEqual([was ? null : "take", true]);
        else if (declared === "release") expect([change, is], label).toEqual([was ? "release" : null, false]);
        else if (declared === "send") expect([change, was, is], label).toEqual([null, true, false]);
        // Refused at the door: the parcel's units come back, though the order held none.
        else if (declared === "return") expect([change, was, is], label).toEqual(["release", false, false]);
        else expect([change, is], label).toEqual([null, was]);
      }
    }
  });
});

// ------------------------------------------------------------------ nothing else touches stock

const ROOT = path.resolve(import.meta.dirname, "../..");
const STOCK_MODULE = "server/orders/stock.ts";
/** Arithmetic on a variant's stock: `${productVariants.stock} - n`, or raw SQL `stock = stock + n`. */
const CHANGES_STOCK = [/\$\{productVariants\.stock\}\s*[-+]/, /\bstock"?\s*=\s*"?(?:product_variants"?\.)?"?stock"?\s*[-+]/i];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "migrations" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("stock is taken and released only through server/orders/stock.ts", () => {
  const files = ["server", "app", "common"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const changing = (file: string) => CHANGES_STOCK.some((pattern) => pattern.test(readFileSync(file, "utf8")));

  it("finds the takes and releases in the stock module itself (the scan sees them)", () => {
    const source = readFileSync(path.join(ROOT, STOCK_MODULE), "utf8");
    expect(source).toMatch(/\$\{productVariants\.stock\} - /);
    expect(source).toMatch(/\$\{productVariants\.stock\} \+ /);
    expect(CHANGES_STOCK[1].test(`update product_variants set stock = stock - 1`)).toBe(true);
  });

  it("no other module of the app, the server or common changes a variant's stock by arithmetic", () => {
    expect(files.length).toBeGreaterThan(100);
    // Staff setting a stock level (the product form, the CSV import, archiving) writes a number,
    // not a take or a release, and is the catalogue's.
    expect(files.filter(changing).map((file) => path.relative(ROOT, file).split(path.sep).join("/"))).toEqual([STOCK_MODULE]);
  });
});

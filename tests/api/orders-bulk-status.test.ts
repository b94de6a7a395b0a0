import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { startSession, type Role } from "~/server/accounts/sessions";
import { auditLog, orderEvents, orders } from "~/server/db/schema";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { BULK_MAX, changeOrderStatuses } from "~/server/orders/bulk-status";
import type { PlacedStatus } from "~/server/orders/lifecycle";
import { mailsOfKind, paidOrder, quickAccount, quickCustomer, stockOf } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// The Orders panel's bulk status change (issue 18), on the engine of this run: each order through
// the lifecycle on its own (allowed ones change, refused ones are named with why and keep
// everything), the audit rows and customer mails of the order page's form, bad input refused
// whole, and the same request sent many times at once changing and mailing each order once.

const { handle, shop } = usePageShop({ env: { SMTP_URL: "smtp://127.0.0.1:9", PUBLIC_URL: "http://shop.test" } });
let staff: { id: number; token: string };
const ctx = () => ({ db: handle.db, publicUrl: "http://shop.test" });

async function orderRow(orderRef: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

/** A paid order moved on by an admin through these statuses. */
async function orderAt(tag: string, path: PlacedStatus[] = []): Promise<string> {
  const { orderRef } = await paidOrder(handle.db, tag);
  for (const to of path) expect((await changeOrderStatus(ctx(), staff.id, orderRef, to)).ok).toBe(true);
  return orderRef;
}

async function statusMails(orderRef: string) {
  return mailsOfKind(handle.db, (await orderRow(orderRef)).email, "order-status");
}

async function auditOf(orderRef: string) {
  return handle.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, detail: auditLog.detail })
    .from(auditLog)
    .where(eq(auditLog.subject, `Order ${orderRef}`))
    .orderBy(asc(auditLog.id));
}

async function eventsTo(orderRef: string, status: PlacedStatus) {
  const order = await orderRow(orderRef);
  return handle.db
    .select({ accountId: orderEvents.accountId, note: orderEvents.note })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, status)));
}

/** The Orders panel's bulk form, posted as the browser posts it (no JavaScript: the page answers). */
async function postBulk(fields: [string, string][], as: { role: Role; token: string } | null = { role: "admin", token: staff.token }) {
  const headers: Record<string, string> = { origin: shop.baseUrl, "content-type": "application/x-www-form-urlencoded" };
  if (as) headers.cookie = await shop.cookieFor(as.role, as.token);
  const res = await fetch(`${shop.baseUrl}/admin?menu=5`, {
    method: "POST",
    headers,
    body: new URLSearchParams([["intent", "orders-bulk-status"], ...fields]),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

const refsField = (refs: string[]): [string, string][] => refs.map((ref) => ["orderRef", ref]);

/** How many orders an answer says it changed. */
function changedCount(html: string): number {
  const match = /\b(\d{1,3}) orders? changed to /.exec(html);
  if (match) return Number(match[1]);
  expect(html).toContain(messages.bulkNoneChanged);
  return 0;
}

beforeAll(async () => {
  const admin = await quickAccount(handle.db, "admin", "bulk-staff");
  staff = { id: admin.id, token: admin.token };
}, 120_000);

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("the service", () => {
  it("changes the allowed orders, names each refused one with why and leaves it as it was; audit rows and mails for the changed only", async () => {
    const [a, b] = [await orderAt("bulk-a"), await orderAt("bulk-b")];
    const delivered = await orderAt("bulk-delivered", ["processing", "shipped", "delivered"]);
    const deliveredBefore = await orderRow(delivered);
    const deliveredMails = (await statusMails(delivered)).length;
    const deliveredAudit = (await auditOf(delivered)).length;

    const result = await changeOrderStatuses(ctx(), staff.id, [b, delivered, a, "ORD-1-1", a], "processing");
    expect(result).toEqual({
      to: "processing",
      changed: [a, b].sort(),
      already: [],
      refused: [
        { orderRef: "ORD-1-1", message: "ORD-1-1 is not a placed order." },
        { orderRef: delivered, message: `${delivered} cannot go from delivered to processing.` },
      ].sort((x, y) => (x.orderRef < y.orderRef ? -1 : 1)),
    });

    for (const ref of [a, b]) {
      expect((await orderRow(ref)).status).toBe("processing");
      expect(await eventsTo(ref, "processing")).toEqual([{ accountId: staff.id, note: messages.bulkEventNote }]);
      expect(await auditOf(ref)).toEqual([
        { action: "order-status", actorId: staff.id, detail: `Paid → Processing. Note: ${messages.bulkEventNote}` },
      ]);
      const mails = await statusMails(ref);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain(ref);
    }
    // The refused order: not a column, event, audit row or mail more.
    expect(await orderRow(delivered)).toEqual(deliveredBefore);
    expect(await eventsTo(delivered, "processing")).toHaveLength(1);
    expect(await auditOf(delivered)).toHaveLength(deliveredAudit);
    expect(await statusMails(delivered)).toHaveLength(deliveredMails);

    // The same change again (a double click): reported as already done, nothing changed or mailed.
    expect(await changeOrderStatuses(ctx(), staff.id, [a, b], "processing")).toEqual({
      to: "processing",
      changed: [],
      already: [a, b].sort(),
      refused: [],
    });
    for (const ref of [a, b]) {
      expect(await eventsTo(ref, "processing")).toHaveLength(1);
      expect(await statusMails(ref)).toHaveLength(1);
    }
  });

  it("cancelling in bulk puts the units back, as the order page does", async () => {
    const ref = await orderAt("bulk-cancel");
    const stock = await stockOf(handle.db, 20);
    const result = await changeOrderStatuses(ctx(), staff.id, [ref], "cancelled");
    expect(result.changed).toEqual([ref]);
    expect((await orderRow(ref)).status).toBe("cancelled");
    expect((await auditOf(ref))[0].detail).toBe(`Paid → Cancelled. Note: ${messages.bulkEventNote}`);
    expect(await stockOf(handle.db, 20)).toBe(stock + 1);
  });
});

describe("the Orders panel's form", () => {
  it("answers with how many changed and each refused order", async () => {
    const ok = await orderAt("form-ok");
    const shipped = await orderAt("form-shipped", ["processing", "shipped"]);
    const res = await postBulk([...refsField([ok, shipped]), ["status", "processing"]]);
    expect(res.status).toBe(200);
    expect(res.html).toContain(messages.bulkChanged(1, "Processing"));
    expect(res.html).toContain("1 order changed to Processing. The customer has been emailed.");
    expect(res.html).toContain(messages.bulkRefused(1));
    expect(res.html).toContain(`${shipped} cannot go from shipped to processing.`);
    expect((await orderRow(ok)).status).toBe("processing");
    expect((await orderRow(shipped)).status).toBe("shipped");

    const again = await postBulk([...refsField([ok]), ["status", "processing"]]);
    expect(again.status).toBe(200);
    expect(again.html).toContain(`${messages.bulkNoneChanged} ${messages.bulkAlready(1, "processing")}`);
    expect(again.html).toContain("1 order was already processing: left as they are.");
  });

  it("refuses bad input whole with a clear message and changes nothing", async () => {
    const ref = await orderAt("form-bad");
    const before = await orderRow(ref);
    const tooMany = Array.from({ length: BULK_MAX + 1 }, (_, i) => `ORD-${1_700_000_000_000 + i}-1`);
    const cases: [fields: [string, string][], message: string][] = [
      [[["status", "processing"]], messages.bulkNoneChosen],
      [[...refsField([ref, ...tooMany]), ["status", "processing"]], messages.bulkTooMany(BULK_MAX)],
      [[...refsField([ref, "'; drop table orders; --"]), ["status", "processing"]], messages.bulkBadRef],
      [[...refsField([ref, "x".repeat(10_000)]), ["status", "processing"]], messages.bulkBadRef],
      [refsField([ref]), messages.bulkStatusRequired],
      // Refunds are recorded one order at a time, after the money went back.
      [[...refsField([ref]), ["status", "refunded"]], messages.bulkStatusRequired],
      [[...refsField([ref]), ["status", "pending"]], messages.bulkStatusRequired],
    ];
    for (const [fields, message] of cases) {
      const res = await postBulk(fields);
      expect(res.status, message).toBe(400);
      expect(res.html, message).toContain(message);
    }
    expect(messages.bulkTooMany(100)).toBe("At most 100 orders can be changed at once. Please tick fewer.");
    expect(await orderRow(ref)).toEqual(before);
    expect(await statusMails(ref)).toHaveLength(0);
  });

  it("a customer or a visitor is sent to the admin login and changes nothing", async () => {
    const ref = await orderAt("form-customer");
    const customer = await quickCustomer(handle.db, "bulk-customer");
    const { token } = await startSession(handle.db, { id: customer.id, role: "customer" });
    for (const as of [null, { role: "customer" as const, token }]) {
      const res = await postBulk([...refsField([ref]), ["status", "processing"]], as);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/adminlogin");
    }
    expect((await orderRow(ref)).status).toBe("paid");
    expect(await statusMails(ref)).toHaveLength(0);
  });

  it("the same request ten times at once changes each order once, and mails each customer once", async () => {
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) refs.push(await orderAt(`form-race-${i}`));
    const answers = await Promise.all(Array.from({ length: 10 }, () => postBulk([...refsField(refs), ["status", "processing"]])));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.reduce((sum, a) => sum + changedCount(a.html), 0)).toBe(refs.length);
    for (const ref of refs) {
      expect((await orderRow(ref)).status).toBe("processing");
      expect(await eventsTo(ref, "processing")).toHaveLength(1);
      expect(await auditOf(ref)).toHaveLength(1);
      expect(await statusMails(ref)).toHaveLength(1);
    }
  });
});

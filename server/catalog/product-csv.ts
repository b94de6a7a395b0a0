import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { ALL_PRODUCTS_CATEGORY, MAX_PRODUCT_NAME } from "~/common/constants";
import { requiredText } from "~/common/fields";
import { parseProductId } from "~/common/ids";
import { lagosDate } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { formatNairaTotal } from "~/common/money";
import { recordAudit, type AuditEntry } from "../admin/audit";
import type { Database, Executor } from "../db/client";
import { categories, products, productVariants } from "../db/schema";
import { csvFile, nairaNumber, type CsvCell } from "../export/csv";
import { lowStockThresholdField, maxPerOrderField, nairaField, productSubject, stockField } from "./admin";

// The products CSV (issue 18, docs/decisions/0036-product-csv.md): an export of every product's
// sizes, prices and stock, and an import of the same file that changes prices, stock, limits,
// names, categories and on-sale state in bulk. The import is all or nothing: every row is checked
// first, and one wrong row refuses the whole file with each problem named by its Excel row.
// It never creates products (they need pictures) nor adds or removes sizes (the Edit page does).

/** The columns, in the export's order. Only Product ID and Size are required on import. */
export const CSV_COLUMNS = {
  id: "Product ID",
  name: "Name",
  category: "Category",
  featured: "Featured",
  state: "On sale or hidden",
  size: "Size",
  price: "Price (NGN)",
  stock: "Stock",
  lowStock: "Low-stock alert",
  maxPerOrder: "Most per order",
} as const;
type Column = keyof typeof CSV_COLUMNS;
const COLUMN_KEYS = Object.keys(CSV_COLUMNS) as Column[];
const REQUIRED: Column[] = ["id", "size"];

export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 5000;
/** The problems a refusal lists; the rest are counted. */
export const CSV_MAX_PROBLEMS = 50;
/** The changes a preview lists; the summary counts them all. */
export const CSV_MAX_CHANGES_SHOWN = 300;

const STATE = { onSale: "On sale", hidden: "Hidden" } as const;

// ------------------------------------------------------------------ export

/** The file name of today's export: products-2026-05-14.csv (Lagos day). */
export const productCsvFileName = (now = new Date()) => `products-${lagosDate(now)}.csv`;

/** Every product that is not deleted, one row per size (a plain product: one row, Size empty). */
export async function exportProductsCsv(db: Executor): Promise<string> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: categories.name,
      featured: products.featured,
      hidden: products.hidden,
      lowStockThreshold: products.lowStockThreshold,
      maxPerOrder: products.maxPerOrder,
      size: productVariants.size,
      priceKobo: productVariants.priceKobo,
      stock: productVariants.stock,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(productVariants, and(eq(productVariants.productId, products.id), isNull(productVariants.archivedAt)))
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  const cells = rows.map((r): CsvCell[] => [
    r.id,
    r.name,
    r.category,
    r.featured ? "yes" : "no",
    r.hidden ? STATE.hidden : STATE.onSale,
    r.size,
    nairaNumber(r.priceKobo),
    r.stock,
    r.lowStockThreshold,
    r.maxPerOrder,
  ]);
  return csvFile(Object.values(CSV_COLUMNS), cells);
}

// ------------------------------------------------------------------ reading the file

/** One product row of the file, its cells by column (absent columns left out), trimmed. */
interface FileRow {
  /** The row as Excel numbers it (the header is row 1). */
  row: number;
  cells: Partial<Record<Column, string>>;
}

type Problems = { ok: false; problems: string[] };
type FileRead = { ok: true; columns: Set<Column>; rows: FileRow[] } | Problems;

/**
 * Our export writes a leading apostrophe before a text that starts with = + - @, a tab or a
 * carriage return (server/export/csv.ts); exactly that one apostrophe is taken off again.
 */
export function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The file's bytes as rows: UTF-8 (with or without a BOM), CRLF or LF, RFC 4180 quoting. */
export function readProductCsv(bytes: Uint8Array): FileRead {
  if (bytes.byteLength > CSV_MAX_BYTES) return { ok: false, problems: [messages.csvFileTooLarge(CSV_MAX_BYTES / 1024 / 1024)] };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problems: [messages.csvNotUtf8] };
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (cause) {
    const records = (cause as { records?: number }).records ?? 0;
    return { ok: false, problems: [messages.csvUnreadable(records + 1)] };
  }
  const blank = (record: string[]) => record.every((cell) => cell.trim() === "");
  const [header, ...body] = records;
  if (!header || blank(header)) return { ok: false, problems: [messages.csvEmpty] };

  const problems: string[] = [];
  const position = new Map<Column, number>();
  const known = Object.values(CSV_COLUMNS).join(", ");
  header.forEach((name, index) => {
    if (name.trim() === "") return;
    const column = COLUMN_KEYS.find((key) => sameName(CSV_COLUMNS[key], name));
    if (!column) problems.push(messages.csvUnknownColumn(name.trim(), known));
    else if (position.has(column)) problems.push(messages.csvDuplicateColumn(CSV_COLUMNS[column]));
    else position.set(column, index);
  });
  for (const column of REQUIRED) if (!position.has(column)) problems.push(messages.csvMissingColumn(CSV_COLUMNS[column]));
  if (problems.length) return { ok: false, problems };

  const rows: FileRow[] = [];
  for (const [index, record] of body.entries()) {
    // Blank rows (Excel keeps ",,,,," lines; files end in empty lines) are no product.
    if (blank(record)) continue;
    if (rows.length === CSV_MAX_ROWS) return { ok: false, problems: [messages.csvTooManyRows(CSV_MAX_ROWS)] };
    const row = index + 2;
    if (record.slice(header.length).some((cell) => cell.trim() !== "")) {
      problems.push(messages.csvRow(row, messages.csvExtraCells));
      continue;
    }
    const cells: FileRow["cells"] = {};
    for (const [column, at] of position) cells[column] = unguard((record[at] ?? "").trim()).trim();
    rows.push({ row, cells });
  }
  if (problems.length) return { ok: false, problems };
  if (rows.length === 0) return { ok: false, problems: [messages.csvEmpty] };
  return { ok: true, columns: new Set(position.keys()), rows };
}

// ------------------------------------------------------------------ checking against the shop

interface CurrentProduct {
  id: number;
  name: string;
  categoryId: number;
  category: string;
  featured: boolean;
  hidden: boolean;
  lowStockThreshold: number;
  maxPerOrder: number;
  archived: boolean;
  variants: { id: number; size: string; priceKobo: number; stock: number }[];
}

async function currentProducts(db: Executor, ids: number[], lock: boolean): Promise<Map<number, CurrentProduct>> {
  if (ids.length === 0) return new Map();
  const productQuery = db
    .select({
      id: products.id,
      name: products.name,
      categoryId: products.categoryId,
      category: categories.name,
      featured: products.featured,
      hidden: products.hidden,
      lowStockThreshold: products.lowStockThreshold,
      maxPerOrder: products.maxPerOrder,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  // Products, then their sizes, each in id order: as an edit (products, then saveSizes) and a
  // checkout (sizes in id order) take them, so none of them can wait on the other in a circle.
  const found = lock ? await productQuery.for("update", { of: products }) : await productQuery;
  const variantQuery = db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      priceKobo: productVariants.priceKobo,
      stock: productVariants.stock,
      archivedAt: productVariants.archivedAt,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.id));
  const variants = lock ? await variantQuery.for("update") : await variantQuery;
  const byId = new Map<number, CurrentProduct>();
  for (const p of found) byId.set(p.id, { ...p, archived: p.archivedAt !== null, variants: [] });
  for (const v of variants) if (v.archivedAt === null) byId.get(v.productId)?.variants.push(v);
  return byId;
}

/** One change the file makes, as the preview lists it. */
export interface CsvChange {
  row: number;
  productId: number;
  product: string;
  size: string;
  what: string;
  before: string;
  after: string;
}

interface ProductPlan {
  current: CurrentProduct;
  set: Partial<{ name: string; categoryId: number; hidden: boolean; lowStockThreshold: number; maxPerOrder: number }>;
  /** The product entry's words: "name was …", "category A → B". */
  notes: string[];
  sizes: { variantId: number; size: string; priceKobo?: number; stock?: number; wasPrice: number; wasStock: number }[];
}

export interface ImportPlan {
  products: ProductPlan[];
  changes: CsvChange[];
  counts: { prices: number; stocks: number; others: number; products: number };
  /** A fingerprint of the changes: a confirmation applies exactly what its preview showed. */
  digest: string;
}

const fieldProblem = (schema: z.ZodType, value: string): string | undefined => {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? messages.requestUnreadable);
};
const nameField = requiredText(messages.productNameRequired, MAX_PRODUCT_NAME, messages.fieldTooLong("Product name", MAX_PRODUCT_NAME));

/** Checks every row against the shop; the plan of what would change, or every problem. */
async function planImport(db: Executor, file: Extract<FileRead, { ok: true }>, lock: boolean): Promise<ImportPlan | Problems> {
  const found: { row: number; text: string }[] = [];
  const problem = (row: number, text: string) => found.push({ row, text: messages.csvRow(row, text) });
  // In row order, as a person reads them (a row's own problems in column order).
  const problems = {
    get length() {
      return found.length;
    },
    sorted: () => found.sort((a, b) => a.row - b.row).map((p) => p.text),
  };
  const has = (column: Column) => file.columns.has(column);

  // First what each row says on its own.
  type Parsed = {
    row: number;
    id: number;
    size: string;
    name?: string;
    category?: string;
    featured?: boolean;
    hidden?: boolean;
    priceKobo?: number;
    stock?: number;
    lowStock?: number;
    maxPerOrder?: number;
  };
  const parsed: Parsed[] = [];
  for (const { row, cells } of file.rows) {
    const before = problems.length;
    const id = cells.id ? parseProductId(cells.id) : undefined;
    if (!cells.id) problem(row, messages.csvIdMissing);
    else if (id === undefined) problem(row, messages.productIdInvalid);
    const entry: Parsed = { row, id: id ?? 0, size: cells.size ?? "" };
    if (has("name")) {
      const bad = fieldProblem(nameField, cells.name ?? "");
      if (bad) problem(row, bad);
      else entry.name = cells.name;
    }
    if (has("category")) entry.category = cells.category ?? "";
    if (has("featured")) {
      const value = (cells.featured ?? "").toLowerCase();
      if (value === "yes" || value === "no") entry.featured = value === "yes";
      else problem(row, messages.csvFeaturedInvalid);
    }
    if (has("state")) {
      const value = (cells.state ?? "").toLowerCase().replace(/[-_]/g, " ");
      if (value === "on sale" || value === "hidden") entry.hidden = value === "hidden";
      else problem(row, messages.csvStateInvalid);
    }
    const numbers: [Column, z.ZodType<number>, (n: number) => void, (text: string) => string][] = [
      ["price", nairaField, (n) => (entry.priceKobo = n), (t) => t],
      ["stock", stockField, (n) => (entry.stock = n), (t) => t],
      ["lowStock", lowStockThresholdField, (n) => (entry.lowStock = n), (t) => t],
      ["maxPerOrder", maxPerOrderField, (n) => (entry.maxPerOrder = n), (t) => t],
    ];
    for (const [column, schema, keep, clean] of numbers) {
      if (!has(column)) continue;
      const value = schema.safeParse(clean(cells[column] ?? ""));
      if (value.success) keep(value.data);
      else problem(row, value.error.issues[0]?.message ?? messages.requestUnreadable);
    }
    if (problems.length === before) parsed.push(entry);
  }

  // Then the rows together: each size once, and a product's rows agreeing.
  const seen = new Map<string, number>();
  const firstOfProduct = new Map<number, Parsed>();
  const productColumns: [Column, keyof Parsed][] = [
    ["name", "name"],
    ["category", "category"],
    ["featured", "featured"],
    ["state", "hidden"],
    ["lowStock", "lowStock"],
    ["maxPerOrder", "maxPerOrder"],
  ];
  const usable: Parsed[] = [];
  for (const entry of parsed) {
    const key = `${entry.id}\u0000${entry.size.toLowerCase()}`;
    const other = seen.get(key);
    if (other !== undefined) {
      problem(entry.row, messages.csvDuplicateRow(entry.id, entry.size, other));
      continue;
    }
    seen.set(key, entry.row);
    const first = firstOfProduct.get(entry.id);
    if (!first) firstOfProduct.set(entry.id, entry);
    else {
      const differs = productColumns.find(([, field]) => {
        const [a, b] = [first[field], entry[field]];
        return typeof a === "string" && typeof b === "string" ? !sameName(a, b) : a !== b;
      });
      if (differs) {
        problem(entry.row, messages.csvRowsDisagree(CSV_COLUMNS[differs[0]], entry.id, first.row));
        continue;
      }
    }
    usable.push(entry);
  }

  // Then against the shop as it is (locked, when this is the import itself).
  const ids = [...new Set(usable.map((e) => e.id))].sort((a, b) => a - b);
  const current = await currentProducts(db, ids, lock);
  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryByName = new Map(categoryRows.filter((c) => !sameName(c.name, ALL_PRODUCTS_CATEGORY)).map((c) => [c.name.trim().toLowerCase(), c]));

  const plans = new Map<number, ProductPlan>();
  const changes: CsvChange[] = [];
  const counts = { prices: 0, stocks: 0, others: 0, products: 0 };
  for (const entry of usable) {
    const product = current.get(entry.id);
    if (!product) {
      problem(entry.row, messages.csvNoSuchProduct(entry.id));
      continue;
    }
    if (product.archived) {
      problem(entry.row, messages.csvProductDeleted(entry.id));
      continue;
    }
    const variant = product.variants.find((v) => sameName(v.size, entry.size));
    if (!variant) {
      problem(entry.row, messages.csvNoSuchSize(entry.id, entry.size));
      continue;
    }
    const category = entry.category === undefined ? undefined : categoryByName.get(entry.category.toLowerCase());
    if (entry.category !== undefined && !category) {
      problem(entry.row, messages.categoryInvalid);
      continue;
    }
    if (entry.featured !== undefined && entry.featured !== product.featured) {
      problem(entry.row, messages.csvFeaturedChanged);
      continue;
    }
    const label = product.name;
    const change = (what: string, before: string, after: string) =>
      changes.push({ row: entry.row, productId: product.id, product: label, size: variant.size, what, before, after });

    let plan = plans.get(product.id);
    if (!plan) {
      plan = { current: product, set: {}, notes: [], sizes: [] };
      plans.set(product.id, plan);
      // The product's own fields, from its first row (its other rows agree).
      if (entry.name !== undefined && entry.name !== product.name) {
        plan.set.name = entry.name;
        plan.notes.push(`name was "${product.name}"`);
        change("Name", product.name, entry.name);
      }
      if (category && category.id !== product.categoryId) {
        plan.set.categoryId = category.id;
        plan.notes.push(`category ${product.category} → ${category.name}`);
        change("Category", product.category, category.name);
      }
      if (entry.hidden !== undefined && entry.hidden !== product.hidden) {
        plan.set.hidden = entry.hidden;
        plan.notes.push(entry.hidden ? "hidden from the shop" : "back on sale in the shop");
        change("On sale or hidden", product.hidden ? STATE.hidden : STATE.onSale, entry.hidden ? STATE.hidden : STATE.onSale);
      }
      if (entry.lowStock !== undefined && entry.lowStock !== product.lowStockThreshold) {
        plan.set.lowStockThreshold = entry.lowStock;
        plan.notes.push(`low-stock alert at ${product.lowStockThreshold} → ${entry.lowStock}`);
        change("Low-stock alert", String(product.lowStockThreshold), String(entry.lowStock));
      }
      if (entry.maxPerOrder !== undefined && entry.maxPerOrder !== product.maxPerOrder) {
        plan.set.maxPerOrder = entry.maxPerOrder;
        plan.notes.push(`most per order ${product.maxPerOrder} → ${entry.maxPerOrder}`);
        change("Most per order", String(product.maxPerOrder), String(entry.maxPerOrder));
      }
      counts.others += plan.notes.length;
    }
    const size: ProductPlan["sizes"][number] = { variantId: variant.id, size: variant.size, wasPrice: variant.priceKobo, wasStock: variant.stock };
    if (entry.priceKobo !== undefined && entry.priceKobo !== variant.priceKobo) {
      size.priceKobo = entry.priceKobo;
      counts.prices++;
      change("Price", formatNairaTotal(variant.priceKobo), formatNairaTotal(entry.priceKobo));
    }
    if (entry.stock !== undefined && entry.stock !== variant.stock) {
      size.stock = entry.stock;
      counts.stocks++;
      change("Stock", String(variant.stock), String(entry.stock));
    }
    if (size.priceKobo !== undefined || size.stock !== undefined) plan.sizes.push(size);
  }
  if (problems.length) return { ok: false, problems: problems.sorted() };

  const changed = [...plans.values()].filter((p) => p.notes.length || p.sizes.length);
  counts.products = changed.length;
  const digest = createHash("sha256")
    .update(JSON.stringify(changes.map((c) => [c.productId, c.size, c.what, c.before, c.after])))
    .digest("base64url");
  return { products: changed, changes, counts, digest };
}

function auditEntries(plan: ProductPlan): AuditEntry[] {
  const subject = productSubject(plan.current.id, plan.set.name ?? plan.current.name);
  const label = (size: string) => (size ? `Size ${size}: ` : "");
  const entries: AuditEntry[] = [];
  for (const size of plan.sizes) {
    if (size.priceKobo !== undefined)
      entries.push({
        ...subject,
        action: "price",
        detail: `${label(size.size)}${formatNairaTotal(size.wasPrice)} → ${formatNairaTotal(size.priceKobo)} (CSV import)`,
      });
    if (size.stock !== undefined)
      entries.push({ ...subject, action: "stock", detail: `${label(size.size)}${size.wasStock} → ${size.stock} (CSV import)` });
  }
  if (plan.notes.length)
    entries.push({ ...subject, action: "product", detail: `${plan.notes.join("; ")} (CSV import).`.replace(/^./, (c) => c.toUpperCase()) });
  return entries;
}

// ------------------------------------------------------------------ the import

export type CsvImportOutcome =
  | { ok: false; problems: string[]; more: number }
  /** A preview, or a confirmation whose shop changed since its preview (`stale`): nothing written. */
  | { ok: true; applied: false; stale: boolean; summary: string; changes: CsvChange[]; more: number; digest: string }
  | { ok: true; applied: true; summary: string; changes: CsvChange[]; more: number };

const refusal = (problems: string[]): CsvImportOutcome => ({
  ok: false,
  problems: problems.slice(0, CSV_MAX_PROBLEMS),
  more: Math.max(0, problems.length - CSV_MAX_PROBLEMS),
});

/** Any two imports take this lock (for their transaction): one waits for the other to finish. */
const IMPORT_LOCK = 180_036;

/**
 * Checks the file and either previews it (`confirm` undefined: nothing is written) or, given the
 * digest of the preview the admin confirmed, applies it in one transaction. If the shop changed
 * since the preview (the digest differs), nothing is written and the new preview is returned.
 */
export async function importProductsCsv(db: Database, actorId: number, bytes: Uint8Array, confirm?: { digest: string }): Promise<CsvImportOutcome> {
  const file = readProductCsv(bytes);
  if (!file.ok) return refusal(file.problems);
  const shown = (plan: ImportPlan) => ({
    changes: plan.changes.slice(0, CSV_MAX_CHANGES_SHOWN),
    more: Math.max(0, plan.changes.length - CSV_MAX_CHANGES_SHOWN),
  });
  const summary = (plan: ImportPlan, done: boolean) =>
    plan.changes.length === 0
      ? messages.csvNothingToChange
      : messages.csvSummary(plan.counts.prices, plan.counts.stocks, plan.counts.others, plan.counts.products, done);

  if (!confirm) {
    const plan = await planImport(db, file, false);
    if ("ok" in plan) return refusal(plan.problems);
    return { ok: true, applied: false, stale: false, summary: summary(plan, false), digest: plan.digest, ...shown(plan) };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const plan = await planImport(tx, file, true);
    if ("ok" in plan) return refusal(plan.problems);
    if (plan.digest !== confirm.digest) {
      return { ok: true, applied: false, stale: true, summary: summary(plan, false), digest: plan.digest, ...shown(plan) };
    }
    const now = new Date();
    for (const product of plan.products) {
      if (Object.keys(product.set).length) {
        await tx
          .update(products)
          .set({ ...product.set, updatedAt: now })
          .where(eq(products.id, product.current.id));
      }
      for (const size of product.sizes) {
        await tx.update(productVariants).set({ priceKobo: size.priceKobo, stock: size.stock }).where(eq(productVariants.id, size.variantId));
      }
      await recordAudit(tx, actorId, auditEntries(product));
    }
    return { ok: true, applied: true, summary: summary(plan, true), ...shown(plan) };
  });
}

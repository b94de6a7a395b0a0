import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ALL_PRODUCTS_CATEGORY,
  DEFAULT_STOCK,
  MAX_FEATURED_SIZES,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_PER_ORDER_CEILING,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_NAME,
} from "~/common/constants";
import { messages } from "~/common/messages";
import { formatNairaTotal, nairaText, nairaToKobo } from "~/common/money";
import { requiredText } from "~/common/fields";
import { firstProblem } from "../accounts/input";
import type { Database, Executor } from "../db/client";
import { cartItems, categories, productImages, products, productVariants } from "../db/schema";
import { recordAudit, type AuditEntry } from "../admin/audit";
import { saveImage } from "../images/store";
import { preparePictures, type UploadedFile } from "./uploads";

// The admin's catalogue tools: post, edit and delete (archive) products. Expected problems (a
// bad price, a wrong picture) are returned as messages; the database is changed only when all
// of the input is good. Each change is written in the audit log by the admin who made it
// (`actorId`), in the same transaction (issue 18).

const text = requiredText;

/**
 * A number typed in a form is never longer than this. The cap stops the parse (`abort`) before
 * the pattern runs: a form field may otherwise hold megabytes (the product form's cap is ~10 MB).
 */
const NUMBER_TEXT_MAX = 20;
const numberText = (message: string, pattern: RegExp) =>
  z.string().trim().max(NUMBER_TEXT_MAX, { error: message, abort: true }).regex(pattern, message).transform(Number);

/**
 * Naira as typed in a form or a CSV cell (or a JSON number): above 0, at most two decimals;
 * thousands commas and a ₦ or NGN in front are read as staff mean them ("₦45,000").
 */
export const nairaField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .max(NUMBER_TEXT_MAX, { error: messages.priceInvalid, abort: true })
        .transform(nairaText)
        .pipe(numberText(messages.priceInvalid, /^\d+(?:\.\d{1,2})?$/)),
    ],
    { error: messages.priceInvalid },
  )
  .refine((n) => Number.isFinite(n) && n > 0 && n <= 100_000_000, messages.priceInvalid)
  .transform(nairaToKobo);

export const stockField = z
  .union([z.number(), numberText(messages.stockInvalid, /^\d+$/)], { error: messages.stockInvalid })
  .refine((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000, messages.stockInvalid);

/** The most units of one size per order: a whole number from 1. */
export const maxPerOrderField = z
  .union([z.number(), numberText(messages.maxPerOrderInvalid, /^\d+$/)], { error: messages.maxPerOrderInvalid })
  .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PER_ORDER_CEILING, messages.maxPerOrderInvalid);

/** The alert threshold of low stock: a whole number from 0 (alert only when sold out). */
export const lowStockThresholdField = z
  .union([z.number(), numberText(messages.lowStockThresholdInvalid, /^\d+$/)], { error: messages.lowStockThresholdInvalid })
  .refine((n) => Number.isInteger(n) && n >= 0 && n <= MAX_LOW_STOCK_THRESHOLD, messages.lowStockThresholdInvalid);

/** The upload form of requirements §3.8: availableStock defaults to 1 when left out. */
export const productInput = z.object({
  productName: text(messages.productNameRequired, MAX_PRODUCT_NAME, messages.fieldTooLong("Product name", MAX_PRODUCT_NAME)),
  description: text(messages.descriptionRequired, 5000, messages.fieldTooLong("Description", 5000)),
  price: nairaField,
  availableStock: z.preprocess((v) => (v === undefined || v === "" ? DEFAULT_STOCK : v), stockField),
  category: text(messages.categoryInvalid, 80),
});
export type ProductInput = z.infer<typeof productInput>;

const sizeRow = z.object({ size: requiredText(messages.sizesInvalid, 40), priceKobo: nairaField, stock: stockField });

/** The edit form: the product, its sizes (one unnamed size for a plain product) and its pictures. */
export const productEditInput = z.object({
  productName: text(messages.productNameRequired, MAX_PRODUCT_NAME, messages.fieldTooLong("Product name", MAX_PRODUCT_NAME)),
  description: text(messages.descriptionRequired, 5000, messages.fieldTooLong("Description", 5000)),
  category: text(messages.categoryInvalid, 80),
  /** A checkbox: ticked or not; any other value is not this form's. */
  featured: z.boolean({ error: messages.requestUnreadable }),
  /** Left out (a form from before the field existed): the product keeps its limit. */
  maxPerOrder: z.preprocess((v) => (v === null ? undefined : v), maxPerOrderField.optional()),
  /** On sale or hidden from the shop; left out, the product keeps its state. */
  visibility: z.preprocess((v) => (v === null ? undefined : v), z.enum(["on-sale", "hidden"], { error: messages.visibilityInvalid }).optional()),
  /** Left out, the product keeps its threshold. */
  lowStockThreshold: z.preprocess((v) => (v === null ? undefined : v), lowStockThresholdField.optional()),
  /** A plain product's price and stock. */
  price: z.unknown(),
  availableStock: z.unknown(),
  /** A featured product's size table. */
  sizes: z.array(z.object({ size: z.string(), price: z.unknown(), stock: z.unknown() })).max(MAX_FEATURED_SIZES, messages.tooManySizes),
  /** The pictures kept, in their new order. */
  keepImages: z.array(z.string().max(200, messages.imageNotOfProduct)).max(MAX_PRODUCT_IMAGES, messages.tooManyImages),
});
export type ProductEditInput = z.infer<typeof productEditInput>;

export type CatalogueChange = { ok: true; productId: number } | { ok: false; message: string };

async function categoryId(db: Executor, name: string): Promise<number | undefined> {
  if (name.toLowerCase() === ALL_PRODUCTS_CATEGORY.toLowerCase()) return undefined;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name}) and ${categories.retiredAt} is null`);
  return row?.id;
}

/** Posts a product with one size (requirements §3.8 upload form) and its checked pictures. */
export async function createProduct(db: Database, actorId: number, input: ProductInput, files: UploadedFile[]): Promise<CatalogueChange> {
  const category = await categoryId(db, input.category);
  if (category === undefined) return { ok: false, message: messages.categoryInvalid };
  if (files.length === 0) return { ok: false, message: messages.imageRequired };
  // Drawing is CPU work: done before the transaction, which then only inserts.
  const prepared = await preparePictures(files);
  if (!prepared.ok) return prepared;
  const { pictures } = prepared;
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ name: input.productName, description: input.description, categoryId: category })
      .returning({ id: products.id });
    await tx.insert(productVariants).values({ productId: product.id, size: "", priceKobo: input.price, stock: input.availableStock });
    for (const picture of pictures) await saveImage(tx, picture);
    await tx.insert(productImages).values(pictures.map((p, position) => ({ productId: product.id, fileName: p.fileName, position })));
    await recordAudit(tx, actorId, {
      ...productSubject(product.id, input.productName),
      action: "product",
      detail: `Posted at ${formatNairaTotal(input.price)}, stock ${input.availableStock}.`,
    });
    return { ok: true, productId: product.id };
  });
}

export const productSubject = (id: number, name: string) => ({ subject: `Product ${id}: ${name}`, subjectPath: `/admin/products/${id}` });

/** What an edit changed, as audit entries: prices and stock per size, then the rest. */
function editEntries(
  current: NonNullable<Awaited<ReturnType<typeof getProductForEdit>>>,
  input: ProductEditInput,
  rows: SizeRow[],
  images: string[],
): AuditEntry[] {
  const subject = productSubject(current.id, input.productName);
  const label = (size: string) => (size ? `Size ${size}: ` : "");
  const before = new Map(current.variants.map((v) => [v.size.toLowerCase(), v]));
  const entries: AuditEntry[] = [];
  const other: string[] = [];
  for (const row of rows) {
    const was = before.get(row.size.toLowerCase());
    before.delete(row.size.toLowerCase());
    if (!was) {
      other.push(`size ${row.size || "(one size)"} added at ${formatNairaTotal(row.priceKobo)}, stock ${row.stock}`);
      continue;
    }
    if (was.priceKobo !== row.priceKobo) {
      entries.push({
        ...subject,
        action: "price",
        detail: `${label(row.size)}${formatNairaTotal(was.priceKobo)} → ${formatNairaTotal(row.priceKobo)}`,
      });
    }
    if (was.stock !== row.stock) entries.push({ ...subject, action: "stock", detail: `${label(row.size)}${was.stock} → ${row.stock}` });
  }
  for (const gone of before.values()) other.push(`size ${gone.size || "(one size)"} removed`);
  if (current.name !== input.productName) other.push(`name was "${current.name}"`);
  if (current.category.toLowerCase() !== input.category.toLowerCase()) other.push(`category ${current.category} → ${input.category}`);
  if (current.featured !== input.featured) other.push(input.featured ? "now featured, sold by size" : "no longer featured");
  if (input.maxPerOrder !== undefined && current.maxPerOrder !== input.maxPerOrder)
    other.push(`most per order ${current.maxPerOrder} → ${input.maxPerOrder}`);
  if (input.visibility !== undefined && current.hidden !== (input.visibility === "hidden"))
    other.push(input.visibility === "hidden" ? "hidden from the shop" : "back on sale in the shop");
  if (input.lowStockThreshold !== undefined && current.lowStockThreshold !== input.lowStockThreshold)
    other.push(`low-stock alert at ${current.lowStockThreshold} → ${input.lowStockThreshold}`);
  if (current.description !== input.description) other.push("description edited");
  if (current.images.join("\n") !== images.join("\n")) other.push("pictures changed");
  if (other.length) entries.push({ ...subject, action: "product", detail: `${other.join("; ")}.`.replace(/^./, (c) => c.toUpperCase()) });
  return entries;
}

/** Everything the edit page shows, including sizes with no stock; undefined when archived or unknown. */
export async function getProductForEdit(db: Database, id: number) {
  const product = await getProductRecord(db, id);
  return product && product.archivedAt === null ? product : undefined;
}

export type ProductRecord = NonNullable<Awaited<ReturnType<typeof getProductRecord>>>;

/**
 * A product as staff see it, deleted or not: a deleted product's record (what it was when it was
 * deleted) stays readable, as orders, reports and the audit log link to it.
 */
export async function getProductRecord(db: Executor, id: number) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      categoryId: products.categoryId,
      featured: products.featured,
      hidden: products.hidden,
      maxPerOrder: products.maxPerOrder,
      lowStockThreshold: products.lowStockThreshold,
      archivedAt: products.archivedAt,
      category: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!product) return undefined;
  const [variants, images] = await Promise.all([
    db
      .select({ id: productVariants.id, size: productVariants.size, priceKobo: productVariants.priceKobo, stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ fileName: productImages.fileName })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
  ]);
  return { ...product, variants, images: images.map((i) => i.fileName) };
}

type SizeRow = z.infer<typeof sizeRow>;

function sizesOf(input: ProductEditInput): { ok: true; rows: SizeRow[] } | { ok: false; message: string } {
  if (!input.featured) {
    const plain = z.object({ priceKobo: nairaField, stock: stockField }).safeParse({ priceKobo: input.price, stock: input.availableStock });
    return plain.success ? { ok: true, rows: [{ size: "", ...plain.data }] } : { ok: false, message: firstProblem(plain.error) };
  }
  const rows = z
    .array(sizeRow)
    .min(1)
    .safeParse(input.sizes.map((s) => ({ size: s.size, priceKobo: s.price, stock: s.stock })));
  if (!rows.success) return { ok: false, message: messages.sizesInvalid };
  const names = new Set(rows.data.map((r) => r.size.toLowerCase()));
  return names.size === rows.data.length ? { ok: true, rows: rows.data } : { ok: false, message: messages.sizesInvalid };
}

/**
 * Saves the edit form: fields, featured flag, sizes (a removed size is archived, as orders may
 * point at it), and pictures (kept ones in the given order, then the new ones).
 */
export async function updateProduct(
  db: Database,
  actorId: number,
  id: number,
  input: ProductEditInput,
  newFiles: UploadedFile[],
): Promise<CatalogueChange> {
  const current = await getProductForEdit(db, id);
  if (!current) return { ok: false, message: messages.productNotFound };
  const category = await categoryId(db, input.category);
  if (category === undefined) return { ok: false, message: messages.categoryInvalid };
  const sizes = sizesOf(input);
  if (!sizes.ok) return sizes;
  if (input.keepImages.some((name) => !current.images.includes(name)) || new Set(input.keepImages).size !== input.keepImages.length) {
    return { ok: false, message: messages.imageNotOfProduct };
  }
  if (input.keepImages.length + newFiles.length === 0) return { ok: false, message: messages.imageRequired };
  const prepared = await preparePictures(newFiles, input.keepImages.length);
  if (!prepared.ok) return prepared;
  const { pictures } = prepared;

  return db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({
        name: input.productName,
        description: input.description,
        categoryId: category,
        featured: input.featured,
        maxPerOrder: input.maxPerOrder,
        hidden: input.visibility === undefined ? undefined : input.visibility === "hidden",
        lowStockThreshold: input.lowStockThreshold,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await saveSizes(tx, id, sizes.rows);
    // Pictures: the product's list is rewritten; the stored files stay, as past orders show them.
    await tx.delete(productImages).where(eq(productImages.productId, id));
    for (const picture of pictures) await saveImage(tx, picture);
    const order = [...input.keepImages, ...pictures.map((p) => p.fileName)];
    await tx.insert(productImages).values(order.map((fileName, position) => ({ productId: id, fileName, position })));
    await recordAudit(tx, actorId, editEntries(current, input, sizes.rows, order));
    return { ok: true, productId: id };
  });
}

async function saveSizes(tx: Executor, productId: number, rows: SizeRow[]) {
  const existing = await tx
    .select({ id: productVariants.id, size: productVariants.size })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    // Locked in id order, as checkouts take them: the rows below are written in the admin's order.
    .orderBy(asc(productVariants.id))
    .for("update");
  const bySize = new Map(existing.map((v) => [v.size.toLowerCase(), v.id]));
  const kept: number[] = [];
  for (const [position, row] of rows.entries()) {
    const id = bySize.get(row.size.toLowerCase());
    const values = { size: row.size, priceKobo: row.priceKobo, stock: row.stock, position, archivedAt: null };
    if (id) {
      await tx.update(productVariants).set(values).where(eq(productVariants.id, id));
      kept.push(id);
    } else {
      const [created] = await tx
        .insert(productVariants)
        .values({ productId, ...values })
        .returning({ id: productVariants.id });
      kept.push(created.id);
    }
  }
  const removed = existing.map((v) => v.id).filter((id) => !kept.includes(id));
  if (removed.length) {
    await tx.update(productVariants).set({ archivedAt: new Date(), stock: 0 }).where(inArray(productVariants.id, removed));
    await tx.delete(cartItems).where(inArray(cartItems.variantId, removed));
  }
}

/**
 * A copy of a product to start a similar one from: the same description, category, sizes,
 * prices, limits and pictures, named "… (copy)", hidden from the shop and with no stock (the
 * copy has none of the original's units). Staff edit it, then put it on sale.
 */
export async function duplicateProduct(db: Database, actorId: number, id: number): Promise<CatalogueChange> {
  return db.transaction(async (tx) => {
    const original = await getProductRecord(tx, id);
    if (!original || original.archivedAt) return { ok: false, message: messages.productNotFound };
    const suffix = " (copy)";
    const name = `${Array.from(original.name)
      .slice(0, MAX_PRODUCT_NAME - suffix.length)
      .join("")}${suffix}`;
    const [copy] = await tx
      .insert(products)
      .values({
        name,
        description: original.description,
        categoryId: original.categoryId,
        featured: original.featured,
        maxPerOrder: original.maxPerOrder,
        lowStockThreshold: original.lowStockThreshold,
        hidden: true,
      })
      .returning({ id: products.id });
    await tx
      .insert(productVariants)
      .values(original.variants.map((v, position) => ({ productId: copy.id, size: v.size, priceKobo: v.priceKobo, stock: 0, position })));
    await tx.insert(productImages).values(original.images.map((fileName, position) => ({ productId: copy.id, fileName, position })));
    await recordAudit(tx, actorId, {
      ...productSubject(copy.id, name),
      action: "product",
      detail: `Duplicated from product ${original.id}; hidden from the shop, no stock.`,
    });
    return { ok: true, productId: copy.id };
  });
}

/** Delete, as the admin sees it: the product leaves the shop and every cart; orders keep it. */
export async function archiveProduct(db: Database, actorId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [archived] = await tx
      .update(products)
      .set({ archivedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .returning({ id: products.id, name: products.name });
    if (!archived) return false;
    await recordAudit(tx, actorId, {
      ...productSubject(id, archived.name),
      action: "product",
      detail: "Deleted: off the shop and every cart; orders keep it.",
    });
    const variants = tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
    await tx.delete(cartItems).where(inArray(cartItems.variantId, variants));
    return true;
  });
}

import { and, asc, eq, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import { ALL_PRODUCTS_CATEGORY } from "../../common/constants";
import { parseProductId } from "../../common/ids";
import type { Database } from "../db/client";
import { categories, productImages, products, productVariants } from "../db/schema";

// The catalogue as the storefront and the product calls read it. Archived products are gone
// from every list; prices are kobo.

export interface Category {
  id: number;
  name: string;
  description: string;
}

export interface ProductSummary {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  category: string;
  featured: boolean;
  /** The first (smallest) size's price: what a list shows. */
  priceKobo: number;
  /** Units available over all sizes. */
  stock: number;
  /** Stored image file names, first one shown. */
  images: string[];
}

export interface ProductVariant {
  id: number;
  size: string;
  priceKobo: number;
  stock: number;
}

export interface ProductDetail extends ProductSummary {
  variants: ProductVariant[];
}

const firstVariantPrice = sql<number>`(
  select ${productVariants.priceKobo} from ${productVariants}
  where ${productVariants.productId} = ${products.id} and ${productVariants.archivedAt} is null
  order by ${productVariants.position}, ${productVariants.id} limit 1)`.mapWith(Number);

const totalStock = sql<number>`(
  select coalesce(sum(${productVariants.stock}), 0) from ${productVariants}
  where ${productVariants.productId} = ${products.id} and ${productVariants.archivedAt} is null)`.mapWith(Number);

const imageNames = sql<string[]>`coalesce((
  select array_agg(${productImages.fileName} order by ${productImages.position}, ${productImages.id})
  from ${productImages} where ${productImages.productId} = ${products.id}), '{}')`;

const summaryFields = {
  id: products.id,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  category: categories.name,
  featured: products.featured,
  priceKobo: firstVariantPrice,
  stock: totalStock,
  images: imageNames,
};

function selectSummaries(db: Database, where: SQL | undefined) {
  return db
    .select(summaryFields)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(isNull(products.archivedAt), where));
}

export async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
}

export async function findCategory(db: Database, name: string): Promise<Category | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, description: categories.description })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  return row;
}

export type CategoryListing =
  | { ok: true; category: Category | null; products: ProductSummary[] }
  | { ok: false; reason: "unknown-category" };

/** Products of a category by its name; `All Product` lists the whole catalogue. */
export async function listProductsByCategory(db: Database, name: string): Promise<CategoryListing> {
  if (name.trim().toLowerCase() === ALL_PRODUCTS_CATEGORY.toLowerCase()) {
    const rows = await selectSummaries(db, undefined).orderBy(asc(products.id));
    return { ok: true, category: null, products: rows };
  }
  const category = await findCategory(db, name.trim());
  if (!category) return { ok: false, reason: "unknown-category" };
  const rows = await selectSummaries(db, eq(products.categoryId, category.id)).orderBy(asc(products.id));
  return { ok: true, category, products: rows };
}

export async function listFeaturedProducts(db: Database): Promise<ProductSummary[]> {
  return selectSummaries(db, eq(products.featured, true)).orderBy(asc(products.id));
}

export async function getProduct(db: Database, id: number): Promise<ProductDetail | undefined> {
  const [summary] = await selectSummaries(db, eq(products.id, id));
  if (!summary) return undefined;
  const variants = await db
    .select({
      id: productVariants.id,
      size: productVariants.size,
      priceKobo: productVariants.priceKobo,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return { ...summary, variants };
}

/** A featured product (the sized mattresses of /productdetail2), or undefined for any other id. */
export async function getFeaturedProduct(db: Database, id: number): Promise<ProductDetail | undefined> {
  const product = await getProduct(db, id);
  return product?.featured ? product : undefined;
}

export const SEARCH_RESULT_LIMIT = 60;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name search: full text over name and description, part of a name, or a plain id when the term
 * is a number, best matches first. Only when those find fewer than a page of products are names
 * that merely look alike (typos, partial words: trigram similarity) added after them; that second
 * query is the slow one on a large catalogue, and a common word never needs it.
 */
export async function searchProducts(db: Database, term: string): Promise<ProductSummary[]> {
  const q = term.trim().toLowerCase().slice(0, 200);
  if (!q) return [];
  const id = parseProductId(q) ?? -1;
  const tsQuery = sql`websearch_to_tsquery('english', ${q})`;
  const name = sql`lower(${products.name})`;
  const found = await selectSummaries(
    db,
    sql`(${products.search} @@ ${tsQuery} or ${name} like ${`%${escapeLike(q)}%`} or ${products.id} = ${id})`,
  )
    .orderBy(sql`${products.id} = ${id} desc`, sql`ts_rank(${products.search}, ${tsQuery}) desc`, asc(products.id))
    .limit(SEARCH_RESULT_LIMIT);
  if (found.length === SEARCH_RESULT_LIMIT) return found;
  const alike = await selectSummaries(
    db,
    and(sql`(${name} % ${q} or ${q} <% ${name})`, found.length ? notInArray(products.id, found.map((p) => p.id)) : undefined),
  )
    .orderBy(sql`word_similarity(${q}, ${name}) desc`, asc(products.id))
    .limit(SEARCH_RESULT_LIMIT - found.length);
  return [...found, ...alike];
}

/**
 * The first product (lowest id) of every category, in id order: what Crazy Deals and the category
 * tiles need. One index probe per category, however large the catalogue.
 */
export async function listFirstProductPerCategory(db: Database): Promise<ProductSummary[]> {
  // = any(array(...)): the ids are found first (an InitPlan), then fetched by primary key.
  const firstOfEachCategory = sql`array(
    select (select p.id from ${products} p where p.category_id = c.id and p.archived_at is null order by p.id limit 1)
    from ${categories} c)`;
  return selectSummaries(db, sql`${products.id} = any(${firstOfEachCategory})`).orderBy(asc(products.id));
}

import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { ALL_PRODUCTS_CATEGORY } from "~/common/constants";
import { parseProductId } from "~/common/ids";
import { hasNul } from "~/common/text";
import { queryRows, type Database } from "../db/client";
import { categories, productImages, products, productVariants, searchWords } from "../db/schema";
import { redirectedCategory } from "./categories";

// The catalogue as the storefront and the product calls read it. Archived (deleted) products are
// gone from every list; hidden ones are gone from the shop's, while staff still find them (the
// `Shelf` of each call). Prices are kobo.

/** Who reads the catalogue: shoppers see what is on sale; staff see hidden products too. */
export type Shelf = "shop" | "staff";

/** On sale: neither deleted nor hidden by staff. What every storefront page, search and the cart read. */
export const onSale = and(isNull(products.archivedAt), eq(products.hidden, false));

/** What a shelf shows: staff see hidden products, never deleted ones. */
const shown = (shelf: Shelf) => (shelf === "staff" ? isNull(products.archivedAt) : onSale);

export interface Category {
  id: number;
  name: string;
  description: string;
  /** A stored picture for the category's tile (issue 18), or null. */
  logo: string | null;
}

const categoryFields = { id: categories.id, name: categories.name, description: categories.description, logo: categories.logo };
/** Retired categories (issue 18) are in no list and answer to no name. */
const live = isNull(categories.retiredAt);

export interface ProductSummary {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  category: string;
  featured: boolean;
  /** Kept off the shop by staff (only staff's lists hold such products). */
  hidden: boolean;
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
  hidden: products.hidden,
  priceKobo: firstVariantPrice,
  stock: totalStock,
  images: imageNames,
};

function selectSummaries(db: Database, where: SQL | undefined, shelf: Shelf = "shop") {
  return db
    .select(summaryFields)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(shown(shelf), where));
}

export async function listCategories(db: Database): Promise<Category[]> {
  return db.select(categoryFields).from(categories).where(live).orderBy(asc(categories.position), asc(categories.id));
}

/** A live category by its name, or by a former name (it then answers with its own name). */
export async function findCategory(db: Database, name: string): Promise<Category | undefined> {
  // No name holds NUL, and the database cannot be asked about one (common/text.ts).
  if (hasNul(name)) return undefined;
  const [row] = await db
    .select(categoryFields)
    .from(categories)
    .where(and(live, sql`lower(${categories.name}) = lower(${name})`));
  if (row) return row;
  const redirected = await redirectedCategory(db, name);
  if (redirected === undefined) return undefined;
  const [current] = await db.select(categoryFields).from(categories).where(eq(categories.id, redirected));
  return current;
}

export type CategoryListing = { ok: true; category: Category | null; products: ProductSummary[] } | { ok: false; reason: "unknown-category" };

/** Products of a category by its name; `All Product` lists the whole catalogue. */
export async function listProductsByCategory(db: Database, name: string, shelf: Shelf = "shop"): Promise<CategoryListing> {
  if (name.trim().toLowerCase() === ALL_PRODUCTS_CATEGORY.toLowerCase()) {
    const rows = await selectSummaries(db, undefined, shelf).orderBy(asc(products.id));
    return { ok: true, category: null, products: rows };
  }
  const category = await findCategory(db, name.trim());
  if (!category) return { ok: false, reason: "unknown-category" };
  const rows = await selectSummaries(db, eq(products.categoryId, category.id), shelf).orderBy(asc(products.id));
  return { ok: true, category, products: rows };
}

export async function listFeaturedProducts(db: Database): Promise<ProductSummary[]> {
  return selectSummaries(db, eq(products.featured, true)).orderBy(asc(products.id));
}

export async function getProduct(db: Database, id: number, shelf: Shelf = "shop"): Promise<ProductDetail | undefined> {
  const [summary] = await selectSummaries(db, eq(products.id, id), shelf);
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

/** The shortest word of a product name that search_words holds (migration 0006). */
const MIN_SEARCH_WORD = 3;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name search: full text over name and description, part of a name, or a plain id when the term
 * is a number, best matches first. When nothing matches, each misspelt word is replaced by the
 * closest word of a product name (trigram similarity over the vocabulary in search_words) and the
 * search runs once more: "matress" finds mattresses, "foot mat" finds mats. Matching the few
 * thousand distinct words instead of every name keeps a typo as fast as a hit (decision 0014).
 */
export async function searchProducts(db: Database, term: string, shelf: Shelf = "shop"): Promise<SearchResult> {
  const q = term.trim().toLowerCase().slice(0, 200);
  // No name holds NUL, and the database cannot be asked about one (common/text.ts).
  if (!q || hasNul(q)) return { products: [], correctedTerm: null };
  const found = await findProducts(db, q, shelf);
  if (found.length) return { products: found, correctedTerm: null };
  const corrected = await correctSpelling(db, q);
  if (!corrected || corrected === q) return { products: [], correctedTerm: null };
  const products = await findProducts(db, corrected, shelf);
  return { products, correctedTerm: products.length ? corrected : null };
}

export interface SearchResult {
  products: ProductSummary[];
  /** The term that found the products when the one typed found nothing (shown to the shopper). */
  correctedTerm: string | null;
}

/**
 * How many matches are ranked for one search. A term matching more products than this (a common
 * word in a large catalogue) is ranked among the first ones in storage order only: the work then
 * stays the same however many products match (decision 0014).
 */
export const SEARCH_RANKING_POOL = 1000;

async function findProducts(db: Database, q: string, shelf: Shelf): Promise<ProductSummary[]> {
  const id = parseProductId(q) ?? -1;
  const tsQuery = sql`websearch_to_tsquery('english', ${q})`;
  const pool = db
    .select({ id: products.id, search: products.search })
    .from(products)
    .where(
      and(shown(shelf), sql`(${products.search} @@ ${tsQuery} or lower(${products.name}) like ${`%${escapeLike(q)}%`} or ${products.id} = ${id})`),
    )
    .limit(SEARCH_RANKING_POOL)
    .as("pool");
  const ranked = await db.transaction(async (tx) => {
    // Only a bitmap scan of the indexes stops after the pool's matches whatever the planner
    // guesses; a guess that a rare term is common would otherwise walk the whole table.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    return tx
      .select({ id: pool.id })
      .from(pool)
      .orderBy(sql`${pool.id} = ${id} desc`, sql`ts_rank(${pool.search}, ${tsQuery}) desc`, asc(pool.id))
      .limit(SEARCH_RESULT_LIMIT);
  });
  if (!ranked.length) return [];
  const byId = new Map(
    (
      await selectSummaries(
        db,
        inArray(
          products.id,
          ranked.map((r) => r.id),
        ),
        shelf,
      )
    ).map((p) => [p.id, p]),
  );
  return ranked.flatMap((r) => byId.get(r.id) ?? []);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * A word without the punctuation around it ("(queen)," → "queen"), in one pass. Not
 * `/[^\p{L}\p{N}]+$/`: the regex engine tries that at every position of a run, which is quadratic.
 */
function stripPunctuation(word: string): string {
  const chars = Array.from(word);
  let start = 0;
  let end = chars.length;
  while (start < end && !LETTER_OR_DIGIT.test(chars[start])) start++;
  while (end > start && !LETTER_OR_DIGIT.test(chars[end - 1])) end--;
  return chars.slice(start, end).join("");
}

/**
 * The term with each word that is in no product name replaced by the closest one, or dropped when
 * none is close. Numbers, sizes and codes (any word with a digit) and words under 3 letters are
 * kept as typed: a near miss there is another product, not a typo.
 */
async function correctSpelling(db: Database, q: string): Promise<string | undefined> {
  const words = q.split(/\s+/).map(stripPunctuation).filter(Boolean);
  if (!words.length) return undefined;
  const rows = await queryRows<{ best: string | null }>(
    db,
    sql`
    select case when t.word ~ '[0-9]' or length(t.word) < ${MIN_SEARCH_WORD} then t.word else coalesce(
      (select s.word from ${searchWords} s where s.word = t.word),
      (select s.word from ${searchWords} s where s.word % t.word order by similarity(s.word, t.word) desc, s.word limit 1)
    ) end as best
    from unnest(string_to_array(${words.join(" ")}, ' ')) with ordinality as t(word, n)
    order by t.n`,
  );
  const corrected = rows.flatMap((row) => (row.best ? [row.best] : []));
  return corrected.length ? corrected.join(" ") : undefined;
}

/**
 * The first product (lowest id) of every category, in id order: what Crazy Deals and the category
 * tiles need. One index probe per category, however large the catalogue.
 */
export async function listFirstProductPerCategory(db: Database): Promise<ProductSummary[]> {
  // = any(array(...)): the ids are found first (an InitPlan), then fetched by primary key.
  const firstOfEachCategory = sql`array(
    select (select p.id from ${products} p where p.category_id = c.id and p.archived_at is null and not p.hidden order by p.id limit 1)
    from ${categories} c)`;
  return selectSummaries(db, sql`${products.id} = any(${firstOfEachCategory})`).orderBy(asc(products.id));
}

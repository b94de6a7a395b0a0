import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { ALL_PRODUCTS_CATEGORY } from "~/common/constants";
import { messages } from "~/common/messages";
import { hasNul } from "~/common/text";
import { recordAudit } from "../admin/audit";
import { type Database, type Executor } from "../db/client";
import { categories, categoryRedirects, products } from "../db/schema";
import { saveImage } from "../images/store";
import { preparePictures, type UploadedFile } from "./uploads";

// Staff's categories (issue 18, decision 0035): create, rename (the old name's links redirect),
// a logo, the menu order, and retire. Every change takes the categories table's SHARE ROW
// EXCLUSIVE lock first: changes run one at a time (readers and product saves are not held up),
// so new ids (max + 1) and the dense 1..n positions of live categories stay right under any
// number of staff at once.

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 1000;

export interface StaffCategory {
  id: number;
  name: string;
  description: string;
  logo: string | null;
  position: number;
  /** Products on the shop (neither deleted nor hidden). */
  onSale: number;
  /** Products staff keep off the shop. */
  hidden: number;
}

export type CategoryChange = { ok: true; categoryId: number; message: string } | { ok: false; message: string; status: 400 | 404 | 409 };

const refused = (message: string, status: 400 | 404 | 409 = 400): CategoryChange => ({ ok: false, message, status });
const key = (name: string) => name.toLowerCase();
const subject = (id: number, name: string) => ({ action: "category" as const, subject: `Category ${id}: ${name}`, subjectPath: "/admin?menu=11" });

/** Live categories in menu order, with their product counts: the Categories panel's list. */
export async function listStaffCategories(db: Database): Promise<StaffCategory[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      logo: categories.logo,
      position: categories.position,
      onSale:
        sql<number>`(select count(*) from ${products} p where p.category_id = "categories"."id" and p.archived_at is null and not p.hidden)`.mapWith(
          Number,
        ),
      hidden:
        sql<number>`(select count(*) from ${products} p where p.category_id = "categories"."id" and p.archived_at is null and p.hidden)`.mapWith(
          Number,
        ),
    })
    .from(categories)
    .where(isNull(categories.retiredAt))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** A name as staff typed it, trimmed, or why it cannot be one. */
export function checkCategoryName(raw: unknown): { ok: true; name: string } | { ok: false; message: string } {
  if (typeof raw !== "string") return { ok: false, message: messages.categoryNameRequired };
  if (hasNul(raw)) return { ok: false, message: messages.textHasNul };
  const name = raw.trim();
  if (!name) return { ok: false, message: messages.categoryNameRequired };
  if (Array.from(name).length > CATEGORY_NAME_MAX) return { ok: false, message: messages.categoryNameTooLong };
  if (key(name) === key(ALL_PRODUCTS_CATEGORY)) return { ok: false, message: messages.categoryNameReserved };
  return { ok: true, name };
}

function checkDescription(raw: unknown): { ok: true; description: string } | { ok: false; message: string } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (hasNul(text)) return { ok: false, message: messages.textHasNul };
  if (Array.from(text).length > CATEGORY_DESCRIPTION_MAX) return { ok: false, message: messages.categoryDescriptionTooLong };
  return { ok: true, description: text };
}

/** One change at a time (see the top of this file). */
async function lockCategories(tx: Executor) {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
}

async function liveIds(tx: Executor): Promise<number[]> {
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(isNull(categories.retiredAt))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => r.id);
}

/** Writes positions 1..n in the given order (only the rows that change). */
async function writeOrder(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::integer, ${i + 1}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${categories} c set position = o.position from (values ${values}) as o(id, position) where c.id = o.id and c.position <> o.position`,
  );
}

async function liveCategory(tx: Executor, id: number, lock = false) {
  const query = tx
    .select({ id: categories.id, name: categories.name, description: categories.description, logo: categories.logo })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.retiredAt)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

async function nameTaken(tx: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        isNull(categories.retiredAt),
        sql`lower(${categories.name}) = ${key(name)}`,
        exceptId === undefined ? undefined : sql`${categories.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** A name now in use is no longer anyone's former name: the live category wins. */
async function claimName(tx: Executor, name: string) {
  await tx.delete(categoryRedirects).where(eq(categoryRedirects.nameKey, key(name)));
}

async function pointName(tx: Executor, name: string, categoryId: number) {
  await tx
    .insert(categoryRedirects)
    .values({ nameKey: key(name), categoryId })
    .onConflictDoUpdate({ target: categoryRedirects.nameKey, set: { categoryId } });
}

async function prepareLogo(file: UploadedFile | null) {
  if (!file) return { ok: true as const, picture: null };
  // The product pictures' rules and messages: JPEG or PNG, at most 2 MB, one file here.
  const prepared = await preparePictures([file]);
  return prepared.ok ? { ok: true as const, picture: prepared.pictures[0] } : prepared;
}

/**
 * A new category. It goes into the menu before the last two (the header's direct links, which
 * staff chose), or last while there are fewer than three; staff move it from there.
 */
export async function createCategory(
  db: Database,
  actorId: number,
  input: { name: unknown; description?: unknown },
  logoFile: UploadedFile | null = null,
): Promise<CategoryChange> {
  const name = checkCategoryName(input.name);
  if (!name.ok) return refused(name.message);
  const description = checkDescription(input.description);
  if (!description.ok) return refused(description.message);
  const logo = await prepareLogo(logoFile);
  if (!logo.ok) return refused(logo.message);
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    if (await nameTaken(tx, name.name)) return refused(messages.categoryNameTaken(name.name), 409);
    // Retired categories keep their ids: max + 1 is never one used before.
    const [{ id }] = await tx.select({ id: sql<number>`coalesce(max(${categories.id}), 0) + 1`.mapWith(Number) }).from(categories);
    const order = await liveIds(tx);
    const at = order.length < 3 ? order.length : order.length - 2;
    if (logo.picture) await saveImage(tx, logo.picture);
    await tx.insert(categories).values({
      id,
      name: name.name,
      description: description.description,
      logo: logo.picture?.fileName ?? null,
      position: order.length + 1,
    });
    await writeOrder(tx, [...order.slice(0, at), id, ...order.slice(at)]);
    await claimName(tx, name.name);
    await recordAudit(tx, actorId, {
      ...subject(id, name.name),
      detail: `Added${logo.picture ? ", with a logo" : ""}, at place ${at + 1} of ${order.length + 1}.`,
    });
    return { ok: true, categoryId: id, message: messages.categoryAdded(name.name) };
  });
}

/** Renames a category and sets its description; the old name's links lead to the new one. */
export async function editCategory(
  db: Database,
  actorId: number,
  id: number,
  input: { name: unknown; description: unknown },
): Promise<CategoryChange> {
  const name = checkCategoryName(input.name);
  if (!name.ok) return refused(name.message);
  const description = checkDescription(input.description);
  if (!description.ok) return refused(description.message);
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const current = await liveCategory(tx, id);
    if (!current) return refused(messages.categoryUnknown, 404);
    if (await nameTaken(tx, name.name, id)) return refused(messages.categoryNameTaken(name.name), 409);
    const renamed = current.name !== name.name;
    if (!renamed && current.description === description.description) return { ok: true, categoryId: id, message: messages.categorySaved(name.name) };
    await tx.update(categories).set({ name: name.name, description: description.description }).where(eq(categories.id, id));
    if (renamed) {
      await claimName(tx, name.name);
      if (key(current.name) !== key(name.name)) await pointName(tx, current.name, id);
    }
    const changes = [
      renamed ? `Renamed from "${current.name}"` : null,
      current.description !== description.description ? "description changed" : null,
    ];
    await recordAudit(tx, actorId, { ...subject(id, name.name), detail: `${changes.filter(Boolean).join("; ")}.` });
    return { ok: true, categoryId: id, message: messages.categorySaved(name.name) };
  });
}

/** Sets (a picture) or removes (null) a category's logo. */
export async function setCategoryLogo(db: Database, actorId: number, id: number, file: UploadedFile | null): Promise<CategoryChange> {
  const logo = await prepareLogo(file);
  if (!logo.ok) return refused(logo.message);
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const current = await liveCategory(tx, id);
    if (!current) return refused(messages.categoryUnknown, 404);
    if (!logo.picture && !current.logo) return { ok: true, categoryId: id, message: messages.categoryLogoRemoved(current.name) };
    if (logo.picture) await saveImage(tx, logo.picture);
    await tx
      .update(categories)
      .set({ logo: logo.picture?.fileName ?? null })
      .where(eq(categories.id, id));
    await recordAudit(tx, actorId, { ...subject(id, current.name), detail: logo.picture ? "Logo set." : "Logo removed." });
    return {
      ok: true,
      categoryId: id,
      message: logo.picture ? messages.categoryLogoSaved(current.name) : messages.categoryLogoRemoved(current.name),
    };
  });
}

/** One place up (earlier in the menus) or down. */
export async function moveCategory(db: Database, actorId: number, id: number, direction: "up" | "down"): Promise<CategoryChange> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const current = await liveCategory(tx, id);
    if (!current) return refused(messages.categoryUnknown, 404);
    const order = await liveIds(tx);
    const from = order.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return refused(direction === "up" ? messages.categoryAlreadyFirst : messages.categoryAlreadyLast, 409);
    [order[from], order[to]] = [order[to], order[from]];
    await writeOrder(tx, order);
    await recordAudit(tx, actorId, { ...subject(id, current.name), detail: `Moved ${direction} to place ${to + 1} of ${order.length}.` });
    return { ok: true, categoryId: id, message: messages.categoryMoved(current.name, to + 1) };
  });
}

/** The whole menu order at once: every live category's id, once each. */
export async function setCategoryOrder(db: Database, actorId: number, ids: number[]): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const order = await liveIds(tx);
    const same = ids.length === order.length && new Set(ids).size === ids.length && ids.every((id) => order.includes(id));
    if (!same) return { ok: false, message: messages.categoryOrderInvalid };
    if (ids.every((id, i) => order[i] === id)) return { ok: true };
    await writeOrder(tx, ids);
    const names = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(isNull(categories.retiredAt));
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    await recordAudit(tx, actorId, {
      action: "category",
      subject: "Category order",
      subjectPath: "/admin?menu=11",
      detail: ids.map((id) => nameOf.get(id)).join(", "),
    });
    return { ok: true };
  });
}

/**
 * Retires a category: refused while it holds products (on sale or hidden), unless `moveTo` names
 * another live category, which then takes them, and the retired name's links, in the same change.
 * Deleted products stay where they were, for their orders' record.
 */
export async function retireCategory(db: Database, actorId: number, id: number, moveTo: number | null): Promise<CategoryChange> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    // FOR UPDATE waits for a product being saved into it (its foreign key check holds the row).
    const current = await liveCategory(tx, id, true);
    if (!current) return refused(messages.categoryUnknown, 404);
    const order = await liveIds(tx);
    if (order.length === 1) return refused(messages.categoryLastOne, 409);
    const target = moveTo === null ? null : await liveCategory(tx, moveTo);
    if (moveTo !== null && (!target || target.id === id)) return refused(messages.categoryMoveTargetInvalid);
    const [{ held }] = await tx
      .select({ held: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.archivedAt)));
    if (held > 0 && !target) return refused(messages.categoryHasProducts(current.name, held), 409);
    if (target) {
      await tx
        .update(products)
        .set({ categoryId: target.id })
        .where(and(eq(products.categoryId, id), isNull(products.archivedAt)));
      await tx.update(categoryRedirects).set({ categoryId: target.id }).where(eq(categoryRedirects.categoryId, id));
      await pointName(tx, current.name, target.id);
    }
    await tx.update(categories).set({ retiredAt: new Date(), position: 0 }).where(eq(categories.id, id));
    await writeOrder(
      tx,
      order.filter((other) => other !== id),
    );
    const moved = target ? ` Its ${held} product${held === 1 ? "" : "s"} and its links moved to ${target.name}.` : "";
    await recordAudit(tx, actorId, { ...subject(id, current.name), detail: `Retired.${moved}` });
    return { ok: true, categoryId: id, message: messages.categoryRetired(current.name, target?.name ?? null, held) };
  });
}

/** The live category a former name now leads to (a rename, or a retirement with a move). */
export async function redirectedCategory(db: Database, name: string): Promise<number | undefined> {
  if (hasNul(name)) return undefined;
  const [row] = await db
    .select({ id: categories.id })
    .from(categoryRedirects)
    .innerJoin(categories, eq(categories.id, categoryRedirects.categoryId))
    .where(and(eq(categoryRedirects.nameKey, key(name)), isNull(categories.retiredAt)));
  return row?.id;
}

import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { adminPanelPath, ADMIN_PANELS } from "~/common/panels";
import { LAGOS_OFFSET_MS, lagosDateTime } from "~/common/lagos-time";
import { messages } from "~/common/messages";
import { formatNairaTotal, nairaText, nairaToKobo } from "~/common/money";
import type { SignedInAccount } from "../accounts/sessions";
import { recordAudit } from "../admin/audit";
import { isOwner } from "../admin/staff";
import type { Database, Executor } from "../db/client";
import { categories, orderDiscounts, orders, products, promotions } from "../db/schema";
import { isSale } from "../reports/sales";
import { hasNul } from "~/common/text";
import { normalizeCode } from "./pricing";
import { placedAndKept } from "./promotions";

// The Promotions panel's service (issue 29, decision 0064): only owners create, change, pause and
// end promotions, every change audited; owners and staff see each one's uses, the discount it
// gave and the revenue of its orders.

/** A promotion as the owner's form gives it: text fields, read here. */
export type PromotionForm = Record<
  "name" | "code" | "kind" | "percent" | "amount" | "minSubtotal" | "startsAt" | "endsAt" | "maxUses" | "maxUsesPerCustomer",
  string
> & { productIds: string[]; categoryIds: string[]; firstOrderOnly: boolean };

export const PROMOTION_NAME_MAX = 60;
const CAP_MAX = 1_000_000;
const AMOUNT_MAX_NAIRA = 10_000_000;
/** Products or categories one promotion names, at most. */
const TARGETS_MAX = 200;

/** 'YYYY-MM-DD HH:MM' (or 'YYYY-MM-DDTHH:MM', as a datetime-local input sends it), Lagos time. */
function lagosInstant(text: string): Date | null | undefined {
  if (text.trim() === "") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return undefined;
  return new Date(utc - LAGOS_OFFSET_MS);
}

const wholeOrEmpty = (text: string, min: number, max: number): number | null | undefined => {
  if (text.trim() === "") return null;
  if (!/^\d{1,9}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : undefined;
};

const nairaOrEmpty = (text: string): number | null | undefined => {
  if (text.trim() === "") return null;
  const bare = nairaText(text.trim());
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(bare)) return undefined;
  return nairaToKobo(Number(bare));
};

const ids = (values: string[]): number[] | undefined => {
  if (values.length > TARGETS_MAX || values.some((v) => !/^\d{1,9}$/.test(v))) return undefined;
  return [...new Set(values.map(Number))];
};

export type PromotionValues = Omit<typeof promotions.$inferInsert, "id" | "status" | "createdAt" | "updatedAt">;

/** Reads the owner's form: the promotion's values, or the first thing wrong with them. Nothing reaches the database. */
export function readPromotionForm(form: PromotionForm): { ok: true; values: PromotionValues } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const name = form.name.trim();
  if (!name || name.length > PROMOTION_NAME_MAX || hasNul(name)) return fail(messages.promotionNameInvalid);
  let code: string | null = null;
  if (form.code.trim()) {
    code = form.code.length <= 40 ? normalizeCode(form.code) : null;
    if (code === null) return fail(messages.promotionCodeInvalid);
  }
  const kind = z.enum(["percent", "fixed"]).safeParse(form.kind);
  if (!kind.success) return fail(messages.promotionPercentInvalid);
  let percent: number | null = null;
  let amountKobo: number | null = null;
  if (kind.data === "percent") {
    percent = wholeOrEmpty(form.percent, 1, 100) ?? null;
    if (percent === null) return fail(messages.promotionPercentInvalid);
  } else {
    amountKobo = nairaOrEmpty(form.amount) ?? null;
    if (amountKobo === null || amountKobo < 100 || amountKobo > AMOUNT_MAX_NAIRA * 100) return fail(messages.promotionAmountInvalid);
  }
  const minSubtotal = nairaOrEmpty(form.minSubtotal);
  if (minSubtotal === undefined || (minSubtotal ?? 0) > AMOUNT_MAX_NAIRA * 100) return fail(messages.promotionMinimumInvalid);
  const startsAt = lagosInstant(form.startsAt);
  const endsAt = lagosInstant(form.endsAt);
  if (startsAt === undefined || endsAt === undefined || (startsAt && endsAt && endsAt <= startsAt)) return fail(messages.promotionDatesInvalid);
  const maxUses = wholeOrEmpty(form.maxUses, 1, CAP_MAX);
  const maxUsesPerCustomer = wholeOrEmpty(form.maxUsesPerCustomer, 1, CAP_MAX);
  if (maxUses === undefined || maxUsesPerCustomer === undefined) return fail(messages.promotionCapInvalid);
  const productIds = ids(form.productIds);
  const categoryIds = ids(form.categoryIds);
  if (!productIds || !categoryIds) return fail(messages.promotionTargetsInvalid);
  return {
    ok: true,
    values: {
      name,
      code,
      kind: kind.data,
      percent,
      amountKobo,
      productIds,
      categoryIds,
      minSubtotalKobo: minSubtotal ?? 0,
      startsAt,
      endsAt,
      maxUses,
      maxUsesPerCustomer,
      firstOrderOnly: form.firstOrderOnly,
    },
  };
}

export type PromotionChange = { ok: true; id: number; message: string } | { ok: false; message: string };

/** The products and categories named exist (archived and retired ones do not count). */
async function targetsExist(tx: Executor, values: Pick<PromotionValues, "productIds" | "categoryIds">): Promise<boolean> {
  const productIds = values.productIds ?? [];
  const categoryIds = values.categoryIds ?? [];
  if (productIds.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, productIds), isNull(products.archivedAt)));
    if (found.length !== productIds.length) return false;
  }
  if (categoryIds.length) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, categoryIds), isNull(categories.retiredAt)));
    if (found.length !== categoryIds.length) return false;
  }
  return true;
}

/** The words of a promotion in the audit log: "10% off, code WELCOME10, from ₦10,000.00, 100 uses". */
export function describePromotion(values: PromotionValues): string {
  const parts = [
    values.kind === "percent" ? `${values.percent}% off` : `${formatNairaTotal(values.amountKobo ?? 0)} off`,
    values.code ? `code ${values.code}` : "automatic",
  ];
  if (values.productIds?.length || values.categoryIds?.length)
    parts.push(`on ${values.productIds?.length ?? 0} products and ${values.categoryIds?.length ?? 0} categories`);
  if (values.minSubtotalKobo) parts.push(`from ${formatNairaTotal(values.minSubtotalKobo)}`);
  if (values.startsAt) parts.push(`starts ${lagosDateTime(values.startsAt).slice(0, 16)}`);
  if (values.endsAt) parts.push(`ends ${lagosDateTime(values.endsAt).slice(0, 16)}`);
  if (values.maxUses) parts.push(`${values.maxUses} uses`);
  if (values.maxUsesPerCustomer) parts.push(`${values.maxUsesPerCustomer} per customer`);
  if (values.firstOrderOnly) parts.push("first order only");
  return parts.join(", ");
}

const subjectOf = (name: string) => ({ subject: `Promotion ${name}`, subjectPath: adminPanelPath(ADMIN_PANELS.promotions) });

/** Creates a promotion (`id` null) or changes one; owners only. */
export async function savePromotion(db: Database, actor: SignedInAccount, id: number | null, values: PromotionValues): Promise<PromotionChange> {
  if (!isOwner(actor)) return { ok: false, message: messages.ownersOnlyPromotions };
  const saved: PromotionChange = await db.transaction(async (tx): Promise<PromotionChange> => {
    if (!(await targetsExist(tx, values))) return { ok: false, message: messages.promotionTargetsInvalid };
    if (values.code) {
      const [taken] = await tx
        .select({ id: promotions.id })
        .from(promotions)
        .where(and(eq(promotions.code, values.code), id === null ? undefined : ne(promotions.id, id)));
      if (taken) return { ok: false, message: messages.promotionCodeTaken };
    }
    let savedId: number;
    if (id === null) {
      const [made] = await tx.insert(promotions).values(values).onConflictDoNothing({ target: promotions.code }).returning({ id: promotions.id });
      if (!made) return { ok: false, message: messages.promotionCodeTaken };
      savedId = made.id;
    } else {
      const [found] = await tx.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, id)).for("update");
      if (!found) return { ok: false, message: messages.promotionUnknown };
      if (found.status === "ended") return { ok: false, message: messages.promotionAlreadyEnded };
      await tx
        .update(promotions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(promotions.id, id));
      savedId = id;
    }
    await recordAudit(tx, actor.id, {
      action: "promotion",
      ...subjectOf(values.name),
      detail: `${id === null ? "Created" : "Changed"}: ${describePromotion(values)}`,
    });
    return { ok: true as const, id: savedId, message: messages.promotionSaved };
  });
  return saved;
}

const STATUS_WORDS = { active: "Turned on again", paused: "Paused", ended: "Ended" } as const;
const STATUS_MESSAGES = { active: messages.promotionResumed, paused: messages.promotionPaused, ended: messages.promotionEnded } as const;

/** Pauses, turns on again or ends a promotion; owners only. An ended one stays ended. */
export async function setPromotionStatus(
  db: Database,
  actor: SignedInAccount,
  id: number,
  status: "active" | "paused" | "ended",
): Promise<PromotionChange> {
  if (!isOwner(actor)) return { ok: false, message: messages.ownersOnlyPromotions };
  const changed: PromotionChange = await db.transaction(async (tx): Promise<PromotionChange> => {
    const [found] = await tx.select({ name: promotions.name, status: promotions.status }).from(promotions).where(eq(promotions.id, id)).for("update");
    if (!found) return { ok: false, message: messages.promotionUnknown };
    if (found.status === "ended") return { ok: false, message: messages.promotionAlreadyEnded };
    if (found.status !== status) {
      await tx.update(promotions).set({ status, updatedAt: new Date() }).where(eq(promotions.id, id));
      await recordAudit(tx, actor.id, { action: "promotion", ...subjectOf(found.name), detail: STATUS_WORDS[status] });
    }
    return { ok: true, id, message: STATUS_MESSAGES[status] };
  });
  return changed;
}

export interface PromotionRow {
  id: number;
  name: string;
  code: string | null;
  status: "active" | "paused" | "ended";
  summary: string;
  values: PromotionValues;
  /** Placed orders that used it. */
  uses: number;
  /** Open checkouts and payment links holding a use. */
  reserved: number;
  discountKobo: number;
  /** What its sales brought in (their totals, after discounts: the sales report's rule). */
  revenueKobo: number;
}

/** Every promotion, newest first, with its figures. */
export async function listPromotions(db: Executor): Promise<PromotionRow[]> {
  const rows = await db.select().from(promotions).orderBy(desc(promotions.id));
  if (rows.length === 0) return [];
  const figures = await db
    .select({
      promotionId: orderDiscounts.promotionId,
      uses: sql<number>`(count(*) filter (where ${placedAndKept}))::int`,
      reserved: sql<number>`(count(*) filter (where ${orders.placedAt} is null and ${orders.status} = 'pending'))::int`,
      discountKobo: sql<number>`coalesce(sum(${orderDiscounts.amountKobo}) filter (where ${placedAndKept}), 0)`.mapWith(Number),
      revenueKobo: sql<number>`coalesce(sum(${orders.totalKobo}) filter (where ${isSale}), 0)`.mapWith(Number),
    })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .groupBy(orderDiscounts.promotionId);
  const byId = new Map(figures.map((f) => [f.promotionId, f]));
  return rows.map(({ id, status, createdAt: _c, updatedAt: _u, ...values }) => {
    const f = byId.get(id);
    return {
      id,
      name: values.name,
      code: values.code,
      status,
      summary: describePromotion(values),
      values,
      uses: f?.uses ?? 0,
      reserved: f?.reserved ?? 0,
      discountKobo: f?.discountKobo ?? 0,
      revenueKobo: f?.revenueKobo ?? 0,
    };
  });
}

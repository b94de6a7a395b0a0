import { data, type AppLoadContext } from "react-router";
import { lagosDateTime } from "~/common/lagos-time";
import { koboToNaira } from "~/common/money";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { isOwner } from "~/server/admin/staff";
import { listCategories } from "~/server/catalog/catalog";
import { listPromotions, readPromotionForm, savePromotion, setPromotionStatus, type PromotionForm } from "~/server/promotions/admin";
import { PROMOTION_FORM, PROMOTION_STATUS_FORM, type FormResult } from "../forms";

// Promotions (ADMIN_PANELS.promotions, issue 29, decision 0064): owners create, change, pause and
// end promotions; owners and staff see them with their uses, discount given and revenue.

/** A Lagos date-time as a datetime-local input shows it ('YYYY-MM-DDTHH:MM'), or ''. */
const inputTime = (instant: Date | null | undefined) => (instant ? lagosDateTime(instant).slice(0, 16).replace(" ", "T") : "");

export async function promotionsPanelData(request: Request, account: SignedInAccount, context: AppLoadContext) {
  const [promotions, categories] = await Promise.all([listPromotions(context.db), listCategories(context.db)]);
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const editing = promotions.find((p) => p.id === editId && p.status !== "ended") ?? null;
  return {
    owner: isOwner(account),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    promotions: promotions.map(({ values, ...p }) => ({ ...p, categoryIds: values.categoryIds ?? [], productIds: values.productIds ?? [] })),
    editing: editing && {
      id: editing.id,
      name: editing.values.name,
      code: editing.values.code ?? "",
      kind: editing.values.kind,
      percent: editing.values.percent ?? "",
      amount: editing.values.amountKobo ? koboToNaira(editing.values.amountKobo) : "",
      minSubtotal: editing.values.minSubtotalKobo ? koboToNaira(editing.values.minSubtotalKobo) : "",
      startsAt: inputTime(editing.values.startsAt),
      endsAt: inputTime(editing.values.endsAt),
      maxUses: editing.values.maxUses ?? "",
      maxUsesPerCustomer: editing.values.maxUsesPerCustomer ?? "",
      productIds: (editing.values.productIds ?? []).join(", "),
      categoryIds: editing.values.categoryIds ?? [],
      firstOrderOnly: editing.values.firstOrderOnly ?? false,
    },
  };
}

const answer = (result: FormResult, status = 200) => data<FormResult>(result, { status });

/** The form's fields as text; product ids are typed as a list ("12, 15 31"). */
function promotionForm(form: FormData): PromotionForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    code: text("code"),
    kind: text("kind"),
    percent: text("percent"),
    amount: text("amount"),
    minSubtotal: text("minSubtotal"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    maxUses: text("maxUses"),
    maxUsesPerCustomer: text("maxUsesPerCustomer"),
    productIds: text("productIds")
      .slice(0, 4000)
      .split(/[\s,]+/)
      .filter(Boolean),
    categoryIds: form.getAll("categoryIds").map(String),
    firstOrderOnly: form.get("firstOrderOnly") === "on",
  };
}

const idOf = (form: FormData): number | null | undefined => {
  const raw = String(form.get("id") ?? "");
  if (raw === "") return null;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
};

export async function promotionSaveAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return answer({ status: "error", message: messages.ownersOnlyPromotions, form: PROMOTION_FORM }, 403);
  const id = idOf(form);
  if (id === undefined) return answer({ status: "error", message: messages.promotionUnknown, form: PROMOTION_FORM }, 400);
  const read = readPromotionForm(promotionForm(form));
  if (!read.ok) return answer({ status: "error", message: read.message, form: PROMOTION_FORM }, 400);
  const saved = await savePromotion(context.db, account, id, read.values);
  return answer({ status: saved.ok ? "done" : "error", message: saved.message, form: PROMOTION_FORM });
}

export async function promotionStatusAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return answer({ status: "error", message: messages.ownersOnlyPromotions, form: PROMOTION_STATUS_FORM }, 403);
  const id = idOf(form);
  const status = String(form.get("status") ?? "");
  if (!id || (status !== "active" && status !== "paused" && status !== "ended")) {
    return answer({ status: "error", message: messages.promotionUnknown, form: PROMOTION_STATUS_FORM }, 400);
  }
  const changed = await setPromotionStatus(context.db, account, id, status);
  return answer({ status: changed.ok ? "done" : "error", message: changed.message, form: PROMOTION_STATUS_FORM });
}

import { data, type AppLoadContext } from "react-router";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import {
  createCategory,
  editCategory,
  listStaffCategories,
  moveCategory,
  retireCategory,
  setCategoryLogo,
  type CategoryChange,
} from "~/server/catalog/categories";
import { filesFrom } from "~/server/catalog/form-files";
import { CATEGORY_RETIRED_FORM, type FormResult } from "../forms";

// The Categories panel (ADMIN_PANELS.categories, issue 18): every admin, owner or staff, manages
// categories as they manage products. Each form's answer names the form it belongs to
// (`category-add`, or `category-<id>`), so the panel shows it beside that category.

/** The forms of the panel, by their `intent`. */
export const CATEGORY_INTENTS = ["category-add", "category-edit", "category-logo", "category-move", "category-retire"] as const;
export type CategoryIntent = (typeof CATEGORY_INTENTS)[number];

export async function categoriesPanelData(context: AppLoadContext) {
  return { categories: await listStaffCategories(context.db) };
}

const unreadable = () => data<FormResult>({ status: "error", message: messages.requestUnreadable }, { status: 400 });

function idField(form: FormData, name: string): number | undefined {
  const raw = String(form.get(name) ?? "");
  if (!/^[1-9]\d{0,8}$/.test(raw)) return undefined;
  return Number(raw);
}

function answer(result: CategoryChange, formName: string) {
  if (result.ok) return data<FormResult>({ status: "done", message: result.message, form: formName });
  return data<FormResult>({ status: "error", message: result.message, form: formName }, { status: result.status });
}

export async function categoryAction(intent: CategoryIntent, account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const fields = { name: form.get("name"), description: form.get("description") ?? "" };
  if (intent === "category-add") {
    const [logo, ...more] = await filesFrom(form, "logo");
    if (more.length) return answer({ ok: false, message: messages.tooManyLogos, status: 400 }, "category-add");
    return answer(await createCategory(context.db, account.id, fields, logo ?? null), "category-add");
  }
  const id = idField(form, "categoryId");
  if (id === undefined) return unreadable();
  const formName = `category-${id}`;
  switch (intent) {
    case "category-edit":
      return answer(await editCategory(context.db, account.id, id, fields), formName);
    case "category-logo": {
      if (form.get("remove") === "on") return answer(await setCategoryLogo(context.db, account.id, id, null), formName);
      const [logo, ...more] = await filesFrom(form, "logo");
      if (more.length) return answer({ ok: false, message: messages.tooManyLogos, status: 400 }, formName);
      if (!logo) return answer({ ok: false, message: messages.categoryLogoRequired, status: 400 }, formName);
      return answer(await setCategoryLogo(context.db, account.id, id, logo), formName);
    }
    case "category-move": {
      const direction = form.get("direction");
      if (direction !== "up" && direction !== "down") return unreadable();
      return answer(await moveCategory(context.db, account.id, id, direction), formName);
    }
    case "category-retire": {
      const rawTarget = String(form.get("moveTo") ?? "");
      const moveTo = rawTarget === "" ? null : idField(form, "moveTo");
      if (moveTo === undefined) return answer({ ok: false, message: messages.categoryMoveTargetInvalid, status: 400 }, formName);
      const retired = await retireCategory(context.db, account.id, id, moveTo);
      // A retired category's card is gone from the page: the panel itself says so.
      return answer(retired, retired.ok ? CATEGORY_RETIRED_FORM : formName);
    }
  }
}

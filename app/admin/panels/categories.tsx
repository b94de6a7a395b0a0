import type { Route } from "./+types/categories";
import { ADMIN_PANELS } from "~/common/panels";
import { CategoriesPanel } from "~/app/components/admin/CategoriesPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { ListIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { CATEGORY_INTENTS, categoriesPanelData, categoryAction } from "../categories.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Categories (menu 11, decision 0035): add, rename, reorder, give a logo or retire a category.

export const panel: PanelFacts = {
  menu: ADMIN_PANELS.categories,
  label: "Categories",
  icon: ListIcon,
  // A new category's logo, or a new logo: the panel's multipart forms. Its others keep the page limit.
  formLimit: "pictures",
};

export async function loader({ context }: PanelLoaderArgs) {
  return categoriesPanelData(context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  const intent = formIntent(form, CATEGORY_INTENTS);
  return intent ? categoryAction(intent, account, form, context) : unknownIntent();
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  return <CategoriesPanel data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

import type { Route } from "./+types/manage-products";
import { messages } from "~/common/messages";
import { ADMIN_PANELS } from "~/common/panels";
import { ManageProducts } from "~/app/components/admin/ManageProducts";
import { PanelError } from "~/app/components/admin/PanelError";
import { ListIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { deleteProductAction, manageProductsData } from "../products.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Manage Products (requirements §2, §5, menu 2): a category's products, each with View, Edit and Delete.

export const panel: PanelFacts = {
  menu: ADMIN_PANELS.manageProducts,
  label: "Manage Products",
  icon: ListIcon,
  formLimit: "page",
  offline: { "delete-product": messages.deleteFailed },
};

export async function loader({ request, context }: PanelLoaderArgs) {
  return manageProductsData(request, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["delete-product"]) ? deleteProductAction(account, form, context) : unknownIntent();
}

export default function ManageProductsPanel({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageProducts data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

import type { Route } from "./+types/post-product";
import { messages } from "~/common/messages";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { PostProduct } from "~/app/components/admin/PostProduct";
import { PlusIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { postProductAction, postProductData } from "../products.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Post Product (requirements §2, §3, menu 1): a new product with up to 4 pictures; success returns to
// Admin Info with the server's message (requirements §4).

export const panel: PanelFacts = {
  menu: ADMIN_PANELS.postProduct,
  label: "Post Product",
  icon: PlusIcon,
  // The only form that carries product pictures from the dashboard.
  formLimit: "pictures",
  offline: { "post-product": messages.uploadFailed },
};

export async function loader({ context }: PanelLoaderArgs) {
  return postProductData(context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["post-product"]) ? postProductAction(account, form, context) : unknownIntent();
}

export default function PostProductPanel({ loaderData, actionData }: Route.ComponentProps) {
  return <PostProduct data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

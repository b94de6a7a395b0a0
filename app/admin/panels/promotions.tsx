import type { Route } from "./+types/promotions";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { PromotionsPanel } from "~/app/components/admin/PromotionsPanel";
import { TagIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { PROMOTION_FORM, PROMOTION_STATUS_FORM } from "~/app/forms";
import { promotionSaveAction, promotionsPanelData, promotionStatusAction } from "../promotions.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Promotions (menu 17, issue 29, decision 0064): codes and automatic promotions. Owners create,
// change, pause and end them; staff see them and their figures, and apply codes in Take an Order.

export const panel: PanelFacts = { menu: ADMIN_PANELS.promotions, label: "Promotions", icon: TagIcon, formLimit: "page" };

export async function loader({ request, account, context }: PanelLoaderArgs) {
  return promotionsPanelData(request, account, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  switch (formIntent(form, [PROMOTION_FORM, PROMOTION_STATUS_FORM])) {
    case PROMOTION_FORM:
      return promotionSaveAction(account, form, context);
    case PROMOTION_STATUS_FORM:
      return promotionStatusAction(account, form, context);
    case undefined:
      return unknownIntent();
  }
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  return <PromotionsPanel data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

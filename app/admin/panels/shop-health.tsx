import type { Route } from "./+types/shop-health";
import { ADMIN_PANELS } from "~/common/panels";
import { ShopHealthPanel } from "~/app/components/admin/ShopHealthPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { ShieldIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { incidentAction, shopHealthAction, shopHealthPanelData } from "../shop-health.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Shop health (menu 14, issue 27, owners only): the money's figures in words and what needs a
// person (incidents, mail given up on, refused refunds, late transfers, disputes, stopped jobs).

export const panel: PanelFacts = { menu: ADMIN_PANELS.shopHealth, label: "Shop health", icon: ShieldIcon, ownersOnly: true, formLimit: "page" };

export async function loader({ account, context }: PanelLoaderArgs) {
  return shopHealthPanelData(account, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  if (formIntent(form, ["mail-resend"])) return shopHealthAction(account, form, context);
  return formIntent(form, ["incident-resolve"]) ? incidentAction(account, form, context) : unknownIntent();
}

export default function ShopHealth({ loaderData }: Route.ComponentProps) {
  return <ShopHealthPanel data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

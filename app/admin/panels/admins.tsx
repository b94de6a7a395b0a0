import type { Route } from "./+types/admins";
import { ADMIN_PANELS } from "~/common/panels";
import { AdminsPanel } from "~/app/components/admin/AdminsPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { UserIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { adminsPanelData, staffChangeAction } from "../staff.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Admins (menu 7, decision 0031): owners disable, enable, remove, promote or demote another admin.
// Staff who open it by address are told it is for owners; their changes are refused.

export const panel: PanelFacts = { menu: ADMIN_PANELS.admins, label: "Admins", icon: UserIcon, ownersOnly: true, formLimit: "page" };

export async function loader({ account, context }: PanelLoaderArgs) {
  return adminsPanelData(account, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["staff-change"]) ? staffChangeAction(account, form, context) : unknownIntent();
}

export default function Admins({ loaderData }: Route.ComponentProps) {
  return <AdminsPanel data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

import type { Route } from "./+types/audit-log";
import { ADMIN_PANELS } from "~/common/panels";
import { AuditLogPanel } from "~/app/components/admin/AuditLogPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { ListIcon } from "~/app/components/icons";
import { auditPanelData } from "../staff.server";
import type { PanelFacts, PanelLoaderArgs } from "../panel";

// The audit log (menu 8, decision 0031): who changed what, newest first, for owners. A GET form: no action.

export const panel: PanelFacts = { menu: ADMIN_PANELS.auditLog, label: "Audit log", icon: ListIcon, ownersOnly: true, formLimit: "page" };

export async function loader({ account, request, context }: PanelLoaderArgs) {
  return auditPanelData(account, request, context);
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  return <AuditLogPanel data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

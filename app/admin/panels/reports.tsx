import type { Route } from "./+types/reports";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { ReportsPanel } from "~/app/components/admin/ReportsPanel";
import { ListIcon } from "~/app/components/icons";
import { reportsPanelData } from "../reports.server";
import type { PanelFacts, PanelLoaderArgs } from "../panel";

// Reports (menu 10, decision 0032): the shop's sales over a range of Lagos days, with their CSVs. No action.

export const panel: PanelFacts = { menu: ADMIN_PANELS.reports, label: "Reports", icon: ListIcon, formLimit: "page" };

export async function loader({ request, context }: PanelLoaderArgs) {
  return reportsPanelData(request, context);
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return <ReportsPanel data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

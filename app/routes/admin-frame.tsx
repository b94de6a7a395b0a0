import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/admin-frame";
import { panelAt } from "../admin/registry";
import { AdminFrame } from "../components/admin/AdminFrame";
import { PanelError } from "../components/admin/PanelError";
import { requireAccount } from "../sessions.server";
import { backOfficeViewer } from "../admin/viewer.server";

// The admin dashboard's frame (decision 0049): a layout around `/admin` (routes/admin.tsx) with the
// greeting and the menu. It has no address of its own. A panel that fails shows its error inside
// it (the dashboard route's boundary), so the frame, the menu and the greeting stay.

export async function loader({ request, context }: Route.LoaderArgs) {
  // Around every panel, the two-step set-up's too: each panel's own loader decides who may see it.
  const account = await requireAccount(request, context, "admin", { enrolling: true });
  return { fullName: account.fullName, viewer: await backOfficeViewer(account, context) };
}

export default function AdminDashboardFrame({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame greet={loaderData.fullName} viewer={loaderData.viewer} active={panelAt(useLocation().search).panel.menu}>
      <Outlet />
    </AdminFrame>
  );
}

/** The frame itself failed (the admin could not be read): the menu without the owners' entries, and why. */
export function ErrorBoundary() {
  return (
    <AdminFrame active={panelAt(useLocation().search).panel.menu}>
      <PanelError label="The back office" />
    </AdminFrame>
  );
}

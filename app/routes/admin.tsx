import type { ComponentType } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/admin";
import { messages } from "~/common/messages";
import { logoutAction } from "../accounts.server";
import { readPanelForm } from "../admin/panel-form.server";
import { panelAt } from "../admin/registry";
import { networkFallback } from "../forms";
import { formIntent, unknownIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { requireAccount, requireEnrolment } from "../sessions.server";

// The admin dashboard (requirements §2): `/admin?menu=N` serves panel N of the registry
// (app/admin/registry.ts), inside the back office's frame (admin-frame.tsx). This route checks the
// admin, reads a posted form within the panel's own limit and hands both to the panel's module;
// the panel's error boundary shows a failure where the panel would be (decision 0049).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { panel, loader: panelLoader } = panelAt(request.url);
  const account = await requireAccount(request, context, "admin", { enrolling: panel.beforeEnrolment });
  return panelLoader({ request, context, account });
}

export async function action({ request, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin", { enrolling: true });
  const { panel, action: panelAction } = panelAt(request.url);
  const read = await readPanelForm(panel, request);
  if ("tooLarge" in read) return read.tooLarge;
  // The frame's Logout, from any panel, even before two-step sign-in is set up; every other form is its panel's.
  if (formIntent(read.form, ["logout"])) return logoutAction("admin", request, context, read.form);
  if (!panel.beforeEnrolment) await requireEnrolment(account, context);
  // A panel without forms that post: whatever is posted to it is no form of this page.
  return panelAction ? panelAction({ request, context, account, form: read.form }) : unknownIntent();
}

/** A dropped connection: each form says its own failure text (requirements §8), as its panel declares it. */
export const clientAction = (args: Route.ClientActionArgs) =>
  networkFallback((intent) => panelAt(args.request.url).panel.offline?.[String(intent)] ?? messages.tryAgain)(args);

// Personal data: never kept by a shared cache, nor shown again by Back after logout. A form refused
// unread closes its connection (readPanelForm).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "private, no-store",
  ...(actionHeaders.get("Connection") === "close" ? { Connection: "close" } : {}),
});

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Dashboard");

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const Panel = panelAt(useLocation().search).default as ComponentType<Pick<Route.ComponentProps, "loaderData" | "actionData">>;
  return <Panel loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  const PanelBoundary = panelAt(useLocation().search).ErrorBoundary as ComponentType;
  return <PanelBoundary />;
}

import type { ComponentType } from "react";
import type { AppLoadContext } from "react-router";
import type { AdminPanel } from "~/common/panels";
import type { SignedInAccount } from "~/server/accounts/sessions";

// What a back-office panel is (issue 26, docs/decisions/0049-back-office-modules.md): one module in
// app/admin/panels/ with its facts, loader, action, component and error boundary, listed once in
// app/admin/registry.ts. The dashboard's route (app/routes/admin.tsx) serves the panel that
// `/admin?menu=N` names: it checks the admin, reads the form with the panel's limit and hands over.

/** What the menu and the dashboard's route need to know about a panel before running it. */
export interface PanelFacts {
  /** Its number in the address (`/admin?menu=N`): one of common/panels.ts, the spec's numbers. */
  menu: AdminPanel;
  /** Its entry in the back office's menu. */
  label: string;
  icon: ComponentType<{ className?: string }>;
  /** Shown in the menu to owners only (its loader and action refuse staff themselves). */
  ownersOnly?: boolean;
  /**
   * How large a form posted to it may be, decided from the address before the body is read:
   * "page", the page-form limit (256 KiB, as every other page); "pictures", the product pictures'
   * cap (about 10.5 MB), for a multipart form only: the panel's other forms keep the page limit.
   */
  formLimit: "page" | "pictures";
  /** Open to an admin who must still set up two-step sign-in (issue 27): the panel where they do it. */
  beforeEnrolment?: boolean;
  /** What a form of the panel says when the network drops, by its `intent` (else "try again"). */
  offline?: Readonly<Record<string, string>>;
}

/** A panel's loader gets the request and the admin the dashboard's route has already checked. */
export interface PanelLoaderArgs {
  request: Request;
  context: AppLoadContext;
  account: SignedInAccount;
}

/** A panel's action gets the form too, read by the dashboard's route within the panel's limit. */
export interface PanelActionArgs extends PanelLoaderArgs {
  form: FormData;
}

/** A panel module, as the registry holds it. Its component and boundary read their data by React Router's hooks. */
export interface PanelModule {
  panel: PanelFacts;
  loader(args: PanelLoaderArgs): Promise<unknown>;
  /** A panel without forms that post has none: any post to it is an unknown intent. */
  action?(args: PanelActionArgs): Promise<unknown>;
  default: ComponentType<never>;
  ErrorBoundary: ComponentType<never>;
}

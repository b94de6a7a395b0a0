import type { Route } from "./+types/sign-in-security";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { SignInSecurityPanel } from "~/app/components/admin/SignInSecurityPanel";
import { LockIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { signOutEverywhereAction } from "~/app/accounts.server";
import { SECURITY_FORMS } from "~/app/forms";
import { confirmEnrolmentAction, signInSecurityData, staffTwoFactorAction, startEnrolmentAction } from "../sign-in-security.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Sign-in security (menu 15, issue 27, decision 0058): two-step sign-in for every admin, "Sign out
// everywhere", and for owners whether staff must use two-step sign-in. An admin who must set it up
// first is sent here from every other page (app/sessions.server.ts, requireEnrolment).

export const panel: PanelFacts = {
  menu: ADMIN_PANELS.twoFactor,
  label: "Sign-in security",
  icon: LockIcon,
  formLimit: "page",
  beforeEnrolment: true,
};

export async function loader({ account, context }: PanelLoaderArgs) {
  return signInSecurityData(account, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  switch (formIntent(form, Object.values(SECURITY_FORMS))) {
    case SECURITY_FORMS.start:
      return startEnrolmentAction(account, context);
    case SECURITY_FORMS.confirm:
      return confirmEnrolmentAction(account, form, context);
    case SECURITY_FORMS.staff:
      return staffTwoFactorAction(account, form, context);
    case SECURITY_FORMS.everywhere:
      return signOutEverywhereAction(account, context);
    case undefined:
      return unknownIntent();
  }
}

export default function SignInSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInSecurityPanel data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

import type { Route } from "./+types/register-admin";
import { ADMIN_PANELS } from "~/common/panels";
import { signUpAction } from "~/app/accounts.server";
import { PanelError } from "~/app/components/admin/PanelError";
import { RegisterAdmin } from "~/app/components/admin/RegisterAdmin";
import { UserIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import type { PanelActionArgs, PanelFacts } from "../panel";

// Register an Admin (requirements §2, menu 3): a new admin, always staff (decision 0031), who verifies
// their e-mail before they can log in.

export const panel: PanelFacts = { menu: ADMIN_PANELS.registerAdmin, label: "Register an Admin", icon: UserIcon, formLimit: "page" };

/** The form needs nothing from the server. */
export async function loader() {
  return null;
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["register-admin"]) ? signUpAction("admin", form, context, account.id) : unknownIntent();
}

export default function RegisterAdminPanel({ actionData }: Route.ComponentProps) {
  return <RegisterAdmin result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

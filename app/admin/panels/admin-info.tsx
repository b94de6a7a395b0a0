import type { Route } from "./+types/admin-info";
import { ADMIN_PANELS } from "~/common/panels";
import { changePasswordAction, updatePhoneAction } from "~/app/accounts.server";
import { AccountInfo } from "~/app/components/account/AccountInfo";
import { readablePhone } from "~/common/phone";
import { Overview } from "~/app/components/admin/Overview";
import { PanelError } from "~/app/components/admin/PanelError";
import { UserIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { loadOverview } from "~/app/services.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Admin Info (requirements §2, menu 0): the admin's account, its phone number and password, and the last
// 30 days' sales over the low stock (decision 0011).

export const panel: PanelFacts = { menu: ADMIN_PANELS.adminInfo, label: "Admin Info", icon: UserIcon, formLimit: "page" };

export async function loader({ account, context }: PanelLoaderArgs) {
  return { account: { ...account, phoneNumber: readablePhone(account.phoneNumber) }, overview: await loadOverview(context.db) };
}

export async function action({ account, form, context }: PanelActionArgs) {
  switch (formIntent(form, ["update-phone", "change-password"])) {
    case "update-phone":
      return updatePhoneAction(account, form, context);
    case "change-password":
      return changePasswordAction(account, form, context);
    case undefined:
      return unknownIntent();
  }
}

export default function AdminInfo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-8">
      <AccountInfo heading="Admin Info" account={loaderData.account} result={actionData} />
      <Overview data={loaderData.overview} />
    </div>
  );
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

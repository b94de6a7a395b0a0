import type { Route } from "./+types/settings";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { SettingsPanel } from "~/app/components/admin/SettingsPanel";
import { TruckIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { CART_REMINDERS_FORM, PAY_ON_DELIVERY_FORM, PAYMENT_LINKS_FORM, TEXT_SETTINGS_FORM } from "~/app/forms";
import {
  cartReminderSettingsAction,
  deliverySettingsAction,
  payOnDeliverySettingsAction,
  paymentLinkSettingsAction,
  paymentSettingsAction,
  settingsPanelData,
  textSettingsAction,
} from "../settings.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Settings (menu 12, decisions 0037, 0041, 0059 to 0062): the delivery estimates, the ways to pay,
// pay on delivery, payment links, text messages and cart reminders, for owners. Staff who open it by address are told it is for owners; their saves are refused.

export const panel: PanelFacts = { menu: ADMIN_PANELS.settings, label: "Settings", icon: TruckIcon, ownersOnly: true, formLimit: "page" };

export async function loader({ account, context }: PanelLoaderArgs) {
  return settingsPanelData(account, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  switch (
    formIntent(form, ["delivery-settings", "payment-settings", TEXT_SETTINGS_FORM, PAY_ON_DELIVERY_FORM, PAYMENT_LINKS_FORM, CART_REMINDERS_FORM])
  ) {
    case "delivery-settings":
      return deliverySettingsAction(account, form, context);
    case "payment-settings":
      return paymentSettingsAction(account, form, context);
    case TEXT_SETTINGS_FORM:
      return textSettingsAction(account, form, context);
    case PAY_ON_DELIVERY_FORM:
      return payOnDeliverySettingsAction(account, form, context);
    case PAYMENT_LINKS_FORM:
      return paymentLinkSettingsAction(account, form, context);
    case CART_REMINDERS_FORM:
      return cartReminderSettingsAction(account, form, context);
    case undefined:
      return unknownIntent();
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPanel data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

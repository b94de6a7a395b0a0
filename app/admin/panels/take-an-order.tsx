import type { Route } from "./+types/take-an-order";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { TakeAnOrder } from "~/app/components/admin/TakeAnOrder";
import { ListIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { STAFF_ORDER_FORM, staffOrderAction, staffOrderPanelData } from "../staff-orders.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Take an order (menu 16, issue 28): an order for a customer on the phone or WhatsApp, paid
// through a link or on delivery. Staff and owners.

export const panel: PanelFacts = { menu: ADMIN_PANELS.takeAnOrder, label: "Take an Order", icon: ListIcon, formLimit: "page" };

export async function loader({ context }: PanelLoaderArgs) {
  return staffOrderPanelData(context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, [STAFF_ORDER_FORM]) ? staffOrderAction(account, form, context) : unknownIntent();
}

export default function TakeAnOrderPanel({ loaderData, actionData }: Route.ComponentProps) {
  return <TakeAnOrder data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

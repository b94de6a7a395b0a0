import type { Route } from "./+types/orders";
import { ADMIN_PANELS } from "~/common/panels";
import { OrdersPanel } from "~/app/components/admin/OrdersPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { TruckIcon } from "~/app/components/icons";
import { formIntent, unknownIntent } from "~/app/intents";
import { bulkStatusAction, ordersPanelData } from "../orders.server";
import type { PanelActionArgs, PanelFacts, PanelLoaderArgs } from "../panel";

// Orders (menu 5, decisions 0011 and 0034): the placed orders by status, Lagos days and search,
// their CSV exports, and the bulk status change. Each order has its page (/admin/orders/:orderRef).

export const panel: PanelFacts = { menu: ADMIN_PANELS.orders, label: "Orders", icon: TruckIcon, formLimit: "page" };

export async function loader({ request, context }: PanelLoaderArgs) {
  return ordersPanelData(request, context);
}

export async function action({ account, form, context }: PanelActionArgs) {
  return formIntent(form, ["orders-bulk-status"]) ? bulkStatusAction(account, form, context) : unknownIntent();
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  return <OrdersPanel data={loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

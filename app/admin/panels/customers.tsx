import type { Route } from "./+types/customers";
import { ADMIN_PANELS } from "~/common/panels";
import { CustomersPanel } from "~/app/components/admin/CustomersPanel";
import { PanelError } from "~/app/components/admin/PanelError";
import { UserIcon } from "~/app/components/icons";
import { customersPanelData } from "../customers.server";
import type { PanelFacts, PanelLoaderArgs } from "../panel";

// Customers (menu 9, decision 0031): every customer with what they bought, found by name, e-mail or phone. No action.

export const panel: PanelFacts = { menu: ADMIN_PANELS.customers, label: "Customers", icon: UserIcon, formLimit: "page" };

export async function loader({ request, context }: PanelLoaderArgs) {
  return customersPanelData(request, context);
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  return <CustomersPanel data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

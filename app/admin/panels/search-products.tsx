import type { Route } from "./+types/search-products";
import { ADMIN_PANELS } from "~/common/panels";
import { PanelError } from "~/app/components/admin/PanelError";
import { SearchProducts } from "~/app/components/admin/SearchProducts";
import { SearchIcon } from "~/app/components/icons";
import { searchProductsData } from "../products.server";
import type { PanelFacts, PanelLoaderArgs } from "../panel";

// Search Products (requirements §2, menu 4): by name or by id, hidden products included. A GET form: no action.

export const panel: PanelFacts = { menu: ADMIN_PANELS.searchProducts, label: "Search Products", icon: SearchIcon, formLimit: "page" };

export async function loader({ request, context }: PanelLoaderArgs) {
  return searchProductsData(request, context);
}

export default function SearchProductsPanel({ loaderData }: Route.ComponentProps) {
  return <SearchProducts data={loaderData} />;
}

export function ErrorBoundary() {
  return <PanelError label={panel.label} />;
}

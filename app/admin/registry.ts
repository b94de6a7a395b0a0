import type { PanelFacts, PanelModule } from "./panel";
import * as adminInfo from "./panels/admin-info";
import * as admins from "./panels/admins";
import * as auditLog from "./panels/audit-log";
import * as categories from "./panels/categories";
import * as customers from "./panels/customers";
import * as manageProducts from "./panels/manage-products";
import * as messages from "./panels/messages";
import * as orders from "./panels/orders";
import * as postProduct from "./panels/post-product";
import * as promotions from "./panels/promotions";
import * as registerAdmin from "./panels/register-admin";
import * as reports from "./panels/reports";
import * as reviews from "./panels/reviews";
import * as searchProducts from "./panels/search-products";
import * as settings from "./panels/settings";
import * as shopHealth from "./panels/shop-health";
import * as signInSecurity from "./panels/sign-in-security";
import * as takeAnOrder from "./panels/take-an-order";

// The back office's panels (issue 26, decision 0049). A new panel is its module in ./panels and
// one entry here (with its address's number named in common/panels.ts); the dashboard's route,
// its menu and React Router's route config take it from this list and that folder.

/** Every panel, in the order of the menu: requirements §2's five, then those a running shop needs; the owners' last. */
export const PANELS: readonly PanelModule[] = [
  adminInfo,
  postProduct,
  manageProducts,
  registerAdmin,
  searchProducts,
  orders,
  takeAnOrder,
  promotions,
  messages,
  customers,
  reports,
  categories,
  reviews,
  admins,
  auditLog,
  settings,
  shopHealth,
  signInSecurity,
];

/** The panel an address names (`/admin?menu=N`); the first, Admin Info, when it names none or an unknown one. */
export function panelAt(url: string | URL): PanelModule {
  const menu = Number(new URL(url, "http://x").searchParams.get("menu") ?? 0);
  return PANELS.find((p) => p.panel.menu === menu) ?? PANELS[0];
}

/** The menu's entries: every panel's facts. */
export const PANEL_FACTS: readonly PanelFacts[] = PANELS.map((p) => p.panel);

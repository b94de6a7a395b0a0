import { readdirSync } from "node:fs";
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { DASHBOARD_FRAME, SHOP_ROUTES } from "./route-facts";

// The route table mirrors requirements §2. It is declared in route-facts.ts, each route with the facts the
// server reads before React Router runs (cacheable, form limit, secrets in the path); here it only
// becomes React Router's route config. The shop's header and footer live in root.tsx.

/**
 * The back office's panel modules (app/admin/panels, decision 0049), given to React Router as
 * routes without a path inside the dashboard's frame: never matched (routes/admin.tsx serves them
 * from `/admin?menu=N`), but like any route module's, their loader and action stay out of the
 * browser's bundle.
 */
export const PANEL_MODULES = readdirSync(new URL("./admin/panels", import.meta.url))
  .filter((name) => /^[\w-]+\.tsx$/.test(name))
  .map((name) => `admin/panels/${name}`);

export default SHOP_ROUTES.map(({ path, file, frame }) => {
  const page = path === undefined ? index(file) : route(path, file);
  if (!frame) return page;
  return layout(frame, [page, ...(frame === DASHBOARD_FRAME ? PANEL_MODULES.map((module) => layout(module)) : [])]);
}) satisfies RouteConfig;

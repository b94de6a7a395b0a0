import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { SHOP_ROUTES } from "./route-facts";

// The route table mirrors requirements §2. It is declared in route-facts.ts, each route with the facts the
// server reads before React Router runs (cacheable, form limit, secrets in the path); here it only
// becomes React Router's route config. The shop's header and footer live in root.tsx.
export default SHOP_ROUTES.map(({ path, file }) => (path === undefined ? index(file) : route(path, file))) satisfies RouteConfig;

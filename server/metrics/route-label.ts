import type { Request } from "express";
import { routeFor } from "~/app/route-facts";

/**
 * What a request is counted and logged under: a fixed set of names, never the raw path (it may
 * hold a token, and any visitor could make a new series of every address). An API call or
 * /healthz is named by its Express route's pattern; a page by the route table's
 * (app/route-facts.ts); an unknown call `/api/*`, an unknown page `/*`.
 */
export function routeLabel(req: Request): string {
  if (req.route?.path !== undefined) return `${req.baseUrl}${String(req.route.path)}`;
  if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/api") return "/api/*";
  const page = routeFor(req.path);
  return page.path === undefined ? "/" : `/${page.path}`;
}

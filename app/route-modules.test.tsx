import { readFileSync } from "node:fs";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { PanelModule } from "./admin/panel";
import { PANELS } from "./admin/registry";
import routeConfig, { PANEL_MODULES } from "./routes";
import { DASHBOARD_FRAME, SHOP_ROUTES, type ShopRoute } from "./route-facts";

// Issue 26, decision 0049: every route module is short (at most 250 lines) and has an error
// boundary, or inherits a right one; the back office's panels are the registry's modules. A
// back-office page's boundary must draw the back office's frame (the root's is the storefront's
// error page, without the menu); a storefront page may inherit the root's, which React Router
// renders inside the root's layout with the shop's header and footer. A resource route (no
// component) has nothing to draw: React Router answers its errors with a bare 500.

const MAX_LINES = 250;

type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };
const flat = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
/** Every module React Router is given, the root included. */
const MODULES = ["root.tsx", ...flat(routeConfig as Entry[]).map((e) => e.file)];

type Module = { default?: ComponentType; ErrorBoundary?: ComponentType; loader?: unknown };
const load = (file: string): Promise<Module> => import(/* @vite-ignore */ `./${file}`);

const lines = (file: string) =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .replace(/\n$/, "")
    .split("\n").length;

describe("route modules", () => {
  it("are at most 250 lines each, the panels' and the frame's included", () => {
    expect(MODULES.length).toBeGreaterThan(SHOP_ROUTES.length + 14);
    const long = MODULES.map((file) => ({ file, lines: lines(file) })).filter((m) => m.lines > MAX_LINES);
    expect(long, "split the long ones into a route and its parts (components, .server helpers)").toEqual([]);
  });

  it("of the back office each have their own error boundary; only storefront pages and resource routes go without", async () => {
    const root = await load("root.tsx");
    expect(typeof root.ErrorBoundary, "the root's boundary, which storefront pages inherit").toBe("function");
    const inheriting: string[] = [];
    for (const route of SHOP_ROUTES) {
      const module = await load(route.file);
      if (!module.default || module.ErrorBoundary) continue;
      expect(route.backOffice, `${route.file} is a back-office page: it needs its own ErrorBoundary inside the back office's frame`).toBe(false);
      inheriting.push(route.file);
    }
    // Storefront and account pages, inside the shop's header and footer.
    expect(inheriting).toContain("routes/home.tsx");
    expect(inheriting).not.toContain("routes/admin.products.import.tsx");
    for (const file of [DASHBOARD_FRAME, ...PANEL_MODULES]) expect(typeof (await load(file)).ErrorBoundary, file).toBe("function");
  });
});

/** A request that reaches the route, each dynamic segment filled in. */
const pathOf = (route: ShopRoute) => `/${(route.path ?? "").replace(/:\w+/g, "ORD-1")}`;

/** Renders `url` on the server with the route's own component and boundary, its loader failing; the frame's loader (if any) succeeding. */
async function renderFailing(route: ShopRoute, url: string, frameFails = false): Promise<string> {
  const module = await load(route.file);
  const fail = () => {
    throw new Error("The database said no.");
  };
  const page: RouteObject = {
    id: "page",
    path: route.path,
    loader: fail,
    Component: withComponentProps(module.default as never),
    ErrorBoundary: withErrorBoundaryProps(module.ErrorBoundary as never),
  };
  let child = page;
  if (route.frame) {
    const frame = await load(route.frame);
    child = {
      id: "frame",
      loader: frameFails ? fail : () => ({ fullName: "Ngozi Eze", viewer: { owner: true, incidents: null } }),
      Component: withComponentProps(frame.default as never),
      ErrorBoundary: withErrorBoundaryProps(frame.ErrorBoundary as never),
      children: [page],
    };
  }
  const routes: RouteObject[] = [{ id: "root", path: "/", Component: Outlet, children: [child] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${url}`));
  if (context instanceof Response) throw new Error(`a ${context.status} answer`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

const MENU = 'aria-label="Admin Dashboard menu"';
const alertOf = (html: string) => /role="alert"[^>]*>([^<]*)</.exec(html)?.[1];

describe("a back-office page that fails", () => {
  const pages = SHOP_ROUTES.filter((r) => r.backOffice && r.path !== "admin");

  it("is shown inside the back office's frame, with its menu, never the storefront's error page", async () => {
    const drawn = [];
    for (const route of pages) {
      if (!(await load(route.file)).default) continue;
      const html = await renderFailing(route, pathOf(route));
      expect(html.includes(MENU), `${route.file}: the menu`).toBe(true);
      expect(alertOf(html), route.file).toBeTruthy();
      expect(html.includes("Something went wrong"), `${route.file}: the storefront's error page`).toBe(false);
      drawn.push(route.file);
    }
    expect(drawn).toEqual([
      "routes/admin.orders.$orderRef.tsx",
      "routes/admin.orders.$orderRef.$document.tsx",
      "routes/admin.products.import.tsx",
      "routes/admin.products.$productId.tsx",
    ]);
  });
});

describe("a panel of the dashboard that fails", () => {
  const dashboard = SHOP_ROUTES.find((r) => r.path === "admin")!;

  it("is caught in the panel: the frame keeps its greeting and the owner's whole menu, the panel's place says which panel failed", async () => {
    for (const { panel } of PANELS) {
      const html = await renderFailing(dashboard, adminPanelPath(panel.menu));
      expect(alertOf(html), panel.label).toBe(messages.panelFailed(panel.label).replaceAll("'", "&#x27;"));
      // (The page's text is long: each check says only whether it holds.)
      expect(html.includes(">Welcome Ngozi </h1>"), `${panel.label}: the greeting`).toBe(true);
      expect(html.includes(MENU), `${panel.label}: the menu`).toBe(true);
      for (const other of PANELS)
        expect(html.includes(`>${other.panel.label}</a>`), `${panel.label}'s page: ${other.panel.label} in the menu`).toBe(true);
      const current = /aria-current="page"[^>]*href="([^"]+)"/.exec(html)?.[1];
      expect(current, `${panel.label}: the menu's current entry`).toBe(adminPanelPath(panel.menu));
    }
  });

  it("and when the frame itself fails, the menu still stands, with what failed", async () => {
    const html = await renderFailing(dashboard, adminPanelPath(ADMIN_PANELS.reviews), true);
    expect(html.includes(MENU)).toBe(true);
    expect(alertOf(html)).toBe(messages.panelFailed("The back office"));
    expect(html.includes("Welcome")).toBe(false);
  });
});

describe("the panels' registry", () => {
  it("holds every module of app/admin/panels once, and only those", async () => {
    const modules = await Promise.all(PANEL_MODULES.map(load));
    expect(new Set(PANELS.map((p) => p.panel))).toEqual(new Set(modules.map((m) => (m as unknown as PanelModule).panel)));
    expect(PANELS).toHaveLength(PANEL_MODULES.length);
  });

  it("gives each of common/panels.ts's numbers one panel, with its loader, component and error boundary", () => {
    expect(PANELS.map((p) => p.panel.menu).sort((a, b) => a - b)).toEqual(Object.values(ADMIN_PANELS).sort((a, b) => a - b));
    for (const module of PANELS) {
      expect(typeof module.loader, module.panel.label).toBe("function");
      expect(typeof module.default, module.panel.label).toBe("function");
      expect(typeof module.ErrorBoundary, module.panel.label).toBe("function");
    }
  });

  it("shows Admins, the audit log, Settings and Shop health to owners only, and gives the pictures' cap to Post Product and Categories only", () => {
    const labels = (keep: (p: PanelModule) => boolean) => PANELS.filter(keep).map((p) => p.panel.label);
    expect(labels((p) => p.panel.ownersOnly === true)).toEqual(["Admins", "Audit log", "Settings", "Shop health"]);
    expect(labels((p) => p.panel.formLimit === "pictures")).toEqual(["Post Product", "Categories"]);
  });
});

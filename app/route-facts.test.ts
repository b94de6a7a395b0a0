import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routeConfig, { PANEL_MODULES } from "./routes";
import { DASHBOARD_FRAME, routeFor, SHOP_ROUTES, type ShopRoute } from "./route-facts";
import { accountPaths } from "~/server/accounts/accounts";
import { loggablePath } from "~/server/log";

// The route table's facts (issue 16, docs/decisions/0026-route-facts.md): every route declares what
// each dynamic segment of its path holds, and the server hides the secret ones from its logs. A
// route with a token in its path that is not declared "secret" fails here; so does an e-mailed
// link whose token would be logged (tests/api/route-facts.test.ts checks the mails as sent).

const ROUTES_WITH_PATH = SHOP_ROUTES.filter((r): r is ShopRoute & { path: string } => r.path !== undefined);
const paramsIn = (path: string) => path.split("/").flatMap((s) => (s.startsWith(":") ? [s.slice(1).replace(/\?$/, "")] : []));
/** Names a person would give a segment that carries a secret. */
/** The back office's routes, in table order: its frame, and no footer. */
const BACK_OFFICE = [
  "admin",
  "admin/orders/:orderRef",
  "admin/orders/:orderRef/:document",
  "admin/orders.csv",
  "admin/order-lines.csv",
  "admin/products.csv",
  "admin/products/import",
  "admin/products/:productId",
  "admin/reports.csv",
  "admin/audit.csv",
];

const SOUNDS_SECRET = /token|secret|code|key|signature|nonce|otp|magic|invite|confirm|reset|verif/i;

/** A path that leads to the route, with a value in each dynamic segment: the secret ones recognisable. */
function samplePath(route: ShopRoute & { path: string }, secret: string): { path: string; secrets: string[]; plain: string[] } {
  const secrets: string[] = [];
  const plain: string[] = [];
  const segments = route.path.split("/").map((segment, i) => {
    if (segment === "*") return "some/where";
    if (!segment.startsWith(":")) return segment;
    const name = segment.slice(1).replace(/\?$/, "");
    const value = route.params[name] === "secret" ? `${secret}${i}` : `plain-${name}-${i}`;
    (route.params[name] === "secret" ? secrets : plain).push(value);
    return value;
  });
  return { path: `/${segments.join("/")}`, secrets, plain };
}

describe("the route table", () => {
  it("is React Router's route config, one route per declared route, each module present", () => {
    // A route with a frame is the frame's first child (routes.ts); the frame has no address.
    const pages = routeConfig.map((r) => (r.path === undefined && !r.index && r.children ? r.children[0] : r));
    expect(pages.map((r) => [r.path, r.index ?? false, r.file])).toEqual(SHOP_ROUTES.map((r) => [r.path, r.path === undefined, r.file]));
    expect(routeConfig.filter((r) => r.children).map((r) => r.file)).toEqual(SHOP_ROUTES.flatMap((r) => (r.frame ? [r.frame] : [])));
    for (const r of SHOP_ROUTES) expect(existsSync(fileURLToPath(new URL(r.file, import.meta.url))), r.file).toBe(true);
  });

  it("gives the dashboard's frame the panel modules as routes that never match (decision 0049)", () => {
    const frame = routeConfig.find((r) => r.file === DASHBOARD_FRAME)!;
    const modules = frame.children!.slice(1);
    expect(modules.map((r) => r.file)).toEqual(PANEL_MODULES);
    expect(PANEL_MODULES.length).toBeGreaterThanOrEqual(14);
    for (const module of modules) expect([module.path, module.index, module.children]).toEqual([undefined, undefined, undefined]);
    // Every address of the dashboard still reaches the dashboard's own route, whatever the panel.
    for (const path of ["/admin", "/admin.data", "/Admin/"]) expect(routeFor(path).file, path).toBe("routes/admin.tsx");
  });

  it("declares every dynamic segment of every path, and nothing else", () => {
    for (const r of SHOP_ROUTES) expect(Object.keys(r.params).sort(), r.path).toEqual(paramsIn(r.path ?? "").sort());
  });

  it("declares every segment whose name sounds like a secret as secret", () => {
    for (const r of SHOP_ROUTES) {
      for (const [name, kind] of Object.entries(r.params)) if (SOUNDS_SECRET.test(name)) expect(kind, `${r.path}: ${name}`).toBe("secret");
    }
  });

  it("has its secrets in fixed places (no optional or splat route carries one), so they can be cut out", () => {
    for (const r of ROUTES_WITH_PATH.filter((r) => Object.values(r.params).includes("secret"))) expect(r.path, r.path).not.toMatch(/[?*]/);
  });
});

describe("e-mailed links with a one-time token", () => {
  // As server/accounts/accounts.ts builds them: `${publicUrl}${accountPaths[role].verify}/${token}`.
  const links = Object.entries(accountPaths).flatMap(([role, paths]) => [
    { what: `${role} verification`, path: `${paths.verify}/TOKEN-abc_123` },
    { what: `${role} password reset`, path: `${paths.reset}/TOKEN-abc_123` },
  ]);

  it("each lead to a route that declares the token secret", () => {
    for (const { what, path } of links) {
      const route = routeFor(path);
      expect(route.file, what).not.toBe("routes/not-found.tsx");
      expect(Object.values(route.params), what).toEqual(["secret"]);
    }
  });

  it("are logged without their token, however they are asked for", () => {
    for (const { what, path } of links) {
      for (const asked of [path, `${path}.data`, `${path}?_routes=root`, `${path}/`, path.toUpperCase(), `/${path}`]) {
        expect(loggablePath(asked), `${what}: ${asked}`).not.toMatch(/TOKEN-abc_123/i);
      }
    }
  });
});

describe("loggablePath", () => {
  it("hides the secret segments of every route, asked for in every way a browser or a person might", () => {
    const secretRoutes = ROUTES_WITH_PATH.filter((r) => Object.values(r.params).includes("secret"));
    expect(secretRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of secretRoutes) {
      const { path, secrets } = samplePath(route, "s3cr3t-Tok_en");
      for (const asked of [
        path,
        `${path}.data`,
        `${path}?index&_routes=routes/x`,
        `${path}/`,
        `${path}/and/more`,
        path.toUpperCase(),
        `//${path.slice(1)}`,
      ]) {
        const logged = loggablePath(asked);
        for (const secret of secrets) expect(logged.toLowerCase(), `${route.path}: ${asked}`).not.toContain(secret.toLowerCase());
      }
      expect(loggablePath(path), route.path).toBe(`/${route.path}`);
    }
  });

  it("keeps every other path as it is, without its query", () => {
    for (const route of ROUTES_WITH_PATH.filter((r) => !Object.values(r.params).includes("secret"))) {
      const { path, plain } = samplePath(route, "unused");
      expect(loggablePath(`${path}?q=1`), route.path).toBe(path);
      for (const value of plain) expect(loggablePath(path)).toContain(value);
    }
    expect(loggablePath("/?index")).toBe("/");
    expect(loggablePath("/api/get_product_by_id.php?productId=18")).toBe("/api/get_product_by_id.php");
  });
});

describe("routeFor", () => {
  const facts = (path: string) => {
    const r = routeFor(path);
    return { file: r.file, cacheable: r.cacheable, formLimit: r.formLimit };
  };

  it("finds the page of a single-fetch data request", () => {
    expect(facts("/_root.data")).toEqual({ file: "routes/home.tsx", cacheable: true, formLimit: "page" });
    expect(facts("/productdetail/18.data").file).toBe("routes/productdetail.$productId.tsx");
    // The review form's own data (issue 19): per shopper, never from the catalogue cache.
    expect(facts("/productdetail/18/review.data")).toEqual({
      file: "routes/productdetail.$productId.review.ts",
      cacheable: false,
      formLimit: "page",
    });
    expect(facts("/productdetail/18/review").cacheable).toBe(false);
    expect(facts("/productlistpage/Eco%20Foam.data").cacheable).toBe(true);
    expect(facts("/admin.data")).toEqual({ file: "routes/admin.tsx", cacheable: false, formLimit: "action" });
    expect(facts("/admin/products/5.data").formLimit).toBe("action");
  });

  it("chooses as React Router does: static before dynamic, the splat last, case and a trailing slash ignored", () => {
    expect(facts("/dev/mailbox").file).toBe("routes/dev.mailbox.tsx");
    expect(facts("/dev/mailbox/3").file).toBe("routes/dev.mailbox.$id.tsx");
    expect(facts("/aboutus/").cacheable).toBe(true);
    expect(facts("/Admin").formLimit).toBe("action");
    expect(facts("/robots.txt").file).toBe("routes/robots[.]txt.ts");
    for (const path of ["/_root", "/nowhere", "/admin/products", "/admin/products/5/x", "/api/get_product_by_id.php", "/assets/x.js"]) {
      expect(facts(path), path).toEqual({ file: "routes/not-found.tsx", cacheable: false, formLimit: "page" });
    }
  });

  it("takes a malformed address quietly", () => {
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      expect(facts("/productdetail/%E0%A4%A").file).toBe("routes/productdetail.$productId.tsx");
      expect(facts("/%").file).toBe("routes/not-found.tsx");
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([]);
  });

  it("gives the admin's order page the page-form limit; the forms that carry files (product pictures, a CSV) and the dashboard, whose panels choose (decision 0049), read their own", () => {
    expect(SHOP_ROUTES.filter((r) => r.formLimit === "action").map((r) => r.path)).toEqual([
      "admin",
      "admin/products/import",
      "admin/products/:productId",
    ]);
    expect(facts("/admin/orders/ORD-1").formLimit).toBe("page");
  });

  it("keeps the footer off the customer's account forms (requirements §2.5) and the back office only, however their address is written", () => {
    expect(SHOP_ROUTES.filter((r) => !r.footer).map((r) => r.path)).toEqual([
      "userlogin",
      "usersignup",
      "userforgotpassword",
      "user-reset-password/:token",
      "verifyuser/:token",
      ...BACK_OFFICE,
    ]);
    for (const path of ["/userlogin", "/UserSignup/", "/user-reset-password/abc", "/verifyuser/abc"]) expect(routeFor(path).footer, path).toBe(false);
    for (const path of ["/", "/adminlogin", "/reset-password/abc", "/userdashboard", "/userlogin/extra", "/nowhere"])
      expect(routeFor(path).footer, path).toBe(true);
  });

  it("gives the back office's frame to /admin and its sub-pages only (issue 18)", () => {
    expect(SHOP_ROUTES.filter((r) => r.backOffice).map((r) => r.path)).toEqual(BACK_OFFICE);
    for (const path of [
      "/admin",
      "/Admin/",
      "/admin/orders/ORD-1",
      "/admin/orders/ORD-1/invoice",
      "/admin/products/18",
      "/admin.data",
      "/admin/reports.csv",
      "/admin/orders.csv",
      "/admin/audit.csv",
    ])
      expect(routeFor(path).backOffice, path).toBe(true);
    for (const path of ["/", "/adminlogin", "/adminforgotpassword", "/reset-password/abc", "/admin/nowhere", "/userdashboard"])
      expect(routeFor(path).backOffice, path).toBe(false);
  });
});

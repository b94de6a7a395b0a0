import { matchPath, matchRoutes, type RouteObject } from "react-router";

// The route table (requirements §2) with what the server must know about each route, declared in one
// place (issue 16, docs/decisions/0026-route-facts.md). app/routes.ts builds React Router's route
// config from it; the server reads the facts here for what it decides before React Router runs:
//   - cacheable: the catalogue cache keeps the page for signed-out visitors (server/app.ts);
//   - formLimit: who bounds the size of a form posted to it (server/security.ts pageFormLimits);
//   - footer: whether the page shows the shop's footer (app/root.tsx);
//   - backOffice: the page wears the back office's frame, not the storefront's (app/root.tsx);
//   - frame: a layout route the page renders inside, without an address of its own (the admin
//     dashboard's greeting and menu, decision 0049);
//   - params: what each dynamic segment of its path holds; a "secret" one (the one-time token of
//     an e-mailed link) is never written to a log (server/log.ts loggablePath).
// Every dynamic segment must be declared, "secret" or "plain" (the type checker and
// route-facts.test.ts insist), so that a new route with a token in its path cannot leak it into
// the logs without anyone deciding so.

/** What a dynamic segment of a route's path holds. */
export type ParamKind =
  /** A one-time secret (a verification or password-reset token): never logged. */
  | "secret"
  /** A value anyone may read in a log: an id, a category name, an order reference. */
  | "plain";

export interface RouteFacts {
  /**
   * The answer depends only on the catalogue, never on who asks: for visitors without a session
   * the catalogue cache keeps it (and its `.data` twin) until the catalogue changes.
   */
  cacheable?: boolean;
  /**
   * Who bounds a form posted here: "page", the page-form limit before anything is read (the
   * default); "action", the route's action, which reads with its own cap (the admin's product
   * forms carry pictures: server/catalog/form-files.ts; the dashboard reads each panel's form
   * within that panel's limit: app/admin/panel-form.server.ts).
   */
  formLimit?: "page" | "action";
  /** The shop's footer below the page (the default); the customer's account forms keep it out of the way (requirements §2.5). */
  footer?: boolean;
  /**
   * Staff's pages: none of the storefront's header, badges, footer or floating buttons; the page
   * draws the back office's frame (app/components/admin/AdminFrame.tsx).
   */
  backOffice?: boolean;
  /** A layout route around the page, relative to app/ (the admin dashboard's frame); none by default. */
  frame?: string;
}

/** One route of the table, with its facts. */
export interface ShopRoute extends Required<Omit<RouteFacts, "frame">>, Pick<RouteFacts, "frame"> {
  /** The path pattern as React Router takes it; undefined for the index route ("/"). */
  path: string | undefined;
  /** The route module, relative to app/. */
  file: string;
  params: Readonly<Record<string, ParamKind>>;
}

type ParamOf<Segment extends string> = Segment extends `:${infer Name}?` ? Name : Segment extends `:${infer Name}` ? Name : never;
/** The names of a path pattern's dynamic segments: "verify/:token" gives "token". */
export type ParamsOf<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? ParamOf<Head> | ParamsOf<Tail> : ParamOf<Path>;

/** A route without dynamic segments may leave its facts out; one with them must name each one's kind. */
type FactsOf<Path extends string> = [ParamsOf<Path>] extends [never]
  ? [facts?: RouteFacts]
  : [facts: RouteFacts & { params: { readonly [Name in ParamsOf<Path>]: ParamKind } }];

function route<const Path extends string>(path: Path, file: string, ...[facts]: FactsOf<Path>): ShopRoute {
  const { cacheable = false, formLimit = "page", footer = true, backOffice = false, frame } = facts ?? {};
  const params = (facts as { params?: Record<string, ParamKind> } | undefined)?.params ?? {};
  return { path, file, cacheable, formLimit, footer, backOffice, frame, params };
}

function index(file: string, { cacheable = false, formLimit = "page", footer = true, backOffice = false }: RouteFacts = {}): ShopRoute {
  return { path: undefined, file, cacheable, formLimit, footer, backOffice, params: {} };
}

const catalog = { cacheable: true } as const;
const token = { params: { token: "secret" } } as const;
/** The customer's account forms: no footer below them (requirements §2.5). */
const accountForm = { footer: false } as const;
/** The admin's product forms read their pictures with their own cap. */
const productForms = { formLimit: "action" } as const;
const backOffice = { backOffice: true, footer: false } as const;
/** The admin dashboard's layout: its greeting and menu around the panel `?menu=N` names. */
export const DASHBOARD_FRAME = "routes/admin-frame.tsx";

/** The route table, in the order React Router is given it. The shop's header and footer live in root.tsx. */
export const SHOP_ROUTES: readonly ShopRoute[] = [
  index("routes/home.tsx", catalog),
  route("productlistpage/:category", "routes/productlistpage.$category.tsx", { ...catalog, params: { category: "plain" } }),
  route("productdetail/:productId", "routes/productdetail.$productId.tsx", { ...catalog, params: { productId: "plain" } }),
  // A product page's review form asks and sends here (per shopper, never cached).
  route("productdetail/:productId/review", "routes/productdetail.$productId.review.ts", { params: { productId: "plain" } }),
  // "Tell me when it's back" asks and sends here (per shopper, never cached; issue 29).
  route("productdetail/:productId/stock-alert", "routes/productdetail.$productId.stock-alert.ts", { params: { productId: "plain" } }),
  route("productdetail2/:productId", "routes/productdetail2.$productId.tsx", { ...catalog, params: { productId: "plain" } }),
  route("searchresultpage", "routes/searchresultpage.tsx", catalog),
  route("cartpage", "routes/cartpage.tsx"),
  route("deliverydetailpage", "routes/deliverydetailpage.tsx"),
  route("ordersummarypage", "routes/ordersummarypage.tsx"),
  route("userlogin", "routes/userlogin.tsx", accountForm),
  route("usersignup", "routes/usersignup.tsx", accountForm),
  route("userforgotpassword", "routes/userforgotpassword.tsx", accountForm),
  route("user-reset-password/:token", "routes/user-reset-password.$token.tsx", { ...accountForm, ...token }),
  route("verifyuser/:token", "routes/verifyuser.$token.tsx", { ...accountForm, ...token }),
  route("userdashboard", "routes/userdashboard.tsx"),
  route("adminlogin", "routes/adminlogin.tsx"),
  route("adminforgotpassword", "routes/adminforgotpassword.tsx"),
  route("reset-password/:token", "routes/reset-password.$token.tsx", token),
  route("verify/:token", "routes/verify.$token.tsx", token),
  // Each panel reads its form within its own limit, chosen from the address (decision 0049).
  route("admin", "routes/admin.tsx", { ...backOffice, formLimit: "action", frame: DASHBOARD_FRAME }),
  route("admin/orders/:orderRef", "routes/admin.orders.$orderRef.tsx", { ...backOffice, params: { orderRef: "plain" } }),
  // An order's invoice or packing slip (OrderDocument.tsx DOCUMENT_TITLES); any other word is a 404.
  route("admin/orders/:orderRef/:document", "routes/admin.orders.$orderRef.$document.tsx", {
    ...backOffice,
    params: { orderRef: "plain", document: "plain" },
  }),
  route("admin/orders.csv", "routes/admin.orders[.]csv.ts", backOffice),
  route("admin/order-lines.csv", "routes/admin.order-lines[.]csv.ts", backOffice),
  route("admin/products.csv", "routes/admin.products[.]csv.ts", backOffice),
  route("admin/products/import", "routes/admin.products.import.tsx", { ...backOffice, ...productForms }),
  route("admin/products/:productId", "routes/admin.products.$productId.tsx", { ...backOffice, ...productForms, params: { productId: "plain" } }),
  route("admin/reports.csv", "routes/admin.reports[.]csv.ts", backOffice),
  // The audit log's download: owners only (issue 27).
  route("admin/audit.csv", "routes/admin.audit[.]csv.ts", backOffice),
  route("aboutus", "routes/aboutus.tsx", catalog),
  route("contactus", "routes/contactus.tsx"),
  route("trackorder", "routes/trackorder.tsx"),
  route("brands", "routes/brands.tsx", catalog),
  route("specials", "routes/specials.tsx", catalog),
  route("privacypolicy", "routes/privacypolicy.tsx", catalog),
  route("termsandconditions", "routes/termsandconditions.tsx", catalog),
  route("referral", "routes/referral.tsx", catalog),
  // An order's link in text messages (decision 0059): its token is the only key.
  route("o/:token", "routes/o.$token.tsx", token),
  // The link in every offer (issue 29): the way back to the cart, and Stop offers.
  route("offers/:token", "routes/offers.$token.tsx", token),
  // An order staff took is paid here, with no sign-in (decision 0061).
  route("pay/:token", "routes/pay.$token.tsx", token),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("dev/phone", "routes/dev.phone.tsx"),
  route("dev/mailbox/:id", "routes/dev.mailbox.$id.tsx", { params: { id: "plain" } }),
  route("robots.txt", "routes/robots[.]txt.ts", catalog),
  route("sitemap.xml", "routes/sitemap[.]xml.ts", catalog),
  route("*", "routes/not-found.tsx"),
];

// ------------------------------------------------------------------ matching requests

const MATCHABLE: RouteObject[] = SHOP_ROUTES.map((r) => (r.path === undefined ? { index: true, handle: r } : { path: r.path, handle: r }));

/**
 * The path React Router serves a request's answer for: a single-fetch data request
 * (`/productdetail/18.data`, `/_root.data` for "/") names its page with `.data`. As React Router's
 * own getNormalizedPath does, and with v8_trailingSlashAwareDataRequests' `/_.data` as well.
 */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * React Router decodes the path before it matches, and matches the raw path when a segment is not
 * valid percent-encoding (after warning on the console). Here that raw path is handed over escaped,
 * so the match is the same and a malformed address prints nothing.
 */
function matchableWithoutWarning(pathname: string): string {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return pathname;
  } catch {
    return pathname.replaceAll("%", "%25");
  }
}

/**
 * The route that answers a request for this path (the path only, no query), chosen as React Router
 * chooses it: same table, same ranking, letter case and a trailing slash ignored; `.data` requests
 * included. Paths outside React Router (/api, /assets) reach the not-found route here.
 */
export function routeFor(pathname: string): ShopRoute {
  let route = answered.get(pathname);
  if (!route) {
    const matches = matchRoutes(MATCHABLE, matchableWithoutWarning(pagePath(pathname)));
    // The splat route takes every path, so there is always a match.
    route = matches!.at(-1)!.route.handle as ShopRoute;
    if (answered.size >= ANSWERS_KEPT) answered.clear();
    answered.set(pathname, route);
  }
  return route;
}

/**
 * Paths already matched: React Router flattens and ranks the whole table on every match, and the
 * server asks several times a request (issue 17). Bounded, since anyone may send any path.
 */
const answered = new Map<string, ShopRoute>();
const ANSWERS_KEPT = 2_000;

/** Routes with a secret in their path, with the positions of their secret segments. */
const SECRET_ROUTES = SHOP_ROUTES.flatMap((r) => {
  const segments = (r.path ?? "").split("/");
  const secret = segments.flatMap((segment, i) => (/^:[\w-]+$/.test(segment) && r.params[segment.slice(1)] === "secret" ? [i] : []));
  return secret.length ? [{ path: r.path!, segments, secret }] : [];
});

/**
 * The path with the secret segments of the route it leads to replaced by their names
 * (`/verify/abc123` gives `/verify/:token`). A path that only begins like such a route (a token
 * with more after it, or `.data`) is redacted too: better one word too many hidden than a token
 * written to a log.
 */
export function withoutSecrets(pathname: string): string {
  const path = pathname.replace(/\/{2,}/g, "/");
  for (const r of SECRET_ROUTES) {
    if (!matchPath({ path: r.path, end: false }, path)) continue;
    // "/verify/abc/x" splits to ["", "verify", "abc", "x"]: segment i of the pattern is i + 1.
    const parts = path.split("/");
    for (const i of r.secret) parts[i + 1] = r.segments[i];
    return parts.join("/");
  }
  return pathname;
}

import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { messages } from "~/common/messages";
import type { Config } from "./config";
import { routeFor } from "~/app/route-facts";

// The browser-side defences every response carries (decision 0016): security headers with a
// Content-Security-Policy, the same-origin rule for changes, and a size limit on page forms.

/** For everything that is not a page: JSON, pictures, files. Nothing in them may run or load. */
const RESOURCE_DIRECTIVES = { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] };

/**
 * Headers of every response, by helmet; the nonce of this response's inline scripts goes to
 * res.locals first. Helmet's defaults are kept where they only add protection; the ones set below
 * are the shop's own choices (decision 0016).
 */
export function securityHeaders(config: Config): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: RESOURCE_DIRECTIVES },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // Paystack's payment window is a popup that reports back to this page.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // Product pictures may be shown by other sites (a shared link's preview).
    crossOriginResourcePolicy: false,
    // Only for a shop served over https: on http://localhost HSTS would be ignored, and on a LAN
    // name it would lock a developer's browser to https for a year.
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Helmet has no Permissions-Policy.
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    next();
  };
  return [nonce, headers, permissions];
}

/**
 * The policy of the pages: scripts only with this response's nonce (and what they load, through
 * 'strict-dynamic'); styles from the shop's CSS, plus inline style attributes that React renders
 * on the server. A configured live chat brings its own frames, styles and connections.
 */
function pageDirectives(config: Config) {
  const chat = config.liveChatScriptUrl ? ["https:", "wss:"] : [];
  const paystack = ["https://*.paystack.co", "https://*.paystack.com"];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [(_req: unknown, res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'", "'self'"],
    // The service worker (decision 0063): 'strict-dynamic' above would not let the page register it.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...chat],
    imgSrc: ["'self'", "data:", "blob:", ...chat],
    fontSrc: ["'self'", "data:", ...chat],
    connectSrc: ["'self'", ...paystack, ...chat],
    frameSrc: ["'self'", ...paystack, ...chat],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** Sets the page policy for the pages' handler; before the catalogue cache keeps a page with it. */
export function pageContentSecurityPolicy(config: Config): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: pageDirectives(config) });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery: a change (any method but GET, HEAD, OPTIONS) coming from a page of
 * another site is refused. Browsers say where a request comes from in Origin (all POSTs) and
 * Sec-Fetch-Site; a request with neither is not from a browser and carries no ambient cookie of
 * a victim. SameSite=Lax on the session cookies is the other half.
 */
export function sameOriginChanges(config: Config): RequestHandler {
  const shopOrigin = new URL(config.publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite = origin ? origin !== shopOrigin && origin !== ownOrigin : site === "cross-site";
    // Provider webhooks are server-to-server and signed; they never carry a browser's Origin.
    if (!crossSite) return next();
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
  };
}

/**
 * Every page form but those of routes declared `formLimit: "action"` in the route table (the
 * admin's product forms, whose pictures are capped as they are read: form-files.ts), and the
 * dashboard's panels, each read within this limit or the pictures' cap (app/admin/panel-form.server.ts).
 */
export const MAX_PAGE_FORM_BYTES = 256 * 1024;

/**
 * Page forms are read whole by React Router: their size is bounded before anything is read. A
 * browser always states the length of a form it sends; a body without one is refused.
 */
export function pageFormLimits(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || routeFor(req.path).formLimit === "action") return next();
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) return void res.status(411).type("text/plain").send("Length Required");
    if (Number(length ?? 0) > MAX_PAGE_FORM_BYTES) {
      res.set("Connection", "close");
      return void res.status(413).type("text/plain").send(messages.formTooLarge);
    }
    next();
  };
}

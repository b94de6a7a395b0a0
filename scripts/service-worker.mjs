// The service worker (issue 30, decision 0063), written into build/client/sw.js by `npm run build`
// with Workbox's generateSW: no caching logic of the shop's own, only which requests go which way.
//   - The build's files are precached: the hashed assets (scripts and styles), the offline page,
//     the manifest and icons. A later release's assets are kept in a runtime cache too, so a phone
//     still showing an old page can load its chunks.
//   - Catalogue pages (the routes the server's catalogue cache serves to visitors): network first;
//     a copy is kept only when the server marks the answer as the visitor's version
//     (X-Shop-Page: visitor), so no name, cart count or other personal data is ever stored. With
//     no network, the kept copy, else the offline page.
//   - Product pictures: the copy at hand at once, refreshed behind it, at most PICTURES entries of
//     at most 400 KB each (32 MB at the very most; the shop's pictures are 20 to 80 KB).
//   - Every other page: the network, else the offline page. API calls and forms: the network only.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";
import { CATALOGUE_PATH_PATTERNS } from "./catalogue-paths.mjs";

const PAGES = 40;
const PICTURES = 80;
const WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * The worker's match for a catalogue page ("document": a navigation; "data": its `.data`). Written
 * out as source with the patterns in it: Workbox copies a function's text into the worker, where
 * this module's variables do not exist.
 */
function catalogueRequest(kind) {
  const patterns = JSON.stringify(CATALOGUE_PATH_PATTERNS);
  const test =
    kind === "document"
      ? `request.mode === "navigate" && ${patterns}.some((p) => new RegExp(p).test(url.pathname))`
      : `url.pathname.endsWith(".data") && ${patterns}.some((p) => new RegExp(p).test(url.pathname.slice(0, -5) || "/"))`;
  return new Function("{ request, url, sameOrigin }", `return sameOrigin && ${test};`);
}

/** Keeps an answer only when the server says it is the visitor's version of the page (nothing personal in it). */
const visitorsOnly = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && response.headers.get("X-Shop-Page") === "visitor" ? response : null),
};

/** The route modules of the storefront's catalogue pages, by React Router's route id. */
export const CATALOGUE_ROUTES = [
  "root",
  "routes/home",
  "routes/productlistpage.$category",
  "routes/productdetail.$productId",
  "routes/productdetail2.$productId",
  "routes/searchresultpage",
  "routes/aboutus",
  "routes/brands",
  "routes/specials",
  "routes/privacypolicy",
  "routes/termsandconditions",
  "routes/referral",
  // Resource routes a product page asks as it loads (its review form, Tell me when it's back):
  // without their modules, React Router reloads the page offline.
  "routes/productdetail.$productId.review",
  "routes/productdetail.$productId.stock-alert",
  // The route Add to Cart posts to: its clientAction keeps a change made offline (its module only:
  // the cart page itself is never kept).
  "routes/cartpage",
];

/**
 * The app shell a phone keeps from its first visit: React Router's manifest, its entry, and the
 * catalogue pages' modules with what they import (hashed names: no revision needed). The back
 * office's and the account pages' chunks are not fetched ahead: they cost data a shopper may never
 * use, and are kept once used (the "assets" cache).
 */
function appShell(clientDir) {
  const assets = readdirSync(path.join(clientDir, "assets"));
  const manifestFile = assets.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error("No React Router manifest in the build: the service worker cannot list the app shell.");
  const source = readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
  const files = new Set([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
  for (const id of CATALOGUE_ROUTES) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`The build has no route ${id}: update CATALOGUE_ROUTES in scripts/service-worker.mjs.`);
    // React Router splits a route's client functions into chunks of their own (clientActionModule...).
    const split = Object.entries(route)
      .filter(([key, value]) => key.endsWith("Module") && key !== "module" && typeof value === "string")
      .map(([, value]) => value);
    for (const file of [route.module, ...split, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  return [...files].map((url) => ({ url, revision: null }));
}

export async function buildServiceWorker(clientDir) {
  const { count, size, warnings } = await generateSW({
    swDest: `${clientDir}/sw.js`,
    globDirectory: clientDir,
    // The shop's styles, and what the offline page and an installed app need.
    globPatterns: ["assets/*.css", "offline.{html,css,js}", "manifest.webmanifest", "icons/*.png", "favicon.svg"],
    additionalManifestEntries: appShell(clientDir),
    // Hashed file names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 1_000_000,
    // A new release's worker takes over at once; the pages it controls next are the new release's.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigationPreload: false,
    sourcemap: false,
    mode: "production",
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
        handler: "CacheFirst",
        options: { cacheName: "assets", expiration: { maxEntries: 150, maxAgeSeconds: 4 * WEEK_SECONDS } },
      },
      {
        urlPattern: catalogueRequest("document"),
        handler: "NetworkFirst",
        options: {
          cacheName: "pages",
          expiration: { maxEntries: PAGES, maxAgeSeconds: WEEK_SECONDS },
          plugins: [visitorsOnly],
          precacheFallback: { fallbackURL: "/offline.html" },
        },
      },
      {
        // The same pages' data, as a link followed in the page fetches it.
        urlPattern: catalogueRequest("data"),
        handler: "NetworkFirst",
        options: { cacheName: "page-data", expiration: { maxEntries: PAGES, maxAgeSeconds: WEEK_SECONDS }, plugins: [visitorsOnly] },
      },
      {
        // React Router's route discovery: the routes a page's links lead to (nothing personal).
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/__manifest",
        handler: "NetworkFirst",
        options: { cacheName: "route-manifest", expiration: { maxEntries: 40, maxAgeSeconds: WEEK_SECONDS } },
      },
      {
        urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: "/offline.html" } },
      },
      {
        // Stored pictures (common/images.ts imageUrl), each width an address of its own.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/api/uploads/"),
        handler: "StaleWhileRevalidate",
        options: {
          cacheName: "pictures",
          expiration: { maxEntries: PICTURES, maxAgeSeconds: 4 * WEEK_SECONDS },
          plugins: [
            {
              // Written out whole: Workbox copies the function's text into the worker.
              cacheWillUpdate: async ({ response }) =>
                response.status === 200 && (await response.clone().arrayBuffer()).byteLength <= 400000 ? response : null,
            },
          ],
        },
      },
    ],
  });
  for (const warning of warnings) console.warn(`Service worker: ${warning}`);
  console.log(`Service worker: ${count} files precached (${Math.round(size / 1024)} KB).`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServiceWorker(process.argv[2] ?? "build/client");

import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import type { Config } from "./config";

// The installable shop's files (issue 30, decision 0063): the service worker the build wrote
// (scripts/service-worker.mjs) and its Workbox runtime, the offline page, the manifest and icons.
// The worker is always revalidated (a new release's must reach phones), and it runs under a policy
// of its own: the page policy's 'strict-dynamic' does not name it, and the policy every file gets
// ('none') would forbid its fetches. The offline page gets the policy of a static page.

const WORKER_POLICY = "default-src 'self'; base-uri 'none'; frame-ancestors 'none'";
const OFFLINE_PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The kill switch (SERVICE_WORKER=off): a worker that replaces any earlier one, empties the shop's
 * caches, removes itself and reloads the pages it held, which then load from the network as if
 * there had never been one. Browsers check /sw.js at least daily and at each visit.
 */
export const REMOVING_WORKER = `// SERVICE_WORKER=off: this worker removes the shop's service worker and its caches.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) await caches.delete(key);
      await self.registration.unregister();
      for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
    })(),
  );
});
`;

/** The worker's answer: the build's worker, or the removing one; never from a cache. */
export function serviceWorkerRoutes(clientDir: string, config: Pick<Config, "serviceWorker">): RequestHandler {
  const router = express.Router();
  const workerHeaders = (res: express.Response) => {
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Content-Security-Policy", WORKER_POLICY);
  };
  router.get("/sw.js", (_req, res, next) => {
    workerHeaders(res);
    if (!config.serviceWorker) return res.type("text/javascript").send(REMOVING_WORKER);
    if (!existsSync(path.join(clientDir, "sw.js"))) return next();
    res.sendFile(path.join(clientDir, "sw.js"), { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
  });
  // Workbox's runtime, named by its hash: it may be kept a year.
  const runtime = existsSync(clientDir) ? readdirSync(clientDir).filter((name) => /^workbox-[\w-]+\.js$/.test(name)) : [];
  for (const name of runtime) {
    router.get(`/${name}`, (_req, res) => {
      res.setHeader("Content-Security-Policy", WORKER_POLICY);
      res.sendFile(path.join(clientDir, name), { maxAge: "1y", immutable: true });
    });
  }
  router.get("/offline.html", (_req, res, next) => {
    if (!existsSync(path.join(clientDir, "offline.html"))) return next();
    res.setHeader("Content-Security-Policy", OFFLINE_PAGE_POLICY);
    res.sendFile(path.join(clientDir, "offline.html"), { maxAge: "1h" });
  });
  const icons = path.join(clientDir, "icons");
  if (existsSync(icons) && statSync(icons).isDirectory()) router.use("/icons", express.static(icons, { maxAge: "1d", index: false }));
  return router;
}

import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { createShopApp } from "~/server/main";
import { loadConfig } from "~/server/config";
import type { DatabaseHandle } from "~/server/db/client";
import { listenOnLocalPort, TEST_SHOP_ENV } from "./server";

// The whole shop, pages and API, over HTTP for tests: server.ts's own createShopApp, with the
// pages rendered from the current source by Vite in middleware mode (as `npm run dev` does), so
// there is no `npm run build` first and never a stale bundle. Vite transforms the route modules
// once per test file (a few seconds), so only tests of pages use this; API tests use
// startApiServer (server.ts).

export interface ShopServerOptions {
  /** Settings on top of TEST_SHOP_ENV. */
  env?: Record<string, string>;
}

export async function startShopServer(handle: DatabaseHandle, options: ShopServerOptions = {}) {
  const config = loadConfig({ ...TEST_SHOP_ENV, ...options.env });
  const vite = await createServer({
    // No file watching and no hot reload: the source does not change during a test run.
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
    // Only server-side rendering happens here: no browser dependencies to pre-bundle.
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  // Transformed here, so that the first page request of a test is not the slow one.
  await build();
  // "development" leaves out the catalogue cache (it would keep listening on the database):
  // every answer here is rendered afresh.
  const app = await createShopApp(handle, config, { build, mode: "development" });
  const { server, baseUrl } = await listenOnLocalPort(app);
  return {
    baseUrl,
    config,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}

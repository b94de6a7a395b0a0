import { readdir } from "node:fs/promises";
import type { AppLoadContext } from "react-router";
import { sessionCookieHeader } from "~/app/sessions.server";
import type { Role } from "~/server/accounts/sessions";
import { loadConfig } from "~/server/config";
import type { DatabaseHandle } from "~/server/db/client";
import { buildIsCurrent } from "~/scripts/build-stamp.mjs";
import { closeServer, listenOnLocalPort } from "./listen";
import { TEST_SHOP_ENV } from "./server";

// The whole shop, pages and API, over HTTP for tests: the built server's own createShopApp
// (build/server/index.js, server.ts), on the test file's database. The build is made once per
// run, before the tests (`npm test`; a run of its own builds it first when the source changed:
// tests/support/global-setup.ts, scripts/current-build.mjs), and is the one the browser tests serve.
// Decision 0048: it replaced a Vite dev server per test file. API tests use startApiServer.

/** What the build's entry (server.ts) gives the test harness. */
type Shop = Pick<typeof import("~/server/main"), "createShopApp"> &
  Pick<typeof import("~/server/log"), "configureLog"> &
  Pick<typeof import("~/server/test-costs"), "useTestCosts">;

const BUILT_SERVER = new URL("../../build/server/index.js", import.meta.url).href;

let built: Promise<Shop> | undefined;

/** The built server, loaded once per test file with the harness's settings (its modules are its own copies). */
export function builtShop(): Promise<Shop> {
  built ??= (async () => {
    if (!buildIsCurrent()) {
      throw new Error(
        "The shop's build is older than the source (or missing), so page tests would test old code. " +
          "Run `npm run build` (a Vitest run builds it first when it starts; the source changed since).",
      );
    }
    const shop = (await import(/* @vite-ignore */ BUILT_SERVER)) as Shop;
    shop.configureLog(loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" }).logLevel);
    shop.useTestCosts();
    return shop;
  })();
  return built;
}

/**
 * The address of the built server's React Router build (build/server/assets/server-build-*.js,
 * the module its createShopApp loads by default), for a test that hands the build over itself.
 */
export async function builtRouterBuildUrl(): Promise<string> {
  await builtShop(); // the same freshness check
  const assets = new URL("../../build/server/assets/", import.meta.url);
  const files = (await readdir(assets)).filter((file) => /^server-build-[\w-]+\.js$/.test(file));
  if (files.length !== 1) throw new Error(`Expected one server-build-*.js in ${assets.pathname}, found ${files.length}.`);
  return new URL(files[0], assets).href;
}

export interface ShopServerOptions {
  /** Settings on top of TEST_SHOP_ENV. */
  env?: Record<string, string>;
}

export async function startShopServer(handle: DatabaseHandle, options: ShopServerOptions = {}) {
  const config = loadConfig({ ...TEST_SHOP_ENV, ...options.env });
  const shop = await builtShop();
  // "development" leaves out the catalogue cache (it would keep listening on the database):
  // every answer here is rendered afresh.
  const app = await shop.createShopApp(handle, config, { mode: "development" });
  const { server, baseUrl } = await listenOnLocalPort(app);
  return {
    baseUrl,
    config,
    /** The Cookie header (`name=value`) a browser sends on these pages with this session, signed in for an hour. */
    cookieFor: async (role: Role, token: string): Promise<string> =>
      (await sessionCookieHeader({ config } as AppLoadContext, role, token, new Date(Date.now() + 3_600_000))).split(";")[0],
    close: () => closeServer(server),
  };
}

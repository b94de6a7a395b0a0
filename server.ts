import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { checkoutContext, createApp, isCatalogRequest } from "./server/app";
import { createCatalogCache } from "./server/catalog/catalog-cache";
import { loadConfig, type Config } from "./server/config";
import "./server/context";
import { ensurePlannerStatistics, openDatabase, type DatabaseHandle } from "./server/db/client";
import { seedIfEmpty } from "./server/db/seed";
import { seedDemoAccounts } from "./server/accounts/demo";
import { startMailer } from "./server/mail/mailer";
import { startOrderExpiry } from "./server/checkout/checkout";

// Entry of the server build (vite.config.ts): boots configuration, database and HTTP.

export async function openShopDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await handle.migrate();
  if (await seedIfEmpty(handle.db, { pictureCacheDir: config.pictureCacheDir })) console.log("Seeded the catalogue.");
  await ensurePlannerStatistics(handle.db);
  const demo = await seedDemoAccounts(handle, config);
  if (demo.length) console.log(`Created the demo accounts: ${demo.join(", ")} (passwords in the README).`);
  return handle;
}

export async function createShopApp(
  handle: DatabaseHandle,
  config: Config,
  options: { clientDir?: string; build?: () => Promise<ServerBuild>; mode: "development" | "production" },
) {
  const build = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const checkout = checkoutContext(handle.db, config);
  const pages = createRequestHandler({
    build,
    mode: options.mode,
    getLoadContext: (req) => ({ db: handle.db, config, checkout, clientAddress: req.ip ?? "unknown" }),
  });
  // In development the code changes under the cache, so pages are always rendered afresh.
  const catalogCache = options.mode === "production" ? await createCatalogCache(handle, { isCacheable: isCatalogRequest }) : undefined;
  return createApp({ db: handle.db, config, clientDir: options.clientDir, pages, checkout, catalogCache });
}

/** Work the process does besides answering requests: sending mail, expiring unpaid orders. */
export function startBackgroundWork(handle: DatabaseHandle, config: Config): { stop(): void } {
  const mailer = startMailer(handle.db, config);
  const expiry = startOrderExpiry(handle.db);
  return {
    stop() {
      mailer.stop();
      expiry.stop();
    },
  };
}

/** Production start: `node scripts/start.mjs` imports the built copy of this file and calls it. */
export async function start(options: { clientDir: string }) {
  const startedAt = performance.now();
  const config = loadConfig();
  const handle = await openShopDatabase(config);
  const app = await createShopApp(handle, config, { clientDir: path.resolve(options.clientDir), mode: "production" });
  const background = startBackgroundWork(handle, config);
  const server = app.listen(config.port, () => {
    const ms = Math.round(performance.now() - startedAt);
    console.log(`Shop ready on ${config.publicUrl} (${handle.engine}, ${ms} ms)`);
  });
  const shutdown = () => {
    background.stop();
    server.close(() => void handle.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return server;
}

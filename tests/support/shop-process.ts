import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadServingConfigOrExit, openShopDatabaseOrExit, serveUntilStopped, start, startBackgroundWork } from "~/server/main";
import { createApp, isCatalogRequest } from "~/server/app";
import { createCatalogCache } from "~/server/catalog/catalog-cache";
import type { Readiness } from "~/server/health";
import { useTestCosts } from "~/server/test-costs";

// The shop as a real child process for the tests that kill it or run two of it
// (tests/support/child-shop.ts spawns it: `node --import tsx tests/support/shop-process.ts`).
// Configuration comes from the environment, as in production (PORT, DATA_DIR or DATABASE_URL,
// SMTP_URL, PAYSTACK_*). When listening it prints one line: `SHOP_READY {"port":...,"pid":...}`.
//
// SHOP_PROCESS_ENTRY=start runs server/main.ts's own start(), the production entry, whose pages
// are never requested here (they need the Vite build). The default entry is the same steps without
// pages (API only), with the same rules for its configuration, served and stopped by the same
// serveUntilStopped, with two knobs tests need and production keeps at their defaults:
//   SHOP_TEST_MAILER_INTERVAL_MS  how often the mailer looks for due mail (default 5 s)
//   SHOP_TEST_MAIL_LEASE_MS       how long a claimed mail is left alone (default 5 min): a mail
//                                 claimed by a killed process is sent again after it.

// The harness's costs (decision 0048): cheap password hashing, a quick pretend bank.
useTestCosts();

const ready = (server: Server) => {
  const { port, address } = server.address() as AddressInfo;
  console.log(`SHOP_READY ${JSON.stringify({ port, address, pid: process.pid, ms: Math.round(performance.now()) })}`);
};

const numberFromEnv = (name: string): number | undefined => {
  const value = process.env[name];
  return value ? Number(value) : undefined;
};

if (process.env.SHOP_PROCESS_ENTRY === "start") {
  const server = await start({ clientDir: "build/client" });
  if (server.listening) ready(server);
  else server.once("listening", () => ready(server));
} else {
  const config = loadServingConfigOrExit();
  const handle = await openShopDatabaseOrExit(config);
  const readiness: Readiness = { draining: false };
  const catalogCache = await createCatalogCache(handle, { isCacheable: isCatalogRequest });
  const app = createApp({ db: handle.db, config, catalogCache, readiness });
  const background = startBackgroundWork(handle, config, {
    intervalMs: numberFromEnv("SHOP_TEST_MAILER_INTERVAL_MS"),
    leaseMs: numberFromEnv("SHOP_TEST_MAIL_LEASE_MS"),
  });
  serveUntilStopped(app, { config, handle, background, readiness, host: "127.0.0.1" }, ready);
}

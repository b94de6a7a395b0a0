import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openShopDatabase, start } from "../../server";
import { createApp, isCatalogRequest } from "../../server/app";
import { createCatalogCache } from "../../server/catalog/catalog-cache";
import { startOrderExpiry } from "../../server/checkout/checkout";
import { loadConfig } from "../../server/config";
import { databaseOpenProblem } from "../../server/db/client";
import type { Readiness } from "../../server/health";
import { startMailer } from "../../server/mail/mailer";

// The shop as a real child process for the tests that kill it or run two of it
// (tests/support/child-shop.ts spawns it: `node --import tsx tests/support/shop-process.ts`).
// Configuration comes from the environment, as in production (PORT, DATA_DIR or DATABASE_URL,
// SMTP_URL, PAYSTACK_*). When listening it prints one line: `SHOP_READY {"port":...,"pid":...}`.
//
// SHOP_PROCESS_ENTRY=start runs server.ts's own start(), the production entry, whose pages are
// never requested here (they need the Vite build). The default entry is the same steps without
// pages (API only), with two knobs tests need and production keeps at their defaults:
//   SHOP_TEST_MAILER_INTERVAL_MS  how often the mailer looks for due mail (default 5 s)
//   SHOP_TEST_MAIL_LEASE_MS       how long a claimed mail is left alone (default 5 min): a mail
//                                 claimed by a killed process is sent again after it.

const ready = (server: Server) => {
  const { port } = server.address() as AddressInfo;
  console.log(`SHOP_READY ${JSON.stringify({ port, pid: process.pid, ms: Math.round(performance.now()) })}`);
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
  const config = loadConfig();
  const handle = await openShopDatabase(config).catch((error: unknown) => {
    console.error(`The shop cannot start: ${databaseOpenProblem(config, error)}`);
    process.exit(1);
  });
  const readiness: Readiness = { draining: false };
  const catalogCache = await createCatalogCache(handle, { isCacheable: isCatalogRequest });
  const app = createApp({ db: handle.db, config, catalogCache, readiness });
  const mailer = startMailer(handle.db, config, {
    intervalMs: numberFromEnv("SHOP_TEST_MAILER_INTERVAL_MS"),
    leaseMs: numberFromEnv("SHOP_TEST_MAIL_LEASE_MS"),
  });
  const expiry = startOrderExpiry(handle.db);
  const server = app.listen(config.port, "127.0.0.1", (error?: Error) => {
    if (!error) return ready(server);
    console.error(`The shop cannot start: ${error.message}`);
    process.exit(1);
  });
  // As server.ts's start(): requests in flight finish, /readyz says "draining" meanwhile.
  const shutdown = () => {
    readiness.draining = true;
    expiry.stop();
    // As start() (server.ts): the mail being sent is marked sent before the database closes.
    const mailDone = mailer.stop();
    server.close(() => void mailDone.then(() => catalogCache.close()).then(() => handle.close()).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

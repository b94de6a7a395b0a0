import { createApp, isCatalogRequest } from "~/server/app";
import { createCatalogCache } from "~/server/catalog/catalog-cache";
import { loadConfig } from "~/server/config";
import type { DatabaseHandle } from "~/server/db/client";
import { startMailer, type Mailer } from "~/server/mail/mailer";
import { closeServer, listenOnLocalPort } from "./listen";

export interface ApiServerOptions {
  /** Settings on top of TEST_SHOP_ENV, e.g. { SMTP_URL, PUBLIC_URL }. */
  env?: Record<string, string>;
  /** Also run the outbox mailer (stopped by close()); `true` polls every 200 ms. */
  mailer?: boolean | { intervalMs: number };
}

/**
 * The settings every test shop starts from: demo mode (the test gateway and the dev mailbox,
 * unless a test sets Paystack keys or SMTP_URL), and X-Forwarded-For trusted from 127.0.0.1, so
 * tests can speak for many client addresses.
 */
export const TEST_SHOP_ENV = { SHOP_DEMO: "on", TRUST_PROXY: "loopback" } as const;

/** The shop's HTTP API on a real listening port (127.0.0.1, random port). */
export async function startApiServer(handle: DatabaseHandle, options: ApiServerOptions = {}) {
  const config = loadConfig({ ...TEST_SHOP_ENV, ...options.env });
  // The catalogue cache runs as in production, so every API test also checks that it never
  // answers with a catalogue older than the test's last change.
  const catalogCache = await createCatalogCache(handle, { isCacheable: isCatalogRequest });
  const app = createApp({ db: handle.db, config, catalogCache });
  const { server, baseUrl } = await listenOnLocalPort(app);
  const mailer: Mailer | null = options.mailer
    ? startMailer(handle.db, config, { intervalMs: options.mailer === true ? 200 : options.mailer.intervalMs })
    : null;
  return {
    baseUrl,
    config,
    mailer,
    close: async () => {
      if (mailer) {
        // Resolves once a send in progress is marked sent, before the caller closes the database.
        await mailer.stop();
      }
      await closeServer(server);
      await catalogCache.close();
    },
  };
}

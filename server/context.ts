import type { CustomerSessions } from "./accounts/session-cache";
import type { CheckoutContext } from "./checkout/checkout";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { RememberCatalog } from "./catalog/catalog-cache";

// What every route loader and action receives as `context`.
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    config: Config;
    /** Database, payment provider and mail settings of checkout. */
    checkout: CheckoutContext;
    /** Customers' sessions with their cart counts (kept in memory on the embedded database). */
    customerSessions: CustomerSessions;
    /** The client's IP address (rate limits). */
    clientAddress: string;
    /** The nonce of this response's inline scripts (server/security.ts). */
    cspNonce: string;
    /**
     * This rendering is the page every signed-in customer shares: the header gets placeholders,
     * which the catalogue cache fills in for each customer (app/header.server.ts).
     */
    pageTemplate?: boolean;
    /**
     * Keeps a value computed from the catalogue until it changes (server/catalog/catalog-cache.ts);
     * absent in development, where everything is computed afresh.
     */
    rememberCatalog?: RememberCatalog;
  }
}

export {};

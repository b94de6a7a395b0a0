import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { apiRouter } from "./api";
import type { CheckoutContext } from "./checkout/checkout";
import { createGateway } from "./payments/gateway";

export interface AppOptions {
  db: Database;
  config: Config;
  /** Built client files (production); in development Vite serves them. */
  clientDir?: string;
  /** The React Router request handler; tests of the API leave it out. */
  pages?: RequestHandler;
  /** The payment provider; by default the one the configuration names. */
  checkout?: CheckoutContext;
}

/** What checkout needs, built once per process from the configuration. */
export function checkoutContext(db: Database, config: Config): CheckoutContext {
  return { db, gateway: createGateway(db, config), publicUrl: config.publicUrl, shopOrdersEmail: config.shopOrdersEmail };
}

/** The whole HTTP surface: headers, compression, static files, /api, and the pages. */
export function createApp({ db, config, clientDir, pages, checkout = checkoutContext(db, config) }: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use((_req, res, next) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Content-Security-Policy": "frame-ancestors 'none'",
      "X-Frame-Options": "DENY",
    });
    next();
  });
  app.use(compression());
  if (clientDir) {
    // Hashed assets never change; everything else in the client folder is revalidated hourly.
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  app.use("/api", apiRouter(db, config, checkout));
  if (pages) app.use(pages);
  return app;
}

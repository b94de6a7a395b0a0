import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { apiRouter } from "./api";

export interface AppOptions {
  db: Database;
  config: Config;
  /** Built client files (production); in development Vite serves them. */
  clientDir?: string;
  /** The React Router request handler; tests of the API leave it out. */
  pages?: RequestHandler;
}

/** The whole HTTP surface: headers, compression, static files, /api, and the pages. */
export function createApp({ db, config, clientDir, pages }: AppOptions): express.Express {
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
  app.use("/api", apiRouter(db, config));
  if (pages) app.use(pages);
  return app;
}

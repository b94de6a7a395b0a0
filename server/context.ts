import type { Config } from "./config";
import type { Database } from "./db/client";

// What every route loader and action receives as `context`.
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    config: Config;
    /** The client's IP address (rate limits). */
    clientAddress: string;
  }
}

export {};

import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { createTestDatabase, type TestDatabase } from "./db";
import { startShopServer } from "./pages";
import { startApiServer, type ApiServerOptions } from "./server";

// A test file's shop in a line or two instead of a `let` per part and a beforeAll/afterAll pair:
//
//   const { handle, api } = useApiShop({ env: { PUBLIC_URL } });   // its database and the API
//   const shop = shopClient(api);                                   // a client reads api.baseUrl per call
//
// Each helper registers a beforeAll that starts its part and an afterAll that closes it (Vitest
// runs the afterAlls in reverse: servers before their database). The object it returns is empty
// until the suite starts: read its fields in hooks and tests, never at the top of the file. Inside
// a describe, the part lives for that describe only.

/** What `start` makes, started before the suite's tests and closed after them. */
export function useStarted<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): T {
  const late = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    // Getters and setters too (the Paystack stub's switches), so the copy acts as the original.
    Object.defineProperties(late, Object.getOwnPropertyDescriptors(started));
  });
  afterAll(async () => {
    await started?.close();
  });
  return late;
}

/** A server's settings on top of TEST_SHOP_ENV, or a function giving them when it starts: for addresses known only then (an SMTP sink's, a stub's). */
export type ShopEnv = Record<string, string> | (() => Record<string, string>);

const settings = (env: ShopEnv | undefined) => (typeof env === "function" ? env() : env);

/** A fresh, seeded database of the file's own (createTestDatabase). */
export function useTestDatabase(): TestDatabase {
  return useStarted(createTestDatabase);
}

/** The HTTP API (startApiServer) on a database. */
export function useApiServer(handle: DatabaseHandle, options: Omit<ApiServerOptions, "env"> & { env?: ShopEnv } = {}) {
  return useStarted(() => startApiServer(handle, { ...options, env: settings(options.env) }));
}

/** The whole shop, pages and API (startShopServer: the build), on a database. */
export function usePageServer(handle: DatabaseHandle, options: { env?: ShopEnv } = {}) {
  return useStarted(() => startShopServer(handle, { env: settings(options.env) }));
}

/** A database of the file's own and the HTTP API on it. */
export function useApiShop(options: Parameters<typeof useApiServer>[1] = {}) {
  const handle = useTestDatabase();
  return { handle, api: useApiServer(handle, options) };
}

/** A database of the file's own and the whole shop, pages and API, on it. */
export function usePageShop(options: Parameters<typeof usePageServer>[1] = {}) {
  const handle = useTestDatabase();
  return { handle, shop: usePageServer(handle, options) };
}

import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { databaseOpenProblem, openDatabase, type DatabaseHandle } from "~/server/db/client";
import type { Readiness } from "~/server/health";
import { startShopServer } from "../support/pages";
import { closeServer, listenOnLocalPort } from "../support/listen";
import { useTestDatabase } from "../support/use-shop";

// /healthz and /readyz, and what a shopper gets while the database cannot be reached: a 503 with
// a clear message, soon, not a hang and not a 500.

const handle = useTestDatabase();
/** PostgreSQL on a port where nothing listens: every query fails to connect. */
let unreachable: DatabaseHandle;
const servers: Server[] = [];
const readiness: Readiness = { draining: false };
let shop: string;
let down: string;

async function listen(db: DatabaseHandle["db"], ready: Readiness = { draining: false }): Promise<string> {
  const app = createApp({ db, config: loadConfig({}), readiness: ready });
  const { server, baseUrl } = await listenOnLocalPort(app);
  servers.push(server);
  return baseUrl;
}

beforeAll(async () => {
  unreachable = await openDatabase({ databaseUrl: "postgres://shop:secret@127.0.0.1:1/shop" });
  shop = await listen(handle.db, readiness);
  down = await listen(unreachable.db);
});
afterAll(async () => {
  await Promise.all(servers.map(closeServer));
  await unreachable?.close();
});

describe("health", () => {
  it("/healthz answers while the process runs, whatever the database", async () => {
    for (const base of [shop, down]) {
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("/readyz is ready when the database answers, and not while the process drains", async () => {
    expect(await (await fetch(`${shop}/readyz`)).json()).toEqual({ status: "ready" });
    readiness.draining = true;
    try {
      const res = await fetch(`${shop}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "draining" });
    } finally {
      readiness.draining = false;
    }
  });

  it("/readyz is unavailable when the database cannot be reached", async () => {
    const res = await fetch(`${down}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", reason: "the database cannot be reached" });
  });
});

describe("without a database", () => {
  it("a call gets a 503 and the shop's message, at once", async () => {
    const started = Date.now();
    const res = await fetch(`${down}/api/get_products_by_category.php?category=Pillows`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(await res.json()).toEqual({ success: false, error: "The shop is briefly unavailable. Please try again in a minute." });
    // Refused connections fail at once; a silent server would take the 5 s connection timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a page gets a 503 and the error page that says to try again", async () => {
    const pages = await startShopServer(unreachable);
    try {
      const res = await fetch(`${pages.baseUrl}/productdetail/18`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      const html = await res.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Sorry, this page could not be shown. Please try again in a moment.");
    } finally {
      await pages.close();
    }
  });

  it("a start says what cannot be reached, without the password", async () => {
    const error = await unreachable.migrate().then(
      () => null,
      (e: unknown) => e,
    );
    const config = loadConfig({ DATABASE_URL: "postgres://shop:secret@127.0.0.1:1/shop" });
    const problem = databaseOpenProblem(config, error);
    expect(problem).toMatch(/^the database cannot be reached \(postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop\): /);
    expect(problem).not.toContain("secret");
  });
});

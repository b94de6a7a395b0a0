import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { DEMO_ACCOUNTS, lockDemoPasswords, seedDemoAccounts } from "~/server/accounts/demo";
import { loadConfig, OUTGOING_CALL_TIMEOUT_MS } from "~/server/config";
import { accounts, orders, sessions } from "~/server/db/schema";
import { accountCall, apiClient } from "../support/accounts";
import { createShopDatabase, startShopProcess, stopShopProcess, type ShopDatabase, type ShopProcess } from "../support/child-shop";
import { deliveryFields, quickCustomer, setStock, shopClient, stockOf } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// Issue 15: one production mode by default. The demo conveniences (demo accounts, the dev mailbox,
// the test gateway) exist only in demo mode, which is on by itself only for the out-of-the-box
// run: the embedded database and no PUBLIC_URL. NODE_ENV decides nothing. A real database or a
// public address turns demo mode off unless SHOP_DEMO says otherwise.
// Issue 25: a real shop serves only on PostgreSQL (DATABASE_URL) at an https PUBLIC_URL
// (decision 0044); `npm start` itself refusing is in tests/api/release.test.ts.

const postgresUrl = "postgres://shop@127.0.0.1:5432/shop";

describe("which mode a configuration gives (decision 0018)", () => {
  it("is demo mode, on 127.0.0.1 only, for the out-of-the-box run", () => {
    for (const NODE_ENV of [undefined, "production", "development", "test"]) {
      const config = loadConfig(NODE_ENV ? { NODE_ENV } : {});
      expect(config).toMatchObject({ demo: true, host: "127.0.0.1", https: false, trustProxy: false });
    }
    expect(loadConfig({ HOST: "0.0.0.0" })).toMatchObject({ demo: true, host: "0.0.0.0" });
  });

  it("is a real shop on every interface with DATABASE_URL or any PUBLIC_URL, whatever NODE_ENV says", () => {
    for (const env of [
      { DATABASE_URL: postgresUrl },
      { DATABASE_URL: postgresUrl, NODE_ENV: "development" },
      { PUBLIC_URL: "https://foamshop.ng" },
      { PUBLIC_URL: "http://192.168.1.20:3000", NODE_ENV: "test" },
      { SHOP_DEMO: "off" },
    ]) {
      expect(loadConfig(env), JSON.stringify(env)).toMatchObject({ demo: false, host: undefined });
    }
  });

  it("takes SHOP_DEMO as said, and refuses a value it cannot read", () => {
    expect(loadConfig({ DATABASE_URL: postgresUrl, SHOP_DEMO: "on" }).demo).toBe(true);
    expect(loadConfig({ SHOP_DEMO: "1" }).demo).toBe(true);
    expect(loadConfig({ SHOP_DEMO: "No" }).demo).toBe(false);
    expect(() => loadConfig({ SHOP_DEMO: "maybe" })).toThrow(/SHOP_DEMO: on or off/);
  });

  it("makes cookies Secure and sends HSTS only for an https PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://foamshop.ng" }).https).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://foamshop.ng", NODE_ENV: "production" }).https).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).https).toBe(false);
  });

  it("trusts X-Forwarded-For only when TRUST_PROXY says whose", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
  });
});

describe("what a real shop needs before it serves (decision 0044)", () => {
  const serving = (env: Record<string, string>) => () => loadConfig(env, { serving: true });
  const https = "https://foamshop.ng";

  it("serves a demo as it is, and a real shop with DATABASE_URL and an https PUBLIC_URL", () => {
    expect(serving({})()).toMatchObject({ demo: true, unsafeEmbeddedDatabase: false });
    expect(serving({ DATABASE_URL: postgresUrl, SHOP_DEMO: "on" })().demo).toBe(true);
    expect(serving({ DATABASE_URL: postgresUrl, PUBLIC_URL: https })()).toMatchObject({ demo: false, https: true, publicUrl: https });
  });

  it("refuses a real shop on the embedded database, naming DATABASE_URL and the README's section", () => {
    for (const env of [{ SHOP_DEMO: "off", PUBLIC_URL: https }, { PUBLIC_URL: https }] as Record<string, string>[]) {
      expect(serving(env), JSON.stringify(env)).toThrow(
        /^Not a configuration a shop can serve customers with:\n {2}DATABASE_URL: a real shop keeps its orders in PostgreSQL; set DATABASE_URL \(README: "Run it on PostgreSQL"/,
      );
    }
  });

  it("refuses a real shop without PUBLIC_URL, or with an address that is not https, naming PUBLIC_URL", () => {
    expect(serving({ DATABASE_URL: postgresUrl })).toThrow(/\n {2}PUBLIC_URL: a real shop needs the https address its customers reach it at/);
    for (const url of ["http://shop.example", "http://192.168.1.20:3000", "http://localhost:3000"]) {
      expect(serving({ DATABASE_URL: postgresUrl, PUBLIC_URL: url }), url).toThrow(
        new RegExp(`\\n {2}PUBLIC_URL: a real shop is served over https; ${url.replaceAll(".", "\\.")} is not`),
      );
    }
    // Both at once: every problem is named.
    expect(serving({ SHOP_DEMO: "off" })).toThrow(/DATABASE_URL: [^\n]+\n {2}PUBLIC_URL: /);
  });

  it("takes http://localhost or http://127.0.0.1 only from a shop that listens on this computer only", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect(serving({ DATABASE_URL: postgresUrl, PUBLIC_URL: url, HOST: "127.0.0.1" })(), url).toMatchObject({ demo: false, https: false });
      expect(serving({ DATABASE_URL: postgresUrl, PUBLIC_URL: url, HOST: "0.0.0.0" }), url).toThrow(/PUBLIC_URL: a real shop is served over https/);
    }
    expect(serving({ DATABASE_URL: postgresUrl, PUBLIC_URL: "http://shop.example", HOST: "127.0.0.1" })).toThrow(/PUBLIC_URL: /);
  });

  it("runs a real shop on the embedded database only with UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS=yes, exactly", () => {
    const unsafe = serving({ PUBLIC_URL: https, UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "yes" })();
    expect(unsafe).toMatchObject({ demo: false, databaseUrl: undefined, unsafeEmbeddedDatabase: true });
    for (const value of ["YES", "true", "1", "on", "yes please"]) {
      expect(serving({ PUBLIC_URL: https, UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: value }), value).toThrow(
        /UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: only yes, and only for tests/,
      );
    }
    // It changes nothing where it is not needed.
    expect(loadConfig({ UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "yes" }).unsafeEmbeddedDatabase).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgresUrl, UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "yes" }).unsafeEmbeddedDatabase).toBe(false);
  });

  it("lets the commands (migrate, backups, admin:create) read any configuration: they serve nobody", () => {
    expect(loadConfig({ DATABASE_URL: postgresUrl })).toMatchObject({ demo: false, publicUrl: "http://localhost:3000" });
    expect(loadConfig({ SHOP_DEMO: "off" }).demo).toBe(false);
  });

  it("stops gracefully within deadlines longer than the longest call to Paystack (decision 0053)", () => {
    const real = loadConfig({ DATABASE_URL: postgresUrl, PUBLIC_URL: https });
    expect(real.shutdown).toEqual({ drainMs: 5_000, timeoutMs: 30_000 });
    expect(real.shutdown.timeoutMs).toBeGreaterThan(real.shutdown.drainMs + OUTGOING_CALL_TIMEOUT_MS);
    // A demo has no balancer to wait for.
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 30_000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "0", SHUTDOWN_TIMEOUT_MS: "20000" }).shutdown).toEqual({ drainMs: 0, timeoutMs: 20_000 });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "19000" })).toThrow(/SHUTDOWN_TIMEOUT_MS: must exceed SHUTDOWN_DRAIN_MS plus 15000 ms/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "16000" })).toThrow(/SHUTDOWN_TIMEOUT_MS: must exceed/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

// ------------------------------------------------------------------ a real shop, as served

/**
 * A real shop as this engine's run serves one: DATABASE_URL and an https PUBLIC_URL on
 * PostgreSQL; on PGlite an https PUBLIC_URL with the tests' override (decision 0044).
 */
const realShopEnv: Record<string, string> = process.env.DATABASE_URL
  ? { SHOP_DEMO: "", DATABASE_URL: process.env.DATABASE_URL, PUBLIC_URL: "https://foamshop.example.ng" }
  : { SHOP_DEMO: "", PUBLIC_URL: "https://foamshop.example.ng", UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "yes" };

describe(`a real shop (${process.env.DATABASE_URL ? "DATABASE_URL and an https PUBLIC_URL" : "an https PUBLIC_URL, embedded by the tests' override"}): no demo conveniences`, () => {
  const { handle, shop } = usePageShop({ env: realShopEnv });

  beforeAll(async () => {
    expect(shop.config.demo).toBe(false);
    // What start-up does with demo accounts (server/main.ts openShopDatabase).
    expect(await seedDemoAccounts(handle, shop.config)).toEqual([]);
  });

  it("has no dev mailbox, no demo banner and no demo accounts", async () => {
    expect((await fetch(`${shop.baseUrl}/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${shop.baseUrl}/dev/mailbox/1`)).status).toBe(404);
    const home = await (await fetch(`${shop.baseUrl}/`)).text();
    expect(home).toContain("Search for products, brands and categories");
    expect(home).not.toContain("Demo shop");
    for (const demo of DEMO_ACCOUNTS) {
      expect(await handle.db.select().from(accounts).where(eq(accounts.email, demo.email))).toEqual([]);
      const login = await apiClient(shop.baseUrl)(accountCall(demo.role, "login"), { email: demo.email, password: demo.password });
      expect(login.status).toBe(401);
    }
  });

  it("has no test gateway, and Pay Now says payments are not set up, holding nothing and paying nothing", async () => {
    expect(
      (await fetch(`${shop.baseUrl}/api/test-gateway/charge`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }))
        .status,
    ).toBe(404);
    const who = await quickCustomer(handle.db, "real-shop");
    await setStock(handle.db, 30, 5);
    const client = shopClient(shop.baseUrl);
    expect((await client.post("/api/api4users/add_to_cart.php", { user_id: who.id, product_id: 30, size: "0" }, who.token)).status).toBe(200);
    const pay = await client.post("/api/api4users/initialize_payment.php", { user_id: who.id, ...deliveryFields() }, who.token);
    expect(pay.status).toBe(502);
    expect(pay.body).toMatchObject({ success: false, error: messages.paymentUnavailable });
    expect(await handle.db.select().from(orders).where(eq(orders.accountId, who.id))).toEqual([]);
    expect(await stockOf(handle.db, 30)).toBe(5);
  });

  it("locks the demo accounts' published passwords if the database was first run as a demo", async () => {
    const demoConfig = loadConfig({ SHOP_DEMO: "on" });
    expect((await seedDemoAccounts(handle, demoConfig)).length).toBe(2);
    const [customer] = DEMO_ACCOUNTS;
    const before = await apiClient(shop.baseUrl)(accountCall("customer", "login"), { email: customer.email, password: customer.password });
    expect(before.status).toBe(200);
    expect(await lockDemoPasswords(handle.db, shop.config)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    for (const demo of DEMO_ACCOUNTS) {
      const login = await apiClient(shop.baseUrl)(accountCall(demo.role, "login"), { email: demo.email, password: demo.password });
      expect(login.status, demo.email).toBe(401);
    }
    const [row] = await handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, customer.email));
    const live = (await handle.db.select().from(sessions).where(eq(sessions.accountId, row.id))).filter((s) => s.revokedAt === null);
    expect(live).toEqual([]);
    // Once locked, nothing more to do at the next start.
    expect(await lockDemoPasswords(handle.db, shop.config)).toEqual([]);
  });
});

describe("the out-of-the-box demo", () => {
  const { handle, shop } = usePageShop({ env: { SHOP_DEMO: "", TRUST_PROXY: "" } });

  beforeAll(async () => {
    expect(shop.config.demo).toBe(true);
    expect(await seedDemoAccounts(handle, shop.config)).toHaveLength(2);
  });

  it("says it is a demo on every page, with the mailbox one click away, and the demo customer signs in", async () => {
    for (const path of ["/", "/userlogin", "/productdetail/18", "/cartpage", "/dev/mailbox"]) {
      const res = await fetch(`${shop.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain("Demo shop:");
      expect(html, path).toContain('href="/dev/mailbox"');
    }
    const [customer] = DEMO_ACCOUNTS;
    const login = await apiClient(shop.baseUrl)(accountCall("customer", "login"), { email: customer.email, password: customer.password });
    expect(login.status).toBe(200);
    expect(await lockDemoPasswords(handle.db, shop.config)).toEqual([]);
  });
});

// ------------------------------------------------------------------ the process: where it listens, what it says

describe("the server process (server/main.ts start())", () => {
  let database: ShopDatabase;
  const started: ShopProcess[] = [];

  beforeAll(async () => {
    database = await createShopDatabase();
  });
  afterAll(async () => {
    for (const shop of started) await stopShopProcess(shop);
    await database?.remove();
  });

  async function start(env: Record<string, string>) {
    const shop = await startShopProcess({ SHOP_PROCESS_ENTRY: "start", SHOP_DEMO: "", TRUST_PROXY: "", LOG_LEVEL: "info", PORT: "0", ...env });
    started.push(shop);
    return shop;
  }

  it("in demo mode listens on 127.0.0.1 only and says DEMO MODE at start", async () => {
    // Demo mode is the embedded database without PUBLIC_URL; on PostgreSQL it must be asked for.
    const shop = await start(database.engine === "postgres" ? { ...database.env, SHOP_DEMO: "on" } : database.env);
    expect(shop.address).toBe("127.0.0.1");
    await expect.poll(() => shop.output()).toMatch(/DEMO MODE: demo accounts/);
    expect((await fetch(`${shop.baseUrl}/readyz`)).status).toBe(200);
    await stopShopProcess(shop);
  });

  it("as a real shop listens on every interface and warns of what is not set up", async () => {
    const env =
      database.engine === "postgres"
        ? { ...database.env, PUBLIC_URL: "https://foamshop.example.ng" }
        : { ...database.env, PUBLIC_URL: "https://foamshop.example.ng", UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "yes" };
    const shop = await start(env);
    expect(["::", "0.0.0.0"]).toContain(shop.address);
    await expect.poll(() => shop.output()).toMatch(/PAYSTACK_SECRET_KEY is not set: Pay Now says payments are not set up yet/);
    expect(shop.output()).toMatch(/SMTP_URL is not set/);
    expect(shop.output()).not.toMatch(/DEMO MODE/);
    // The override for tests is shouted at every start, and only when it is what runs the shop.
    const shouts = shop.output().match(/"level":50,[^\n]*UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS=yes: a real shop on the embedded database/g) ?? [];
    expect(shouts).toHaveLength(database.engine === "postgres" ? 0 : 1);
    await stopShopProcess(shop);
  });

  it("as a real shop on the embedded database without the override, refuses to start before it opens anything", async () => {
    const dataDir = path.join(os.tmpdir(), `shop-never-opened-${process.pid}`);
    const refused = startShopProcess({
      SHOP_PROCESS_ENTRY: "start",
      SHOP_DEMO: "off",
      PUBLIC_URL: "https://foamshop.example.ng",
      DATA_DIR: dataDir,
      PORT: "0",
    });
    await expect(refused).rejects.toThrow(
      /stopped while starting \(code 1, signal null\):\nThe shop cannot start\. Not a configuration a shop can serve customers with:\n {2}DATABASE_URL: /,
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});

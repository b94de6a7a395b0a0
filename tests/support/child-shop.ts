import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { freePort, startServerProcess, stopServerProcess } from "~/scripts/shop-server.mjs";
import { ensurePlannerStatistics, openDatabase, type DatabaseHandle } from "~/server/db/client";
import { readDump, runTemplateFile } from "./db";
import { databaseUrlFor } from "./global-setup";
import { TEST_SHOP_ENV } from "./server";

// The shop as child processes (tests/support/shop-process.ts) on a database of their own that
// outlives them: a PGlite folder in a temporary directory, or (with DATABASE_URL) a PostgreSQL
// database cloned from the run's template, which several processes may share.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ENTRY = path.join(ROOT, "tests/support/shop-process.ts");

export interface ShopDatabase {
  engine: "pglite" | "postgres";
  /** DATA_DIR or DATABASE_URL for a shop process. */
  env: Record<string, string>;
  /** Opens it in the test process (PGlite: only while no shop process has it open). */
  open(): Promise<DatabaseHandle>;
  /** Removes the folder or drops the database. */
  remove(): Promise<void>;
}

/** A migrated and seeded database (the run's template) for shop processes. */
export async function createShopDatabase(): Promise<ShopDatabase> {
  const pg = inject("postgresTemplate");
  if (!pg) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "shop-process-"));
    const dataDir = path.join(dir, "data");
    const first = await openDatabase({ dataDir, loadDataDir: await readDump(runTemplateFile()) });
    // Once here rather than in the first shop process (a second and a half on PGlite).
    await ensurePlannerStatistics(first.db);
    await first.close();
    return {
      engine: "pglite",
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `shop_process_${randomBytes(6).toString("hex")}`;
  const admin = await openDatabase({ databaseUrl: pg.adminUrl });
  await admin.db.execute(`create database ${name} template ${pg.templateName}`);
  await admin.close();
  const url = databaseUrlFor(pg.adminUrl, name);
  return {
    engine: "postgres",
    env: { DATABASE_URL: url },
    open: () => openDatabase({ databaseUrl: url }),
    remove: async () => {
      const cleanup = await openDatabase({ databaseUrl: pg.adminUrl });
      await cleanup.db.execute(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

/** A port free now, so a shop can be restarted on the same address (the scripts' one helper). */
export { freePort };

export interface ShopProcess {
  baseUrl: string;
  port: number;
  /** The address it listens on: 127.0.0.1, or :: / 0.0.0.0 for every interface. */
  address: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** Settings a shop process must not inherit from the test run's environment. */
const OWN_SETTINGS = [
  "DATABASE_URL",
  "DATA_DIR",
  "PORT",
  "HOST",
  "PUBLIC_URL",
  "SHOP_DEMO",
  "TRUST_PROXY",
  "SMTP_URL",
  "PAYSTACK_SECRET_KEY",
  "PAYSTACK_PUBLIC_KEY",
  "PAYSTACK_API_BASE",
  "SHUTDOWN_DRAIN_MS",
  "SHUTDOWN_TIMEOUT_MS",
  "UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS",
];

/**
 * Starts `node --import tsx tests/support/shop-process.ts` and waits for its ready line. It stops
 * without the drain a balancer needs (SHUTDOWN_DRAIN_MS=0) unless `env` says otherwise. A real
 * shop (SHOP_DEMO off) on the embedded database needs UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS=yes
 * in `env`, as in production.
 */
export async function startShopProcess(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<ShopProcess> {
  const inherited = { ...process.env };
  for (const name of OWN_SETTINGS) delete inherited[name];
  const { child, ready, output, exited } = await startServerProcess(["--import", "tsx", ENTRY], {
    cwd: ROOT,
    env: { ...inherited, ...TEST_SHOP_ENV, PICTURE_CACHE_DIR: "off", SHUTDOWN_DRAIN_MS: "0", ...env },
    ready: (printed) => {
      const match = /SHOP_READY (\{.*\})/.exec(printed);
      return match ? (JSON.parse(match[1]) as { port: number; address: string; pid: number }) : undefined;
    },
    timeoutMs,
    keepChars: 200_000,
    what: "The shop process",
  });
  return {
    baseUrl: `http://127.0.0.1:${ready.port}`,
    port: ready.port,
    address: ready.address,
    pid: ready.pid,
    child,
    output,
    exited,
    kill: (signal) => void child.kill(signal),
  };
}

/** Stops a shop process with SIGTERM (SIGKILL after `graceMs`); resolves with how it ended. */
export async function stopShopProcess(shop: ShopProcess, graceMs = 15_000) {
  await stopServerProcess(shop.child, graceMs);
  return shop.exited;
}

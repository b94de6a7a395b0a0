// The production server as a child process, and the helpers every starter of a shop shares:
// `npm run bench`, `npm run soak`, scripts/first-start-memory.mjs, the browser tests
// (playwright.config.ts, tests/e2e/global-setup.ts) and the integration tests' shop processes
// (tests/support/child-shop.ts). Types: shop-server.d.mts.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";

/** A port of 127.0.0.1 free now (the operating system's choice), so a server can be started on it. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// The server runs exactly as `npm start` runs it (its Node flags too), minus npm in between, so
// the process measured is the server itself.
export const startArgs = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  .scripts.start.split(/\s+/)
  .slice(1);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/**
 * The id of the process listening on this TCP port of this machine, or null: for a server that
 * another program started (Playwright's webServer runs it under a shell). Linux only, as rssMb.
 */
export function listeningPid(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let lines = [];
    try {
      lines = readFileSync(table, "utf8").split("\n").slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex, st 0A is LISTEN, the inode is the tenth field.
      if (f.length > 9 && f[1].endsWith(`:${hexPort}`) && f[3] === "0A") inodes.add(`socket:[${f[9]}]`);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {}
    }
  }
  return null;
}

/** The memory budget of one server process (issue 7), also for the process that did the first start (issue 15). */
export const RSS_BUDGET_MB = 400;

/** Catalogue pages and calls a shopper's phone asks for most: the load of a memory check. */
export const CATALOGUE_PATHS = ["/", "/productdetail/18", "/api/get_products_by_category.php?category=Eco%20Foam"];

/**
 * The RSS of the server process `pid` once settled after one request per path, and its peak
 * (sampled every 100 ms) while `connections` connections, spread over `paths`, load it for `seconds`.
 */
export async function rssUnderLoad(pid, base, { paths = CATALOGUE_PATHS, connections = 21, seconds = 5 } = {}) {
  const { default: autocannon } = await import("autocannon");
  for (const p of paths) {
    const res = await fetch(base + p);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  }
  await sleep(1000);
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 100);
  let requests = 0;
  let failures = 0;
  try {
    const each = Math.max(1, Math.round(connections / paths.length));
    const runs = paths.map(
      (p) =>
        new Promise((resolve, reject) =>
          autocannon({ url: base + p, connections: each, duration: seconds, headers: { "accept-encoding": "br, gzip" } }, (error, result) =>
            error ? reject(error) : resolve(result),
          ),
        ),
    );
    for (const r of await Promise.all(runs)) {
      requests += r.requests.total;
      failures += r.errors + r.timeouts + r.non2xx;
    }
  } finally {
    clearInterval(sampler);
  }
  peakMb = Math.max(peakMb, rssMb(pid));
  return { idleMb, peakMb, requests, failures };
}

/**
 * Starts `node <args>` and resolves once `ready(output)` gives a value other than undefined,
 * null or false: it is asked every `pollMs` with what the process printed so far (its last
 * `keepChars` characters; stderr too unless inherited). Rejects with that output when the process
 * exits first, and kills it (SIGKILL) and rejects when `timeoutMs` passes. The one start-and-wait
 * loop of the shop's scripts and integration tests (the browser tests' server is Playwright's
 * webServer).
 */
export async function startServerProcess(
  args,
  { env, cwd, ready, timeoutMs = 600_000, pollMs = 5, keepChars = 64 * 1024, stderr = "pipe", what = "The shop" },
) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { env, cwd, stdio: ["ignore", "pipe", stderr] });
  let output = "";
  const keep = (chunk) => (output = (output + chunk).slice(-keepChars));
  child.stdout.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  for (;;) {
    const value = await ready(output);
    if (value !== undefined && value !== null && value !== false) {
      return { child, ready: value, startMs: performance.now() - startedAt, output: () => output, exited };
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} stopped while starting (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    if (performance.now() - startedAt > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s:\n${output}`);
    }
    await sleep(pollMs);
  }
}

/** Stops a child process with SIGTERM, and SIGKILL after `graceMs`; resolves with how it ended. */
export async function stopServerProcess(child, graceMs = 15_000) {
  if (child.exitCode === null && child.signalCode === null) {
    const ended = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await ended;
    clearTimeout(timer);
  }
  return { code: child.exitCode, signal: child.signalCode };
}

/** Answers whether the shop at `base` serves (any answer of its own, not a refused connection). */
export const answers =
  (base, path = "/favicon.svg") =>
  async () => {
    try {
      return (await fetch(base + path)).ok;
    } catch {
      return false;
    }
  };

/** Starts the production server (as `npm start` does) on `env.PORT`; resolves once it answers, with the time that took. */
export async function startShop(env) {
  const base = `http://127.0.0.1:${env.PORT}`;
  const { child, startMs, output } = await startServerProcess(startArgs, { env, stderr: "inherit", ready: answers(base) });
  return { child, base, startMs, output };
}

export async function stopShop(shop) {
  await stopServerProcess(shop.child);
}

/**
 * The environment of a real (not demo) shop on its own port and database folder, with no third
 * party configured: on this computer only (HOST), so that its http PUBLIC_URL is accepted, and on
 * the embedded database by the override meant for tests and the bench (decision 0044) unless
 * `extra` gives a DATABASE_URL. It stops without the drain a balancer needs.
 */
export function shopEnv(port, dataDir, extra = {}) {
  return {
    ...process.env,
    SHOP_DEMO: "off",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "yes",
    SHUTDOWN_DRAIN_MS: "0",
    SMTP_URL: "",
    PAYSTACK_SECRET_KEY: "",
    PAYSTACK_PUBLIC_KEY: "",
    LIVE_CHAT_SCRIPT_URL: "",
    ...extra,
  };
}

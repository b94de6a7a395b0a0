// The production server as a child process, for `npm run bench` and `npm run soak`.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

export const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// The server runs exactly as `npm start` runs it (its Node flags too), minus npm in between, so
// the process measured is the server itself.
export const startArgs = JSON.parse(readFileSync("package.json", "utf8")).scripts.start.split(/\s+/).slice(1);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
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

/** The last 64 KB the server wrote: enough to say why it stopped, not its whole request log. */
const OUTPUT_KEPT = 64 * 1024;

/** Starts the production server; resolves once it answers, with the time that took. */
export async function startShop(env) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, startArgs, { env, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT)));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/favicon.svg`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`The shop stopped while starting:\n${output}`);
    if (performance.now() - startedAt > 600_000) throw new Error("The shop did not start within 10 minutes.");
    await sleep(5);
  }
  return { child, base, startMs: performance.now() - startedAt, output: () => output };
}

export async function stopShop(shop) {
  if (shop.child.exitCode !== null) return;
  shop.child.kill("SIGTERM");
  await new Promise((r) => shop.child.once("exit", r));
}

/** The environment of a real (not demo) shop on its own port and database folder, with no third party configured. */
export function shopEnv(port, dataDir, extra = {}) {
  return {
    ...process.env,
    SHOP_DEMO: "off",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    PAYSTACK_SECRET_KEY: "",
    PAYSTACK_PUBLIC_KEY: "",
    LIVE_CHAT_SCRIPT_URL: "",
    ...extra,
  };
}

// Issue 17's breakdown, by hand: starts the production build (run `npm run build` first) on an
// embedded database with the bench customer signed in, loads pages with autocannon at 20
// connections, and prints req/s and latency; optionally a CPU profile of the server and a count
// of the SQL statements it ran.
//
//   node bench/profile-pages.mjs                       # a fresh database (first start seeds it)
//   PROF_DIR=/tmp/prof-x node bench/profile-pages.mjs  # reuse the database the first run printed
//   TARGETS=/productdetail/18,/cartpage WHO=signed SECS=8 PROFILE=1 COUNT=1 node bench/profile-pages.mjs
//
// PROFILE=1 writes the server's .cpuprofile to /tmp/cpuprof (open it in Chrome's DevTools);
// COUNT=1 prints the statements the server sent to PGlite every 4 s (bench/count-queries.mjs).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { answers, freePort, shopEnv, startArgs, startServerProcess, startShop, stopShop } from "../scripts/shop-server.mjs";

const dir = process.env.PROF_DIR ?? mkdtempSync(path.join(os.tmpdir(), "prof-"));
const port = await freePort();
const env = shopEnv(port, dir, { PICTURE_CACHE_DIR: path.join(os.tmpdir(), "prof-pictures") });
const customer = { email: "bench.customer@foamshop.test", password: "Bench-pass-2026" };
if (!process.env.PROF_DIR) {
  await stopShop(await startShop(env));
  execFileSync("npx", ["tsx", "bench/customer.ts", customer.password, customer.email], { env, stdio: "inherit" });
  console.log(`PROF_DIR=${dir}`);
}
const args = [
  ...(process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/cpuprof"] : []),
  ...(process.env.COUNT ? ["--import", "./bench/count-queries.mjs"] : []),
  ...startArgs,
];
const base = `http://127.0.0.1:${port}`;
const { child } = await startServerProcess(args, { env, stderr: "inherit", ready: answers(base) });
const login = await fetch(`${base}/userlogin`, { method: "POST", body: new URLSearchParams(customer), redirect: "manual" });
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
const load = (p, headers, connections = 20, duration = Number(process.env.SECS ?? 8)) =>
  new Promise((resolve, reject) =>
    autocannon({ url: base + p, connections, duration, headers: { "accept-encoding": "br, gzip", ...headers } }, (e, r) => (e ? reject(e) : resolve(r))),
  );
const CATALOGUE = new Set(["/", "/productdetail/18", "/productdetail2/1", "/productlistpage/Eco%20Foam", "/searchresultpage?searchTerm=pillow"]);
for (const target of (process.env.TARGETS ?? "/productdetail/18,/,/cartpage,/userdashboard").split(",")) {
  for (const who of process.env.WHO ? [process.env.WHO] : ["visitor", "signed"]) {
    // Unless asked for, visitors only on the catalogue pages (the others send them to log in).
    if (who === "visitor" && !process.env.WHO && !CATALOGUE.has(target)) continue;
    const headers = who === "signed" ? { cookie } : {};
    await load(target, headers, 10, 1);
    const r = await load(target, headers);
    console.log(`${target} ${who}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`);
  }
}
await stopShop({ child });

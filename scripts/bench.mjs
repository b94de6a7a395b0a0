// `npm run bench`: builds the shop, starts the production server on seeded embedded databases and
// measures it (issue 7): page and API throughput against the same process's static-file ceiling,
// Lighthouse mobile, search at 100 and 100,000 products, memory and start-up times. Everything
// runs on 127.0.0.1; the figures go to bench/RESULTS.md. Takes about 10 minutes.
import { execFileSync, execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import path from "node:path";
import autocannon from "autocannon";
import lighthouse from "lighthouse";
import pg from "pg";
import { slowNetwork, slowNetworkBudgets, slowNetworkSection } from "../bench/slow-network.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";
import { freePort, RSS_BUDGET_MB, rssMb, shopEnv, sleep, startShop, stopShop } from "./shop-server.mjs";

const chromium = chromiumPath;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SEARCH_REQUESTS = 200;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BIG_CATALOGUE = 100_000;
const customer = { email: "bench.customer@foamshop.test", password: "Bench-pass-2026" };
// Optional: a PostgreSQL server (a URL with the right to create databases) on which search at
// 100,000 products is measured too, e.g. postgres://postgres@127.0.0.1:5432/postgres.
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL;

const benchStarted = Date.now();
const log = (...args) => console.log(`[bench ${((Date.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s]`, ...args);

function load(url, connections, headers = {}, duration = LOAD_SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: { "accept-encoding": "br, gzip", ...headers } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Samples the RSS of `pid` every 100 ms while `work` runs; resolves with the peak, in MB. */
async function peakRss(pid, work) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssMb(pid));
}

/** What anyone may ask for; the signed-in cart is added once the bench customer exists. */
const publicTargets = [
  { name: "static file (ceiling)", path: "/favicon.svg", kind: "static" },
  { name: "/", path: "/", kind: "page" },
  { name: "/productlistpage/Eco Foam", path: "/productlistpage/Eco%20Foam", kind: "page" },
  { name: "/productdetail/18", path: "/productdetail/18", kind: "page" },
  { name: "/productdetail2/1", path: "/productdetail2/1", kind: "page" },
  { name: "/searchresultpage?searchTerm=pillow", path: "/searchresultpage?searchTerm=pillow", kind: "page" },
  { name: "get_products_by_category.php", path: "/api/get_products_by_category.php?category=Eco%20Foam", kind: "api" },
  { name: "get_products_by_name.php", path: "/api/get_products_by_name.php?searchTerm=pillow", kind: "api" },
  { name: "get_product_by_id.php", path: "/api/get_product_by_id.php?productId=18", kind: "api" },
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function searchLatency(base, terms) {
  const times = [];
  const byTerm = new Map(terms.map((t) => [t, []]));
  for (let i = 0; i < SEARCH_REQUESTS; i++) {
    const term = terms[i % terms.length];
    const startedAt = performance.now();
    // A new address each time (`_` is ignored by the call): the catalogue cache must not answer,
    // this measures the search itself.
    const res = await fetch(`${base}/api/get_products_by_name.php?searchTerm=${encodeURIComponent(term)}&_=${i}`);
    const body = await res.json();
    const ms = performance.now() - startedAt;
    times.push(ms);
    byTerm.get(term).push(ms);
    if (!res.ok && res.status !== 404) throw new Error(`Search for ${term} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  times.sort((a, b) => a - b);
  const medians = [...byTerm].map(([term, ms]) => ({
    term,
    p50: percentile(
      ms.sort((a, b) => a - b),
      50,
    ),
  }));
  return { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length, medians };
}

/** Lighthouse in Debian's Chromium, mobile with its default simulated throttling. */
async function runLighthouse(urls, extraHeadersFor) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "shop-bench-chrome-"));
  const chrome = spawn(chromium, [...chromiumArgs, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const port = await new Promise((resolve, reject) => {
    let err = "";
    chrome.stderr.on("data", (chunk) => {
      err += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (match) resolve(Number(match[1]));
    });
    chrome.once("exit", () => reject(new Error(`Chromium stopped:\n${err}`)));
  });
  const results = [];
  try {
    for (const { name, url } of urls) {
      // One Lighthouse run swings by tens of ms of TBT on a machine shared with the server: each
      // page is measured LIGHTHOUSE_RUNS times and the run with the median score (then TBT) kept,
      // as Lighthouse's own guidance on variability advises.
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const runner = await lighthouse(url, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: extraHeadersFor(name),
        });
        runs.push(runner);
      }
      const tbt = (r) => r.lhr.audits["total-blocking-time"].numericValue;
      runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score || tbt(b) - tbt(a));
      const runner = runs[Math.floor(runs.length / 2)];
      const lhr = runner.lhr;
      mkdirSync("bench/lighthouse", { recursive: true });
      writeFileSync(`bench/lighthouse/${name.replace(/\W+/g, "-")}.json`, runner.report);
      const summary = lhr.audits["resource-summary"].details.items;
      const bytes = (type) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
      const audit = (id) => lhr.audits[id].numericValue;
      results.push({
        name,
        url: new URL(url).pathname,
        finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
        score: Math.round(lhr.categories.performance.score * 100),
        lcpMs: audit("largest-contentful-paint"),
        tbtMs: audit("total-blocking-time"),
        tbtAllMs: runs.map(tbt).sort((x, y) => x - y),
        cls: audit("cumulative-layout-shift"),
        fcpMs: audit("first-contentful-paint"),
        jsKb: bytes("script") / 1024,
        htmlKb: bytes("document") / 1024,
        totalKb: bytes("total") / 1024,
        warnings: lhr.runWarnings,
      });
      log(
        `Lighthouse ${name}: ${results.at(-1).score} (TBT of the runs: ${results
          .at(-1)
          .tbtAllMs.map((ms) => Math.round(ms))
          .join(", ")} ms)`,
      );
    }
  } finally {
    const exited = new Promise((r) => chrome.once("exit", r));
    chrome.kill("SIGKILL");
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
  return results;
}

/** Signs the bench customer in through the real login form, as a browser would; the Cookie header. */
async function signIn(base) {
  const login = await fetch(`${base}/userlogin`, { method: "POST", body: new URLSearchParams(customer), redirect: "manual" });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("shop_session=")) throw new Error(`The bench customer could not sign in (${login.status}).`);
  return cookie;
}

/**
 * Issue 17: the catalogue pages for the signed-in customer (each compared with the same page for
 * a visitor), and the pages that are theirs alone.
 */
function signedInTargets(cookie) {
  const headers = { cookie };
  const catalogue = publicTargets
    .filter((t) => t.kind === "page")
    .map((t) => ({ name: `${t.name} (signed in)`, path: t.path, kind: "signed-page", visitor: t.name, headers }));
  const personal = [
    { name: "/cartpage (signed in)", path: "/cartpage", expect: "Checkout" },
    { name: "/deliverydetailpage (signed in)", path: "/deliverydetailpage", expect: "Allen Avenue" },
    { name: "/ordersummarypage (signed in)", path: "/ordersummarypage", expect: "Allen Avenue" },
    { name: "/userdashboard (signed in)", path: "/userdashboard", expect: "Bench Customer" },
    { name: "/userdashboard?menu=1 (My Orders)", path: "/userdashboard?menu=1", expect: "My Orders" },
  ].map((t) => ({ ...t, kind: "private", headers }));
  return [...catalogue, ...personal];
}

/** Each target answers 200 (signed-in pages: with the customer's header and what they must show). */
async function checkTargets(base, targets) {
  for (const t of targets) {
    const res = await fetch(base + t.path, { headers: t.headers, redirect: "manual" });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}`);
    if (t.headers?.cookie && !body.includes("Welcome Bench")) throw new Error(`${t.path} does not greet the signed-in customer.`);
    if (t.expect && !body.includes(t.expect)) throw new Error(`${t.path} does not show "${t.expect}".`);
  }
}

/**
 * Issue 17's breakdown: the shop started with SERVER_TIMING=on (server/timing.ts), each signed-in
 * target asked 100 times in a row; the mean of each phase its Server-Timing header reports, the
 * statements it sent, and what compressing its page (gzip, level 6, as the compression middleware
 * does) costs, measured here on the same bytes.
 */
async function breakdown(shopEnvironment) {
  const shop = await startShop({ ...shopEnvironment, SERVER_TIMING: "on" });
  try {
    const targets = signedInTargets(await signIn(shop.base));
    const rows = [];
    for (const t of targets) {
      const sums = {};
      let statements = 0;
      let body = Buffer.alloc(0);
      const ask = async () => {
        const res = await fetch(shop.base + t.path, { headers: { ...t.headers, "accept-encoding": "identity" } });
        body = Buffer.from(await res.arrayBuffer());
        return res.headers.get("server-timing") ?? "";
      };
      for (let i = 0; i < 20; i++) await ask();
      const RUNS = 100;
      for (let i = 0; i < RUNS; i++) {
        for (const metric of (await ask()).split(", ")) {
          const [name, value] = metric.split(";");
          if (value?.startsWith("dur=")) sums[name] = (sums[name] ?? 0) + Number(value.slice(4));
          if (name === "sql") statements = Number(value.slice(6, -1));
        }
      }
      // Catalogue pages are not compressed per request: their gzip is made with the template (decision 0029).
      const started = performance.now();
      if (t.kind === "private") for (let i = 0; i < 20; i++) zlib.gzipSync(body, { level: 6 });
      const compressMs = t.kind === "private" ? (performance.now() - started) / 20 : undefined;
      const mean = Object.fromEntries(Object.entries(sums).map(([name, total]) => [name, total / RUNS]));
      rows.push({ name: t.name, ...mean, compressMs, statements, htmlKb: body.length / 1024 });
    }
    return rows;
  } finally {
    await stopShop(shop);
  }
}

/** One second of warm-up on every target, then each at 10 and 50 connections. */
async function loadAll(base, targets) {
  for (const t of targets) await load(base + t.path, 10, t.headers, 1);
  const rows = [];
  for (const connections of [10, 50]) {
    for (const t of targets) {
      const r = await load(base + t.path, connections, t.headers);
      rows.push({
        ...t,
        connections,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        total: r.requests.total,
      });
      log(`${t.name} @${connections}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
    }
  }
  return rows;
}

// ------------------------------------------------------------------------------------------ run

const reportOnly = process.argv.indexOf("--report");
if (reportOnly !== -1) {
  writeFileSync("bench/RESULTS.md", report(JSON.parse(readFileSync(process.argv[reportOnly + 1], "utf8"))));
  console.log("Wrote bench/RESULTS.md");
  process.exit(0);
}

if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

log("Building the shop...");
execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });

const work = mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
const mainDir = path.join(work, "main");
const bigDir = path.join(work, "big");
// A picture cache of this run only: the first start below makes every picture, as a real first
// start on a new machine does (from the shipped copies, decision 0071); the large catalogue then
// reuses them.
const pictureCacheDir = path.join(work, "pictures");
const port = await freePort();
const env = shopEnv(port, mainDir, { PICTURE_CACHE_DIR: pictureCacheDir });
const results = { startedAt: new Date().toISOString() };

try {
  log("First start on an empty database (migrates, seeds, makes every picture)...");
  let shop = await startShop(env);
  results.firstStartMs = shop.startMs;
  // Issue 15: the process that did the first start stays within the memory budget too (it seeds
  // in a child process; seeding in itself left it at 600-700 MB).
  log("Memory of the process that did the first start: every public target at 50 connections...");
  for (const t of publicTargets) await (await fetch(shop.base + t.path)).arrayBuffer();
  await sleep(1000);
  results.firstStartRssIdleMb = rssMb(shop.child.pid);
  results.firstStartRssLoadMb = await peakRss(shop.child.pid, async () => {
    for (const t of publicTargets) await load(shop.base + t.path, 50, t.headers);
  });
  await stopShop(shop);

  log("Adding products up to 100 and a signed-in customer with two cart lines...");
  execFileSync("npx", ["tsx", "server/demo/seed-cli.ts", "--products", "100"], { env, stdio: "ignore" });
  execFileSync("npx", ["tsx", "bench/customer.ts", customer.password, customer.email], { env, stdio: "inherit" });

  log("Cold starts on the existing database...");
  const coldStarts = [];
  for (let i = 0; i < 3; i++) {
    shop = await startShop(env);
    coldStarts.push(shop.startMs);
    if (i < 2) await stopShop(shop);
  }
  results.coldStartsMs = coldStarts;

  const cookie = await signIn(shop.base);

  await sleep(1000);
  results.rssIdleMb = rssMb(shop.child.pid);

  const targets = [...publicTargets, ...signedInTargets(cookie)];
  await checkTargets(shop.base, targets);

  log("Load: every target at 10 and 50 connections...");
  results.load = [];
  results.rssLoadMb = await peakRss(shop.child.pid, async () => {
    results.load = await loadAll(shop.base, targets);
  });

  log("Lighthouse (mobile, simulated throttling)...");
  results.lighthouse = await runLighthouse(
    [
      { name: "home", url: `${shop.base}/` },
      { name: "category", url: `${shop.base}/productlistpage/Eco%20Foam` },
      { name: "product", url: `${shop.base}/productdetail/18` },
      { name: "featured product", url: `${shop.base}/productdetail2/1` },
      { name: "product (signed in)", url: `${shop.base}/productdetail/18` },
      { name: "cart (signed in)", url: `${shop.base}/cartpage` },
      { name: "order summary (signed in)", url: `${shop.base}/ordersummarypage` },
      { name: "dashboard (signed in)", url: `${shop.base}/userdashboard?menu=1` },
    ],
    (name) => (name.includes("signed in") ? { Cookie: cookie } : {}),
  );

  log("A product page on Fast 3G and Slow 3G, with and without data saver...");
  results.slowNetwork = await slowNetwork(shop.base);

  const searchTerms = [
    "pillow",
    "orthopaedic mattress",
    "mouka",
    "solar panel",
    "foot mat",
    "bedsheet",
    "vitafoam",
    "inverter",
    "unifoam jade",
    "duvet",
  ];
  log("Search latency at 100 products...");
  results.search100 = await searchLatency(shop.base, searchTerms);
  await stopShop(shop);

  log("Where a signed-in page's time goes (Server-Timing)...");
  results.breakdown = await breakdown(env);

  log(`Growing a second database to ${BIG_CATALOGUE.toLocaleString("en")} products...`);
  const bigEnv = shopEnv(port, bigDir, { PICTURE_CACHE_DIR: pictureCacheDir });
  const seedStarted = performance.now();
  execFileSync("npx", ["tsx", "server/demo/seed-cli.ts", "--products", String(BIG_CATALOGUE)], { env: bigEnv, stdio: "ignore" });
  results.bigSeedMs = performance.now() - seedStarted;
  shop = await startShop(bigEnv);
  results.bigColdStartMs = shop.startMs;
  log(`Search latency at ${BIG_CATALOGUE.toLocaleString("en")} products...`);
  results.searchBig = await searchLatency(shop.base, searchTerms);
  await stopShop(shop);

  if (postgresAdminUrl) results.loadPostgres = await loadOnPostgres();
  if (postgresAdminUrl) results.searchBigPostgres = await searchOnPostgres(searchTerms);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** A PostgreSQL database made for `work`, then dropped: `work` gets its URL. */
async function withPostgresDatabase(work) {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  const name = `shop_bench_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString(), (await admin.query("show server_version")).rows[0].server_version);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Issue 17's loads again with the shop on PostgreSQL: the ceiling, the visitors' pages and the signed-in ones. */
function loadOnPostgres() {
  return withPostgresDatabase(async (databaseUrl, version) => {
    const pgEnv = shopEnv(port, mainDir, { DATABASE_URL: databaseUrl, PICTURE_CACHE_DIR: pictureCacheDir });
    log("PostgreSQL: first start (migrates and seeds), then the bench customer...");
    await stopShop(await startShop(pgEnv));
    execFileSync("npx", ["tsx", "bench/customer.ts", customer.password, customer.email], { env: pgEnv, stdio: "inherit" });
    log("PostgreSQL: cold starts on the existing database...");
    const coldStartsMs = [];
    for (let i = 0; i < 3; i++) {
      const started = await startShop(pgEnv);
      coldStartsMs.push(started.startMs);
      await stopShop(started);
    }
    const shop = await startShop(pgEnv);
    try {
      const cookie = await signIn(shop.base);
      const targets = [...publicTargets.filter((t) => t.kind !== "api"), ...signedInTargets(cookie)];
      await checkTargets(shop.base, targets);
      log("PostgreSQL: every page at 10 and 50 connections...");
      const load = await loadAll(shop.base, targets);
      await stopShop(shop);
      log("PostgreSQL: where a signed-in page's time goes (Server-Timing)...");
      return { version, load, coldStartsMs, breakdown: await breakdown(pgEnv) };
    } finally {
      await stopShop(shop);
    }
  });
}

/** Search at the large catalogue size on a PostgreSQL database made for the purpose, then dropped. */
function searchOnPostgres(terms) {
  return withPostgresDatabase(async (databaseUrl, version) => {
    const pgEnv = shopEnv(port, bigDir, { DATABASE_URL: databaseUrl, PICTURE_CACHE_DIR: pictureCacheDir });
    log(`Growing a PostgreSQL database to ${BIG_CATALOGUE.toLocaleString("en")} products...`);
    execFileSync("npx", ["tsx", "server/demo/seed-cli.ts", "--products", String(BIG_CATALOGUE)], { env: pgEnv, stdio: "ignore" });
    const shop = await startShop(pgEnv);
    try {
      log(`Search latency at ${BIG_CATALOGUE.toLocaleString("en")} products on PostgreSQL...`);
      return { ...(await searchLatency(shop.base, terms)), version };
    } finally {
      await stopShop(shop);
    }
  });
}

results.durationMs = Date.now() - benchStarted;
// The measurements first, so that a fault in the report loses no run: `node scripts/bench.mjs --report <file>` writes it again.
const measured = path.join(os.tmpdir(), `shop-bench-${results.startedAt.replace(/\W/g, "")}.json`);
writeFileSync(measured, JSON.stringify(results));
log(`Measurements: ${measured}`);
writeFileSync("bench/RESULTS.md", report(results));
log("Wrote bench/RESULTS.md");

// ---------------------------------------------------------------------------------------- report

// Function declarations: the report is written by code above them, at the top level.
function fmtN(n, d = 0) {
  return n.toLocaleString("en", { maximumFractionDigits: d, minimumFractionDigits: d });
}
function ceilingOf(rows, connections) {
  return rows.find((l) => l.kind === "static" && l.connections === connections).rps;
}
/** A signed-in catalogue page's throughput as a share of the same page's for a visitor, in the same run. */
function ofVisitor(rows, l) {
  return l.rps / rows.find((v) => v.connections === l.connections && v.name === l.visitor).rps;
}

/** Why issue 17's budgets are missed where they are (breakdown below, in the report's section on signed-in pages). */
function signedInWhy(engine) {
  return {
    [`Signed-in catalogue pages @50: >= 50% of the same page for a visitor${engine}`]:
      "A visitor's page is bytes from memory; a signed-in one is the same template with the customer's welcome and cart count put in (decision 0029). The session and count come from memory on the embedded database, which one process owns and whose notifications arrive before a write returns (decision 0030), and from one database call per page on PostgreSQL, where another process's logout or cart change could otherwise go unheard. Tried and kept: one call instead of three statements, the plan kept (a PL/pgSQL function; 270 µs a call on the embedded database against 750 µs as a plain statement), the page's gzip made with the template (values stored between its compressed parts), route matches remembered, sessions kept in memory on the embedded database.",
    [`Personal pages @50: >= 15% of the static ceiling${engine}`]:
      "Cart, delivery, order summary and dashboard are rendered for their customer on every request. The breakdown below shows where one takes its 4-7 ms: React's render about 3 ms, the loaders 0.5-3 ms, compression 0.5 ms, and React Router's own work (Request and Headers objects, turbo-stream encoding, web streams) the rest. A CPU profile of the cart, order summary and dashboard at 20 connections (node bench/profile-pages.mjs with PROFILE=1, 2026-11-25) put the busy time in node's own streams, HTTP and zlib (20%), React Router (18%), garbage collection (10%), React's render (12%) and the embedded database (15%), with no single function above 6%. For scale: an uncached visitor's /trackorder.data, one small query and no render, manages 11-16% of the ceiling on this machine, so 15% for a whole rendered page is out of reach without caching personal pages per customer, which would only flatter this bench (one customer asking for the same page again and again). Done: two statements instead of five on the cart (one session lookup shared by the root's and the route's loaders, carrying the cart's count; the menu's categories, the delivery settings and, on the embedded database, the session kept in memory until they change, decision 0030); the cart's lines from one PL/pgSQL function whose plan is kept (migration 0014: 1.2 ms against 2.8 ms); React Router handed the build itself, so it derives its route table once instead of on every request (5% of the CPU); no disk lookup of every page's path for a static file (2.5% of the CPU, and an Error object per request). A cart page took 6.1 ms until its headers in this run against 14.4 ms in the run before these changes, but the machine also served the static file twice as fast that day: compared with the ceiling, the cart went from 6.5% to 9.0% at 10 connections. Tried by hand on 2026-11-27, as the upper bound of rendering the page shell once: the same pages with no header and no footer at all. React's render of the cart fell from 4.3 to 2.8 ms and its whole answer from 8.2 to 6.0 ms (Server-Timing, a slow day), the order summary and dashboard hardly moved, and at 20 connections none got faster beyond the noise (cart 127 against 123 req/s): even a free shell leaves these pages well under 15%. What is left is each request's document render by React Router and its loaders.",
    [`Personal pages @50: p99 <= 300 ms${engine}`]:
      "Follows from the throughput above: at 50 connections each request waits for the ones ahead of it on the one thread (issue 30 set 300 ms: at 15% of the ceiling, 50 connections queue about 130 ms on average).",
    [`Signed-in catalogue pages @50: p99 <= 100 ms${engine}`]:
      "Follows from the throughput: each page still costs the template's fill-in and, where sessions are not kept in memory, a database call.",
  };
}

/** Issue 17's budgets for one engine's rows. */
function signedInBudgets(rows, engine) {
  const at50 = (kind) => rows.filter((l) => l.connections === 50 && l.kind === kind);
  const signed = at50("signed-page");
  const personal = at50("private");
  const worstSigned = Math.min(...signed.map((l) => ofVisitor(rows, l)));
  const worstSignedP99 = Math.max(...signed.map((l) => l.p99));
  const worstPersonal = Math.min(...personal.map((l) => l.rps / ceilingOf(rows, 50)));
  const worstPersonalP99 = Math.max(...personal.map((l) => l.p99));
  const errors = rows.filter((l) => l.kind === "signed-page" || l.kind === "private").reduce((n, l) => n + l.errors, 0);
  return [
    [`Signed-in catalogue pages @50: >= 50% of the same page for a visitor${engine}`, `lowest ${fmtN(worstSigned * 100, 1)}%`, worstSigned >= 0.5],
    [`Signed-in catalogue pages @50: p99 <= 100 ms${engine}`, `highest ${fmtN(worstSignedP99)} ms`, worstSignedP99 <= 100],
    [`Personal pages @50: >= 15% of the static ceiling${engine}`, `lowest ${fmtN(worstPersonal * 100, 1)}%`, worstPersonal >= 0.15],
    [`Personal pages @50: p99 <= 300 ms${engine}`, `highest ${fmtN(worstPersonalP99)} ms`, worstPersonalP99 <= 300],
    [`Signed-in and personal pages: zero errors${engine}`, `${errors}`, errors === 0],
  ];
}

function breakdownTable(rows, engine) {
  const ms = (v) => (v === undefined ? "" : fmtN(v, 2));
  return [
    `| page (${engine}) | session | root loader | page loader | render | app (until headers) | compression | statements | HTML KB |`,
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (b) =>
        `| ${b.name} | ${ms(b.session)} | ${ms(b.root)} | ${ms(b.route)} | ${ms(b.render)} | ${ms(b.app)} | ${ms(b.compressMs)} | ${b.statements} | ${fmtN(b.htmlKb, 1)} |`,
    ),
  ];
}

function loadTable(rows) {
  return [
    "| target | connections | req/s | of ceiling | of visitor | p50 ms | p99 ms | errors | requests |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (l) =>
        `| ${l.name} | ${l.connections} | ${fmtN(l.rps)} | ${fmtN((l.rps / ceilingOf(rows, l.connections)) * 100, 1)}% | ${l.kind === "signed-page" ? `${fmtN(ofVisitor(rows, l) * 100, 1)}%` : ""} | ${l.p50} | ${l.p99} | ${l.errors} | ${fmtN(l.total)} |`,
    ),
  ];
}

function report(r) {
  const ceiling = r.load.filter((l) => l.kind === "static");
  const ceilingAt = (c) => ceiling.find((l) => l.connections === c).rps;
  const fmt = (n, d = 0) => n.toLocaleString("en", { maximumFractionDigits: d, minimumFractionDigits: d });
  const pass = (ok) => (ok ? "met" : "**not met**");
  const page50 = r.load.filter((l) => l.connections === 50 && l.kind === "page");
  const api50 = r.load.filter((l) => l.connections === 50 && l.kind === "api");
  const worstPageRatio = Math.min(...page50.map((l) => l.rps / ceilingAt(50)));
  const worstPageP99 = Math.max(...page50.map((l) => l.p99));
  const pageErrors = page50.reduce((n, l) => n + l.errors, 0);
  const worstApiRatio = Math.min(...api50.map((l) => l.rps / ceilingAt(50)));
  const home = r.lighthouse.find((l) => l.name === "home");
  const coldStart = Math.max(...r.coldStartsMs);
  const cpu = os.cpus();
  const budgets = [
    [
      "Lighthouse mobile performance >= 98 on each page",
      `lowest ${Math.min(...r.lighthouse.map((l) => l.score))}`,
      r.lighthouse.every((l) => l.score >= 98),
    ],
    ["LCP <= 1.5 s", `highest ${fmt(Math.max(...r.lighthouse.map((l) => l.lcpMs)) / 1000, 2)} s`, r.lighthouse.every((l) => l.lcpMs <= 1500)],
    ["TBT <= 50 ms", `highest ${fmt(Math.max(...r.lighthouse.map((l) => l.tbtMs)))} ms`, r.lighthouse.every((l) => l.tbtMs <= 50)],
    ["CLS <= 0.02", `highest ${fmt(Math.max(...r.lighthouse.map((l) => l.cls)), 3)}`, r.lighthouse.every((l) => l.cls <= 0.02)],
    ["JavaScript for / <= 110 KB compressed", `${fmt(home.jsKb, 1)} KB`, home.jsKb <= 110],
    [
      "HTML of each page <= 50 KB compressed",
      `largest ${fmt(Math.max(...r.lighthouse.map((l) => l.htmlKb)), 1)} KB`,
      r.lighthouse.every((l) => l.htmlKb <= 50),
    ],
    ["Storefront pages @50: >= 25% of the static ceiling", `lowest ${fmt(worstPageRatio * 100, 1)}%`, worstPageRatio >= 0.25],
    ["Storefront pages @50: p99 <= 100 ms", `highest ${fmt(worstPageP99)} ms`, worstPageP99 <= 100],
    ["Storefront pages @50: zero errors", `${pageErrors}`, pageErrors === 0],
    ["Product API calls @50: >= 50% of the ceiling", `lowest ${fmt(worstApiRatio * 100, 1)}%`, worstApiRatio >= 0.5],
    [`Name search at ${fmt(BIG_CATALOGUE)} products: p95 <= 30 ms`, `${fmt(r.searchBig.p95, 1)} ms`, r.searchBig.p95 <= 30],
    [`RSS under load <= ${RSS_BUDGET_MB} MB (embedded database)`, `${fmt(r.rssLoadMb)} MB`, r.rssLoadMb <= RSS_BUDGET_MB],
    [
      `RSS under load <= ${RSS_BUDGET_MB} MB, the process that did the first start`,
      `${fmt(r.firstStartRssLoadMb)} MB`,
      r.firstStartRssLoadMb <= RSS_BUDGET_MB,
    ],
    ["Cold start on an existing database <= 1 s", `slowest of 3: ${fmt(coldStart)} ms`, coldStart <= 1000],
    ...(r.loadPostgres?.coldStartsMs
      ? [
          [
            "Cold start on an existing database <= 1 s (PostgreSQL)",
            `slowest of 3: ${fmt(Math.max(...r.loadPostgres.coldStartsMs))} ms`,
            Math.max(...r.loadPostgres.coldStartsMs) <= 1000,
          ],
        ]
      : []),
    ...signedInBudgets(r.load, ""),
    ...(r.loadPostgres ? signedInBudgets(r.loadPostgres.load, " (PostgreSQL)") : []),
    ...(r.slowNetwork ? slowNetworkBudgets(r.slowNetwork) : []),
  ];
  // For a budget this run missed: what limits it and what was tried (kept with the code that
  // measures it, so the report explains itself).
  const whyNotMet = {
    [`RSS under load <= ${RSS_BUDGET_MB} MB, the process that did the first start`]:
      'Not expected: the first start creates the database and draws the pictures in a child process that exits (server/db/seed-process.ts, docs/decisions/0022-first-start-seeds-in-a-child.md), so the serving process is as small as any other (223 MB idle, 263 MB under this load by hand). Check that the start-up log says "Seeded the catalogue (in a child process ...)".',
    [`RSS under load <= ${RSS_BUDGET_MB} MB (embedded database)`]:
      "About 140 MB is the embedded PostgreSQL: PGlite's WebAssembly memory starts at 128 MB (the module will not start with less) and only grows. Tried: shared buffers cut from 128 MB to 16 MB (about 100 MB less); Node's old space capped at 512 MB by `npm start` (peak RSS in the same load by hand: 417-444 MB without, 345-367 MB with; 4 MB young-generation semi-spaces as well gave 292-301 MB but cost a third of the throughput and 300 ms of cold start, not kept); a 256 KB brotli window and at most 4 pages rendered at once (no measurable change, not kept). On PostgreSQL (DATABASE_URL) the server process holds none of the database.",
    [`Name search at ${fmt(BIG_CATALOGUE)} products: p95 <= 30 ms`]:
      "PGlite runs PostgreSQL compiled to WebAssembly in one thread. Done: misspellings corrected against a vocabulary of name words instead of comparing every name (0.7-2 s before), GIN indexes without a pending list (PGlite has no autovacuum to merge it), planner statistics after seeding, and ranking bounded to the first 1,000 matches read by a bitmap scan (docs/decisions/0014-search-at-scale.md). A new answer compressed quickly (brotli 4), and tightly only once asked for again, so a search typed once no longer pays brotli 9 (decision 0067: p95 29-36 ms to 23-25 ms at 100,000 products on 2026-11-27, bench/search-latency.mjs). The per-term medians above show which terms are left.",
    "Cold start on an existing database <= 1 s":
      "Measured by hand on this machine (2026-11-21): Node itself 0.08 s; loading the server's modules about 0.45 s (express 70-100 ms, zod 70-110 ms, drizzle 60-90 ms, react-dom 20-60 ms); PGlite opening the database folder 0.36-0.52 s (PostgreSQL compiled to WebAssembly: its 9 MB module, the 6 MB file system image and PostgreSQL's own start; the same with a precompiled module or without the pg_trgm extension); migrations check and planner statistics about 0.1 s. Tried: sharp, nodemailer and the other engine's driver loaded only when first needed (about 0.2 s less, kept); opening PGlite while the other modules load (slower: both compete for the 2 cores). The same code started in 840-873 ms on 2026-11-20, a faster day of this machine. On PostgreSQL, with no PGlite to open, the same start takes 0.6-0.8 s (its row above); V8's lazy WebAssembly compilation (--wasm-lazy-compilation) changed nothing measurable (2026-11-27). Done 2026-11-27: V8 optimises far less of PGlite while the shop starts (its WebAssembly tiering budget raised a hundredfold, decision 0068): 0.86-0.92 s against 1.05-1.26 s the same morning, with the same search and page speeds afterwards.",
    "Lighthouse mobile performance >= 98 on each page":
      "The pages that miss it miss it on TBT (below): Lighthouse scores the run with the median score, and on a day when this machine is slow (2026-11-27: sha256 15% slower than the day before) one page's three runs spread from 97 to 271 ms of simulated TBT.",
    "TBT <= 50 ms":
      "Lighthouse's simulated TBT multiplies by 4 the main-thread tasks it observed in this run's Chromium, which shares the machine's 2 cores with the server, so one page's runs spread widely (see the Lighthouse table). Traces of the home page (2026-11-21) showed the long tasks just after the first paint were style and layout (20-50 ms observed), then the deferred scripts and hydration (10-20 ms each). Done: every page's footer drawn only when scrolled near (content-visibility: home median TBT of 6 runs by hand about 65 ms before, 25 ms after; the home page's lower sections done the same way gave no more and broke the position restored on Back, docs/decisions/0013-performance.md); route-level code splitting (JavaScript for / about 106 KB); scripts deferred until after the first paint (app/deferred-scripts.ts; undeferred, TBT was lower but the scripts competed with the first picture for the phone's bandwidth).",
    ...signedInWhy(""),
    ...signedInWhy(" (PostgreSQL)"),
    "LCP <= 1.5 s":
      "The signed-in personal pages (cart, order summary, dashboard) are rendered for their customer on every request (never cached); Lighthouse's model adds the server's response time observed during the run to the page's first paint, and that varies from run to run on a machine whose 2 cores the server and Chromium share (the run before this one measured 1.29 s at most).",
  };
  const lines = [
    "# Benchmark results",
    "",
    `Measured by \`npm run bench\` (scripts/bench.mjs) on ${r.startedAt.slice(0, 10)}, in ${fmt(r.durationMs / 60000, 1)} minutes.`,
    "",
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}.`,
    "Server: the production build (`npm start`'s, demo mode off), embedded database (PGlite), one process. Load: autocannon in the",
    `bench process on 127.0.0.1 (sharing the machine's ${cpu.length} cores), ${LOAD_SECONDS} s per run, \`Accept-Encoding: br, gzip\`.`,
    "",
    "## Budgets",
    "",
    "| budget | measured | |",
    "|---|---|---|",
    ...budgets.map(([b, m, ok]) => `| ${b} | ${m} | ${pass(ok)} |`),
    "",
    ...budgets.filter(([, , ok]) => !ok).map(([b]) => `- **${b}**: ${whyNotMet[b] ?? "not explained yet."}`),
    "",
    "## Throughput and latency",
    "",
    "The ceiling is a 329-byte static file served by the same process in the same run (express.static, which",
    "looks the file up on disk for every request). Catalogue pages and calls come from the in-process catalogue",
    "cache, already compressed, so they outrun it. Signed in, a catalogue page is the cache's template of it with",
    "the customer's header put in (the session and cart count kept in memory on the embedded database, one database call on PostgreSQL; decisions 0029 and 0030); the",
    "personal pages (cart, delivery, order summary, dashboard) are rendered for their customer every time.",
    "",
    ...loadTable(r.load),
    "",
    ...(r.loadPostgres
      ? [
          `### The same on PostgreSQL ${r.loadPostgres.version} (same machine, one shop process)`,
          "",
          "Pages only (the product calls are the same cache as on the embedded database).",
          "",
          ...loadTable(r.loadPostgres.load),
          "",
        ]
      : ["PostgreSQL not measured: set `BENCH_POSTGRES_URL` to measure the pages on it too.", ""]),
    ...(r.slowNetwork ? ["## A product page on a slow phone network", "", ...slowNetworkSection(r.slowNetwork), ""] : []),
    "## Signed-in pages: where the time goes",
    "",
    "Each signed-in page asked 100 times in a row of a shop started with `SERVER_TIMING=on`; the mean of what its",
    "`Server-Timing` header reports (server/timing.ts), in ms. `session` is inside `root`; `app` is the whole answer",
    "until its headers went out; compression (gzip level 6 of the page, as the compression middleware does it) is",
    "measured by the bench on the same bytes (catalogue pages have none: their gzip is made with the template).",
    "",
    ...breakdownTable(r.breakdown, "embedded database"),
    ...(r.loadPostgres?.breakdown ? ["", ...breakdownTable(r.loadPostgres.breakdown, `PostgreSQL ${r.loadPostgres.version}`)] : []),
    "",
    "By hand, before and after this issue's changes:",
    "",
    "Measured by hand on this machine on 2026-11-25 (production build, embedded database, 20 connections, one page at a time;",
    "`node bench/profile-pages.mjs` with `PROFILE=1` for a CPU profile and `COUNT=1` for the statements sent).",
    "",
    "| | before (every signed-in page rendered) | now |",
    "|---|---|---|",
    "| `/productdetail/18` signed in | 80 req/s (visitor 2,127 in the same run) | 914 req/s (visitor 4,020) |",
    "| statements per signed-in catalogue page | 3 for the header (categories, session, cart count) plus the route's | 1 (`customer_session`: session and count) |",
    "| statements per `/cartpage` | 5 (categories, session, cart count, session again, cart lines) | 3 (categories, session with count, cart lines) |",
    "| CPU of a signed-in product page | the embedded database 31%, React Router 13%, Drizzle 6%, React's render 7%, garbage collection 8%, Node's HTTP and compression 16% | the embedded database 42% (one call), filling the template 13% (of which the gzip CRC 1%), compression middleware passing it through 10%, garbage collection 6% |",
    "| one `customer_session` call (3,000 in a row) | 747 µs as a statement (planned every time), 291 µs for the session alone | 273 µs (PL/pgSQL keeps the plan); `select 1` is 92 µs |",
    "",
    "Personal pages: a single signed-in `/cartpage` takes 10-15 ms, as does an uncached visitor page such as `/contactus`",
    "(13 ms): the cost is the React Router render, not the session.",
    "",
    "## Lighthouse (mobile, default simulated throttling)",
    "",
    `Each page measured ${LIGHTHOUSE_RUNS} times; the run with the median score is shown, with the TBT of every run.`,
    "",
    "| page | score | LCP s | TBT ms | TBT of the runs, ms | CLS | FCP s | JS KB | HTML KB | total KB |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...r.lighthouse.map(
      (l) =>
        `| ${l.name} (\`${l.url}\`) | ${l.score} | ${fmt(l.lcpMs / 1000, 2)} | ${fmt(l.tbtMs)} | ${l.tbtAllMs.map((ms) => (ms === null ? "none (the run failed)" : fmt(ms))).join(", ")} | ${fmt(l.cls, 3)} | ${fmt(l.fcpMs / 1000, 2)} | ${fmt(l.jsKb, 1)} | ${fmt(l.htmlKb, 1)} | ${fmt(l.totalKb, 1)} |`,
    ),
    "",
    "KB are bytes transferred (compressed), 1 KB = 1,024 bytes.",
    ...r.lighthouse.flatMap((l) => l.warnings.map((w) => `- ${l.name}: Lighthouse warned: ${w}`)),
    "",
    "## Search (single requests to `get_products_by_name.php`, 10 terms in turn, each address new so the cache never answers)",
    "",
    "| products | requests | p50 ms | p95 ms |",
    "|---|---|---|---|",
    `| 100 | ${r.search100.count} | ${fmt(r.search100.p50, 1)} | ${fmt(r.search100.p95, 1)} |`,
    `| ${fmt(BIG_CATALOGUE)} | ${r.searchBig.count} | ${fmt(r.searchBig.p50, 1)} | ${fmt(r.searchBig.p95, 1)} |`,
    ...(r.searchBigPostgres
      ? [
          `| ${fmt(BIG_CATALOGUE)} on PostgreSQL ${r.searchBigPostgres.version} (same machine) | ${r.searchBigPostgres.count} | ${fmt(r.searchBigPostgres.p50, 1)} | ${fmt(r.searchBigPostgres.p95, 1)} |`,
        ]
      : []),
    "",
    `Median per term at ${fmt(BIG_CATALOGUE)} products: ${r.searchBig.medians.map((m) => `${m.term} ${fmt(m.p50, 1)} ms`).join(", ")}.`,
    ...(r.searchBigPostgres
      ? ["", `The same on PostgreSQL: ${r.searchBigPostgres.medians.map((m) => `${m.term} ${fmt(m.p50, 1)} ms`).join(", ")}.`]
      : ["", "PostgreSQL not measured: set `BENCH_POSTGRES_URL` (a server where the user may create databases) to add it."]),
    "",
    "## Memory and start-up",
    "",
    `- RSS idle (after start and one request per target): ${fmt(r.rssIdleMb)} MB; peak under load: ${fmt(r.rssLoadMb)} MB.`,
    `- Cold start on the existing database (spawn until the first answer): ${r.coldStartsMs.map((ms) => `${fmt(ms)} ms`).join(", ")}.`,
    `- First start with seeding (migrations, catalogue, every picture made from its shipped copy): ${fmt(r.firstStartMs / 1000, 1)} s.`,
    `- The process that did the first start (the seeding ran in a child process that exited): RSS idle ${fmt(r.firstStartRssIdleMb)} MB; peak under load (each public target at 50 connections, ${LOAD_SECONDS} s each): ${fmt(r.firstStartRssLoadMb)} MB.`,
    `- Growing a database to ${fmt(BIG_CATALOGUE)} products (\`npm run db:seed -- --products ${BIG_CATALOGUE}\`, pictures already drawn): ${fmt(r.bigSeedMs / 1000, 1)} s; cold start on it: ${fmt(r.bigColdStartMs)} ms.`,
    "",
    "Reproduce: `npm install && npm run bench` (Chromium at /usr/bin/chromium or CHROME_PATH).",
    "",
  ];
  return lines.join("\n");
}

// `npm run soak`: five minutes of mixed shopping traffic at 50 connections on the production build
// (embedded database, built-in test gateway): browsing, search, signing in, cart changes and paid
// checkouts. Reports errors and the server's memory over time, in bench/SOAK.md; fails when any
// request failed or memory grew more than 20% after the warm-up. Not part of `npm test`.
//   SOAK_SECONDS (300), SOAK_CONNECTIONS (50), SOAK_WARMUP_SECONDS (60) change the run.
import { execFileSync, execSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, rssMb, shopEnv, sleep, startShop, stopShop } from "./shop-server.mjs";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 60);
const MAX_GROWTH = 0.2;
const SAMPLE_MS = 5_000;
/** A shopper pays at most once a minute: the shop allows 20 payment starts per 15 minutes. */
const CHECKOUT_EVERY_MS = 60_000;
const PASSWORD = "Soak-pass-2026";
const TEST_CARD_SUCCESS = "4084084084084081";
const TERMS = ["pillow", "mattress", "matress", "foot mat", "solar", "bedsheet", "orthopedic", "6x4", "duvet", "zzqxj"];

const started = Date.now();
const say = (...args) => console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s]`, ...args);

/** One shopper's session: a connection's worth of requests, one after another. */
class Shopper {
  constructor(base, account, products, stats) {
    Object.assign(this, { base, account, products, stats, lastCheckout: Date.now() - Math.random() * CHECKOUT_EVERY_MS });
  }

  async request(action, path, { method = "GET", body, auth = false, ok = [200] } = {}) {
    const headers = { "accept-encoding": "br, gzip" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (auth) headers.authorization = `Bearer ${this.account.token}`;
    const t0 = performance.now();
    let status = 0;
    let json;
    try {
      const res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      status = res.status;
      const text = await res.text();
      json = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
    } catch (error) {
      this.stats.fail(action, `network: ${error.cause?.code ?? error.message}`);
      return undefined;
    }
    this.stats.record(action, performance.now() - t0);
    if (!ok.includes(status)) {
      this.stats.fail(action, `${status} ${path.split("?")[0]}${json?.error ? `: ${json.error}` : ""}`);
      return undefined;
    }
    return { status, json };
  }

  pick = (list) => list[Math.floor(Math.random() * list.length)];

  async step() {
    if (Date.now() - this.lastCheckout > CHECKOUT_EVERY_MS) return this.checkout();
    const r = Math.random();
    const id = this.pick(this.products).id;
    const user = this.account.id;
    if (r < 0.3) {
      const page = this.pick([
        "/",
        "/productlistpage/Eco%20Foam",
        `/productdetail/${id}`,
        "/productdetail2/1",
        `/searchresultpage?searchTerm=${encodeURIComponent(this.pick(TERMS))}`,
      ]);
      return this.request("page", page);
    }
    if (r < 0.45)
      return this.request(
        "product call",
        this.pick([`/api/get_product_by_id.php?productId=${id}`, "/api/get_products_by_category.php?category=Pillows"]),
      );
    if (r < 0.6)
      return this.request("search call", `/api/get_products_by_name.php?searchTerm=${encodeURIComponent(this.pick(TERMS))}&n=${Math.random()}`);
    if (r < 0.75) return this.request("cart call", `/api/api4users/get_user_cart.php?user_id=${user}`, { auth: true });
    if (r < 0.9) {
      // A change of mind: in and out again, so carts stay small and stock is only sold at checkout.
      await this.request("add to cart", "/api/api4users/add_to_cart.php", {
        method: "POST",
        auth: true,
        body: { user_id: user, product_id: id, size: "" },
        ok: [200, 201, 409],
      });
      return this.request("remove from cart", "/api/api4users/decrease_quantity.php", {
        method: "POST",
        auth: true,
        body: { user_id: user, product_id: id, size: "" },
        ok: [200, 404],
      });
    }
    if (r < 0.95) return this.signIn();
    return this.request("static", "/favicon.svg");
  }

  async signIn() {
    const res = await this.request("sign in", "/api/api4users/user_login.php", {
      method: "POST",
      body: { email: this.account.email, password: PASSWORD },
    });
    if (res) this.account.token = res.json.token;
  }

  async checkout() {
    this.lastCheckout = Date.now();
    const user = this.account.id;
    await this.request("checkout", "/api/api4users/delete_cart_items.php", { method: "POST", auth: true, body: { user_id: user } });
    const item = this.pick(this.products);
    await this.request("checkout", "/api/api4users/add_to_cart.php", {
      method: "POST",
      auth: true,
      body: { user_id: user, product_id: item.id, size: "" },
      ok: [200, 201, 409],
    });
    const delivery = {
      firstName: "Ngozi",
      lastName: "Soak",
      phone: "08012345678",
      confirmPhone: "08012345678",
      email: this.account.email,
      address: "5 Adeola Odeku Street",
      state: "Lagos",
      city: "Ikeja",
    };
    // 409: that product sold out meanwhile, a shop's normal answer.
    const opened = await this.request("checkout", "/api/api4users/initialize_payment.php", {
      method: "POST",
      auth: true,
      body: { user_id: user, ...delivery },
      ok: [201, 409],
    });
    if (opened?.status !== 201) return;
    const charged = await this.request("checkout", "/api/test-gateway/charge", {
      method: "POST",
      body: { access_code: opened.json.access_code, card_number: TEST_CARD_SUCCESS },
    });
    if (!charged) return;
    const placed = await this.request("checkout", "/api/api4users/create_order.php", {
      method: "POST",
      auth: true,
      body: { userId: user, transactionRef: opened.json.reference },
      ok: [201],
    });
    if (placed) this.stats.orders++;
  }
}

class Stats {
  actions = new Map();
  errors = new Map();
  orders = 0;
  record(action, ms) {
    const a = this.actions.get(action) ?? { count: 0, ms: [] };
    a.count++;
    if (a.ms.length < 50_000) a.ms.push(ms);
    this.actions.set(action, a);
  }
  fail(action, what) {
    const key = `${action}: ${what}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }
  get errorCount() {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
  get requestCount() {
    return [...this.actions.values()].reduce((a, b) => a + b.count, 0);
  }
}

const fmt = (n, digits = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

say("Building the shop...");
execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });
const work = mkdtempSync(path.join(os.tmpdir(), "shop-soak-"));
const port = await freePort();
// Demo mode: the built-in test gateway takes the payments (a real shop refuses them without keys).
const env = shopEnv(port, path.join(work, "data"), { SHOP_DEMO: "on", LOG_LEVEL: "info" });
let shop;
try {
  say("First start (seeds the catalogue)...");
  shop = await startShop(env);
  await stopShop(shop);
  const emails = Array.from({ length: CONNECTIONS }, (_, i) => `soak.${i}@foamshop.test`);
  execFileSync("npx", ["tsx", "bench/customer.ts", PASSWORD, ...emails], { env, stdio: "inherit" });
  shop = await startShop(env);

  const stats = new Stats();
  const catalogue = await (await fetch(`${shop.base}/api/get_products_by_category.php?category=Pillows`)).json();
  const more = await (await fetch(`${shop.base}/api/get_products_by_category.php?category=Eco%20Foam`)).json();
  const products = [...catalogue.products, ...more.products].map((p) => ({ id: Number(p.id) }));
  const shoppers = [];
  for (const email of emails) {
    const res = await fetch(`${shop.base}/api/api4users/user_login.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${email} could not sign in: ${JSON.stringify(body)}`);
    shoppers.push(new Shopper(shop.base, { id: body.user.id, email, token: body.token }, products, stats));
  }

  say(`Traffic: ${CONNECTIONS} shoppers for ${SECONDS} s (warm-up ${WARMUP_SECONDS} s)...`);
  const samples = [];
  const trafficStart = Date.now();
  const sampler = setInterval(() => {
    const t = (Date.now() - trafficStart) / 1000;
    samples.push({ t, rssMb: rssMb(shop.child.pid), requests: stats.requestCount, errors: stats.errorCount });
    if (samples.length % 6 === 0)
      say(
        `${fmt(t)} s: RSS ${fmt(samples.at(-1).rssMb)} MB, ${fmt(stats.requestCount)} requests, ${stats.errorCount} errors, ${stats.orders} orders`,
      );
  }, SAMPLE_MS);
  const deadline = trafficStart + SECONDS * 1000;
  await Promise.all(
    shoppers.map(async (s) => {
      while (Date.now() < deadline) await s.step();
    }),
  );
  clearInterval(sampler);
  const elapsed = (Date.now() - trafficStart) / 1000;

  const baselineSamples = samples.filter((s) => s.t > WARMUP_SECONDS && s.t <= WARMUP_SECONDS + 30);
  const finalSamples = samples.filter((s) => s.t > elapsed - 30);
  const baseline = mean(baselineSamples.map((s) => s.rssMb));
  const final = mean(finalSamples.map((s) => s.rssMb));
  const peakAfterWarmup = Math.max(...samples.filter((s) => s.t > WARMUP_SECONDS).map((s) => s.rssMb));
  const growth = final / baseline - 1;
  const ok = stats.errorCount === 0 && growth <= MAX_GROWTH;

  const lines = [
    "# Soak results",
    "",
    `Measured by \`npm run soak\` (scripts/soak.mjs) on ${new Date().toISOString().slice(0, 10)}: ${CONNECTIONS} shoppers for ${fmt(elapsed)} s on the production build, embedded database, built-in test gateway, request log on (info).`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    "",
    `**${ok ? "Passed" : "Failed"}**: ${fmt(stats.requestCount)} requests (${fmt(stats.requestCount / elapsed)} a second), **${stats.errorCount} errors**, ${stats.orders} paid orders; RSS ${fmt(baseline)} MB after the ${WARMUP_SECONDS} s warm-up, ${fmt(final)} MB over the last 30 s: **${growth >= 0 ? "+" : ""}${fmt(growth * 100, 1)}%** (limit +${MAX_GROWTH * 100}%), peak ${fmt(peakAfterWarmup)} MB.`,
    "",
    "| action | requests | p50 ms | p99 ms |",
    "|---|---|---|---|",
    ...[...stats.actions].map(([name, a]) => {
      const sorted = a.ms.sort((x, y) => x - y);
      return `| ${name} | ${fmt(a.count)} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} |`;
    }),
    "",
    stats.errorCount ? "Errors:\n\n" + [...stats.errors].map(([k, n]) => `- ${k}: ${n}`).join("\n") : "No request failed.",
    "",
    "Memory and traffic over time (every 30 s):",
    "",
    "| time s | RSS MB | requests so far | errors so far |",
    "|---|---|---|---|",
    ...samples.filter((_, i) => (i + 1) % 6 === 0).map((s) => `| ${fmt(s.t)} | ${fmt(s.rssMb)} | ${fmt(s.requests)} | ${s.errors} |`),
    "",
  ];
  writeFileSync("bench/SOAK.md", lines.join("\n"));
  say(`Wrote bench/SOAK.md: ${ok ? "passed" : "FAILED"} (${stats.errorCount} errors, memory ${growth >= 0 ? "+" : ""}${fmt(growth * 100, 1)}%).`);
  if (!ok) process.exitCode = 1;
} finally {
  if (shop) await stopShop(shop).catch(() => {});
  await sleep(100);
  rmSync(work, { recursive: true, force: true, maxRetries: 5 });
}

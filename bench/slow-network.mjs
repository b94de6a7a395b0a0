// A product page opened from a link on a slow phone network (issue 30): Chromium's own network
// emulation (DevTools protocol, Network.emulateNetworkConditions) at "Fast 3G" (1.6 Mbps down,
// 150 ms round trip) and "Slow 3G" (400 kbps, 400 ms), at 375 px. For each: the first visit (an
// empty browser) and a repeat visit (the same browser, a day's caches and the service worker in
// place), as the time until the product's picture is drawn and its price shown, and the bytes the
// visit moved (every response, the service worker's too, as sent: compressed), with and without
// data saver (Save-Data: on, navigator.connection.saveData).
//
//   node bench/slow-network.mjs            # its own shop (built, embedded database, seeded)
//   BASE_URL=http://127.0.0.1:3000 node bench/slow-network.mjs   # a shop already running
//
// Writes bench/SLOW-NETWORK.md; `npm run bench` measures the same (slowNetwork) into bench/RESULTS.md.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, testChromiumPath } from "../scripts/chromium.mjs";
import { freePort, shopEnv, startShop, stopShop } from "../scripts/shop-server.mjs";

const PRODUCT = "/productdetail/18";
const RUNS = Number(process.env.SLOW_NETWORK_RUNS ?? 3);
const NETWORKS = [
  { name: "Fast 3G", downKbps: 1600, upKbps: 750, rttMs: 150 },
  { name: "Slow 3G", downKbps: 400, upKbps: 400, rttMs: 400 },
];
const BUDGET = { firstFast3gMs: 2500, repeatMs: 1000 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** DevTools' network conditions for `network`. */
const conditions = (network) => ({
  offline: false,
  latency: network.rttMs,
  downloadThroughput: (network.downKbps * 1000) / 8,
  uploadThroughput: (network.upKbps * 1000) / 8,
});

/**
 * The same network for the service workers running now: a controlled page's requests are the
 * worker's, which the page's emulation does not slow (the repeat visit took 114 ms instead of
 * 645 ms on Slow 3G without this). Playwright opens no session on a worker, so the browser's own
 * session attaches to it and sends it the commands (the DevTools protocol's Target domain).
 */
async function throttleServiceWorkers(browser, network) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  let id = 0;
  for (const worker of targetInfos.filter((t) => t.type === "service_worker")) {
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId: worker.targetId, flatten: false });
    for (const [method, params] of [
      ["Network.enable", {}],
      ["Network.emulateNetworkConditions", conditions(network)],
    ])
      await cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  }
  return cdp;
}

/** One visit: the page opened as from a link; ms until picture and price, and the bytes moved until the network is quiet. */
async function visit(context, network, saveData) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", conditions(network));
  if (saveData) await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: true });
  let bytes = 0;
  const count = (request) =>
    request
      .sizes()
      .then((s) => (bytes += s.responseBodySize + s.responseHeadersSize))
      .catch(() => {});
  context.on("requestfinished", count);
  try {
    await page.goto(PRODUCT, { waitUntil: "commit" });
    // Measured in the page, from its navigation's start: the main picture drawn and the price shown.
    const ms = await page.waitForFunction(
      () => {
        const img = document.querySelector("main img[fetchpriority=high]") ?? document.querySelector("main img");
        const price = document.querySelector("[data-testid=price]");
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0 && price?.textContent?.includes("₦") ? performance.now() : 0;
      },
      null,
      { polling: "raf", timeout: 60_000 },
    );
    const shown = Math.round(await ms.jsonValue());
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    return { ms: shown, bytes };
  } finally {
    context.off("requestfinished", count);
    await page.close();
  }
}

/** First and repeat visit for one network and data-saver setting, RUNS times, each in a fresh browser profile. */
async function measure(browser, base, network, saveData) {
  const first = [];
  const repeat = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
      extraHTTPHeaders: saveData ? { "Save-Data": "on" } : {},
    });
    try {
      first.push(await visit(context, network, saveData));
      // The service worker the first visit installed is in charge before the link is opened again,
      // on the same network.
      await context.newPage().then(async (p) => {
        await p.goto("/robots.txt");
        await p.evaluate(() => navigator.serviceWorker?.ready);
        await p.close();
      });
      const workers = await throttleServiceWorkers(browser, network);
      repeat.push(await visit(context, network, saveData));
      await workers.detach();
    } finally {
      await context.close();
    }
  }
  return {
    network: network.name,
    saveData,
    firstMs: median(first.map((v) => v.ms)),
    firstKb: median(first.map((v) => v.bytes)) / 1024,
    repeatMs: median(repeat.map((v) => v.ms)),
    repeatKb: median(repeat.map((v) => v.bytes)) / 1024,
  };
}

export async function slowNetwork(base) {
  const browser = await chromium.launch({ executablePath: testChromiumPath, args: chromiumArgs });
  try {
    const rows = [];
    for (const network of NETWORKS) for (const saveData of [false, true]) rows.push(await measure(browser, base, network, saveData));
    return rows;
  } finally {
    await browser.close();
  }
}

const fmt = (n, d = 0) => n.toLocaleString("en", { minimumFractionDigits: d, maximumFractionDigits: d });

/** The budgets: [budget, measured, met]. */
export function slowNetworkBudgets(rows) {
  const fast = rows.filter((r) => r.network === "Fast 3G" && !r.saveData);
  return [
    ["Product page, first visit on Fast 3G <= 2.5 s", `${fmt(Math.max(...fast.map((r) => r.firstMs)))} ms`, fast.every((r) => r.firstMs <= BUDGET.firstFast3gMs)],
    ["Product page, repeat visit <= 1 s on Fast and Slow 3G", `highest ${fmt(Math.max(...rows.map((r) => r.repeatMs)))} ms`, rows.every((r) => r.repeatMs <= BUDGET.repeatMs)],
  ];
}

/** How the figures were taken, and the table of them (Markdown lines). */
export function slowNetworkSection(rows) {
  return [
    `\`${PRODUCT}\` opened as from a link, in Debian's Chromium at 375 px (2x), its network emulated over the DevTools`,
    "protocol: first in an empty browser, then again in the same one (its HTTP cache and the shop's service worker in",
    "place, the worker's own requests on the same emulated network). \"Shown\" is the time from the navigation's start",
    "until the product's picture is drawn and its price is on screen; \"moved\" is every response's bytes as sent",
    "(compressed), the service worker's too (on a first visit, its precache of the app shell). Each target gets the",
    "emulated bandwidth to itself, as DevTools gives it.",
    `Data saver: \`Save-Data: on\` and \`navigator.connection.saveData\` (decision 0066). Median of ${RUNS} runs,`,
    "each in a fresh browser profile; the shop on the same machine (its 2 cores shared with Chromium).",
    "",
    "| network | data saver | first visit: shown | first visit: moved | repeat visit: shown | repeat visit: moved |",
    "|---|---|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.network} | ${r.saveData ? "on" : "off"} | ${fmt(r.firstMs)} ms | ${fmt(r.firstKb, 1)} KB | ${fmt(r.repeatMs)} ms | ${fmt(r.repeatKb, 1)} KB |`,
    ),
  ];
}

function slowNetworkReport(rows, when = new Date()) {
  return [
    "# A product page on a slow phone network",
    "",
    `Measured ${when.toISOString().slice(0, 16).replace("T", " ")} UTC on this machine (${os.cpus().length} cores) by \`node bench/slow-network.mjs\``,
    "(the production build on the embedded database, started by the script). `npm run bench` measures the same into bench/RESULTS.md.",
    "",
    "| budget | measured | |",
    "|---|---|---|",
    ...slowNetworkBudgets(rows).map(([name, value, ok]) => `| ${name} | ${value} | ${ok ? "met" : "**not met**"} |`),
    "",
    ...slowNetworkSection(rows),
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let shop;
  let dataDir;
  let base = process.env.BASE_URL;
  if (!base) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-slow-network-"));
    const port = await freePort();
    shop = await startShop(shopEnv(port, dataDir));
    base = shop.base;
  }
  try {
    const rows = await slowNetwork(base);
    const report = slowNetworkReport(rows);
    writeFileSync("bench/SLOW-NETWORK.md", report);
    console.log(report);
  } finally {
    if (shop) await stopShop(shop);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

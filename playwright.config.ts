import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, testChromiumPath as executablePath } from "./scripts/chromium.mjs";
import { defaultPictureCacheDir } from "./scripts/picture-cache.mjs";
import { freePort, startArgs } from "./scripts/shop-server.mjs";

// Browser tests (`npm run test:e2e`, `npm run test:e2e -- tests/e2e/checkout.spec.ts`, `-- -g Pay`)
// in Debian's Chromium, against the built shop: Playwright's webServer uses the build `npm test`
// made before the Vitest run (and builds it only when it is missing or older than the source:
// scripts/current-build.mjs), makes its first admin with the command a real owner uses, and
// serves it as `npm start` does (tests/e2e/serve.mjs: the same, with the test harness's costs), on
// a fresh embedded database in demo mode (the test gateway and the dev mailbox).
// tests/e2e/global-setup.ts then checks the first-start server's memory (issue 15),
// global-teardown.ts prints it after the tests and fails the run if the check failed. Decisions:
// docs/decisions/0025-fast-browser-tests.md, 0048-test-suite-budget.md.
//
// This file is read by the runner and again by every worker: what one run shares (its port,
// folder, admin) is decided once, by the runner, and handed to the workers in the environment.

if (!existsSync(executablePath)) {
  const line = "!".repeat(72);
  console.error(
    `\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium at ${executablePath}.\n!! Install it (apt-get install -y chromium-headless-shell) or set CHROME_PATH.\n${line}\n`,
  );
  process.exit(process.env.CI ? 1 : 0);
}

/** A shop already running (E2E_BASE_URL, e.g. a demo started by hand): no server of our own, no memory check. */
const externalShop = process.env.E2E_BASE_URL;

/** The shop's first admin, made with `npm run admin:create`'s command (the fixtures' `owner`). */
const owner = { email: "owner@foamshop.test", name: "Ngozi Owner", phone: "2348031234567", password: "Owner-pass-2026" };

if (!externalShop && !process.env.E2E_PORT) {
  // The runner's first reading of this file.
  process.env.E2E_PORT = String(await freePort());
  const runDir = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  process.env.E2E_RUN_DIR = runDir;
  process.on("exit", () => rmSync(runDir, { recursive: true, force: true }));
  mkdirSync("test-results", { recursive: true }); // for the server's log
  // The first start makes the pictures its cache lacks, here one in eight of the shared cache:
  // from the copies the repository ships (decision 0071), or drawn when the artwork changed since.
  // Enough for the memory that making pictures leaves behind to show in the memory check.
  const pictures = path.join(runDir, "pictures");
  mkdirSync(pictures);
  const shared = process.env.PICTURE_CACHE_DIR || defaultPictureCacheDir();
  if (shared !== "off" && existsSync(shared)) {
    cpSync(shared, pictures, { recursive: true });
    const drawings = readdirSync(pictures)
      .filter((f) => f.endsWith(".json"))
      .sort();
    for (const [i, f] of drawings.entries()) if (i % 8 === 0) rmSync(path.join(pictures, f));
  }
  Object.assign(process.env, {
    E2E_ADMIN_EMAIL: owner.email,
    E2E_ADMIN_NAME: owner.name,
    E2E_ADMIN_PASSWORD: owner.password,
    // Never resolves: the tests that open the chat serve the script themselves.
    E2E_LIVE_CHAT_SCRIPT_URL: "https://chat.example.test/widget.js",
  });
}

/** `npm start`'s Node flags, with the browser tests' entry (tests/e2e/serve.mjs) for scripts/start.mjs. */
const serveArgs = startArgs.map((arg) => (arg === "scripts/start.mjs" ? "tests/e2e/serve.mjs" : arg));
if (!serveArgs.includes("tests/e2e/serve.mjs"))
  throw new Error(`npm start no longer runs scripts/start.mjs (${startArgs.join(" ")}): update tests/e2e/serve.mjs.`);

/**
 * Flows whose outcome no width changes, run once, at 375 px (decision 0048): ways to pay and
 * back-office tools. Their pages' layout is still checked at both widths: every back-office page,
 * the order's page, invoice and packing slip by admin-frame.spec.ts; the purchase, its payment
 * window and messages by checkout.spec.ts and hit-test.spec.ts; the product page by storefront.spec.ts.
 */
const ONE_WIDTH_FLOWS = [
  "paystack-card.spec.ts",
  "payment-channels.spec.ts",
  "payment-settings.spec.ts",
  "admin-order-tools.spec.ts",
  "reports.spec.ts",
  "reviews.spec.ts",
  "customers.spec.ts",
  "staff.spec.ts",
  "product-csv.spec.ts",
  "product-tools.spec.ts",
  "admin-catalog.spec.ts",
  "shop-health.spec.ts",
];

const baseURL = externalShop ?? `http://127.0.0.1:${process.env.E2E_PORT}`;
const runDir = process.env.E2E_RUN_DIR ?? "";
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // Measured on this 2-core machine (decision 0048, 2026-11-27): 3 workers keep both cores busy
  // while tests wait on the shop, the test gateway and the mailbox (4.5% idle; 4:55 against 5:36
  // with 2 workers, the suite otherwise the same).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: "list",
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  webServer: externalShop
    ? undefined
    : {
        command: [
          "node scripts/current-build.mjs",
          `ADMIN_PASSWORD=${quote(owner.password)} node scripts/commands.mjs admin-cli --email ${quote(owner.email)} --name ${quote(owner.name)} --phone ${owner.phone}`,
          // Started as `npm start` starts it (its Node flags too), with the harness's costs: the
          // process measured is the real one. Its log (a line a request) goes to a file, to read
          // when a test fails.
          `exec ${quote(process.execPath)} ${serveArgs.map(quote).join(" ")} > test-results/e2e-server.log`,
        ].join(" && "),
        url: `${baseURL}/robots.txt`,
        reuseExistingServer: false,
        // A new machine's first start draws every picture.
        timeout: 300_000,
        gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
        stdout: "ignore",
        stderr: "pipe",
        env: {
          ...(process.env as Record<string, string>),
          PORT: process.env.E2E_PORT!,
          PUBLIC_URL: baseURL,
          DATA_DIR: path.join(runDir, "data"),
          DATABASE_URL: "",
          SMTP_URL: "",
          // PUBLIC_URL alone would turn demo mode off: the browser tests pay with the test gateway.
          SHOP_DEMO: "on",
          LIVE_CHAT_SCRIPT_URL: process.env.E2E_LIVE_CHAT_SCRIPT_URL!,
          PICTURE_CACHE_DIR: path.join(runDir, "pictures"),
        },
      },
  use: {
    baseURL,
    // No trace: recording one for every test (to keep those that fail) cost 10-17% of the run's
    // time here. To look into a failure: `npm run test:e2e -- <file> --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    // The shop's service worker (issue 30) answers navigations itself, where page.route() cannot see
    // them: every test but those of the installable shop (offline.spec.ts) runs without it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: chromiumArgs,
    },
  },
  // Tests of what a person sees run at both widths. Tests tagged @one-width check what no layout
  // changes (HTTP answers, redirects, head tags, the content policy, server-side rules), and the
  // files of ONE_WIDTH_FLOWS are flows whose outcome no width changes: they run once, at the
  // phone's width, where most of the shop's customers are.
  projects: [
    { name: "phone", grepInvert: /@desktop-only/, use: { viewport: { width: 375, height: 812 }, hasTouch: true } },
    {
      name: "desktop",
      grepInvert: /@phone-only|@one-width/,
      testIgnore: ONE_WIDTH_FLOWS.map((file) => `**/${file}`),
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
});

import { defineConfig } from "@playwright/test";

// Browser tests run against the built shop, started by scripts/e2e.mjs on a fresh embedded
// database, in Debian's Chromium (no downloaded browser).
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3100";
const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "phone", grepInvert: /@desktop-only/, use: { viewport: { width: 375, height: 812 }, hasTouch: true } },
    { name: "desktop", grepInvert: /@phone-only/, use: { viewport: { width: 1280, height: 800 } } },
  ],
});

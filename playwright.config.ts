import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath as executablePath } from "./scripts/chromium.mjs";

// Browser tests run against the built shop, started by scripts/e2e.mjs on a fresh embedded
// database, in Debian's Chromium (no downloaded browser).
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3100";

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
      args: chromiumArgs,
    },
  },
  projects: [
    { name: "phone", grepInvert: /@desktop-only/, use: { viewport: { width: 375, height: 812 }, hasTouch: true } },
    { name: "desktop", grepInvert: /@phone-only/, use: { viewport: { width: 1280, height: 800 } } },
  ],
});

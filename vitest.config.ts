import { defineConfig } from "vitest/config";

// Unit tests sit next to the code; integration tests live in tests/. Browser tests run
// with Playwright (tests/e2e), not here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,server,common}/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

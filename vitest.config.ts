import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit tests sit next to the code; integration tests live in tests/. Browser tests run
// with Playwright (tests/e2e), not here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,server,common}/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // Many files wait on child processes and sockets: two at a time even on two cores (the
    // default, one fewer than the cores, ran this suite in 226 s instead of 151 s here).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

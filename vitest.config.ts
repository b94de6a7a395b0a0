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
    // Every Vite server a page test starts (tests/support/pages.ts) regenerates React Router's
    // route types into .react-router/types, deleting the folder first: two test files starting
    // one at once can delete it under each other's writes. Those types matter only to the type
    // check (`npm run typecheck` makes its own); that one failure is not the tests'.
    onUnhandledError: (error) => !isRouteTypegenRace(error),
    hookTimeout: 120_000,
  },
});

function isRouteTypegenRace(error: object): boolean {
  const { code, path } = error as { code?: unknown; path?: unknown };
  return code === "ENOENT" && typeof path === "string" && path.includes("/.react-router/types/");
}

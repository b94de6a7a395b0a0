import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/support/sequencer";

// Two projects (decision 0048):
// - unit: the tests beside the code, and those in tests/ outside tests/api. No database: they
//   cannot open one (tests/support/db.ts refuses), so they run once, on no engine.
// - db: tests/api, the integration tests over HTTP and the database, and tests/deploy, the
//   deployment recipe and its rehearsal (PostgreSQL only), on the engine of the run:
//   an in-memory PGlite, or PostgreSQL with DATABASE_URL (CI's second pass runs only this
//   project: `npx vitest run --project db`). A new database test goes here, and so into both.
// Browser tests run with Playwright (tests/e2e), not here.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    exclude: ["tests/e2e/**", "node_modules/**"],
    setupFiles: ["tests/support/setup.ts"],
    // Many files wait on child processes and sockets: two at a time even on two cores (the
    // default, one fewer than the cores, ran this suite in 226 s instead of 151 s here).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    // The slowest files first, also on a fresh clone with no timings (tests/support/sequencer.ts).
    sequence: { sequencer: SlowestFirstSequencer },
    hookTimeout: 120_000,
    // A worker loads the shop's modules (and the built server of the page tests) once, not once
    // per file: 139 s instead of 194 s for the db project here, 17 s instead of 25 s for unit.
    // Nothing a test file relies on lives in module state between files: each file has its own
    // database and servers (tests/support/use-shop.ts), and spies are restored after each test.
    isolate: false,
    // The page tests load the built server (tests/support/pages.ts) as Node loads it, not
    // through Vitest's transform: one copy, as `npm start` runs it.
    server: { deps: { external: [/\/build\/server\//] } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,server,common}/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
          exclude: ["tests/api/**", "tests/deploy/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/api/**/*.test.ts", "tests/deploy/**/*.test.ts"],
          // The run's template database, and the build when a page test will use it.
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-db.ts"],
        },
      },
    ],
  },
});

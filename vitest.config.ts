import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The order Vitest starts test files in (decision 0048). Vitest runs the longest first once it
// has timed them, but a fresh clone (CI) has no timings: it started by size, and a long file left
// till last kept one worker busy alone at the end (the deployment rehearsal, 104 s on PostgreSQL,
// started last there and kept the pass a minute longer). These files are the slowest measured here
// (per-file durations of `npx vitest run`, on PGlite and in CI's PostgreSQL pass), ordered by the
// longer of the two: they start first, each on the first free worker, and the rest follow as
// Vitest orders them. A file missing from the list costs only its own place; a file that one
// engine skips (the rehearsal on PGlite) costs nothing there.
const SLOWEST_FIRST = [
  "tests/deploy/rehearsal.test.ts",
  "tests/api/release.test.ts",
  "tests/api/crash-safety.test.ts",
  "tests/api/backup.test.ts",
  "tests/api/hostile-input.test.ts",
  "tests/api/authorization.test.ts",
  "tests/api/scheduled-backups.test.ts",
  "tests/api/checkout.test.ts",
  "tests/api/jobs-two-processes.test.ts",
  "tests/api/modes.test.ts",
  "tests/api/long-values.test.ts",
  "tests/api/start-script.test.ts",
  "tests/api/unknown-intents.test.ts",
  "tests/api/staff.test.ts",
  "tests/api/two-processes.test.ts",
  "tests/lint-rules.test.ts",
];

const rank = (spec: TestSpecification) => {
  const at = SLOWEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at === -1 ? SLOWEST_FIRST.length : at;
};

class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: within the rest, Vitest's own order stays.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

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
    // The slowest files first, also on a fresh clone with no timings (SlowestFirstSequencer above).
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
        // JSX for React's production build (NODE_ENV below): its runtime has no jsxDEV.
        oxc: { jsx: { development: false } },
        test: {
          name: "db",
          include: ["tests/api/**/*.test.ts", "tests/deploy/**/*.test.ts"],
          // The shop's server code as `npm start` runs it (scripts/start.mjs): React's production
          // build, for the pages the built server renders and the mails, and JSX compiled for it.
          // React's development build, with its checks, stays for the unit project's components.
          // The development build cost 19 CPU-seconds more for the same tests here (decision 0048).
          env: { NODE_ENV: "production" },
          // The run's template database, and the build when a page test will use it.
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-db.ts"],
        },
      },
    ],
  },
});

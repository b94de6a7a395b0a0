// The tests that use the shop's build (the page tests in Vitest, tests/support/pages.ts; the
// browser tests, playwright.config.ts) never run a stale one: `npm test` builds once before both,
// and a run of its own (`npx vitest run tests/api/x.test.ts`, `npx playwright test x.spec.ts`)
// builds first when build/ is missing or older than the source (scripts/build-stamp.mjs), with
// `npm run build`'s own lock: a second runner waits for the first's build. Types: current-build.d.mts.
// `node scripts/current-build.mjs` does the same from a shell (Playwright's webServer).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildIsCurrent, readBuildStamp, ROOT } from "./build-stamp.mjs";

/** Makes sure build/ is the source's as it is now: builds (loudly) when it is not, and fails if it still is not. */
export async function ensureCurrentBuild() {
  if (buildIsCurrent()) return;
  const line = "=".repeat(72);
  const why = readBuildStamp() ? "is older than the source" : "is missing";
  console.error(`\n${line}\n== The shop's build ${why}: building it for the tests (npm run build).\n${line}\n`);
  const started = performance.now();
  // Its output to stderr: stdout may be a reporter's. --if-stale: of two runners, one builds.
  const built = spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: ROOT, stdio: ["ignore", process.stderr, process.stderr] });
  if (built.status !== 0) throw new Error("npm run build failed: the tests that need the build cannot run.");
  console.error(`== Built in ${Math.round((performance.now() - started) / 1000)} s.`);
  if (!buildIsCurrent()) throw new Error("The source changed while the shop was being built: the build is stale. Run the tests again.");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureCurrentBuild();

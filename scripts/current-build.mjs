// The tests that use the shop's build (the page tests in Vitest, tests/support/pages.ts; the
// browser tests, playwright.config.ts) never run a stale one: `npm test` builds once before both,
// and a run of its own (`npx vitest run tests/api/x.test.ts`, `npx playwright test x.spec.ts`)
// builds first when build/ is missing or older than the source (scripts/build-stamp.mjs). One
// build at a time: a second runner waits for the first's. Types: current-build.d.mts.
// `node scripts/current-build.mjs` does the same from a shell (Playwright's webServer).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildIsCurrent, readBuildStamp } from "./build-stamp.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LOCK = fileURLToPath(new URL("../node_modules/.cache/foam-shop-build.lock", import.meta.url));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the build lock, or returns false while another live process holds it. */
function tryLock() {
  try {
    mkdirSync(LOCK, { recursive: false });
  } catch {
    let holder = NaN;
    try {
      holder = Number(readFileSync(`${LOCK}/pid`, "utf8"));
    } catch {
      // Just made by its holder, who has not written its id yet.
      return false;
    }
    if (alive(holder)) return false;
    rmSync(LOCK, { recursive: true, force: true }); // left by a process that died building
    return tryLock();
  }
  writeFileSync(`${LOCK}/pid`, String(process.pid));
  return true;
}

/** Makes sure build/ is the source's as it is now: builds (loudly) when it is not, and fails if it still is not. */
export async function ensureCurrentBuild() {
  while (!buildIsCurrent()) {
    if (!tryLock()) {
      await sleep(500);
      continue;
    }
    try {
      if (buildIsCurrent()) break; // built by the process that held the lock
      const line = "=".repeat(72);
      const why = readBuildStamp() ? "is older than the source" : "is missing";
      console.error(`\n${line}\n== The shop's build ${why}: building it for the tests (npm run build).\n${line}\n`);
      const started = performance.now();
      // Its output to stderr: stdout may be a reporter's.
      const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", process.stderr, process.stderr] });
      if (built.status !== 0) throw new Error("npm run build failed: the tests that need the build cannot run.");
      console.error(`== Built in ${Math.round((performance.now() - started) / 1000)} s.`);
      if (!buildIsCurrent()) {
        throw new Error("The source changed while the shop was being built: the build is stale. Run the tests again.");
      }
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureCurrentBuild();

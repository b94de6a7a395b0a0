// `npm test`: every check, stopping at the first step that fails: the type check, lint and the one
// build side by side (lint is one process for most of the step, the others keep the second core
// busy), Vitest (which renders pages with that build), then the browser tests (served from it).
// Each step's time is printed at the end (.ci/run holds them to the budget; decision 0048).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Vitest's PGlite template (the migrated, seeded database every test file starts from; on a new
// machine, with the seed's pictures to draw) is made beside lint and the build, at the lowest
// priority: on the core ESLint leaves idle at the end of that step, not before Vitest's first test.
// Vitest's global setup takes it from TEST_PGLITE_TEMPLATE (tests/support/global-setup.ts).
const work = mkdtempSync(path.join(os.tmpdir(), "shop-npm-test-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
// Ctrl-C reaches the steps' commands too; this only lets the exit handler above clean up.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
const template = path.join(work, "template.tar");
const onPostgres = Boolean(process.env.DATABASE_URL); // then Vitest clones a PostgreSQL template instead

/** Steps; a step of several commands runs them at once, each printing its output when it ends. */
const steps = [
  ["route types", ["npx react-router typegen"]],
  // ESLint first: with type information it is the longest. The type check is TypeScript 7's
  // compiler (decision 0070); typed lint still reads the program with TypeScript 5's API.
  [
    "type check, lint, build",
    [
      "npx eslint .",
      "node node_modules/typescript-7/bin/tsc",
      "npx prettier --check .",
      "npm run build",
      ...(onPostgres ? [] : [`nice -n 19 node --import tsx tests/support/prepare-template.ts '${template}'`]),
    ],
  ],
  ["vitest", [onPostgres ? "npx vitest run" : `TEST_PGLITE_TEMPLATE='${template}' npx vitest run`]],
  ["browser tests", ["npx playwright test"]],
];

/** Runs a command; alone, its output as it comes; beside others, its output at its end, in one piece. */
function run(command, alone) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n$ ${command}\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const times = [];
let failed = null;
for (const [name, commands] of steps) {
  const started = performance.now();
  const codes = await Promise.all(commands.map((command) => run(command, commands.length === 1)));
  times.push([name, (performance.now() - started) / 1000]);
  const code = codes.find((c) => c !== 0);
  if (code !== undefined) {
    failed = { name, code };
    break;
  }
}

const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
console.log("\nnpm test, step by step (min:s):");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(16)} ${clock(seconds).padStart(6)}`);
console.log(`  ${"total".padEnd(16)} ${clock(total).padStart(6)}${failed ? `  (stopped: ${failed.name} failed)` : ""}`);
process.exit(failed ? failed.code : 0);

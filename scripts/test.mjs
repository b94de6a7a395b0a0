// `npm test`: every check, in order, stopping at the first that fails: the type check, lint, one
// build, Vitest (which renders pages with that build), then the browser tests (served from it).
// Each step's time is printed at the end (.ci/run holds them to the budget; decision 0048).
import { spawnSync } from "node:child_process";

const steps = [
  ["type check", "npm run typecheck"],
  ["lint", "npm run lint"],
  ["build", "npm run build"],
  ["vitest", "npx vitest run"],
  ["browser tests", "npx playwright test"],
];

const times = [];
let failed = null;
for (const [name, command] of steps) {
  const started = performance.now();
  const { status } = spawnSync(command, { shell: true, stdio: "inherit" });
  times.push([name, (performance.now() - started) / 1000]);
  if (status !== 0) {
    failed = { name, code: status ?? 1 };
    break;
  }
}

const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
console.log("\nnpm test, step by step (min:s):");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(14)} ${clock(seconds).padStart(6)}`);
console.log(`  ${"total".padEnd(14)} ${clock(total).padStart(6)}${failed ? `  (stopped: ${failed.name} failed)` : ""}`);
process.exit(failed ? failed.code : 0);

import { BaseSequencer, type TestSpecification } from "vitest/node";

// The order Vitest starts test files in (decision 0048). Vitest runs the longest first once it
// has timed them, but a fresh clone (CI) has no timings: it started by size, and a 35-second file
// left till last kept one worker busy alone at the end. These files are the slowest measured here
// (`npx vitest run`, per-file durations): they start first, each on the first free worker, and the
// rest follow as Vitest orders them. A file missing from the list costs only its own place.
export const SLOWEST_FIRST = [
  "tests/api/release.test.ts",
  "tests/api/backup.test.ts",
  "tests/api/hostile-input.test.ts",
  "tests/api/authorization.test.ts",
  "tests/api/crash-safety.test.ts",
  "tests/api/checkout.test.ts",
  "tests/api/long-values.test.ts",
  "tests/api/modes.test.ts",
  "tests/api/unknown-intents.test.ts",
  "tests/api/staff.test.ts",
  "tests/api/start-script.test.ts",
  "tests/lint-rules.test.ts",
];

const rank = (spec: TestSpecification) => {
  const at = SLOWEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at === -1 ? SLOWEST_FIRST.length : at;
};

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: within the rest, Vitest's own order stays.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

// scripts/machine-pace.mjs, which .ci/run prints beside its phases' times (decision 0048).
it("measures the machine's pace at sha256 and at new Chromium pages, and says so in one line", () => {
  const out = execFileSync(process.execPath, ["scripts/machine-pace.mjs", "--mb", "8", "--pages", "2"], { encoding: "utf8" });
  const line = /^Machine pace: sha256 of 8 MB in (\d+\.\d\d) s; 2 new Chromium pages in (\d+\.\d\d) s \((\d+) ms each\)\.$/m.exec(out);
  expect(line, out).not.toBeNull();
  const [, , pages, each] = line!;
  expect(Number(pages)).toBeGreaterThan(0);
  expect(Math.abs(Number(each) - (Number(pages) * 1000) / 2)).toBeLessThanOrEqual(5);
}, 60_000);

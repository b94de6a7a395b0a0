import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The decision records keep one form (docs/decisions/README.md): a numbered title, then a Status
// and an Issue line; the README's index lists each with the same title, issue and status, so a
// changed status is seen in both places.

const FOLDER = fileURLToPath(new URL("../docs/decisions/", import.meta.url));
const RECORDS = readdirSync(FOLDER)
  .filter((file) => /^\d{4}-.+\.md$/.test(file))
  .sort();
const INDEX = readFileSync(join(FOLDER, "README.md"), "utf8");
const STATUS = /^Status: (accepted|accepted, amended by \d{4}.*|superseded by \d{4}.*)$/;

describe("decision records", () => {
  it("exist", () => {
    expect(RECORDS.length).toBeGreaterThan(40);
  });

  it.each(RECORDS)("%s has the title, Status and Issue lines, and its row in the index", (file) => {
    const [title, blank, status, issue] = readFileSync(join(FOLDER, file), "utf8").split("\n");
    const number = file.slice(0, 4);
    expect(title).toMatch(new RegExp(`^# ${number}\\. \\S`));
    expect(blank).toBe("");
    expect(status).toMatch(STATUS);
    expect(issue).toMatch(/^Issue: \S/);
    const row = `| [${number}](${file}) | ${title.slice(`# ${number}. `.length)} | ${issue.slice("Issue: ".length)} | ${status.slice("Status: ".length)} |`;
    expect(INDEX.split("\n"), "docs/decisions/README.md's index").toContain(row);
  });

  it("lists no record in the index that does not exist, and each once", () => {
    const listed = [...INDEX.matchAll(/^\| \[\d{4}\]\(([^)]+)\)/gm)].map((match) => match[1]);
    expect(listed.filter((file) => !RECORDS.includes(file))).toEqual([]);
    expect(listed.filter((file, i) => listed.indexOf(file) !== i)).toEqual([]);
  });
});

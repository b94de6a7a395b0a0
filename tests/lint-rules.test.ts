import { ESLint } from "eslint";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The lint rules that keep super-linear regular expressions out (issue 15, decision 0021) are
// checked through the project's own eslint.config.js: turning one off, or demoting it to a
// warning, fails here as well as letting the pattern through `npm run lint`.

/**
 * The project's config for snippets that are not files: without type information (the two rules
 * that need it are checked on a real file below).
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" },
    },
  });
});

/** The errors (not warnings) ESLint reports for a snippet linted as a server file. */
async function errorsIn(code: string, filePath = "server/lint-rules-example.ts") {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe("lint rules against ReDoS", () => {
  it("rejects the e-mail pattern that froze the shop (super-linear backtracking)", async () => {
    const code = String.raw`export const isEmail = (x: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(x);` + "\n";
    expect(await errorsIn(code)).toContain("regexp/no-super-linear-backtracking");
  });

  it("rejects a pattern that is quadratic by moving across the input (trailing slashes)", async () => {
    const code = String.raw`export const trim = (x: string) => x.replace(/\/+$/, "");` + "\n";
    expect(await errorsIn(code)).toContain("regexp/no-super-linear-move");
  });

  it("accepts the linear forms of both", async () => {
    const code = String.raw`export const trim = (x: string) => x.replace(/(?<!\/)\/+$/, "");
export const isId = (x: string) => /^\d{1,9}$/.test(x);
`;
    expect(await errorsIn(code)).toEqual([]);
  });

  it("checks the hooks' dependency lists in the app", async () => {
    const code = `import { useEffect } from "react";
export function useLog(value: string) {
  useEffect(() => console.log(value), []);
}
`;
    expect(await errorsIn(code, "app/components/LintRulesExample.tsx")).toContain("react-hooks/exhaustive-deps");
  });
});

describe("browser tests' own requests", () => {
  it("make every request a test sends for the page (route.fetch) ask to be sent again after a reset connection", async () => {
    const file = "tests/e2e/lint-rules-example.spec.ts";
    const handler = (call: string) => `export const handler = async (route: { fetch(o?: object): Promise<unknown> }) => ${call};\n`;
    expect(await errorsIn(handler("route.fetch()"), file)).toContain("no-restricted-syntax");
    expect(await errorsIn(handler('route.fetch({ url: "/x" })'), file)).toContain("no-restricted-syntax");
    expect(await errorsIn(handler('route.fetch({ url: "/x", maxRetries: 1 })'), file)).toEqual([]);
  });
});

describe("promises, with type information (issue 26, decision 0052)", () => {
  // Type information comes from a TypeScript project, which knows only files on disk: the example
  // is written in a folder of tests/ (outside the build's sources) with a tsconfig.json of its own,
  // linted, and removed. TypeScript takes the nearest tsconfig.json, so the program is the example
  // alone, not the whole shop's (4 s of a worker for this test), and the rules are the project's.
  const folder = `tests/lint-rules-typed-example-${process.pid}`;
  const file = `${folder}/example.ts`;
  beforeAll(async () => {
    await mkdir(folder);
    const compilerOptions = { strict: true, target: "ES2022", module: "ES2022", moduleResolution: "bundler", lib: ["ES2023"], types: ["node"] };
    await writeFile(`${folder}/tsconfig.json`, JSON.stringify({ compilerOptions, include: ["example.ts"] }));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("rejects a promise nobody awaits or catches, and an async function where a plain callback is expected", async () => {
    await writeFile(
      file,
      `export async function send(): Promise<void> {}
export function order() {
  send();
}
export function every(job: () => Promise<void>) {
  return setInterval(job, 1000);
}
export async function fine() {
  void send();
  await send();
  return setInterval(() => void send(), 1000);
}
`,
    );
    const [result] = await new ESLint({ cwd: process.cwd() }).lintFiles([file]);
    const errors = result.messages.filter((m) => m.severity === 2).map((m) => `${m.line} ${m.ruleId}`);
    expect(errors).toEqual(["3 @typescript-eslint/no-floating-promises", "6 @typescript-eslint/no-misused-promises"]);
  });
});

describe("import boundaries (issue 16, decision 0028)", () => {
  it("browser code imports server/ only as types", async () => {
    const value = `import { log } from "~/server/log";\nexport const x = log;\n`;
    const relative = `import { log } from "../../server/log";\nexport const x = log;\n`;
    expect(await errorsIn(value, "app/components/LintRulesExample.tsx")).toContain("@typescript-eslint/no-restricted-imports");
    expect(await errorsIn(relative, "app/routes/lint-rules-example.tsx")).toContain("@typescript-eslint/no-restricted-imports");
    const types = `import type { Config } from "~/server/config";\nexport type X = Config;\n`;
    expect(await errorsIn(types, "app/components/LintRulesExample.tsx")).toEqual([]);
  });

  it("lets .server modules and tests of the app import server code", async () => {
    const value = `import { log } from "~/server/log";\nexport const x = log;\n`;
    expect(await errorsIn(value, "app/lint-rules-example.server.ts")).toEqual([]);
    expect(await errorsIn(value, "app/lint-rules-example.test.ts")).toEqual([]);
  });

  it("names another folder with the ~/ alias, not by climbing", async () => {
    const deep = `import { messages } from "../../common/messages";\nexport const x = messages;\n`;
    expect(await errorsIn(deep, "server/api/lint-rules-example.ts")).toContain("no-restricted-imports");
    const near = `import { messages } from "../messages";\nexport const x = messages;\n`;
    expect(await errorsIn(near, "common/lint/lint-rules-example.ts")).toEqual([]);
  });

  it("takes ~/server for the folder: the root server.ts is only the build's entry (issue 26)", async () => {
    for (const name of ["~/server", "~/server.ts"]) {
      const bare = `import { serve } from "${name}";\nexport const x = serve;\n`;
      expect(await errorsIn(bare, "tests/support/lint-rules-example.ts"), name).toContain("no-restricted-imports");
      expect(await errorsIn(bare, "app/lint-rules-example.server.ts"), name).toContain("no-restricted-imports");
    }
    const main = `import { serve } from "~/server/main";\nexport const x = serve;\n`;
    expect(await errorsIn(main, "tests/support/lint-rules-example.ts")).toEqual([]);
  });
});

describe("route modules (issue 26, decision 0049)", () => {
  const module = (lines: number) => Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";

  it("are at most 250 lines: the routes, the dashboard's panels and the root", async () => {
    for (const file of ["app/routes/lint-rules-example.tsx", "app/admin/panels/lint-rules-example.tsx", "app/root.tsx"]) {
      expect(await errorsIn(module(250), file), file).toEqual([]);
      expect(await errorsIn(module(251), file), file).toContain("max-lines");
    }
  });

  it("leave their parts (components) free to be longer", async () => {
    expect(await errorsIn(module(300), "app/components/LintRulesExample.tsx")).toEqual([]);
  });
});

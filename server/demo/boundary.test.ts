import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { demoInServerEntry, type BuiltChunk } from "./vite-plugin";

// Decision 0024: the demo material (seed data, artwork, picture cache, the seed) is imported only
// by the seed. What a production install runs (server.ts and the app it serves, the admin and
// backup commands) reaches none of it through static imports; the one way in is the dynamic
// import in server/db/seed-process.ts, taken only when a catalogue is missing. This walks the
// source's import graph, fast and without a build; the build itself checks its output the same
// way (vite-plugin.ts, tested at the end of this file).

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEMO = path.join(ROOT, "server/demo");
const SOURCE = /\.(?:ts|tsx)$/;
const TEST = /\.test\.(?:ts|tsx)$/;

/** The dynamic imports of demo material that the runtime may have: importer -> imported. */
const ALLOWED_DYNAMIC = new Set([`server/db/seed-process.ts -> server/demo/seed.ts`]);

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const inDemo = (file: string) => file.startsWith(DEMO + path.sep);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : SOURCE.test(name) && !TEST.test(name) ? [file] : [];
  });
}

/** The source file an import specifier names, or null for packages, node: and virtual modules. */
function resolve(request: string, importer: string): string | null {
  const specifier = request.split(/[?#]/, 1)[0]; // Vite's ?url, ?raw...
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(importer), specifier);
  else return null;
  const stem = base.replace(/\.(?:js|jsx|mjs)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  const found = candidates.find((file) => SOURCE.test(file) && existsSync(file) && statSync(file).isFile());
  if (found) return found;
  if (existsSync(base)) return null; // CSS, JSON and other files the bundler handles
  throw new Error(`${rel(importer)}: cannot resolve "${request}"`);
}

interface Imports {
  /** Imports kept at run time: `import ... from`, `import "..."`, `export ... from` (type-only ones aside). */
  static: string[];
  dynamic: string[];
}

function importsOf(file: string): Imports {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Imports = { static: [], dynamic: [] };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) found.static.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.static.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      // An import of a computed name could reach anything: the walk would not see it.
      if (!arg || !ts.isStringLiteralLike(arg)) throw new Error(`${rel(file)}: import() of a computed name`);
      found.dynamic.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every module the roots load through static imports, each with the chain that reached it, and
 * the dynamic imports those modules make.
 */
export function walk(roots: string[]) {
  const chains = new Map<string, string[]>();
  const dynamic: { from: string; to: string }[] = [];
  const next = roots.map((root) => [root]);
  for (let chain = next.shift(); chain; chain = next.shift()) {
    const file = chain[chain.length - 1];
    if (chains.has(file)) continue;
    chains.set(file, chain);
    const { static: statics, dynamic: dynamics } = importsOf(file);
    for (const specifier of statics) {
      const target = resolve(specifier, file);
      if (target && !chains.has(target)) next.push([...chain, target]);
    }
    for (const specifier of dynamics) {
      const target = resolve(specifier, file);
      if (target) dynamic.push({ from: file, to: target });
    }
  }
  return { chains, dynamic };
}

/** What production runs: the server build's entry (which bundles the app) and the commands an owner runs. */
const productionRoots = () => [
  path.join(ROOT, "server.ts"),
  ...filesUnder(path.join(ROOT, "app")),
  ...filesUnder(path.join(ROOT, "server")).filter((file) => file.endsWith("-cli.ts") && !inDemo(file)),
];

describe("the demo folder (decision 0024)", () => {
  it("is out of what a production start imports", () => {
    const { chains, dynamic } = walk(productionRoots());
    const leaks = [...chains].filter(([file]) => inDemo(file)).map(([, chain]) => chain.map(rel).join(" -> "));
    expect(leaks, "static imports that reach server/demo/ (load it through the seed only)").toEqual([]);
    const dynamicIntoDemo = dynamic.filter(({ to }) => inDemo(to)).map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
    expect(new Set(dynamicIntoDemo)).toEqual(ALLOWED_DYNAMIC);
    // The walk really covers the server: a module only the API reaches is in it.
    expect(chains.has(path.join(ROOT, "server/db/seed-process.ts"))).toBe(true);
    expect(chains.has(path.join(ROOT, "server/api/uploads.ts"))).toBe(true);
  });

  it("is what the seed's entries load (the walk sees demo imports when there are some)", () => {
    for (const entry of ["seed-entry.ts", "seed-cli.ts"]) {
      const { chains } = walk([path.join(DEMO, entry)]);
      expect(chains.has(path.join(DEMO, "seed-data.ts"))).toBe(true);
      expect(chains.has(path.join(DEMO, "artwork.ts"))).toBe(true);
    }
  });
});

describe("the server build's check (vite-plugin.ts)", () => {
  const demo = "/shop/server/demo";
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): BuiltChunk => ({ type: "chunk", fileName, moduleIds, imports });
  const seed = chunk("seed.js", [`${demo}/seed-entry.ts`, `${demo}/seed.ts`], ["assets/seed-data-1.js", "assets/db-1.js"]);
  const seedData = chunk("assets/seed-data-1.js", [`${demo}/seed-data.ts`, `${demo}/artwork.ts`]);

  it("passes a server entry that loads demo material only through a dynamic import", () => {
    // index.js imports seed.js dynamically: not in `imports`.
    const build = [
      chunk("index.js", ["/shop/server.ts"], ["assets/db-1.js"]),
      chunk("assets/db-1.js", ["/shop/server/db/client.ts"]),
      seed,
      seedData,
    ];
    expect(demoInServerEntry(build, demo)).toEqual([]);
  });

  it("fails one that imports it statically, directly or through another chunk", () => {
    const direct = [chunk("index.js", ["/shop/server.ts", `${demo}/artwork.ts`]), seed, seedData];
    expect(demoInServerEntry(direct, demo)).toEqual(["index.js: server/demo/artwork.ts"]);
    const shared = [chunk("index.js", ["/shop/server.ts"], ["assets/seed-data-1.js"]), seed, seedData];
    expect(demoInServerEntry(shared, demo)).toEqual([
      "assets/seed-data-1.js: server/demo/seed-data.ts",
      "assets/seed-data-1.js: server/demo/artwork.ts",
    ]);
  });

  it("fails a build without the seed's entry, or whose seed holds no seed data", () => {
    expect(demoInServerEntry([chunk("index.js", ["/shop/server.ts"])], demo)).toEqual([
      "no seed.js in the server build",
      `seed.js does not hold ${demo}/seed-data.ts: the check cannot see the demo folder`,
    ]);
    expect(demoInServerEntry([chunk("index.js", ["/shop/server.ts"]), chunk("seed.js", ["/elsewhere/seed-data.ts"])], demo)).toEqual([
      `seed.js does not hold ${demo}/seed-data.ts: the check cannot see the demo folder`,
    ]);
  });
});

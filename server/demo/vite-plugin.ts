import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

// The demo folder in the server build (decision 0024). The seed gets an entry of its own,
// build/server/seed.js, which a first start's seeding child runs (server/db/seed-process.ts).
// The server's entry, build/server/index.js, carries none of this folder: the build fails if
// index.js or any chunk it imports statically holds one of its modules. (The seed that
// server/db/seed-process.ts imports dynamically, for an in-memory database, is a chunk that
// only that call loads.)
// The seed's shipped pictures (server/demo/pictures, decision 0071) go with it, as
// build/server/demo-pictures: a deployed build makes its pictures from the copies it was built with.

/** The seed's entry in build/server; server.ts names the same file. */
export const SEED_ENTRY_FILE = "seed.js";
/** The server's entry in build/server (React Router's serverBuildFile). */
const SERVER_ENTRY_FILE = "index.js";

/** What the check needs of an output chunk (Rollup's and Rolldown's OutputChunk have it). */
export interface BuiltChunk {
  type: "chunk";
  fileName: string;
  /** Chunks this one imports statically. */
  imports: string[];
  moduleIds: string[];
}

/** For `plugins` in vite.config.ts: the seed's entry, and the check of the server's entry. */
export function demoSeedEntry(): Plugin {
  let root = process.cwd();
  return {
    name: "shop:demo-seed-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      this.emitFile({ type: "chunk", id: path.join(root, "server/demo/seed-entry.ts"), fileName: SEED_ENTRY_FILE });
      const pictures = path.join(root, "server/demo/pictures");
      for (const file of existsSync(pictures) ? readdirSync(pictures) : []) {
        this.emitFile({ type: "asset", fileName: `demo-pictures/${file}`, source: readFileSync(path.join(pictures, file)) });
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk") as unknown as BuiltChunk[];
      const problems = demoInServerEntry(chunks, path.join(root, "server/demo"));
      if (problems.length) this.error(`Demo material in the server's entry (decision 0024):\n  ${problems.join("\n  ")}`);
    },
  };
}

/** Chunks that `entry` loads as it loads: itself and what it imports statically, transitively. */
export function staticallyLoaded(chunks: BuiltChunk[], entry: string): BuiltChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Map<string, BuiltChunk>();
  const next = [entry];
  for (let name = next.pop(); name !== undefined; name = next.pop()) {
    const chunk = byName.get(name);
    if (!chunk || loaded.has(name)) continue;
    loaded.set(name, chunk);
    next.push(...chunk.imports);
  }
  return [...loaded.values()];
}

/**
 * What is wrong with a server build: each module of `demoDir` that index.js loads (as
 * "chunk: module"), and a missing entry. The seed's entry must itself hold the seed data, or the
 * check would be looking at the wrong folder and find nothing.
 */
export function demoInServerEntry(chunks: BuiltChunk[], demoDir: string): string[] {
  const inDemo = (id: string) => id.startsWith(demoDir + path.sep) || id.startsWith(demoDir + "/");
  const problems: string[] = [];
  for (const entry of [SERVER_ENTRY_FILE, SEED_ENTRY_FILE]) {
    if (!chunks.some((chunk) => chunk.fileName === entry)) problems.push(`no ${entry} in the server build`);
  }
  for (const chunk of staticallyLoaded(chunks, SERVER_ENTRY_FILE)) {
    for (const id of chunk.moduleIds.filter(inDemo)) problems.push(`${chunk.fileName}: ${path.relative(path.dirname(path.dirname(demoDir)), id)}`);
  }
  const seedData = path.join(demoDir, "seed-data.ts");
  if (!staticallyLoaded(chunks, SEED_ENTRY_FILE).some((chunk) => chunk.moduleIds.includes(seedData))) {
    problems.push(`${SEED_ENTRY_FILE} does not hold ${seedData}: the check cannot see the demo folder`);
  }
  return problems;
}

import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIsCurrent, readBuildStamp, sourceStamp, writeBuildStamp } from "~/scripts/build-stamp.mjs";

// scripts/start.mjs and scripts/build.mjs on stand-in trees: a few source files, a stand-in
// server build whose serve() says which build it is, and stand-ins for React Router's build.
// The real build, served and refused, is in tests/api/release.test.ts.
//
// Issue 15: `npm start` ran React's development build on the server (3-4 times slower) because
// NODE_ENV was unset. scripts/start.mjs now sets NODE_ENV=production before anything loads React.
// Issue 25 (decision 0045): the build records what it was built from; `npm start` never serves a
// build older than the source, and two builds of one folder take turns.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A folder with the start and build scripts, one source file, and whatever `files` adds. */
async function standInTree(files: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shop-start-"));
  dirs.push(dir);
  await mkdir(path.join(dir, "scripts"));
  for (const script of ["start.mjs", "build.mjs", "build-stamp.mjs", "previous-assets.mjs"])
    await copyFile(path.join(ROOT, "scripts", script), path.join(dir, "scripts", script));
  await mkdir(path.join(dir, "app"));
  await writeFile(path.join(dir, "app/home.tsx"), "export const greeting = 'Welcome';\n");
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return dir;
}

/** A source file of the repository and, recursively, the files of it imports by a relative path, by name. */
async function withLocalImports(file: string, files: Record<string, string> = {}): Promise<Record<string, string>> {
  if (file in files) return files;
  const content = await readFile(path.join(ROOT, file), "utf8");
  files[file] = content;
  for (const [, relative] of content.matchAll(/from "(\.{1,2}\/[^"]+)"/g)) {
    await withLocalImports(`${path.posix.join(path.posix.dirname(file), relative)}.ts`, files);
  }
  return files;
}

/** A server build whose serve() prints which build it is and returns. */
const standInBuild = (name: string) =>
  `export async function serve({ clientDir }) { console.log(${JSON.stringify(`SERVED ${name}`)} + " from " + clientDir); }\n`;

/** Runs `node <script> [args]` in `dir`; resolves with its exit code and output, whatever the code. */
function node(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: dir, env: { ...cleanEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** The test run's environment without the shop's own settings (the PostgreSQL pass sets DATABASE_URL). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["DATABASE_URL", "PUBLIC_URL", "SHOP_DEMO", "HOST", "PORT", "DATA_DIR", "UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS"])
    delete env[name];
  return env;
}

describe("npm start (scripts/start.mjs)", () => {
  let dir: string;
  beforeAll(async () => {
    // The stand-in build loads React as the real one does and says which file Node picked.
    dir = await standInTree({
      "build/server/index.js": `import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(path.join(ROOT, "package.json"))});
export async function serve({ clientDir }) {
  require("react");
  require("react-dom/server");
  const loaded = Object.keys(require.cache).filter((file) => /[\\\\/](react|react-dom)[\\\\/]cjs[\\\\/]/.test(file));
  console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, clientDir, loaded }));
}
`,
    });
    writeBuildStamp(sourceStamp(dir), dir);
  });

  it("serves React's production build whatever NODE_ENV the shell has", async () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      const env = { ...process.env, NODE_ENV };
      if (NODE_ENV === undefined) delete env.NODE_ENV;
      const { stdout } = await run(process.execPath, [path.join(dir, "scripts/start.mjs")], { env });
      const report = JSON.parse(stdout.trim().split("\n").at(-1)!) as { nodeEnv: string; clientDir: string; loaded: string[] };
      expect(report.nodeEnv, `NODE_ENV=${NODE_ENV}`).toBe("production");
      expect(report.clientDir).toBe("build/client");
      expect(report.loaded.length, `NODE_ENV=${NODE_ENV}`).toBeGreaterThan(0);
      for (const file of report.loaded) expect(file, `NODE_ENV=${NODE_ENV}`).not.toMatch(/development/);
    }
  });
});

describe("a build older than the source (decision 0045)", () => {
  const realShop = { SHOP_DEMO: "off", DATABASE_URL: "postgres://shop@127.0.0.1:9/never", PUBLIC_URL: "https://foamshop.example.ng" };
  let dir: string;

  beforeAll(async () => {
    // The configuration is read from the source (server/config.ts through tsx) when the build is
    // not current: the tree has the real one, and the project's dependencies.
    dir = await standInTree({
      ...(await withLocalImports("server/config.ts")),
      "build/server/index.js": standInBuild("the old build"),
      // What `npm start` runs to rebuild: a stand-in for React Router's build that records each run.
      "scripts/build.mjs": `import { appendFileSync, writeFileSync } from "node:fs";
import { sourceStamp, writeBuildStamp } from "./build-stamp.mjs";
appendFileSync("builds.log", process.argv.slice(2).join(" ") + "\\n");
writeFileSync("build/server/index.js", ${JSON.stringify(standInBuild("the new build"))});
writeBuildStamp(sourceStamp());
`,
    });
    await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    writeBuildStamp(sourceStamp(dir), dir);
    await appendFile(path.join(dir, "app/home.tsx"), "export const farewell = 'Goodbye';\n");
    expect(buildIsCurrent(dir)).toBe(false);
  });

  it("is never served by a real shop, which refuses, naming npm run build, and builds nothing", async () => {
    const { code, out } = await node(dir, ["scripts/start.mjs"], realShop);
    expect(code).toBe(1);
    expect(out).toMatch(
      /^The shop cannot start\. The build in build\/ is older than the source: run `npm run build` \(or `npm run release`, which also migrates the database\) before `npm start`\./,
    );
    expect(out).not.toContain("SERVED");
    expect(existsSync(path.join(dir, "builds.log"))).toBe(false);
  });

  it("is rebuilt by a demo, which then serves the new build", async () => {
    const { code, out } = await node(dir, ["scripts/start.mjs"], { DATA_DIR: path.join(dir, "data") });
    expect(code, out).toBe(0);
    expect(out).toContain("The source changed since the last build: building the shop again (demo mode)...");
    expect(out).toContain("SERVED the new build from build/client");
    expect(out).not.toContain("the old build");
    expect(await readFile(path.join(dir, "builds.log"), "utf8")).toBe("--if-stale\n");
    expect(buildIsCurrent(dir)).toBe(true);
    // Current now: the next start serves it without building.
    expect((await node(dir, ["scripts/start.mjs"], realShop)).out).toMatch(/^SERVED the new build/);
    expect(await readFile(path.join(dir, "builds.log"), "utf8")).toBe("--if-stale\n");
  });

  it("is refused where nothing can build (a production tree without devDependencies), naming npm run build", async () => {
    const pruned = await standInTree({ "build/server/index.js": standInBuild("the old build") });
    writeBuildStamp("0".repeat(64), pruned);
    for (const env of [realShop, {}]) {
      const { code, out } = await node(pruned, ["scripts/start.mjs"], env);
      expect(code).toBe(1);
      expect(out).toMatch(
        /^The shop cannot start\. The build in build\/ is older than the source, and this folder cannot build one \(no devDependencies\)\. Run `npm run build`/,
      );
      expect(out).not.toContain("SERVED");
    }
  });
});

describe("npm run build (scripts/build.mjs)", () => {
  let dir: string;
  beforeAll(async () => {
    // Stand-ins for React Router's build (a second and a half, recording each run; FAIL_BUILD=1
    // fails it) and for the compression of the client files.
    dir = await standInTree({
      "node_modules/@react-router/dev/bin.js": `import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
if (process.env.FAIL_BUILD) process.exit(3);
appendFileSync("builds.log", "built\\n");
appendFileSync("node-env.log", String(process.env.NODE_ENV) + "\\n");
await new Promise((resolve) => setTimeout(resolve, 1500));
mkdirSync("build/server", { recursive: true });
writeFileSync("build/server/index.js", "");
`,
      "scripts/compress-assets.mjs": "",
      "scripts/service-worker.mjs": "",
    });
  });

  it("records what it was built from, and a failed build leaves no stamp", async () => {
    expect(readBuildStamp(dir)).toBeNull();
    expect(await node(dir, ["scripts/build.mjs"])).toMatchObject({ code: 0 });
    expect(readBuildStamp(dir)).toBe(sourceStamp(dir));
    expect(buildIsCurrent(dir)).toBe(true);
    const failed = await node(dir, ["scripts/build.mjs"], { FAIL_BUILD: "1" });
    expect(failed.code).toBe(1);
    expect(failed.out).toContain("The build failed");
    expect(readBuildStamp(dir)).toBeNull();
    expect(existsSync(path.join(dir, ".build.lock"))).toBe(false);
  });

  it("builds for production whatever NODE_ENV the shell has (a build inside Vitest had NODE_ENV=test)", async () => {
    await rm(path.join(dir, "node-env.log"), { force: true });
    for (const NODE_ENV of ["test", "development"]) {
      expect(await node(dir, ["scripts/build.mjs"], { NODE_ENV })).toMatchObject({ code: 0 });
    }
    expect(await readFile(path.join(dir, "node-env.log"), "utf8")).toBe("production\nproduction\n");
  });

  it("builds one at a time: of two demo starts at once, one builds and the other finds it current", async () => {
    await rm(path.join(dir, "builds.log"), { force: true });
    await appendFile(path.join(dir, "app/home.tsx"), "// changed\n");
    const [a, b] = await Promise.all([node(dir, ["scripts/build.mjs", "--if-stale"]), node(dir, ["scripts/build.mjs", "--if-stale"])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(await readFile(path.join(dir, "builds.log"), "utf8")).toBe("built\n");
    expect([a.out, b.out].filter((out) => out.includes("The build is already current (another start just made it)."))).toHaveLength(1);
    expect(buildIsCurrent(dir)).toBe(true);
  });

  it("takes over a lock left by a process that is gone", async () => {
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    await writeFile(path.join(dir, ".build.lock"), String(gone.pid));
    await rm(path.join(dir, "builds.log"), { force: true });
    const { code, out } = await node(dir, ["scripts/build.mjs"]);
    expect(code, out).toBe(0);
    expect(await readFile(path.join(dir, "builds.log"), "utf8")).toBe("built\n");
    expect(existsSync(path.join(dir, ".build.lock"))).toBe(false);
  });
});

describe("the stamp (scripts/build-stamp.mjs)", () => {
  it("follows the content of the build's inputs, not the tests beside them, and is quick", async () => {
    const dir = await standInTree({ "server/orders/rules.ts": "export const x = 1;\n", "package.json": "{}\n" });
    const before = sourceStamp(dir);
    await writeFile(path.join(dir, "server/orders/rules.test.ts"), "// a unit test is not built\n");
    await writeFile(path.join(dir, "README.md"), "# not built\n");
    expect(sourceStamp(dir)).toBe(before);
    for (const [file, content] of [
      ["server/orders/rules.ts", "export const x = 2;\n"],
      ["server/db/migrations/0099_next.sql", "select 1;\n"],
      ["package.json", '{ "name": "x" }\n'],
    ]) {
      const was = sourceStamp(dir);
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), content);
      expect(sourceStamp(dir), file).not.toBe(was);
    }
    // A shipped demo picture counts by its name, which is its drawing's hash (decision 0071).
    const picture = path.join(dir, "server/demo/pictures/0a1b.webp");
    await mkdir(path.dirname(picture), { recursive: true });
    let was = sourceStamp(dir);
    await writeFile(picture, "RIFF one");
    expect(sourceStamp(dir)).not.toBe(was);
    was = sourceStamp(dir);
    await writeFile(picture, "RIFF the same drawing from another libvips");
    expect(sourceStamp(dir)).toBe(was);
    // The real tree: hashed at every start, so it must stay cheap (a few tens of ms here).
    const startedAt = performance.now();
    expect(sourceStamp()).toMatch(/^[0-9a-f]{64}$/);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });
});

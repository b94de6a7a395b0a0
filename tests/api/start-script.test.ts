import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Issue 15: `npm start` ran React's development build on the server (3-4 times slower) because
// NODE_ENV was unset. scripts/start.mjs now sets NODE_ENV=production before anything loads React.
// Here it runs against a stand-in server build that reports which React build it got.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "shop-start-"));
  await mkdir(path.join(dir, "scripts"));
  await mkdir(path.join(dir, "build/server"), { recursive: true });
  await copyFile(path.join(ROOT, "scripts/start.mjs"), path.join(dir, "scripts/start.mjs"));
  // The stand-in build: loads React as the real one does and says which file Node picked.
  await writeFile(
    path.join(dir, "build/server/index.js"),
    `import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(path.join(ROOT, "package.json"))});
export async function serve({ clientDir }) {
  require("react");
  require("react-dom/server");
  const loaded = Object.keys(require.cache).filter((file) => /[\\\\/](react|react-dom)[\\\\/]cjs[\\\\/]/.test(file));
  console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, clientDir, loaded }));
}
`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("npm start (scripts/start.mjs)", () => {
  it("serves React's production build whatever NODE_ENV the shell has", async () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      const env = { ...process.env, NODE_ENV };
      if (NODE_ENV === undefined) delete env.NODE_ENV;
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, "scripts/start.mjs")], { env });
      const report = JSON.parse(stdout.trim().split("\n").at(-1)!) as { nodeEnv: string; clientDir: string; loaded: string[] };
      expect(report.nodeEnv, `NODE_ENV=${NODE_ENV}`).toBe("production");
      expect(report.clientDir).toBe("build/client");
      expect(report.loaded.length, `NODE_ENV=${NODE_ENV}`).toBeGreaterThan(0);
      for (const file of report.loaded) expect(file, `NODE_ENV=${NODE_ENV}`).not.toMatch(/development/);
    }
  });
});

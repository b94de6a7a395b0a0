// `npm start`: serves the build, and never a build older than the source (decision 0045). Always
// the production build of React and Express: NODE_ENV is set here, before either is loaded, and
// decides nothing else (demo mode is SHOP_DEMO's, decision 0018).
//
// A current build (build/stamp.json matches the files now) is served at once; the server checks
// its configuration before it opens or serves anything (server/main.ts). Otherwise the
// configuration is read from the source first, so a real shop that could not serve anyway is
// told so before any build; then a demo rebuilds (a newcomer's `git pull` just works), and a real
// shop refuses: its release builds once per deploy (`npm run release`), a pruned production tree
// cannot build, and two processes must never rebuild one build/ at once.
import { execFileSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { buildIsCurrent, ROOT } from "./build-stamp.mjs";

process.env.NODE_ENV = "production";
const serverEntry = new URL("../build/server/index.js", import.meta.url);

// A WEB_CONCURRENCY server process (node:cluster runs this file again) serves what its primary
// checked: one that replaces a dead one must not refuse the release its siblings serve.
if (cluster.isPrimary && !buildIsCurrent()) {
  const built = existsSync(serverEntry);
  const config = await configFromSource();
  if (!config) {
    refuse(
      `${built ? "The build in build/ is older than the source" : "There is no build"}, and this folder cannot build one (no devDependencies). ` +
        "Run `npm run build` (or `npm run release`, which also migrates) where they are installed, before `npm start`.",
    );
  }
  if (!config.demo) {
    refuse(
      `${built ? "The build in build/ is older than the source" : "There is no build"}: run \`npm run build\` (or \`npm run release\`, which also migrates the database) before \`npm start\`. ` +
        "A real shop never builds at start: its processes would each rebuild one build/ at once.",
    );
  }
  console.log(
    built
      ? "The source changed since the last build: building the shop again (demo mode)..."
      : "No build yet: building the shop (first start only)...",
  );
  try {
    execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: ROOT, stdio: "inherit" });
  } catch {
    process.exit(1); // the build said why
  }
}
const { serve } = await import(serverEntry.href);
await serve({ clientDir: "build/client" });

/**
 * The configuration as the server would read it (server/config.ts, through tsx), or null where
 * tsx is not installed (a production tree). A configuration that cannot serve ends the process
 * here, naming what is wrong.
 */
async function configFromSource() {
  let tsImport;
  try {
    ({ tsImport } = await import("tsx/esm/api"));
  } catch {
    return null;
  }
  const { loadConfig } = await tsImport("../server/config.ts", import.meta.url);
  try {
    return loadConfig(process.env, { serving: true });
  } catch (error) {
    refuse(error.message);
  }
}

function refuse(message) {
  console.error(`The shop cannot start. ${message}`);
  process.exit(1);
}

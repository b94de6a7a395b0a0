// `npm run build`: React Router's build (client, and the server with its commands and migrations:
// vite.config.ts), the client files compressed, then build/stamp.json, which says what it was
// built from (scripts/build-stamp.mjs, decision 0045). The previous release's client assets stay
// beside the new ones (scripts/previous-assets.mjs). One build at a time per folder: a second
// waits for the first. `--if-stale` (what `npm start` asks for in demo mode) builds only if the
// build is not current by the time the lock is held: of two starts at once, one builds.
import { execFileSync } from "node:child_process";
import { buildIsCurrent, removeBuildStamp, ROOT, sourceStamp, withBuildLock, writeBuildStamp } from "./build-stamp.mjs";
import { discardAside, keepPreviousAssets, setPreviousAssetsAside } from "./previous-assets.mjs";

const ifStale = process.argv.includes("--if-stale");

try {
  await withBuildLock(build);
} catch (error) {
  // The build's own output (inherited) says why; no stack of this script's.
  console.error(error.status === undefined ? error : `The build failed (${error.message.split("\n")[0]}).`);
  process.exit(1);
}

function build() {
  if (ifStale && buildIsCurrent()) return console.log("The build is already current (another start just made it).");
  // Taken before building: a file edited while the build runs makes the build stale, not current.
  const source = sourceStamp();
  removeBuildStamp();
  // Always React's production build, whatever NODE_ENV the caller has: Vite honours NODE_ENV, and a
  // build made inside Vitest (NODE_ENV=test, scripts/current-build.mjs) came out a development build
  // whose pages never register the service worker.
  const env = { ...process.env, NODE_ENV: "production" };
  const node = (script, ...args) => execFileSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: "inherit", env });
  const aside = setPreviousAssetsAside();
  try {
    node("node_modules/@react-router/dev/bin.js", "build");
    node("scripts/service-worker.mjs", "build/client");
    node("scripts/compress-assets.mjs");
    // After the service worker's precache list, which names the new release's files only.
    const kept = keepPreviousAssets(aside);
    if (kept) console.log(`Kept ${kept} files of the previous release's client assets, for pages opened before this build.`);
  } finally {
    discardAside(aside);
  }
  writeBuildStamp(source);
}

// What the build in build/ was made from, so that nothing runs a stale build without knowing:
// `npm run build` ends by writing build/stamp.json (`node scripts/build-stamp.mjs`) with a hash of
// every file the build reads; the tests that use the build (scripts/current-build.mjs)
// compare it with the source as it is now. Types: build-stamp.d.mts.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STAMP_FILE = path.join(ROOT, "build/stamp.json");

/** The folders and files `npm run build` reads (the dependencies through the lockfile). */
const INPUTS = [
  "app",
  "common",
  "server",
  "public",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/compress-assets.mjs",
];
/** Tests beside the code are not part of the build: changing one leaves the build current. */
const NOT_BUILT = /\.test\.tsx?$/;

function filesUnder(relative) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)))
    .filter((file) => !NOT_BUILT.test(file));
}

/** A hash of the build's inputs as they are now: every file's path and content. */
export function sourceStamp() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** What build/stamp.json says the build was made from, or null (no build, or one made before stamps). */
export function readBuildStamp() {
  try {
    const stamp = JSON.parse(readFileSync(STAMP_FILE, "utf8"));
    return typeof stamp.source === "string" ? stamp : null;
  } catch {
    return null;
  }
}

/** Whether build/ was made from the source as it is now. */
export function buildIsCurrent() {
  return readBuildStamp()?.source === sourceStamp();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(STAMP_FILE, `${JSON.stringify({ source: sourceStamp(), builtAt: new Date().toISOString() }, null, 2)}\n`);
}

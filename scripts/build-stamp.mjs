// What a build was built from (decision 0045): a hash of the content of the files that go into it,
// recorded in build/stamp.json by `npm run build` (scripts/build.mjs). `npm start` compares it with
// the files as they are now, so an edit, a `git pull` or a hand-copied file is never served from
// an older build. Content, not a commit: a deployed folder may have no .git, or files changed by
// hand. Plain Node, no dependency: a pruned production tree computes it too. Types: build-stamp.d.mts.
import { createHash } from "node:crypto";
import { existsSync, linkSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root (this file's folder's parent). */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What the build reads: the app, the server (its migrations too), shared code, static files, and how they are built. */
const SOURCE_FOLDERS = ["app", "server", "common", "public"];
const SOURCE_FILES = [
  "server.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/compress-assets.mjs",
  "scripts/service-worker.mjs",
  "scripts/catalogue-paths.mjs",
  // The demo seed (in the server build) imports it.
  "scripts/picture-cache.mjs",
];
/** Never in the build: unit tests beside the code, and editors' and systems' litter. */
const IGNORED = /(?:\.test\.tsx?|~|\.swp|\.DS_Store)$/;

const STAMP_FILE = "build/stamp.json";
/**
 * The demo's shipped pictures (decision 0071) are named by the drawing they hold
 * (server/demo/render-cache.ts): their names stand for their content, 5.7 MB that every start
 * would otherwise read and hash (20 ms here).
 */
const NAMED_BY_CONTENT = "server/demo/pictures/";

/** Every file of `folder` (relative to `root`), recursively, in a fixed order. */
function filesOf(root, folder) {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !IGNORED.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** The hex SHA-256 of the build's inputs under `root`: each file's path and content, in order. */
export function sourceStamp(root = ROOT) {
  const files = [...SOURCE_FOLDERS.flatMap((folder) => filesOf(root, folder)), ...SOURCE_FILES.filter((file) => existsSync(path.join(root, file)))];
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    if (file.startsWith(NAMED_BY_CONTENT)) {
      hash.update(`${file}\0`);
      continue;
    }
    const content = readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest("hex");
}

/** The stamp the build in `root`/build was made with, or null (no build, or one made without a stamp or cut short). */
export function readBuildStamp(root = ROOT) {
  try {
    const { source } = JSON.parse(readFileSync(path.join(root, STAMP_FILE), "utf8"));
    return typeof source === "string" ? source : null;
  } catch {
    return null;
  }
}

/** Whether `root`/build was built from the files there now. */
export function buildIsCurrent(root = ROOT) {
  const built = readBuildStamp(root);
  return built !== null && built === sourceStamp(root);
}

/** Records that `root`/build was built from the files whose stamp is `source` (taken before the build began). */
export function writeBuildStamp(source, root = ROOT) {
  const file = path.join(root, STAMP_FILE);
  writeFileSync(`${file}.partial`, JSON.stringify({ source, builtAt: new Date().toISOString() }) + "\n");
  renameSync(`${file}.partial`, file);
}

/** Forgets the stamp: a build cut short is never taken for a current one. */
export function removeBuildStamp(root = ROOT) {
  rmSync(path.join(root, STAMP_FILE), { force: true });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while holding `root`/.build.lock, so that two processes never build one build/ at
 * once: a second `npm run build`, or a second demo `npm start`, waits for the first. A lock left by
 * a process that is gone is taken over.
 */
export async function withBuildLock(work, { root = ROOT, waitMs = 15 * 60_000, say = console.log } = {}) {
  const lock = path.join(root, ".build.lock");
  const mine = `${lock}.${process.pid}`;
  const until = Date.now() + waitMs;
  let said = false;
  writeFileSync(mine, String(process.pid));
  try {
    // A hard link appears whole, pid and all, or not at all when the lock exists.
    for (;;) {
      try {
        linkSync(mine, lock);
        break;
      } catch (error) {
        if (error.code !== "EEXIST") throw error;
      }
      const holder = Number(readFileSync(lock, "utf8"));
      if (!isAlive(holder)) {
        // Left by a process that is gone. Renamed away first, so that of two processes finding
        // it so, only one removes it; a live lock taken by mistake is put back.
        try {
          renameSync(lock, `${lock}.stale`);
          if (Number(readFileSync(`${lock}.stale`, "utf8")) === holder) rmSync(`${lock}.stale`);
          else linkSync(`${lock}.stale`, lock);
        } catch {
          // the other one was first
        }
        continue;
      }
      if (Date.now() > until) throw new Error(`Process ${holder} has been building the shop for too long (${lock}).`);
      if (!said) say(`Process ${holder} is building the shop; waiting for it...`);
      said = true;
      await sleep(250);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

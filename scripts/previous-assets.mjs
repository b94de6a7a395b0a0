// Part of `npm run build` (issue 30, decision 0063): the previous release's hashed client files
// stay served beside the new ones. A phone that opened a page of the last release and loads one
// of its chunks later (a route it has not visited yet) finds the chunk, instead of a 404 the
// moment a new release is built. One release back is kept: each build lists its own files in
// build/release-assets.json, and only those are carried into the next.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const OWN_LIST = "release-assets.json";

/** This build's own file names in `assetsDir` (hashed files and their .br and .gz copies). */
function ownFiles(buildDir, assetsDir) {
  const list = path.join(buildDir, OWN_LIST);
  if (existsSync(list)) return JSON.parse(readFileSync(list, "utf8"));
  // A build from before the list: all its files are its own.
  return existsSync(assetsDir) ? readdirSync(assetsDir) : [];
}

/**
 * Before a build: copies the current release's own assets aside. Returns the folder (null when
 * there is no previous build), for keepPreviousAssets after the build.
 */
export function setPreviousAssetsAside(buildDir = "build") {
  const assetsDir = path.join(buildDir, "client", "assets");
  const own = ownFiles(buildDir, assetsDir).filter((name) => existsSync(path.join(assetsDir, name)));
  if (own.length === 0) return null;
  const aside = mkdtempSync(path.join(os.tmpdir(), "previous-assets-"));
  for (const name of own) cpSync(path.join(assetsDir, name), path.join(aside, name));
  return aside;
}

/**
 * After a build (the service worker and the compressed copies made): records the new release's
 * own files, then puts back the previous release's that the new one lacks. Returns how many.
 */
export function keepPreviousAssets(aside, buildDir = "build") {
  const assetsDir = path.join(buildDir, "client", "assets");
  // A build with no client assets (a stand-in) has nothing to keep beside.
  if (!existsSync(assetsDir)) return 0;
  const own = readdirSync(assetsDir);
  writeFileSync(path.join(buildDir, OWN_LIST), `${JSON.stringify(own)}\n`);
  if (aside === null) return 0;
  const mine = new Set(own);
  let kept = 0;
  for (const name of readdirSync(aside)) {
    if (mine.has(name)) continue;
    cpSync(path.join(aside, name), path.join(assetsDir, name));
    kept++;
  }
  return kept;
}

/** Removes the folder set aside (the build went through, or failed: then no build is served). */
export function discardAside(aside) {
  if (aside !== null) rmSync(aside, { recursive: true, force: true });
}

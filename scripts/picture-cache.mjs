// Where the demo seed keeps the pictures it drew (server/demo/render-cache.ts), unless
// PICTURE_CACHE_DIR says otherwise: the user's cache folder, shared by every copy of the shop on
// the machine, as npm's and Playwright's caches are. A new clone, a CI run or a test run then
// draws nothing another copy drew already (a minute of CPU on two cores; decision 0048).
import os from "node:os";
import path from "node:path";

/** `$XDG_CACHE_HOME/foam-shop/pictures`, else `~/.cache/foam-shop/pictures`. */
export function defaultPictureCacheDir(env = process.env) {
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "foam-shop", "pictures");
}

// `node scripts/first-start-memory.mjs`: the RSS of the production server that did a first start
// (issue 15, finding 7; docs/decisions/0022-first-start-seeds-in-a-child.md), idle and under
// load, then of a later start on the same folder. Needs a build (`npm run build`).
//   --pictures cold     an empty picture cache, as on a new machine: the first start makes every
//                       picture from the repository's shipped copies (default; PICTURE_CACHE_DIR=off draws them)
//   --pictures warm     every picture is in the picture cache (a copy of the shared one)
//   --seconds 15        length of the load; --connections 21, spread over CATALOGUE_PATHS
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultPictureCacheDir } from "./picture-cache.mjs";
import { freePort, RSS_BUDGET_MB, rssUnderLoad, shopEnv, startShop, stopShop } from "./shop-server.mjs";

const { values } = parseArgs({
  options: {
    pictures: { type: "string", default: "cold" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "21" },
  },
});
if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(2);
}
const work = mkdtempSync(path.join(os.tmpdir(), "shop-first-start-memory-"));
const pictureCacheDir = path.join(work, "pictures");
if (values.pictures === "warm") cpSync(defaultPictureCacheDir(), pictureCacheDir, { recursive: true });
const env = shopEnv(await freePort(), path.join(work, "data"), { PICTURE_CACHE_DIR: pictureCacheDir });
const load = { seconds: Number(values.seconds), connections: Number(values.connections) };

const rows = [];
try {
  for (const which of [`first start (${values.pictures} picture cache)`, "later start on the same folder"]) {
    const shop = await startShop(env);
    try {
      const m = await rssUnderLoad(shop.child.pid, shop.base, load);
      rows.push({
        which,
        startS: (shop.startMs / 1000).toFixed(1),
        idleMb: Math.round(m.idleMb),
        peakMb: Math.round(m.peakMb),
        requests: m.requests,
        failed: m.failures,
      });
    } finally {
      await stopShop(shop);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.table(rows);
console.log(`Load: ${load.connections} connections over ${load.seconds} s. Budget: ${RSS_BUDGET_MB} MB.`);
process.exit(rows[0].peakMb <= RSS_BUDGET_MB ? 0 : 1);

// `npm run demo:pictures`: writes the seed's pictures, as drawn, to server/demo/pictures, the copies
// the repository ships so that a new machine's first start draws none (render-cache.ts, decision
// 0071), and removes the copies no picture uses any more. Run it after changing the artwork or the
// seed's products; pictures.test.ts fails until it has been.
import { readdir, rm, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pictureCacheDirFromEnv, renderSvgCached, shippedFileName } from "./render-cache";
import { pictureJobs } from "./seed";

const folder = fileURLToPath(new URL("./pictures/", import.meta.url));
await mkdir(folder, { recursive: true });
const wanted = new Set<string>();
for (const job of pictureJobs()) {
  const name = shippedFileName(job.svg, job.maxWidth);
  if (wanted.has(name)) continue;
  wanted.add(name);
  // Drawn (or taken from this machine's cache of drawings), never from the shipped copy itself.
  const image = await renderSvgCached(job.fileName, job.svg, job.maxWidth, pictureCacheDirFromEnv(), null);
  await writeFile(path.join(folder, name), image.data);
}
const stale = (await readdir(folder)).filter((name) => !wanted.has(name));
for (const name of stale) await rm(path.join(folder, name));
console.log(`${wanted.size} pictures in ${path.relative(process.cwd(), folder)}; ${stale.length} no longer used removed.`);

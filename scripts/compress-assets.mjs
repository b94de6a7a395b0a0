// Part of `npm run build`: brotli (best quality) and gzip copies of the hashed client assets, made
// once here instead of on every request; server/app.ts serves them with express-static-gzip.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dir = "build/client/assets";
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|map)$/;

let raw = 0;
let compressed = 0;
for (const name of await readdir(dir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(dir, name);
  const data = await readFile(file);
  if (data.length < 1024) continue;
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzip(data, { level: 9 }),
  ]);
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  raw += data.length;
  compressed += br.length;
}
console.log(`Compressed the client assets: ${Math.round(raw / 1024)} KB, ${Math.round(compressed / 1024)} KB as brotli.`);

import { freePort, shopEnv, startShop, stopShop, startArgs } from "./scripts/shop-server.mjs";
import { startServerProcess, stopServerProcess, answers } from "./scripts/shop-server.mjs";
import { mkdtempSync } from "node:fs"; import os from "node:os"; import path from "node:path";
const dir = mkdtempSync(path.join(os.tmpdir(), "cold-")); const port = await freePort();
const env = shopEnv(port, dir, process.env.DBURL ? { DATABASE_URL: process.env.DBURL } : {});
await stopShop(await startShop(env));
const base = `http://127.0.0.1:${port}`;
for (const extra of [[], ["--wasm-lazy-compilation"], [], ["--wasm-lazy-compilation"]]) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const args = [...extra, ...startArgs];
    const { child, startMs } = await startServerProcess(args, { env, stderr: "ignore", ready: answers(base) });
    times.push(Math.round(startMs));
    await stopServerProcess(child);
  }
  console.log(extra.join(" ") || "(default)", times);
}

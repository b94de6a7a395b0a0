// Name search latency on an existing embedded database, as `npm run bench` measures it (sequential
// searches of its ten terms, each a new address so the catalogue cache cannot answer), with each
// term's median and its Server-Timing. For trying a change to search without the whole bench:
//   DATA_DIR=/tmp/big100k SHOP_DEMO=off npx tsx server/demo/seed-cli.ts --products 100000
//   N=300 node bench/search-latency.mjs /tmp/big100k
// PROFILE=1 writes the server's .cpuprofile to /tmp/cpuprof. Run `npm run build` after a change.
import { answers, freePort, shopEnv, startArgs, startServerProcess, stopServerProcess } from "./scripts/shop-server.mjs";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("Usage: node bench/search-latency.mjs DATA_DIR");
const TERMS = ["pillow", "orthopaedic mattress", "mouka", "solar panel", "foot mat", "bedsheet", "vitafoam", "inverter", "unifoam jade", "duvet"];
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const args = [...(process.env.EXTRA ? process.env.EXTRA.split(" ") : []), ...(process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/cpuprof"] : []), ...startArgs];
const { child } = await startServerProcess(args, { env: shopEnv(port, dataDir, { SERVER_TIMING: "on" }), stderr: "inherit", ready: answers(base) });

const times = [];
const byTerm = new Map(TERMS.map((term) => [term, []]));
try {
  for (let i = 0; i < Number(process.env.N ?? 200); i++) {
    const term = TERMS[i % TERMS.length];
    const startedAt = performance.now();
    const res = await fetch(`${base}/api/get_products_by_name.php?searchTerm=${encodeURIComponent(term)}&_=${i}`);
    await res.arrayBuffer();
    const ms = performance.now() - startedAt;
    times.push(ms);
    byTerm.get(term).push({ ms, timing: res.headers.get("server-timing") });
  }
} finally {
  await stopServerProcess(child);
}
const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
times.sort((a, b) => a - b);
console.log(`${times.length} searches: p50 ${at(times, 50).toFixed(1)} ms, p95 ${at(times, 95).toFixed(1)} ms`);
for (const [term, rows] of byTerm) {
  rows.sort((a, b) => a.ms - b.ms);
  const median = at(rows, 50);
  console.log(`  ${term.padEnd(22)} ${median.ms.toFixed(1).padStart(6)} ms  ${median.timing}`);
}

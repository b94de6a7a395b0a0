// `npm run test:e2e`: builds the shop, starts it on a fresh embedded database and runs the
// Playwright suite in Chromium against it.
import { execSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumPath } from "./chromium.mjs";
import { freePort, rssMb, RSS_BUDGET_MB, rssUnderLoad, startArgs } from "./shop-server.mjs";

const chromium = chromiumPath;
if (!existsSync(chromium)) {
  const line = "!".repeat(72);
  console.error(`\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.\n!! Install it (apt-get install -y chromium) or set CHROME_PATH.\n${line}\n`);
  process.exit(process.env.CI ? 1 : 0);
}


execSync("npm run build", { stdio: "inherit" });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
// The first start draws the pictures its cache lacks: on a new machine all of them (a minute of
// CPU), here one in eight of the run's shared cache, enough for the memory that drawing leaves
// behind to show in the memory check below.
const pictureCacheDir = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-pictures-"));
const sharedPictureCache = process.env.PICTURE_CACHE_DIR ?? "node_modules/.cache/foam-shop-pictures";
if (sharedPictureCache !== "off" && existsSync(sharedPictureCache)) {
  cpSync(sharedPictureCache, pictureCacheDir, { recursive: true });
  const drawings = readdirSync(pictureCacheDir).filter((f) => f.endsWith(".json")).sort();
  for (const [i, f] of drawings.entries()) if (i % 8 === 0) rmSync(path.join(pictureCacheDir, f));
}
// The live-chat script's address never resolves: tests that open the chat serve it themselves.
const liveChatScriptUrl = "https://chat.example.test/widget.js";
const shopEnv = {
  ...process.env,
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SMTP_URL: "",
  // PUBLIC_URL alone would turn demo mode off: the browser tests pay with the test gateway.
  SHOP_DEMO: "on",
  LIVE_CHAT_SCRIPT_URL: liveChatScriptUrl,
  PICTURE_CACHE_DIR: pictureCacheDir,
};

// The shop's first admin is made the way a real owner makes one: with the command.
const owner = { email: "owner@foamshop.test", name: "Ngozi Owner", phone: "2348031234567", password: "Owner-pass-2026" };
execSync(`npx tsx server/accounts/admin-cli.ts --email ${owner.email} --name "${owner.name}" --phone ${owner.phone}`, {
  stdio: "inherit",
  env: { ...shopEnv, ADMIN_PASSWORD: owner.password },
});

// Started as `npm start` starts it (its Node flags too): the process measured is the real one.
const server = spawn(process.execPath, startArgs, { env: shopEnv, stdio: ["ignore", "inherit", "inherit"] });

let exitCode = 1;
try {
  const deadline = Date.now() + 300_000; // the first start draws and stores every picture
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/robots.txt`)).ok) break;
    } catch {}
    if (Date.now() > deadline || server.exitCode !== null) throw new Error("The shop did not start for the browser tests.");
    await new Promise((r) => setTimeout(r, 250));
  }
  // Issue 15: the process that did the first start (created the database, drew pictures) stays
  // within the memory budget, idle and under load. Measured before the browser tests, which
  // upload pictures and so draw in this process for reasons of their own.
  const memory = await rssUnderLoad(server.pid, baseUrl);
  const memoryOk = memory.peakMb <= RSS_BUDGET_MB && memory.failures === 0;
  console.log(
    `${memoryOk ? "Memory" : "MEMORY CHECK FAILED"}: the first-start server's RSS is ${Math.round(memory.idleMb)} MB idle, ` +
      `${Math.round(memory.peakMb)} MB at most under load (budget ${RSS_BUDGET_MB} MB; ${memory.requests} requests, ${memory.failures} failed).`,
  );
  const args = ["playwright", "test", ...process.argv.slice(2)];
  const run = spawn("npx", args, {
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_ADMIN_EMAIL: owner.email, E2E_ADMIN_NAME: owner.name, E2E_ADMIN_PASSWORD: owner.password, E2E_LIVE_CHAT_SCRIPT_URL: liveChatScriptUrl },
    stdio: "inherit",
  });
  exitCode = await new Promise((resolve) => run.on("exit", (code) => resolve(code ?? 1)));
  if (server.exitCode === null) console.log(`After the browser tests the server's RSS is ${Math.round(rssMb(server.pid))} MB (not checked: they uploaded pictures).`);
  if (!memoryOk) {
    console.error(`The first-start server went over ${RSS_BUDGET_MB} MB of RSS (see above).`);
    exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  // A server that already stopped will not say so again: only wait for one still running.
  if (server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pictureCacheDir, { recursive: true, force: true });
}
process.exit(exitCode);

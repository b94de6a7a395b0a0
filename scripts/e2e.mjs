// `npm run test:e2e`: builds the shop, starts it on a fresh embedded database and runs the
// Playwright suite in Chromium against it.
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumPath } from "./chromium.mjs";
import { freePort } from "./shop-server.mjs";

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
};

// The shop's first admin is made the way a real owner makes one: with the command.
const owner = { email: "owner@foamshop.test", name: "Ngozi Owner", phone: "2348031234567", password: "Owner-pass-2026" };
execSync(`npx tsx server/accounts/admin-cli.ts --email ${owner.email} --name "${owner.name}" --phone ${owner.phone}`, {
  stdio: "inherit",
  env: { ...shopEnv, ADMIN_PASSWORD: owner.password },
});

const server = spawn(process.execPath, ["scripts/start.mjs"], { env: shopEnv, stdio: ["ignore", "inherit", "inherit"] });

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
  const args = ["playwright", "test", ...process.argv.slice(2)];
  const run = spawn("npx", args, {
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_ADMIN_EMAIL: owner.email, E2E_ADMIN_NAME: owner.name, E2E_ADMIN_PASSWORD: owner.password, E2E_LIVE_CHAT_SCRIPT_URL: liveChatScriptUrl },
    stdio: "inherit",
  });
  exitCode = await new Promise((resolve) => run.on("exit", (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  // A server that already stopped will not say so again: only wait for one still running.
  if (server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

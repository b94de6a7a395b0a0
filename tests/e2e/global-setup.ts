import type { FullConfig } from "@playwright/test";
import { listeningPid, RSS_BUDGET_MB, rssUnderLoad } from "~/scripts/shop-server.mjs";

// Runs once, after Playwright's webServer has started the shop (playwright.config.ts) and before
// the tests. Issue 15: the process that did the first start (created the database, drew
// pictures) stays within the memory budget, idle and under load. Measured before the tests,
// which upload pictures and so draw in this process for reasons of their own. A failed check
// fails the run at its end (global-teardown.ts), after the tests have said what they have to say.

export default async function globalSetup(config: FullConfig) {
  const port = process.env.E2E_PORT;
  if (!port) return; // a shop started by hand (E2E_BASE_URL): not ours to measure
  const baseUrl = config.projects[0].use.baseURL!;
  // Playwright started it under a shell: find it by the port it listens on.
  const pid = listeningPid(Number(port));
  if (pid === null) throw new Error(`No process listens on port ${port}: the shop the browser tests started is not there.`);
  process.env.E2E_SERVER_PID = String(pid);
  const memory = await rssUnderLoad(pid, baseUrl, { seconds: 3 });
  const ok = memory.peakMb <= RSS_BUDGET_MB && memory.failures === 0;
  console.log(
    `${ok ? "Memory" : "MEMORY CHECK FAILED"}: the first-start server's RSS is ${Math.round(memory.idleMb)} MB idle, ` +
      `${Math.round(memory.peakMb)} MB at most under load (budget ${RSS_BUDGET_MB} MB; ${memory.requests} requests, ${memory.failures} failed).`,
  );
  if (!ok) process.env.E2E_MEMORY_CHECK_FAILED = `${Math.round(memory.peakMb)} MB at most, ${memory.failures} failed requests`;
}

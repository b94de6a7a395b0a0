import { existsSync } from "node:fs";
import { RSS_BUDGET_MB, rssMb } from "~/scripts/shop-server.mjs";

// Runs once after the tests, while the shop still runs (Playwright stops its webServer after
// this): the server's memory now, for the record, and the verdict of global-setup.ts's check.

export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid && existsSync(`/proc/${pid}`)) {
    console.log(`After the browser tests the server's RSS is ${Math.round(rssMb(pid))} MB (not checked: they uploaded pictures).`);
  }
  const failed = process.env.E2E_MEMORY_CHECK_FAILED;
  if (failed)
    throw new Error(
      `The first-start server went over ${RSS_BUDGET_MB} MB of RSS or failed requests under load (${failed}; see the Memory line above).`,
    );
}

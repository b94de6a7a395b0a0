import { openDatabase } from "~/server/db/client";
import { sendCartReminders } from "~/server/marketing/cart-reminders";
import { sendStockAlerts } from "~/server/marketing/stock-alerts";

// One run of a background job in a process of its own, for the tests that race two processes on
// one PostgreSQL database (tests/api/jobs-two-processes.test.ts):
//   node --import tsx tests/support/run-job.ts <stock-alerts|cart-reminders> <ISO instant> <start-at epoch ms>
// It opens DATABASE_URL, waits for the start instant (so both processes run at once), runs the
// job as of the instant and prints `JOB_RESULT {json}`.

const [job, at, startAt] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is needed");
const handle = await openDatabase({ databaseUrl: url });
const ctx = { publicUrl: "https://foamshop.ng", textChannels: ["sms", "whatsapp"] as const };
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const now = new Date(at);
const result = job === "stock-alerts" ? await sendStockAlerts(handle.db, ctx, now) : await sendCartReminders(handle.db, ctx, now);
console.log(`JOB_RESULT ${JSON.stringify(result)}`);
await handle.close();

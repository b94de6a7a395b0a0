import { loadConfig } from "~/server/config";
import { configureLog } from "~/server/log";

// Test files log nothing (their failures are asserted on, and the deliberate ones would bury the
// report); LOG_LEVEL=error npx vitest ... shows the server's errors when a test needs debugging.
configureLog(loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" }).logLevel);

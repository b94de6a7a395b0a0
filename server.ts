// Entry of the server build (vite.config.ts: build/server/index.js), which scripts/start.mjs
// loads. The composition root is server/main.ts.
export { serve } from "./server/main";

// For the test harnesses that load the build (tests/support/pages.ts, tests/e2e/serve.mjs): the
// app on a test's own database, the build's own log, and the harness's costs (decision 0048).
// Nothing in production calls them.
export { createShopApp } from "./server/main";
export { configureLog } from "./server/log";
export { useTestCosts } from "./server/test-costs";

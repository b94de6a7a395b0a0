// Entry of the server build (vite.config.ts: build/server/index.js), which scripts/start.mjs
// loads. The composition root is server/main.ts.
export { serve } from "./server/main";

// `npm start`: builds the shop when there is no build yet, then serves it. Always the production
// build of React and Express: NODE_ENV is set here, before either is loaded, and decides nothing
// else (demo mode is SHOP_DEMO's, decision 0018).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

process.env.NODE_ENV = "production";
const serverEntry = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(serverEntry)) {
  console.log("No build found: building the shop (first start only)...");
  execSync("npm run build", { stdio: "inherit" });
}
const { serve } = await import(serverEntry.href);
await serve({ clientDir: "build/client" });

// `npm start`: builds the shop when there is no build yet, then serves it.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const serverEntry = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(serverEntry)) {
  console.log("No build found: building the shop (first start only)...");
  execSync("npm run build", { stdio: "inherit" });
}
const { serve } = await import(serverEntry.href);
await serve({ clientDir: "build/client" });

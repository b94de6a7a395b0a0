// The commands an owner runs (`npm run admin:create`, `db:backup`, `db:restore`, `migrate`). Each
// is an entry of the server build, build/server/<name>.js (server/vite-plugin.ts), so that it runs
// on production dependencies alone, as `npm start` does (decision 0045):
//   node scripts/commands.mjs <name> [arguments...]
// runs the built command when the build is current; otherwise its TypeScript source through tsx
// where tsx is installed (a development tree, before its first build or after an edit), and
// else refuses, naming `npm run build`. Types: commands.d.mts.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsCurrent, ROOT } from "./build-stamp.mjs";

/** Each command's entry in build/server, and its source. */
export const COMMANDS = {
  "admin-cli": "server/accounts/admin-cli.ts",
  "backup-cli": "server/db/backup-cli.ts",
  "migrate-cli": "server/db/migrate-cli.ts",
};

/** How to run command `name`: node's arguments, or why it cannot run here. */
export function commandLine(name, args, root = ROOT) {
  const source = COMMANDS[name];
  if (!source) return { problem: `There is no command ${name} (${Object.keys(COMMANDS).join(", ")}).` };
  const built = path.join(root, "build/server", `${name}.js`);
  if (existsSync(built) && buildIsCurrent(root)) return { args: [built, ...args] };
  if (existsSync(path.join(root, "node_modules/tsx"))) return { args: ["--import", "tsx", path.join(root, source), ...args] };
  return {
    problem:
      `${existsSync(built) ? "The build in build/ is older than the source" : "There is no build"}, and this folder cannot build one (no devDependencies). ` +
      "Run `npm run build` where they are installed, then this command again.",
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [name, ...args] = process.argv.slice(2);
  const line = commandLine(name, args);
  if (line.problem) {
    console.error(line.problem);
    process.exit(1);
  }
  // The command's own process, as `node build/server/<name>.js` would be: its prompts read this
  // terminal, its exit code is ours, and Ctrl-C reaches it directly.
  const child = spawn(process.execPath, line.args, { stdio: "inherit" });
  process.on("SIGINT", () => {}); // a terminal's Ctrl-C reaches the command itself
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

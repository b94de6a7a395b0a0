import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { COMMANDS } from "../scripts/commands.mjs";

// What the server build carries besides the server (decision 0045): the owner's commands as
// entries of their own, build/server/<name>.js, which run with node on production dependencies
// alone (scripts/commands.mjs runs them), and the migrations, build/server/migrations, which the
// built server and commands apply (server/db/client.ts migrationsFolder), not the source's.

/** For `plugins` in vite.config.ts. */
export function commandsAndMigrations(): Plugin {
  let root = process.cwd();
  return {
    name: "shop:commands-and-migrations",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      for (const [name, source] of Object.entries(COMMANDS)) {
        this.emitFile({ type: "chunk", id: path.join(root, source), fileName: `${name}.js` });
      }
      const migrations = path.join(root, "server/db/migrations");
      for (const file of readdirSync(migrations, { recursive: true, encoding: "utf8" })) {
        const full = path.join(migrations, file);
        // What the migrator reads (the snapshots are drizzle-kit's, for writing the next one).
        if (!file.endsWith(".sql") && file.split(path.sep).join("/") !== "meta/_journal.json") continue;
        this.addWatchFile(full);
        this.emitFile({ type: "asset", fileName: `migrations/${file.split(path.sep).join("/")}`, source: readFileSync(full) });
      }
    },
  };
}

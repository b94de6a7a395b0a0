import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite has no lock of its own, and two processes on one folder corrupt it. A pid file in the
// folder keeps a second process (another `npm start`, `npm run admin:create`) out.

export interface FolderLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): FolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "shop.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder} (is the shop running?). ` +
            "Stop it first, or use PostgreSQL through DATABASE_URL.",
        );
      }
      rmSync(file, { force: true }); // left behind by a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}

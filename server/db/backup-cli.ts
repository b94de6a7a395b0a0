// `npm run db:backup -- <file>`: writes the whole configured database (DATA_DIR or DATABASE_URL)
// to one file that either engine can restore (format: server/db/backup.ts).
// `npm run db:restore -- <file> [--force]`: loads such a file into the configured database, which
// must be empty unless --force is given (then everything in it is replaced, in one transaction).
// With BACKUP_PASSPHRASE set, backups are encrypted, and restore opens encrypted ones with it; a
// file's checksum beside it (`<file>.sha256`) is checked before restoring (decision 0046).
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "./client";
import { restoreDatabase } from "./backup";
import { openBackupFile, writeBackupFile } from "../backups/backup-file";

const usage = "Usage: npm run db:backup -- <file>\n       npm run db:restore -- <file> [--force]";

/** Runs one command (`backup <file>` or `restore <file> [--force]`); resolves to the exit code. */
export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [command, file, ...extra] = parsed.positionals;
  if ((command !== "backup" && command !== "restore") || !file || extra.length || (command === "backup" && parsed.values.force)) {
    console.error(usage);
    return 2;
  }

  const config = loadConfig(env);
  const where = config.databaseUrl ? "the PostgreSQL database of DATABASE_URL" : `the embedded database in ${config.dataDir}`;
  const startedAt = performance.now();
  const took = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

  if (command === "backup") {
    // Opening an absent folder would create an empty database there.
    if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "PG_VERSION"))) {
      console.error(`There is no embedded database in ${config.dataDir} to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
      return 1;
    }
    const handle = await open(config, "back up");
    if (!handle) return 1;
    // Written beside the target and renamed at the end: a failed backup leaves no half file.
    try {
      const result = await writeBackupFile(handle.db, file, { passphrase: config.backup.passphrase });
      console.log(
        `Backed up ${result.rows} rows of ${result.tables.length} tables from ${where} to ${file} (${formatBytes(result.bytes)}${result.encrypted ? ", encrypted" : ""}, ${took()}).`,
      );
      return 0;
    } catch (error) {
      console.error(`The backup failed: ${(error as Error).message}`);
      return 1;
    } finally {
      await handle.close();
    }
  }

  if (!existsSync(file)) {
    console.error(`There is no file ${file} to restore.`);
    return 1;
  }
  // The checksum, passphrase and encryption tag are checked before the database is opened.
  const opened = await openBackupFile(file, config.backup.passphrase);
  if (!opened.ok) {
    console.error(`${opened.message} Nothing was changed.`);
    return 1;
  }
  const handle = await open(config, "restore into");
  if (!handle) return 1;
  try {
    await handle.migrate();
    const result = await restoreDatabase(handle.db, opened.read(), { force: parsed.values.force });
    if (!result.ok) {
      console.error(
        result.reason === "not-empty" ? result.message.replace("The database", `${capitalize(where)}`) : `${result.message} Nothing was changed.`,
      );
      return 1;
    }
    await handle.db.execute(sql`analyze`);
    console.log(`Restored ${result.rows} rows of ${result.tables.length} tables from ${file} into ${where} (${took()}).`);
    return 0;
  } catch (error) {
    console.error(`The restore failed and nothing was changed: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

/** Opens the configured database; a running shop holding the embedded folder is explained, not thrown. */
async function open(config: ReturnType<typeof loadConfig>, verb: string): Promise<DatabaseHandle | null> {
  try {
    return await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  } catch (error) {
    // lock.ts: "The embedded database in ... is in use by process N (is the shop running?). Stop it first, or use PostgreSQL..."
    console.error(`Cannot ${verb} the database: ${(error as Error).message}`);
    return null;
  }
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}

import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, pipeline as pipeCallback, Transform, Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "~/server/db/client";
import { backupDatabase, type BackupResult } from "~/server/db/backup";
import { DecryptionRefused, decryptingStream, ENCRYPTED_MAGIC, encryptingStream, isEncrypted } from "./encryption";

// A backup as a file on disk (decision 0046): the db:backup format (server/db/backup.ts),
// encrypted when a passphrase is given (./encryption.ts), with the SHA-256 of its bytes beside it
// in `<file>.sha256` (sha256sum's format, so `sha256sum -c` checks it too). Restore checks both
// before it touches the database.

export const CHECKSUM_SUFFIX = ".sha256";

export interface WrittenBackup extends BackupResult {
  bytes: number;
  sha256: string;
  encrypted: boolean;
}

/** Counts and hashes the bytes that pass. */
function digestTap() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest("hex") }) };
}

/** Makes what was written to `file` survive a power cut: the file's bytes, then its name in the folder. */
async function flushToDisk(file: string): Promise<void> {
  for (const target of [file, path.dirname(file)]) {
    const handle = await open(target, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/** Writes `content` to `file` through `<file>.partial`, renamed when complete and on disk. */
async function writeWhole(file: string, content: string): Promise<void> {
  const partial = `${file}.partial`;
  await writeFile(partial, content, { mode: 0o600 });
  await flushToDisk(partial);
  await rename(partial, file);
}

/**
 * Backs the database up into `file` (encrypted with `passphrase` when given), then writes its
 * checksum beside it. The backup is written to `<file>.partial` and renamed once it is whole and
 * on disk: a failed or interrupted backup never leaves a file that looks complete.
 */
export async function writeBackupFile(db: Database, file: string, options: { passphrase?: string } = {}): Promise<WrittenBackup> {
  const partial = `${file}.partial`;
  const tap = digestTap();
  const source = new PassThrough();
  const stages = options.passphrase ? [encryptingStream(options.passphrase), tap.stream] : [tap.stream];
  try {
    const [result] = await Promise.all([backupDatabase(db, source), pipeline([source, ...stages, createWriteStream(partial, { mode: 0o600 })])]);
    await flushToDisk(partial);
    await rename(partial, file);
    const { bytes, sha256 } = tap.result();
    await writeWhole(`${file}${CHECKSUM_SUFFIX}`, `${sha256}  ${path.basename(file)}\n`);
    await flushToDisk(file); // both renames on disk
    return { ...result, bytes, sha256, encrypted: Boolean(options.passphrase) };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export type OpenedBackup =
  | { ok: true; encrypted: boolean; checksum: "matches" | "absent"; read(): Readable }
  | { ok: false; reason: "checksum" | "no-passphrase" | "wrong-passphrase" | "damaged"; message: string };

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The checksum in `<file>.sha256`, null when there is none, or what is wrong with it. */
async function recordedChecksum(file: string): Promise<string | null | { problem: string }> {
  let text: string;
  try {
    text = await readFile(`${file}${CHECKSUM_SUFFIX}`, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const match = /^([0-9a-f]{64})\b/i.exec(text.trim());
  return match ? match[1].toLowerCase() : { problem: `${path.basename(file)}${CHECKSUM_SUFFIX} holds no SHA-256 checksum.` };
}

async function sha256Of(file: string): Promise<string> {
  const tap = digestTap();
  await pipeline(createReadStream(file), tap.stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return tap.result().sha256;
}

/**
 * Checks a backup file before a restore reads it: against `<file>.sha256` when that exists, and,
 * when it is encrypted, that `passphrase` opens it and every byte is as written (the whole file is
 * decrypted once, and its tag checked). Gives the file's gzip'd backup to read, or why it cannot.
 */
export async function openBackupFile(file: string, passphrase: string | undefined): Promise<OpenedBackup> {
  const recorded = await recordedChecksum(file);
  if (recorded !== null && typeof recorded !== "string") return { ok: false, reason: "checksum", message: recorded.problem };
  if (recorded !== null && (await sha256Of(file)) !== recorded) {
    return {
      ok: false,
      reason: "checksum",
      message: `The backup file does not match its checksum in ${path.basename(file)}${CHECKSUM_SUFFIX}: it was changed or damaged after it was made.`,
    };
  }
  const encrypted = isEncrypted(await firstBytes(file, ENCRYPTED_MAGIC.length));
  const checksum = recorded === null ? ("absent" as const) : ("matches" as const);
  if (!encrypted) return { ok: true, encrypted, checksum, read: () => createReadStream(file) };
  try {
    await pipeline(createReadStream(file), decryptingStream(passphrase), new Writable({ write: (_chunk, _encoding, done) => done() }));
  } catch (error) {
    if (error instanceof DecryptionRefused) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
  return {
    ok: true,
    encrypted,
    checksum,
    read() {
      const plain = decryptingStream(passphrase);
      pipeCallback(createReadStream(file), plain, () => {});
      return plain;
    },
  };
}

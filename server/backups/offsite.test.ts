import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandWords, copyOffsite } from "./offsite";

// The off-site command (decision 0046): split into words as a shell would, run without one, the
// backup's path put in place of {file}.

describe("the off-site command's words", () => {
  it("are split as a shell splits them", () => {
    expect(commandWords(`rclone copy {file} remote:shop-backups`)).toEqual({ words: ["rclone", "copy", "{file}", "remote:shop-backups"] });
    expect(commandWords(`  aws s3 cp {file} "s3://shop backups/" --sse='aws:kms'  `)).toEqual({
      words: ["aws", "s3", "cp", "{file}", "s3://shop backups/", "--sse=aws:kms"],
    });
    expect(commandWords(String.raw`/opt/my\ tools/copy "say \"hi\"" 'it''s' "" --to=\|x`)).toEqual({
      words: ["/opt/my tools/copy", 'say "hi"', "its", "", "--to=|x"],
    });
  });

  it("refuse what only a shell would understand", () => {
    for (const command of ["copy {file} > /dev/null", "copy {file} | gzip", "copy {file}; rm {file}", "copy $(date) {file}", "copy `date`"]) {
      expect(commandWords(command), command).toMatchObject({
        problem: expect.stringMatching(/is shell syntax, and the command runs without a shell/),
      });
    }
    expect(commandWords(`copy "{file}`)).toEqual({ problem: "a double quote is not closed" });
    expect(commandWords(`copy '{file}`)).toEqual({ problem: "a single quote is not closed" });
    expect(commandWords("   ")).toEqual({ problem: "the command is empty" });
  });
});

describe("copyOffsite", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "shop-offsite-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A command that writes the words and environment it was given to a file. */
  const recorder = (out: string, ...words: string[]) => [
    "sh",
    "-c",
    `printf '%s\\n' "$@" > '${out}'; echo "$BACKUP_FILE|\${BACKUP_PASSPHRASE-none}|\${DATABASE_URL-none}" >> '${out}'`,
    "sh",
    ...words,
  ];

  it("gives the path in place of {file} and in BACKUP_FILE, never through a shell", async () => {
    const out = path.join(dir, "words");
    // A file name a shell would act on: it must arrive as one word, as it is.
    const file = path.join(dir, "foam $(touch hacked) `id`; x.backup");
    process.env.BACKUP_PASSPHRASE = "correct horse battery staple";
    try {
      expect(await copyOffsite(recorder(out, "--from={file}", "remote:"), file, 5_000)).toEqual({ ok: true });
      expect(await readFile(out, "utf8")).toBe(`--from=${file}\nremote:\n${file}|none|none\n`);
      expect(await copyOffsite(recorder(out, "remote:"), file, 5_000)).toEqual({ ok: true });
      expect(await readFile(out, "utf8")).toBe(`remote:\n${file}|none|none\n`);
    } finally {
      delete process.env.BACKUP_PASSPHRASE;
    }
    await expect(readFile(path.join(dir, "hacked"))).rejects.toThrow(/ENOENT/);
  });

  it("says why a copy failed: its exit code and last words, a signal, a timeout, or no such program", async () => {
    expect(await copyOffsite(["sh", "-c", "echo 'Failed to copy:\n  quota exceeded' >&2; exit 2", "sh", "{file}"], "/b/x.backup", 5_000)).toEqual({
      ok: false,
      error: "The off-site copy failed: sh exited with code 2: Failed to copy: quota exceeded",
    });
    expect(await copyOffsite(["sh", "-c", "kill -9 $$", "sh", "{file}"], "/b/x.backup", 5_000)).toEqual({
      ok: false,
      error: "The off-site copy failed: sh was ended by SIGKILL",
    });
    // What the command started is stopped with it.
    const started = performance.now();
    expect(await copyOffsite(["sh", "-c", "sleep 20 & sleep 20", "sh", "{file}"], "/b/x.backup", 200)).toEqual({
      ok: false,
      error: "The off-site copy failed: sh did not finish within 200 ms and was stopped.",
    });
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(await copyOffsite(["no-such-uploader", "{file}"], "/b/x.backup", 5_000)).toEqual({
      ok: false,
      error: "The off-site copy failed: could not start no-such-uploader (spawn no-such-uploader ENOENT).",
    });
  });
});

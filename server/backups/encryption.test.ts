import { randomBytes } from "node:crypto";
import { Readable, Writable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { DECRYPTION_MESSAGES, decryptingStream, encryptingStream, isEncrypted } from "./encryption";

// Encrypted backups (decision 0046): AES-256-GCM with a scrypt key, streamed; a wrong passphrase
// or any changed byte is refused.

const PASSPHRASE = "correct horse battery staple";

/** `input` through `stream`, fed in pieces of uneven sizes up to `largest` bytes. */
async function through(stream: Transform, input: Buffer, largest = 40_000): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0, i = 1; at < input.length; i++) {
    const size = 1 + ((i * 7_919) % largest);
    pieces.push(input.subarray(at, at + size));
    at += size;
  }
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(pieces),
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(out);
}

const decrypt = (file: Buffer, passphrase: string | null = PASSPHRASE) => through(decryptingStream(passphrase ?? undefined), file);

describe("encrypted backups", () => {
  const plain = randomBytes(200_000);
  let sealed: Buffer;
  it("come back as they were, whatever the pieces they are read in, and differ each time", async () => {
    sealed = await through(encryptingStream(PASSPHRASE), plain);
    expect(sealed.length).toBe(plain.length + 56 + 16);
    expect(isEncrypted(sealed)).toBe(true);
    expect(sealed.subarray(0, 12)).toEqual(Buffer.from([...Buffer.from("FOAMENC\n", "latin1"), 1, 15, 8, 1]));
    expect((await decrypt(sealed)).equals(plain)).toBe(true);
    // Pieces smaller than the header and the tag.
    expect((await through(decryptingStream(PASSPHRASE), sealed, 70)).equals(plain)).toBe(true);
    // A fresh salt and nonce every time: the same backup never gives the same bytes.
    const again = await through(encryptingStream(PASSPHRASE), plain);
    expect(again.subarray(12, 56).equals(sealed.subarray(12, 56))).toBe(false);
    expect(isEncrypted(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe(false);
    // An empty input still makes a file that opens.
    expect(await decrypt(await through(encryptingStream(PASSPHRASE), Buffer.alloc(0)))).toEqual(Buffer.alloc(0));
  });

  it("refuse a missing or wrong passphrase before decrypting anything", async () => {
    await expect(decrypt(sealed, null)).rejects.toThrow(DECRYPTION_MESSAGES["no-passphrase"]);
    await expect(decrypt(sealed, "correct horse battery stable")).rejects.toMatchObject({
      reason: "wrong-passphrase",
      message: "The passphrase in BACKUP_PASSPHRASE does not open this backup.",
    });
  });

  it("refuse a file with any byte changed: header, ciphertext or tag", async () => {
    // The header's version, salt and key check (a changed salt or check reads as another
    // passphrase), the ciphertext's first and middle byte, the tag.
    const cases: [number, string][] = [
      [8, DECRYPTION_MESSAGES.otherVersion],
      [20, DECRYPTION_MESSAGES["wrong-passphrase"]],
      [45, DECRYPTION_MESSAGES["wrong-passphrase"]],
      [56, DECRYPTION_MESSAGES.damaged],
      [100_000, "The encrypted backup is damaged or was altered (its authentication tag does not match)."],
      [sealed.length - 1, DECRYPTION_MESSAGES.damaged],
    ];
    for (const [at, message] of cases) {
      const changed = Buffer.from(sealed);
      changed[at] ^= 0x04;
      await expect(decrypt(changed), `byte ${at}`).rejects.toThrow(message);
    }
    await expect(decrypt(sealed.subarray(0, sealed.length - 10))).rejects.toThrow(DECRYPTION_MESSAGES.damaged);
    await expect(decrypt(sealed.subarray(0, 60))).rejects.toThrow(DECRYPTION_MESSAGES.cutShort);
    await expect(decrypt(sealed.subarray(0, 30))).rejects.toThrow(DECRYPTION_MESSAGES.cutShort);
  });

  it("refuse a header asking scrypt for more memory than a backup ever needs, without trying", async () => {
    const greedy = Buffer.from(sealed);
    greedy[9] = 20; // N = 2^20 with r = 8: 1 GiB
    const started = performance.now();
    await expect(decrypt(greedy)).rejects.toThrow(DECRYPTION_MESSAGES.damaged);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

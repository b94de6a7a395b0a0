import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type CipherGCM,
  type DecipherGCM,
  type ScryptOptions,
} from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";

// Encrypted backups (decision 0046): AES-256-GCM over the whole gzip'd backup, streamed, with a
// key stretched from BACKUP_PASSPHRASE by scrypt. The file is
//
//   offset  bytes
//   0       8    "FOAMENC\n"                   tells an encrypted backup from a gzip'd one (1f 8b)
//   8       1    format version, 1
//   9       1    scrypt cost as log2 N (15)
//   10      1    scrypt block size r (8)
//   11      1    scrypt parallelism p (1)
//   12      16   scrypt salt, random per file
//   28      12   GCM nonce, random per file
//   40      16   key check: the first 16 bytes of SHA-256 of scrypt's second 32 bytes
//   56      ...  ciphertext
//   end-16  16   GCM tag
//
// The 56-byte header is GCM's additional authenticated data: changing any byte of the file
// fails the tag. The key check tells a wrong passphrase from a damaged file before any
// decrypting, and reveals nothing a guesser could not get by trying scrypt themselves.

export const ENCRYPTED_MAGIC = Buffer.from("FOAMENC\n", "latin1");
const VERSION = 1;
const HEADER_BYTES = 56;
const TAG_BYTES = 16;
const DEFAULT_COST = { log2N: 15, r: 8, p: 1 };
/** scrypt's memory (128·N·r bytes) that a file's header may ask for: 8 times the default's 32 MiB. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

/** A passphrase shorter than this is refused at start-up (server/config.ts). */
export const MIN_PASSPHRASE_LENGTH = 12;

interface Keys {
  key: Buffer;
  check: Buffer;
}

async function deriveKeys(passphrase: string, salt: Buffer, cost: { log2N: number; r: number; p: number }): Promise<Keys> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 128 * N * cost.r + 1024 * 1024 };
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase.normalize("NFC"), salt, 64, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
  return { key: derived.subarray(0, 32), check: createHash("sha256").update(derived.subarray(32)).digest().subarray(0, 16) };
}

/** Whether a file's first bytes are those of an encrypted backup. */
export function isEncrypted(firstBytes: Buffer): boolean {
  return firstBytes.length >= ENCRYPTED_MAGIC.length && firstBytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
}

/** A stream that encrypts what passes through it into the format above. */
export function encryptingStream(passphrase: string): Transform {
  let cipher: CipherGCM | null = null;
  const start = async (): Promise<Buffer> => {
    const salt = randomBytes(16);
    const nonce = randomBytes(12);
    const { key, check } = await deriveKeys(passphrase, salt, DEFAULT_COST);
    const header = Buffer.concat([ENCRYPTED_MAGIC, Buffer.from([VERSION, DEFAULT_COST.log2N, DEFAULT_COST.r, DEFAULT_COST.p]), salt, nonce, check]);
    cipher = createCipheriv("aes-256-gcm", key, nonce);
    cipher.setAAD(header);
    return header;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const header = cipher ? Promise.resolve(null) : start();
      header.then((h) => {
        if (h) this.push(h);
        done(null, cipher!.update(chunk));
      }, done);
    },
    flush(done: TransformCallback) {
      const header = cipher ? Promise.resolve(null) : start(); // an empty input still gets a valid file
      header.then((h) => {
        if (h) this.push(h);
        this.push(cipher!.final());
        done(null, cipher!.getAuthTag());
      }, done);
    },
  });
}

/** Why an encrypted backup cannot be read; restore says it and changes nothing. */
export class DecryptionRefused extends Error {
  constructor(
    readonly reason: "no-passphrase" | "wrong-passphrase" | "damaged",
    message: string,
  ) {
    super(message);
    this.name = "DecryptionRefused";
  }
}

export const DECRYPTION_MESSAGES = {
  "no-passphrase": "This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.",
  "wrong-passphrase": "The passphrase in BACKUP_PASSPHRASE does not open this backup.",
  damaged: "The encrypted backup is damaged or was altered (its authentication tag does not match).",
  cutShort: "The encrypted backup is cut short (it ends before its authentication tag).",
  otherVersion: "This encrypted backup was made by another version of the shop (unknown encryption format).",
} as const;

/**
 * A stream that decrypts a file of the format above, ending with an error (DecryptionRefused) when
 * the passphrase is wrong or any byte was changed. Plain text leaves it before the tag is checked
 * at the end: a reader must not act on it before the stream has ended without error.
 */
export function decryptingStream(passphrase: string | undefined): Transform {
  let header = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  /** The last TAG_BYTES seen, held back until the end: they may be the tag. */
  let held = Buffer.alloc(0);

  const begin = async (h: Buffer) => {
    if (!isEncrypted(h)) throw new DecryptionRefused("damaged", "This is not an encrypted shop backup.");
    if (h[8] !== VERSION) throw new DecryptionRefused("damaged", DECRYPTION_MESSAGES.otherVersion);
    if (!passphrase) throw new DecryptionRefused("no-passphrase", DECRYPTION_MESSAGES["no-passphrase"]);
    const cost = { log2N: h[9], r: h[10], p: h[11] };
    // The cost is read before the tag can vouch for it: a changed one must not make scrypt take
    // gigabytes or minutes.
    if (cost.log2N < 10 || cost.log2N > 20 || cost.r < 1 || cost.p < 1 || cost.p > 4 || 128 * 2 ** cost.log2N * cost.r > MAX_SCRYPT_MEMORY)
      throw new DecryptionRefused("damaged", DECRYPTION_MESSAGES.damaged);
    const { key, check } = await deriveKeys(passphrase, h.subarray(12, 28), cost);
    if (!timingSafeEqual(check, h.subarray(40, 56))) throw new DecryptionRefused("wrong-passphrase", DECRYPTION_MESSAGES["wrong-passphrase"]);
    decipher = createDecipheriv("aes-256-gcm", key, h.subarray(28, 40));
    decipher.setAAD(h);
  };

  const consume = (data: Buffer): Buffer => {
    const all = Buffer.concat([held, data]);
    const cut = Math.max(0, all.length - TAG_BYTES);
    held = all.subarray(cut);
    return decipher!.update(all.subarray(0, cut));
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (decipher) return done(null, consume(chunk));
      header = Buffer.concat([header, chunk]);
      if (header.length < HEADER_BYTES) return done();
      const rest = header.subarray(HEADER_BYTES);
      begin(header.subarray(0, HEADER_BYTES)).then(() => done(null, consume(rest)), done);
    },
    flush(done: TransformCallback) {
      if (!decipher) {
        const why = header.length === 0 || isEncrypted(header) ? DECRYPTION_MESSAGES.cutShort : "This is not an encrypted shop backup.";
        return done(new DecryptionRefused("damaged", why));
      }
      if (held.length < TAG_BYTES) return done(new DecryptionRefused("damaged", DECRYPTION_MESSAGES.cutShort));
      decipher.setAuthTag(held);
      try {
        done(null, decipher.final());
      } catch {
        done(new DecryptionRefused("damaged", DECRYPTION_MESSAGES.damaged));
      }
    },
  });
}

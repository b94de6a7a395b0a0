import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 that keeps every message it is given, parsed with postal-mime.
// Free of Vitest: the browser tests' Paystack shop (tests/e2e/paystack-card.spec.ts) uses it too.

export interface ReceivedMail {
  envelope: { from: string | null; to: string[] };
  raw: Buffer;
  parsed: Awaited<ReturnType<typeof PostalMime.parse>>;
  /** Date.now() when the whole message had arrived (before it was acknowledged). */
  receivedAt: number;
}

/** A reply to RCPT TO that refuses the address: its SMTP code and words. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * `acceptDelayMs`: how long a message waits for its 250 OK once kept (a slow mail server).
 * `refuse`: the reply to RCPT TO for an address the server refuses (a mailbox that does not
 * exist: 550; a full one: 452), or null to take it.
 */
export async function startSmtpServer({ acceptDelayMs = 0, refuse = (_address: string): Refusal | null => null } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const receivedAt = Date.now();
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const to = session.envelope.rcptTo.map((a) => a.address);
        PostalMime.parse(raw).then(
          (parsed) => {
            received.push({ envelope: { from, to }, raw, parsed, receivedAt });
            if (acceptDelayMs > 0) setTimeout(() => callback(), acceptDelayMs);
            else callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A sender that dies mid-message (a shop process killed by a test) resets its connection:
  // smtp-server reports that as an error event, which must not end the test run.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Polls until a message matching `match` has arrived; fails after `timeout` ms. */
    async waitForMail(match: (mail: ReceivedMail) => boolean, { timeout = 10_000, interval = 25 } = {}): Promise<ReceivedMail> {
      const until = Date.now() + timeout;
      for (;;) {
        const mail = received.find(match);
        if (mail) return mail;
        if (Date.now() > until) {
          const seen = received.map((m) => `${m.envelope.to.join(",")}: ${m.parsed.subject}`).join("; ") || "nothing";
          throw new Error(`No matching mail yet (received: ${seen})`);
        }
        await new Promise((r) => setTimeout(r, interval));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

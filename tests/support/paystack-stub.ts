import { createHmac, randomInt } from "node:crypto";
import { digitsOnly, TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer } from "./listen";

// A local stand-in for the part of Paystack's REST API the shop uses (transaction/initialize,
// transaction/verify, refund and the signed charge.success webhook), on 127.0.0.1, so tests
// never reach the internet. Point PAYSTACK_API_BASE at `baseUrl` and PAYSTACK_SECRET_KEY at `secretKey`.
//
// It also stands in for what Paystack's own checkout window asks Paystack, for the browser tests'
// fake checkout (tests/e2e/paystack-card.spec.ts): the public transaction/verify_access_code that
// @paystack/inline-js itself calls, and a test-only checkout/charge that pays the transaction as
// the customer would in Paystack's window (a test card, or a transfer or USSD payment that the
// bank confirms later: `confirm`). Both go by access code without the secret key, from a page of
// another origin (CORS), as Paystack's checkout does. With `webhookUrl` set, a payment that lands
// is announced there by a signed charge.success, as Paystack does.

export interface StubTransaction {
  reference: string;
  amount: number /* kobo */;
  currency: string;
  email: string;
  accessCode: string;
  /** `reversed`: paid, then fully refunded. `ongoing`: paid by transfer or USSD, the bank has not confirmed it yet. */
  status: "pending" | "ongoing" | "success" | "failed" | "abandoned" | "reversed";
  /** The ways the shop offered (initialize's `channels`; Paystack's default is every one). */
  channels: string[];
  /** How the customer paid. */
  channel: string;
}

/** A refund the stub accepted (POST /refund). */
export interface StubRefund {
  id: number;
  reference: string;
  amount: number /* kobo */;
  merchantNote: string | null;
}

export interface PaystackStub {
  baseUrl: string; // e.g. http://127.0.0.1:PORT  (the shop's PAYSTACK_API_BASE)
  secretKey: string;
  transactions: Map<string, StubTransaction>; // by reference
  /** Overrides what verify reports for a reference (simulates the customer paying, or tampering). */
  settle(reference: string, patch: Partial<Pick<StubTransaction, "status" | "amount" | "currency" | "channel">>): void;
  /** Count of requests per route, e.g. calls.initialize, calls.verify. */
  calls: { initialize: number; verify: number; refund: number };
  /** Refunds accepted, in order. */
  refunds: StubRefund[];
  /** While set, POST /refund answers 500 (Paystack having trouble), to test retries. */
  failRefunds: boolean;
  /** A signed `charge.success` webhook body + signature for the given reference (uses the stored transaction). */
  webhook(reference: string, opts?: { secret?: string }): { body: string; signature: string };
  /** A signed refund.processed or refund.failed for a refund the stub accepted of this transaction, as Paystack sends it. */
  refundEvent(reference: string, outcome: "processed" | "failed"): { body: string; signature: string };
  /** A signed charge.dispute.create, .remind or .resolve for this transaction, as Paystack sends it. */
  disputeEvent(
    reference: string,
    step: "create" | "remind" | "resolve",
    dispute: { id: number; dueAt?: string; resolution?: string },
  ): { body: string; signature: string };
  /** Any signed event (one Paystack may add), for the shop's answer to events it does not know. */
  signedEvent(event: string, data: unknown): { body: string; signature: string };
  /** While set, the checkout refuses every access code with this message (an expired or spent code). */
  refuseCheckout: string | null;
  /** Where a payment that lands (checkout/charge by card, `confirm`) is announced by a signed charge.success. */
  webhookUrl: string | null;
  /** Webhooks sent to `webhookUrl`, with the shop's answer (0: not reached). */
  webhookDeliveries: { reference: string; status: number }[];
  /** The customer's bank confirms an ongoing transfer or USSD payment: success, and the webhook. */
  confirm(reference: string): Promise<void>;
  close(): Promise<void>;
}

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
/** The channels Paystack knows in Nigeria (and qr, eft elsewhere). */
const CHANNELS = ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft", "apple_pay"];

function randomAlnum(length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function fail(res: ServerResponse, status: number, message: string): void {
  send(res, status, { status: false, message });
}

/** Paystack's public endpoints answer pages of any origin. */
const CORS = { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, POST", "access-control-allow-headers": "content-type" };

/** A JSON or form-encoded body (inline-js posts its checkout calls form-encoded); null if neither. */
function parseObject(text: string, contentType: string | undefined): Record<string, unknown> | null {
  if (contentType?.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = text.trim() === "" ? {} : JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Paystack takes the amount in kobo, as an integer or a string of digits. */
function parseAmount(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === "string" && /^\d+$/.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  }
  return null;
}

export async function startPaystackStub(options: { secretKey?: string } = {}): Promise<PaystackStub> {
  const secretKey = options.secretKey ?? "sk_test_stub";
  const transactions = new Map<string, StubTransaction>();
  // Fields Paystack reports that StubTransaction does not carry: its numeric id and when it was paid.
  const extra = new Map<string, { id: number; paidAt: string | null }>();
  const calls = { initialize: 0, verify: 0, refund: 0 };
  const refunds: StubRefund[] = [];
  const state = { failRefunds: false, refuseCheckout: null as string | null, webhookUrl: null as string | null };
  const webhookDeliveries: { reference: string; status: number }[] = [];
  let nextId = 4_000_000_000 + randomInt(1_000_000);

  function stored(reference: string): { tx: StubTransaction; id: number; paidAt: string | null } {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`paystack-stub: no transaction with reference ${JSON.stringify(reference)}`);
    let meta = extra.get(reference);
    if (!meta) {
      // A transaction a test put into `transactions` directly.
      meta = { id: nextId++, paidAt: tx.status === "success" ? new Date().toISOString() : null };
      extra.set(reference, meta);
    }
    return { tx, ...meta };
  }

  function signedWebhook(reference: string, secret = secretKey): { body: string; signature: string } {
    const { tx, id, paidAt } = stored(reference);
    const body = JSON.stringify({
      event: "charge.success",
      data: {
        id,
        status: "success",
        reference: tx.reference,
        amount: tx.amount,
        currency: tx.currency,
        channel: tx.channel,
        paid_at: paidAt ?? new Date().toISOString(),
        customer: { email: tx.email },
      },
    });
    const signature = createHmac("sha512", secret).update(body).digest("hex");
    return { body, signature };
  }

  function signedEvent(event: string, data: unknown): { body: string; signature: string } {
    const body = JSON.stringify({ event, data });
    return { body, signature: createHmac("sha512", secretKey).update(body).digest("hex") };
  }

  function refundEvent(reference: string, outcome: "processed" | "failed") {
    const { tx } = stored(reference);
    const accepted = refunds.findLast((r) => r.reference === reference);
    if (!accepted) throw new Error(`paystack-stub: no refund of ${reference} was accepted`);
    return signedEvent(`refund.${outcome}`, {
      status: outcome,
      transaction_reference: reference,
      refund_reference: `rfnd_${accepted.id}`,
      amount: accepted.amount,
      currency: tx.currency,
      processor: "stub",
      customer: { email: tx.email },
      integration: 1,
      domain: "test",
    });
  }

  function disputeEvent(reference: string, step: "create" | "remind" | "resolve", dispute: { id: number; dueAt?: string; resolution?: string }) {
    const { tx, id } = stored(reference);
    return signedEvent(`charge.dispute.${step}`, {
      id: dispute.id,
      refund_amount: tx.amount,
      currency: tx.currency,
      status: step === "resolve" ? "resolved" : "awaiting-merchant-feedback",
      resolution: step === "resolve" ? (dispute.resolution ?? "merchant-accepted") : null,
      domain: "test",
      transaction: { id, reference, amount: tx.amount, currency: tx.currency, status: "success" },
      category: "chargeback",
      created_at: new Date().toISOString(),
      due_at: dispute.dueAt ?? null,
    });
  }

  /** Paystack tells the shop a payment landed (when `webhookUrl` is set); the answer is recorded. */
  async function announce(reference: string): Promise<void> {
    if (!state.webhookUrl) return;
    const { body, signature } = signedWebhook(reference);
    const status = await fetch(state.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-paystack-signature": signature },
      body,
    }).then(
      (r) => r.status,
      () => 0,
    );
    webhookDeliveries.push({ reference, status });
  }

  function byAccessCode(accessCode: unknown): StubTransaction | undefined {
    if (typeof accessCode !== "string" || accessCode === "") return undefined;
    for (const tx of transactions.values()) if (tx.accessCode === accessCode) return tx;
    return undefined;
  }

  /** Paystack's public look-up of a checkout by access code (inline-js calls it; so does the fake checkout). */
  function verifyAccessCode(res: ServerResponse, rawCode: string): void {
    if (state.refuseCheckout) return fail(res, 400, state.refuseCheckout);
    const tx = byAccessCode(decodeURIComponent(rawCode));
    if (!tx) return fail(res, 404, "Invalid access code");
    const { id } = stored(tx.reference);
    send(res, 200, {
      status: true,
      message: "Access code validated",
      data: {
        id,
        access_code: tx.accessCode,
        reference: tx.reference,
        amount: tx.amount,
        currency: tx.currency,
        email: tx.email,
        channels: tx.channels,
        transaction_status: tx.status,
        merchant_name: "Foam Shop",
      },
    });
  }

  /**
   * Test-only: the customer pays in Paystack's window. A card is charged at once (Paystack's test
   * cards: the success card pays, the declined card is refused and may be tried again); a bank
   * transfer or USSD payment is ongoing until the bank confirms it (`confirm`).
   */
  async function checkoutCharge(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const input = parseObject(await readBody(req), req.headers["content-type"]);
    if (!input) return fail(res, 400, "Invalid body");
    if (state.refuseCheckout) return fail(res, 400, state.refuseCheckout);
    const tx = byAccessCode(input.access_code);
    if (!tx) return fail(res, 404, "Invalid access code");
    const channel = typeof input.channel === "string" ? input.channel : "card";
    if (!tx.channels.includes(channel)) return fail(res, 400, "Channel not available for this transaction");
    // Paystack lets a declined card be followed by another attempt; a paid or ongoing payment is over.
    if (tx.status !== "pending" && tx.status !== "failed") return fail(res, 400, "Transaction has already been attempted");
    if (channel === "card") {
      const card = typeof input.card_number === "string" ? digitsOnly(input.card_number) : "";
      if (card === digitsOnly(TEST_CARD_SUCCESS)) {
        settle(tx.reference, { status: "success", channel });
        send(res, 200, {
          status: true,
          message: "Charge attempted",
          data: { reference: tx.reference, status: "success", gateway_response: "Approved" },
        });
        return announce(tx.reference);
      }
      if (card === digitsOnly(TEST_CARD_DECLINED)) {
        settle(tx.reference, { status: "failed", channel });
        return send(res, 200, {
          status: true,
          message: "Charge attempted",
          data: { reference: tx.reference, status: "failed", gateway_response: "Declined" },
        });
      }
      return fail(res, 400, "Invalid card number");
    }
    if (channel !== "bank_transfer" && channel !== "ussd") return fail(res, 400, `The stub does not pay by ${channel}`);
    settle(tx.reference, { status: "ongoing", channel });
    send(res, 200, {
      status: true,
      message: "Charge attempted",
      data: { reference: tx.reference, status: "ongoing", gateway_response: "Transaction ongoing" },
    });
  }

  function settle(reference: string, patch: Partial<Pick<StubTransaction, "status" | "amount" | "currency" | "channel">>): void {
    const { tx, id, paidAt } = stored(reference);
    Object.assign(tx, patch);
    const paid = tx.status === "success" ? (paidAt ?? new Date().toISOString()) : null;
    extra.set(reference, { id, paidAt: paid });
  }

  async function initialize(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      const text = await readBody(req);
      body = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return fail(res, 400, "Invalid JSON body");
    const input = body as Record<string, unknown>;

    if (input.email === undefined || input.email === null || input.email === "") return fail(res, 400, "Email is required");
    if (typeof input.email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(input.email.trim())) {
      return fail(res, 400, "Invalid Email Address Passed");
    }
    if (input.amount === undefined || input.amount === null || input.amount === "") return fail(res, 400, "Amount is required");
    const amount = parseAmount(input.amount);
    if (amount === null) return fail(res, 400, "Invalid Amount Sent");
    if (input.currency !== undefined && (typeof input.currency !== "string" || !/^[A-Z]{3}$/i.test(input.currency))) {
      return fail(res, 400, "Currency not supported by merchant");
    }
    if (input.reference !== undefined && (typeof input.reference !== "string" || input.reference === "")) {
      return fail(res, 400, "Invalid transaction reference");
    }

    if (
      input.channels !== undefined &&
      (!Array.isArray(input.channels) || input.channels.length === 0 || input.channels.some((c) => !CHANNELS.includes(c as string)))
    ) {
      return fail(res, 400, "Invalid channels");
    }

    let reference = input.reference as string | undefined;
    if (reference !== undefined && transactions.has(reference)) return fail(res, 400, "Duplicate Transaction Reference");
    if (reference === undefined) {
      do reference = randomAlnum(10);
      while (transactions.has(reference));
    }

    const tx: StubTransaction = {
      reference,
      amount,
      currency: ((input.currency as string | undefined) ?? "NGN").toUpperCase(),
      email: input.email.trim(),
      accessCode: randomAlnum(15),
      status: "pending",
      channels: (input.channels as string[] | undefined) ?? ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer"],
      channel: "card",
    };
    transactions.set(reference, tx);
    extra.set(reference, { id: nextId++, paidAt: null });
    send(res, 200, {
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: `https://checkout.paystack.com/${tx.accessCode}`,
        access_code: tx.accessCode,
        reference,
      },
    });
  }

  function verify(res: ServerResponse, rawReference: string): void {
    let reference: string;
    try {
      reference = decodeURIComponent(rawReference);
    } catch {
      return fail(res, 400, "Transaction reference not found");
    }
    if (!transactions.has(reference)) return fail(res, 400, "Transaction reference not found");
    const { tx, id, paidAt } = stored(reference);
    // Paystack reports a transaction nobody paid as "abandoned".
    const status = tx.status === "pending" ? "abandoned" : tx.status;
    const gatewayResponse =
      status === "success"
        ? "Successful"
        : status === "failed"
          ? "Declined"
          : status === "ongoing"
            ? "Transaction ongoing"
            : "The transaction was not completed";
    send(res, 200, {
      status: true,
      message: "Verification successful",
      data: {
        id,
        status,
        reference: tx.reference,
        amount: tx.amount,
        currency: tx.currency,
        paid_at: status === "success" ? (paidAt ?? new Date().toISOString()) : null,
        channel: tx.channel,
        gateway_response: gatewayResponse,
        customer: { email: tx.email },
      },
    });
  }

  /** Paystack's Create Refund: the whole or part of a paid transaction, once; the transaction then reads as reversed. */
  async function refund(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let input: Record<string, unknown>;
    try {
      const parsed = JSON.parse((await readBody(req)) || "{}");
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return fail(res, 400, "Invalid JSON body");
      input = parsed as Record<string, unknown>;
    } catch {
      return fail(res, 400, "Invalid JSON body");
    }
    if (state.failRefunds) return fail(res, 500, "An error occurred");
    if (typeof input.transaction !== "string" || input.transaction === "") return fail(res, 400, "Transaction is required");
    const tx = transactions.get(input.transaction);
    if (!tx) return fail(res, 404, "Transaction not found");
    if (tx.status === "reversed") return fail(res, 400, "Transaction has been fully reversed");
    if (tx.status !== "success") return fail(res, 400, "Cannot refund a transaction that was not successful");
    const amount = input.amount === undefined ? tx.amount : parseAmount(input.amount);
    if (amount === null || amount > tx.amount) return fail(res, 400, "Refund amount cannot be more than the transaction amount");
    tx.status = "reversed";
    const { id } = stored(tx.reference);
    const accepted: StubRefund = {
      id: nextId++,
      reference: tx.reference,
      amount,
      merchantNote: typeof input.merchant_note === "string" ? input.merchant_note : null,
    };
    refunds.push(accepted);
    send(res, 200, {
      status: true,
      message: "Refund has been queued for processing",
      data: {
        transaction: { id, reference: tx.reference, amount: tx.amount, currency: tx.currency, channel: "card" },
        amount,
        currency: tx.currency,
        merchant_note: accepted.merchantNote,
        status: "pending",
        refunded_by: "stub",
        expected_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    // Trailing slashes off; the look-behind starts the match only at a run's first slash (linear, not quadratic).
    const path = pathname.replace(/(?<!\/)\/+$/, "") || "/";
    // The checkout's public side: by access code, no secret key, for pages of any origin.
    const accessCodeMatch = /^\/transaction\/verify_access_code\/([^/]+)$/.exec(path);
    if (accessCodeMatch || path === "/checkout/charge") {
      for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
      if (req.method === "OPTIONS") {
        res.writeHead(204).end();
        return;
      }
      if (req.method === "GET" && accessCodeMatch) {
        req.resume();
        return verifyAccessCode(res, accessCodeMatch[1]);
      }
      if (req.method === "POST" && path === "/checkout/charge") return checkoutCharge(req, res);
    }
    const verifyMatch = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    const route =
      req.method === "POST" && path === "/transaction/initialize"
        ? "initialize"
        : req.method === "GET" && verifyMatch
          ? "verify"
          : req.method === "POST" && path === "/refund"
            ? "refund"
            : null;
    // Counted whatever the outcome (a rejected key or reference still counts as a call).
    if (route) calls[route]++;

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      req.resume();
      return fail(res, 401, "Invalid key");
    }
    if (route === "initialize") return initialize(req, res);
    if (route === "refund") return refund(req, res);
    req.resume();
    if (route === "verify") return verify(res, verifyMatch![1]);
    return fail(res, 404, `Route not found: ${req.method} ${pathname}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) fail(res, 500, `paystack-stub: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    calls,
    refunds,
    get failRefunds() {
      return state.failRefunds;
    },
    set failRefunds(value: boolean) {
      state.failRefunds = value;
    },
    get refuseCheckout() {
      return state.refuseCheckout;
    },
    set refuseCheckout(value: string | null) {
      state.refuseCheckout = value;
    },
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(value: string | null) {
      state.webhookUrl = value;
    },
    webhookDeliveries,
    settle,
    webhook: (reference, opts = {}) => signedWebhook(reference, opts.secret),
    refundEvent,
    disputeEvent,
    signedEvent,
    async confirm(reference) {
      const { tx } = stored(reference);
      if (tx.status !== "ongoing") throw new Error(`paystack-stub: ${reference} is ${tx.status}, not ongoing`);
      settle(reference, { status: "success" });
      await announce(reference);
    },
    close: () => closeServer(server),
  };
}

import { createHmac, timingSafeEqual } from "node:crypto";
import type { GatewayResult, PaymentGateway, Verification } from "./gateway";
import { OUTGOING_CALL_TIMEOUT_MS } from "../config";
import { log } from "../log";

// Paystack's REST API: initialize a transaction, verify it, and check webhook signatures
// (HMAC-SHA512 of the raw body with the secret key). Tests point apiBase at a local stub.

interface PaystackReply<T> {
  status: boolean;
  message: string;
  data?: T;
}

export function paystackGateway(options: { secretKey: string; publicKey: string | null; apiBase: string }): PaymentGateway {
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<GatewayResult<T>> {
    try {
      const response = await fetch(`${options.apiBase}${path}`, {
        method,
        headers: { Authorization: `Bearer ${options.secretKey}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(OUTGOING_CALL_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => null)) as PaystackReply<T> | null;
      if (!response.ok || !reply?.status || reply.data === undefined) {
        // Paystack's own trouble (5xx) is worth another try; a refusal (4xx) is not.
        return { ok: false, message: reply?.message || `Paystack answered ${response.status}`, unreachable: response.status >= 500 };
      }
      return { ok: true, value: reply.data };
    } catch (error) {
      log.error({ err: error }, `Paystack ${method} ${path} failed`);
      return { ok: false, message: "The payment provider could not be reached.", unreachable: true };
    }
  }

  return {
    provider: "paystack",
    publicKey: options.publicKey,

    async initialize({ email, amountKobo, reference, currency, channels }) {
      const result = await call<{ access_code: string }>("POST", "/transaction/initialize", {
        email,
        amount: amountKobo,
        reference,
        currency,
        channels,
      });
      return result.ok ? { ok: true, value: { accessCode: result.value.access_code } } : result;
    },

    async verify(reference) {
      const result = await call<{ status: string; amount: number; currency: string; gateway_response?: string; channel?: string }>(
        "GET",
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      if (!result.ok) return result;
      const d = result.value;
      // Anything else (ongoing, pending, processing, queued) is money on its way.
      const status: Verification["status"] =
        d.status === "success" || d.status === "failed" || d.status === "abandoned" || d.status === "reversed" ? d.status : "pending";
      return {
        ok: true,
        value: {
          status,
          amountKobo: Number(d.amount),
          currency: String(d.currency),
          gatewayResponse: d.gateway_response ?? null,
          channel: typeof d.channel === "string" && d.channel !== "" ? d.channel : null,
          raw: d,
        },
      };
    },

    async refund(reference, amountKobo, note) {
      const result = await call<{ status?: string }>("POST", "/refund", { transaction: reference, amount: amountKobo, merchant_note: note });
      return result.ok ? { ok: true, value: { status: String(result.value.status ?? "pending"), raw: result.value } } : result;
    },

    verifyWebhook(rawBody, signature) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      const expected = createHmac("sha512", options.secretKey).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(signature, "hex"));
    },
  };
}

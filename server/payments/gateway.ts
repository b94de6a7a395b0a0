import type { Config } from "../config";
import type { PaymentChannel } from "~/common/payment-channels";
import type { Database } from "../db/client";
import { paystackGateway } from "./paystack";
import { testGateway } from "./test-gateway";

// The card payment provider as the checkout sees it. Paystack when keys are set; otherwise, in
// demo mode only, the built-in test gateway, which keeps its own books and is verified the same
// way, so the whole purchase works offline. Outside demo mode without keys nothing is paid.

export type Provider = "paystack" | "test" | "none";

export interface InitializeInput {
  email: string;
  amountKobo: number;
  reference: string;
  currency: "NGN";
  /** The ways the customer may pay (Paystack's `channels`). */
  channels: readonly PaymentChannel[];
}

/** What the provider says about a reference. Only `success` with the right amount and currency pays an order. */
export interface Verification {
  /**
   * `reversed`: paid, then refunded. `pending`: the customer has paid by a way the bank confirms
   * later (a transfer, USSD); the money is on its way.
   */
  status: "success" | "failed" | "abandoned" | "pending" | "reversed";
  /** How the customer paid (card, bank_transfer, ussd...), when the provider says. */
  channel: string | null;
  amountKobo: number;
  currency: string;
  gatewayResponse: string | null;
  /** The provider's reply as received, kept with the payment. */
  raw: unknown;
}

/** `unreachable`: the provider could not be asked (network, timeout); the same call may be tried again. */
export type GatewayResult<T> = { ok: true; value: T } | { ok: false; message: string; unreachable?: boolean };

/** What the provider says of a refund it accepted (Paystack queues it, then pays it out). */
export interface RefundReceipt {
  status: string;
  /** The provider's reply as received, kept with the refund. */
  raw: unknown;
}

export interface PaymentGateway {
  provider: Provider;
  /** Given to the browser's widget (Paystack Inline needs none when resuming; kept for completeness). */
  publicKey: string | null;
  initialize(input: InitializeInput): Promise<GatewayResult<{ accessCode: string }>>;
  verify(reference: string): Promise<GatewayResult<Verification>>;
  /** Gives the whole amount of a paid transaction back to the customer. */
  refund(reference: string, amountKobo: number, note: string): Promise<GatewayResult<RefundReceipt>>;
  /** True when a webhook body really comes from the provider. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
}

/** A gateway that refuses every payment: a real shop without keys must not take test money. */
const unavailableGateway: PaymentGateway = {
  provider: "none",
  publicKey: null,
  initialize: async () => ({ ok: false, message: "Card payments are not configured." }),
  verify: async () => ({ ok: false, message: "Card payments are not configured." }),
  refund: async () => ({ ok: false, message: "Card payments are not configured." }),
  verifyWebhook: () => false,
};

export function createGateway(db: Database, config: Config): PaymentGateway {
  const { secretKey, publicKey, apiBase } = config.paystack;
  if (secretKey) return paystackGateway({ secretKey, publicKey: publicKey ?? null, apiBase });
  if (config.demo) return testGateway(db);
  return unavailableGateway;
}

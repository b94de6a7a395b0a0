import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { digitsOnly, TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from "~/common/test-gateway";
import type { Database } from "../db/client";
import { testGatewayTransactions } from "../db/schema";
import type { PaymentGateway } from "./gateway";

// The built-in test gateway: a pretend provider with its own table, used when no Paystack keys
// are set outside production. The shop's payment dialog charges a test card here; the checkout
// then verifies the reference exactly as it would with Paystack.

export function testGateway(db: Database): PaymentGateway {
  return {
    provider: "test",
    publicKey: null,

    async initialize({ email, amountKobo, reference, currency }) {
      const accessCode = `test_${randomBytes(12).toString("base64url")}`;
      const inserted = await db
        .insert(testGatewayTransactions)
        .values({ reference, accessCode, email, amountKobo, currency })
        .onConflictDoNothing()
        .returning();
      return inserted.length ? { ok: true, value: { accessCode } } : { ok: false, message: "Duplicate Transaction Reference" };
    },

    async verify(reference) {
      const [t] = await db.select().from(testGatewayTransactions).where(eq(testGatewayTransactions.reference, reference));
      if (!t) return { ok: false, message: "Transaction reference not found" };
      // Like Paystack, a transaction nobody paid reads as abandoned.
      const status = t.status === "pending" ? "abandoned" : t.status;
      return { ok: true, value: { status, amountKobo: t.amountKobo, currency: t.currency, gatewayResponse: t.gatewayResponse, raw: t } };
    },

    // Like Paystack: only a paid transaction can be refunded, once; it then reads as reversed.
    async refund(reference, amountKobo) {
      const [t] = await db
        .update(testGatewayTransactions)
        .set({ status: "reversed" })
        .where(and(eq(testGatewayTransactions.reference, reference), eq(testGatewayTransactions.status, "success")))
        .returning({ amountKobo: testGatewayTransactions.amountKobo, currency: testGatewayTransactions.currency });
      if (!t) return { ok: false, message: "Transaction is not refundable" };
      return {
        ok: true,
        value: { status: "processed", raw: { transaction: reference, amount: amountKobo, currency: t.currency, status: "processed" } },
      };
    },

    verifyWebhook: () => false,
  };
}

/** What the payment dialog shows before the card is entered. */
export async function findTestTransaction(db: Database, accessCode: string) {
  const [t] = await db
    .select({ email: testGatewayTransactions.email, amountKobo: testGatewayTransactions.amountKobo, status: testGatewayTransactions.status })
    .from(testGatewayTransactions)
    .where(eq(testGatewayTransactions.accessCode, accessCode));
  return t;
}

export type TestCharge = { ok: true; reference: string } | { ok: false; message: string };

/** Charges a test card: the success card pays, the declined card and any other number are refused. */
export async function chargeTestCard(db: Database, accessCode: string, card: string): Promise<TestCharge> {
  const number = digitsOnly(card);
  const paid = number === digitsOnly(TEST_CARD_SUCCESS);
  const message = paid ? "Successful" : number === digitsOnly(TEST_CARD_DECLINED) ? "Declined" : "Invalid card number. Use a test card.";
  const [t] = await db
    .update(testGatewayTransactions)
    .set(paid ? { status: "success", gatewayResponse: message, paidAt: new Date() } : { status: "failed", gatewayResponse: message })
    .where(and(eq(testGatewayTransactions.accessCode, accessCode), eq(testGatewayTransactions.status, "pending")))
    .returning({ reference: testGatewayTransactions.reference });
  if (!t) return { ok: false, message: "This payment is no longer open." };
  return paid ? { ok: true, reference: t.reference } : { ok: false, message };
}

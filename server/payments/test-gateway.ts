import { randomBytes } from "node:crypto";
import { and, arrayContains, eq, lte } from "drizzle-orm";
import { messages } from "~/common/messages";
import { digitsOnly, TEST_ARRIVAL_MS, TEST_CARD_DECLINED, TEST_CARD_SUCCESS, type TestLaterChannel } from "~/common/test-gateway";
import type { Database } from "../db/client";
import { testGatewayTransactions } from "../db/schema";
import type { PaymentGateway } from "./gateway";

// The built-in test gateway: a pretend provider with its own table, used when no Paystack keys
// are set outside production. The shop's payment dialog charges a test card here; the checkout
// then verifies the reference exactly as it would with Paystack. A bank transfer or USSD payment
// is "ongoing" until its pretend bank confirms it a few seconds later (arrivesAt), as Paystack
// reports such a payment until the bank confirms it.

/** How long the pretend bank takes to confirm: TEST_ARRIVAL_MS, unless a test harness shortened it. */
let arrivalMs: Record<TestLaterChannel, number> = TEST_ARRIVAL_MS;

/** For test harnesses only (server/test-costs.ts): the pretend bank confirms after `ms` by every channel. */
export function shortenTestBankDelays(ms: number): void {
  arrivalMs = { bank_transfer: ms, ussd: ms };
}

export function testGateway(db: Database): PaymentGateway {
  return {
    provider: "test",
    publicKey: null,

    async initialize({ email, amountKobo, reference, currency, channels }) {
      const accessCode = `test_${randomBytes(12).toString("base64url")}`;
      const inserted = await db
        .insert(testGatewayTransactions)
        .values({ reference, accessCode, email, amountKobo, currency, channels: [...channels] })
        .onConflictDoNothing()
        .returning();
      return inserted.length ? { ok: true, value: { accessCode } } : { ok: false, message: "Duplicate Transaction Reference" };
    },

    async verify(reference) {
      const [t] =
        (await confirmIfArrived(db, reference)) ??
        (await db.select().from(testGatewayTransactions).where(eq(testGatewayTransactions.reference, reference)));
      if (!t) return { ok: false, message: "Transaction reference not found" };
      // Like Paystack, a transaction nobody paid reads as abandoned.
      const status = t.status === "pending" ? "abandoned" : t.status === "ongoing" ? "pending" : t.status;
      return {
        ok: true,
        value: { status, amountKobo: t.amountKobo, currency: t.currency, gatewayResponse: t.gatewayResponse, channel: t.channel, raw: t },
      };
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
    .select({
      email: testGatewayTransactions.email,
      amountKobo: testGatewayTransactions.amountKobo,
      status: testGatewayTransactions.status,
      channels: testGatewayTransactions.channels,
    })
    .from(testGatewayTransactions)
    .where(eq(testGatewayTransactions.accessCode, accessCode));
  return t;
}

export type TestCharge = { ok: true; reference: string } | { ok: false; message: string };

/** Why an open transaction was not charged: it is no longer open, or the shop did not offer this way. */
async function notCharged(db: Database, accessCode: string, channel: string): Promise<TestCharge> {
  const [t] = await db
    .select({ status: testGatewayTransactions.status, channels: testGatewayTransactions.channels })
    .from(testGatewayTransactions)
    .where(eq(testGatewayTransactions.accessCode, accessCode));
  const offered = !t || t.status !== "pending" || t.channels.includes(channel);
  return { ok: false, message: offered ? "This payment is no longer open." : messages.paymentChannelNotOffered };
}

/** Only an open transaction, and only by a channel the shop offered for it (as Paystack's window shows no other). */
const openFor = (accessCode: string, channel: string) =>
  and(
    eq(testGatewayTransactions.accessCode, accessCode),
    eq(testGatewayTransactions.status, "pending"),
    arrayContains(testGatewayTransactions.channels, [channel]),
  );

/** Charges a test card: the success card pays, the declined card and any other number are refused. */
export async function chargeTestCard(db: Database, accessCode: string, card: string): Promise<TestCharge> {
  const number = digitsOnly(card);
  const paid = number === digitsOnly(TEST_CARD_SUCCESS);
  const message = paid ? "Successful" : number === digitsOnly(TEST_CARD_DECLINED) ? "Declined" : "Invalid card number. Use a test card.";
  const [t] = await db
    .update(testGatewayTransactions)
    .set(
      paid
        ? { status: "success", channel: "card", gatewayResponse: message, paidAt: new Date() }
        : { status: "failed", channel: "card", gatewayResponse: message },
    )
    .where(openFor(accessCode, "card"))
    .returning({ reference: testGatewayTransactions.reference });
  if (!t) return notCharged(db, accessCode, "card");
  return paid ? { ok: true, reference: t.reference } : { ok: false, message };
}

/**
 * The customer says they sent a transfer or dialled the USSD code: the payment is ongoing until
 * the pretend bank confirms it, TEST_ARRIVAL_MS (or the harness's shorter delay) later.
 */
export async function payLaterByTest(db: Database, accessCode: string, channel: TestLaterChannel): Promise<TestCharge> {
  const [t] = await db
    .update(testGatewayTransactions)
    .set({ status: "ongoing", channel, gatewayResponse: "Awaiting confirmation", arrivesAt: new Date(Date.now() + arrivalMs[channel]) })
    .where(openFor(accessCode, channel))
    .returning({ reference: testGatewayTransactions.reference });
  return t ? { ok: true, reference: t.reference } : notCharged(db, accessCode, channel);
}

/** The pretend bank confirms this transfer or USSD payment if it is due; returns it if it did. */
function confirmIfArrived(db: Database, reference: string, now = new Date()) {
  return db
    .update(testGatewayTransactions)
    .set({ status: "success", gatewayResponse: "Successful", paidAt: now })
    .where(
      and(
        eq(testGatewayTransactions.reference, reference),
        eq(testGatewayTransactions.status, "ongoing"),
        lte(testGatewayTransactions.arrivesAt, now),
      ),
    )
    .returning()
    .then((rows) => (rows.length ? rows : undefined));
}

import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaystackStub, type PaystackStub } from "~/tests/support/paystack-stub";
import { paystackGateway } from "./paystack";

// The Paystack adapter against a local stub of Paystack's API (never the real one).

let stub: PaystackStub;
let gateway: ReturnType<typeof paystackGateway>;

beforeAll(async () => {
  stub = await startPaystackStub({ secretKey: "sk_test_adapter" });
  gateway = paystackGateway({ secretKey: stub.secretKey, publicKey: null, apiBase: stub.baseUrl });
});
afterAll(() => stub.close());

describe("Paystack adapter", () => {
  it("initializes with the amount in kobo, NGN and our reference, and returns the access code", async () => {
    const opened = await gateway.initialize({
      email: "ada@example.com",
      amountKobo: 9_100_000,
      reference: "FS-adapter-1",
      currency: "NGN",
      channels: ["card"],
    });
    expect(opened.ok).toBe(true);
    const sent = stub.transactions.get("FS-adapter-1");
    expect(sent).toMatchObject({ amount: 9_100_000, currency: "NGN", email: "ada@example.com" });
    expect(opened).toEqual({ ok: true, value: { accessCode: sent!.accessCode } });
  });

  it("reports Paystack's refusal as a failure with its message", async () => {
    const again = await gateway.initialize({
      email: "ada@example.com",
      amountKobo: 100,
      reference: "FS-adapter-1",
      currency: "NGN",
      channels: ["card"],
    });
    // A refusal is final: not worth asking again.
    expect(again).toEqual({ ok: false, message: "Duplicate Transaction Reference", unreachable: false });
  });

  it("verifies: unpaid reads abandoned; paid reads success with amount and currency", async () => {
    await gateway.initialize({ email: "ada@example.com", amountKobo: 5000, reference: "FS-adapter-2", currency: "NGN", channels: ["card"] });
    const before = await gateway.verify("FS-adapter-2");
    expect(before.ok && before.value.status).toBe("abandoned");
    stub.settle("FS-adapter-2", { status: "success" });
    const after = await gateway.verify("FS-adapter-2");
    expect(after.ok && { status: after.value.status, amountKobo: after.value.amountKobo, currency: after.value.currency }).toEqual({
      status: "success",
      amountKobo: 5000,
      currency: "NGN",
    });
    expect((await gateway.verify("FS-nobody")).ok).toBe(false);
  });

  it("accepts a webhook signed with the secret key and refuses any other", () => {
    const body = Buffer.from(JSON.stringify({ event: "charge.success", data: { reference: "FS-adapter-2" } }));
    const good = createHmac("sha512", stub.secretKey).update(body).digest("hex");
    const wrongKey = createHmac("sha512", "sk_test_other").update(body).digest("hex");
    expect(gateway.verifyWebhook(body, good)).toBe(true);
    expect(gateway.verifyWebhook(body, wrongKey)).toBe(false);
    expect(gateway.verifyWebhook(Buffer.concat([body, Buffer.from(" ")]), good)).toBe(false);
    expect(gateway.verifyWebhook(body, undefined)).toBe(false);
    expect(gateway.verifyWebhook(body, "zz")).toBe(false);
  });

  it("turns an unreachable API into a failure, not a crash", async () => {
    const offline = paystackGateway({ secretKey: "sk", publicKey: null, apiBase: "http://127.0.0.1:9" });
    const result = await offline.verify("FS-x");
    expect(result).toEqual({ ok: false, message: "The payment provider could not be reached.", unreachable: true });
  });

  it("refunds a paid transaction once, and says when Paystack refuses", async () => {
    const opened = await gateway.initialize({
      email: "ada@example.com",
      amountKobo: 25_000_00,
      reference: "FS-adapter-refund",
      currency: "NGN",
      channels: ["card"],
    });
    expect(opened.ok).toBe(true);
    expect(await gateway.refund("FS-adapter-refund", 25_000_00, "test")).toEqual({
      ok: false,
      message: "Cannot refund a transaction that was not successful",
      unreachable: false,
    });
    stub.settle("FS-adapter-refund", { status: "success" });
    const refunded = await gateway.refund("FS-adapter-refund", 25_000_00, "Paid for a replaced checkout");
    expect(refunded.ok && refunded.value.status).toBe("pending");
    expect(stub.refunds.at(-1)).toMatchObject({ reference: "FS-adapter-refund", amount: 25_000_00, merchantNote: "Paid for a replaced checkout" });
    const after = await gateway.verify("FS-adapter-refund");
    expect(after.ok && after.value.status).toBe("reversed");
    expect(await gateway.refund("FS-adapter-refund", 25_000_00, "again")).toMatchObject({
      ok: false,
      message: "Transaction has been fully reversed",
    });
  });
});

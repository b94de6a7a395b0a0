import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaystackStub, type PaystackStub } from "./paystack-stub";

// Self-test of the local Paystack stand-in, over real HTTP with fetch.

let stub: PaystackStub;

beforeAll(async () => {
  stub = await startPaystackStub();
});
afterAll(async () => {
  await stub.close();
});

async function call(path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) {
  const headers: Record<string, string> = {};
  const key = init.key === undefined ? stub.secretKey : init.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${stub.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as { status: boolean; message: string; data?: any } };
}

describe("paystack stub", () => {
  it("listens on 127.0.0.1 with the default key", () => {
    expect(stub.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stub.secretKey).toBe("sk_test_stub");
  });

  it("rejects requests without the secret key", async () => {
    const none = await call("/transaction/initialize", { body: { email: "a@example.com", amount: 100 }, key: null });
    expect(none).toEqual({ status: 401, json: { status: false, message: "Invalid key" } });
    const wrong = await call("/transaction/verify/whatever", { key: "sk_test_wrong" });
    expect(wrong.status).toBe(401);
  });

  it("initializes a transaction that verify reports as abandoned until paid, then successful", async () => {
    const init = await call("/transaction/initialize", { body: { email: "buyer@example.com", amount: "250000" } });
    expect(init.status).toBe(200);
    expect(init.json.status).toBe(true);
    expect(init.json.message).toBe("Authorization URL created");
    const { reference, access_code, authorization_url } = init.json.data;
    expect(reference).toMatch(/^[a-z0-9]+$/);
    expect(access_code).toMatch(/^[a-z0-9]+$/);
    expect(authorization_url).toBe(`https://checkout.paystack.com/${access_code}`);
    expect(stub.transactions.get(reference)).toMatchObject({ amount: 250000, currency: "NGN", status: "pending" });

    const before = stub.calls.verify;
    const unpaid = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
    expect(unpaid.status).toBe(200);
    expect(unpaid.json.data).toMatchObject({
      status: "abandoned",
      reference,
      amount: 250000,
      paid_at: null,
      gateway_response: "The transaction was not completed",
      customer: { email: "buyer@example.com" },
    });
    expect(stub.calls.verify).toBe(before + 1);

    stub.settle(reference, { status: "success" });
    const paid = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
    expect(paid.json.message).toBe("Verification successful");
    expect(paid.json.data).toMatchObject({ status: "success", amount: 250000, currency: "NGN", gateway_response: "Successful", channel: "card" });
    expect(typeof paid.json.data.id).toBe("number");
    expect(new Date(paid.json.data.paid_at).toISOString()).toBe(paid.json.data.paid_at);
  });

  it("uses a given reference (URL-decoded on verify) and refuses it twice", async () => {
    const reference = "order/42 #1";
    const first = await call("/transaction/initialize", { body: { email: "x@example.com", amount: 5000, reference, currency: "NGN" } });
    expect(first.json.data.reference).toBe(reference);
    const again = await call("/transaction/initialize", { body: { email: "x@example.com", amount: 5000, reference } });
    expect(again).toEqual({ status: 400, json: { status: false, message: "Duplicate Transaction Reference" } });
    const verified = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
    expect(verified.json.data.reference).toBe(reference);
  });

  it("refuses a missing email or amount", async () => {
    const noEmail = await call("/transaction/initialize", { body: { amount: 5000 } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.status).toBe(false);
    const noAmount = await call("/transaction/initialize", { body: { email: "x@example.com" } });
    expect(noAmount.status).toBe(400);
    expect(noAmount.json.status).toBe(false);
  });

  it("reports an unknown reference and an unknown route", async () => {
    const unknown = await call("/transaction/verify/no-such-reference");
    expect(unknown).toEqual({ status: 400, json: { status: false, message: "Transaction reference not found" } });
    const other = await call("/transaction/list");
    expect(other.status).toBe(404);
    expect(other.json.status).toBe(false);
  });

  it("reflects tampering through settle", async () => {
    const init = await call("/transaction/initialize", { body: { email: "t@example.com", amount: 10000 } });
    const { reference } = init.json.data;
    stub.settle(reference, { status: "success", amount: 100, currency: "USD" });
    const verified = await call(`/transaction/verify/${reference}`);
    expect(verified.json.data).toMatchObject({ status: "success", amount: 100, currency: "USD" });
    stub.settle(reference, { status: "failed" });
    const failed = await call(`/transaction/verify/${reference}`);
    expect(failed.json.data).toMatchObject({ status: "failed", gateway_response: "Declined", paid_at: null });
  });

  it("signs charge.success webhooks with HMAC-SHA512 of the exact body", async () => {
    const init = await call("/transaction/initialize", { body: { email: "w@example.com", amount: 7500 } });
    const { reference } = init.json.data;
    stub.settle(reference, { status: "success" });
    const { body, signature } = stub.webhook(reference);
    expect(signature).toBe(createHmac("sha512", stub.secretKey).update(body).digest("hex"));
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    const event = JSON.parse(body);
    expect(event).toMatchObject({
      event: "charge.success",
      data: { status: "success", reference, amount: 7500, currency: "NGN", customer: { email: "w@example.com" } },
    });
    expect(typeof event.data.id).toBe("number");

    const forged = stub.webhook(reference, { secret: "sk_test_wrong" });
    expect(forged.body).toBe(body);
    expect(forged.signature).toBe(createHmac("sha512", "sk_test_wrong").update(body).digest("hex"));
    expect(forged.signature).not.toBe(signature);
  });

  it("counts initialize calls", async () => {
    const before = stub.calls.initialize;
    await call("/transaction/initialize", { body: { email: "c@example.com", amount: 1 } });
    expect(stub.calls.initialize).toBe(before + 1);
  });
});

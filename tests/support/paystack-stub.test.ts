import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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

  describe("the checkout's side (by access code, no secret key)", () => {
    const checkout = async (path: string, init: { body?: string; contentType?: string } = {}) => {
      const res = await fetch(`${stub.baseUrl}${path}`, {
        method: init.body === undefined ? "GET" : "POST",
        headers: init.contentType ? { "content-type": init.contentType } : {},
        body: init.body,
      });
      return {
        status: res.status,
        cors: res.headers.get("access-control-allow-origin"),
        json: (await res.json()) as { status: boolean; message: string; data?: any },
      };
    };
    const charge = (accessCode: string, fields: Record<string, string>) =>
      checkout("/checkout/charge", {
        body: new URLSearchParams({ access_code: accessCode, ...fields }).toString(),
        contentType: "application/x-www-form-urlencoded",
      });
    const open = async (email: string, amount: number) => (await call("/transaction/initialize", { body: { email, amount } })).json.data;

    it("looks a transaction up by access code for any origin, and refuses an unknown or refused code", async () => {
      const { reference, access_code } = await open("look@example.com", 4200);
      const found = await checkout(`/transaction/verify_access_code/${access_code}`);
      expect(found.status).toBe(200);
      expect(found.cors).toBe("*");
      expect(found.json.data).toMatchObject({
        access_code,
        reference,
        amount: 4200,
        currency: "NGN",
        email: "look@example.com",
        transaction_status: "pending",
      });
      expect(await checkout("/transaction/verify_access_code/nosuchcode")).toMatchObject({
        status: 404,
        json: { status: false, message: "Invalid access code" },
      });
      const preflight = await fetch(`${stub.baseUrl}/checkout/charge`, { method: "OPTIONS" });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");

      stub.refuseCheckout = "Access code has expired";
      try {
        expect(await checkout(`/transaction/verify_access_code/${access_code}`)).toMatchObject({
          status: 400,
          json: { message: "Access code has expired" },
        });
        expect((await charge(access_code, { channel: "card", card_number: "4084084084084081" })).status).toBe(400);
      } finally {
        stub.refuseCheckout = null;
      }
      expect(stub.transactions.get(reference)!.status).toBe("pending");
    });

    it("charges Paystack's test cards: declined (may be tried again), then paid, then no more", async () => {
      const { reference, access_code } = await open("card@example.com", 9900);
      const declined = await charge(access_code, { channel: "card", card_number: "4084 0800 0000 5408" });
      expect(declined).toMatchObject({ status: 200, json: { data: { reference, status: "failed", gateway_response: "Declined" } } });
      expect((await call(`/transaction/verify/${reference}`)).json.data).toMatchObject({ status: "failed", channel: "card" });
      expect(await charge(access_code, { channel: "card", card_number: "1234" })).toMatchObject({
        status: 400,
        json: { message: "Invalid card number" },
      });
      const paid = await checkout("/checkout/charge", {
        body: JSON.stringify({ access_code, channel: "card", card_number: "4084084084084081" }),
        contentType: "application/json",
      });
      expect(paid).toMatchObject({ status: 200, json: { data: { reference, status: "success" } } });
      expect((await call(`/transaction/verify/${reference}`)).json.data).toMatchObject({ status: "success", channel: "card", amount: 9900 });
      expect(await charge(access_code, { channel: "card", card_number: "4084084084084081" })).toMatchObject({
        status: 400,
        json: { message: "Transaction has already been attempted" },
      });
    });

    it("keeps a transfer ongoing until the bank confirms it, and announces payments at webhookUrl with a valid signature", async () => {
      const received: { body: string; signature: string | undefined }[] = [];
      const shop = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: req.headers["x-paystack-signature"] as string | undefined });
          res.writeHead(200).end("{}");
        });
      });
      await new Promise<void>((r) => shop.listen(0, "127.0.0.1", r));
      stub.webhookUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/paystack/webhook`;
      try {
        const { reference, access_code } = await open("transfer@example.com", 15000);
        const sent = await charge(access_code, { channel: "bank_transfer" });
        expect(sent.json.data).toMatchObject({ reference, status: "ongoing" });
        expect((await call(`/transaction/verify/${reference}`)).json.data).toMatchObject({ status: "ongoing", channel: "bank_transfer" });
        expect(received).toEqual([]);
        await stub.confirm(reference);
        expect((await call(`/transaction/verify/${reference}`)).json.data).toMatchObject({ status: "success", channel: "bank_transfer" });
        expect(received).toHaveLength(1);
        expect(received[0].signature).toBe(createHmac("sha512", stub.secretKey).update(received[0].body).digest("hex"));
        expect(JSON.parse(received[0].body)).toMatchObject({
          event: "charge.success",
          data: { reference, status: "success", channel: "bank_transfer" },
        });
        expect(stub.webhookDeliveries.at(-1)).toEqual({ reference, status: 200 });
        await expect(stub.confirm(reference)).rejects.toThrow(/not ongoing/);

        const card = await open("card2@example.com", 500);
        await charge(card.access_code, { channel: "card", card_number: "4084084084084081" });
        // Announced after the charge is answered, as Paystack's webhooks come on their own.
        await expect.poll(() => received.map((r) => JSON.parse(r.body).data.reference)).toEqual([reference, card.reference]);
      } finally {
        stub.webhookUrl = null;
        await new Promise<void>((r) => shop.close(() => r()));
      }
    });

    it("refuses a channel the shop did not offer", async () => {
      const init = await call("/transaction/initialize", { body: { email: "c@example.com", amount: 100, channels: ["card"] } });
      expect(await charge(init.json.data.access_code, { channel: "ussd" })).toMatchObject({
        status: 400,
        json: { message: "Channel not available for this transaction" },
      });
    });
  });
});

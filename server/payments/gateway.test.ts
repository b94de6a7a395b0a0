import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { createGateway } from "./gateway";

// Which provider takes the money: Paystack with keys; the test gateway only outside production.

const db = {} as Database; // the choice itself reads no data

describe("createGateway", () => {
  it("uses Paystack whenever a secret key is set, production or not", () => {
    for (const NODE_ENV of ["production", "development"]) {
      expect(createGateway(db, loadConfig({ NODE_ENV, PAYSTACK_SECRET_KEY: "sk_live_x" })).provider).toBe("paystack");
    }
  });

  it("uses the built-in test gateway without keys outside production", () => {
    expect(createGateway(db, loadConfig({ NODE_ENV: "development" })).provider).toBe("test");
    expect(createGateway(db, loadConfig({ NODE_ENV: "test" })).provider).toBe("test");
  });

  it("refuses card payments in production without keys, never the test gateway", async () => {
    const gateway = createGateway(db, loadConfig({ NODE_ENV: "production" }));
    expect(gateway.provider).toBe("none");
    expect((await gateway.initialize({ email: "a@b.ng", amountKobo: 100, reference: "r", currency: "NGN" })).ok).toBe(false);
    expect(gateway.verifyWebhook(Buffer.from("{}"), "0".repeat(128))).toBe(false);
  });
});

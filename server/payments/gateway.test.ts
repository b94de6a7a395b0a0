import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { createGateway } from "./gateway";

// Which provider takes the money (issue 15): Paystack with keys; the test gateway only in demo
// mode; otherwise nothing is ever paid. NODE_ENV plays no part.

const db = {} as Database; // the choice itself reads no data
const postgres = "postgres://shop@127.0.0.1:5432/shop";

describe("createGateway", () => {
  it("uses Paystack whenever a secret key is set, demo or not", () => {
    for (const env of [{}, { SHOP_DEMO: "on" }, { DATABASE_URL: postgres }, { SHOP_DEMO: "off" }]) {
      expect(createGateway(db, loadConfig({ ...env, PAYSTACK_SECRET_KEY: "sk_live_x" })).provider).toBe("paystack");
    }
  });

  it("uses the built-in test gateway without keys in demo mode only", () => {
    expect(createGateway(db, loadConfig({})).provider).toBe("test");
    expect(createGateway(db, loadConfig({ SHOP_DEMO: "on", DATABASE_URL: postgres })).provider).toBe("test");
  });

  it("refuses card payments without keys outside demo mode, never the test gateway, whatever NODE_ENV says", async () => {
    for (const env of [
      { DATABASE_URL: postgres },
      { DATABASE_URL: postgres, NODE_ENV: "development" },
      { PUBLIC_URL: "https://shop.example.ng" },
      { SHOP_DEMO: "off" },
    ]) {
      const gateway = createGateway(db, loadConfig(env));
      expect(gateway.provider).toBe("none");
      expect((await gateway.initialize({ email: "a@b.ng", amountKobo: 100, reference: "r", currency: "NGN", channels: ["card"] })).ok).toBe(false);
      expect(gateway.verifyWebhook(Buffer.from("{}"), "0".repeat(128))).toBe(false);
    }
  });
});

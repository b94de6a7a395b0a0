import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { deviceCookieHeader, endPageSession, presentedDeviceTokens, sessionCookieHeader } from "./sessions.server";

// The session cookie's flags (issues 8 and 15): never readable by scripts, never sent along with
// a cross-site form post, and only over https when the shop is served over https (PUBLIC_URL),
// whatever NODE_ENV says.

const context = (env: Record<string, string>) => ({ config: loadConfig(env) }) as unknown as AppLoadContext;
const https = context({ PUBLIC_URL: "https://shop.example.ng" });
const expires = new Date("2026-12-01T00:00:00Z");

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, and Secure when PUBLIC_URL is https", async () => {
    const secure = await sessionCookieHeader(https, "customer", "t0ken", expires);
    expect(secure).toMatch(/^shop_session=[^;]+;/);
    for (const flag of ["HttpOnly", "SameSite=Lax", "Path=/", "Secure", "Expires=Tue, 01 Dec 2026 00:00:00 GMT"]) expect(secure).toContain(flag);
    const admin = await sessionCookieHeader(https, "admin", "t0ken", expires);
    expect(admin).toContain("HttpOnly");
    expect(admin).toContain("Secure");
  });

  it("is not Secure on an http address, whatever NODE_ENV says", async () => {
    const envs: Record<string, string>[] = [{}, { NODE_ENV: "production" }, { NODE_ENV: "production", PUBLIC_URL: "http://192.168.1.20:3000" }];
    for (const env of envs) {
      const plain = await sessionCookieHeader(context(env), "customer", "t0ken", expires);
      expect(plain).toContain("HttpOnly");
      expect(plain).toContain("SameSite=Lax");
      expect(plain).not.toContain("Secure");
    }
  });

  it("is cleared on logout with the same flags", async () => {
    // Without a session cookie there is nothing to end in the database; the header is what matters.
    const cleared = await endPageSession(new Request("http://localhost/"), https, "customer");
    expect(cleared).toMatch(/^shop_session=;/);
    for (const flag of ["Max-Age=0", "HttpOnly", "SameSite=Lax", "Secure"]) expect(cleared).toContain(flag);
  });
});

describe("the device cookie (login protection, issue 15)", () => {
  const token = "a".repeat(43);
  it("is HttpOnly, SameSite=Lax, for the whole site, kept a year, Secure only when PUBLIC_URL is https", async () => {
    const secure = await deviceCookieHeader(https, [token]);
    expect(secure).toMatch(/^shop_device=[^;]+;/);
    for (const flag of ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000", "Secure"]) expect(secure).toContain(flag);
    const plain = await deviceCookieHeader(context({}), [token]);
    expect(plain).toContain("HttpOnly");
    expect(plain).not.toContain("Secure");
  });

  it("reads back the tokens it holds, and nothing from a cookie that is not one", async () => {
    const header = (await deviceCookieHeader(https, [token, "b".repeat(43)])).split(";")[0];
    expect(await presentedDeviceTokens(new Request("http://localhost/", { headers: { cookie: header } }), https)).toEqual([token, "b".repeat(43)]);
    for (const cookie of [
      "shop_device=garbage",
      "shop_device=",
      `shop_device=${btoa(JSON.stringify({ a: 1 }))}`,
      `shop_device=${btoa(JSON.stringify(["short", 5]))}`,
      "",
    ]) {
      expect(await presentedDeviceTokens(new Request("http://localhost/", { headers: { cookie } }), https), cookie).toEqual([]);
    }
  });
});

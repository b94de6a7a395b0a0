import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../server/config";
import { endPageSession, sessionCookieHeader } from "./sessions.server";

// The session cookie's flags (issue 8): never readable by scripts, never sent along with a
// cross-site form post, and only over https in production.

const context = (NODE_ENV: "production" | "test") => ({ config: loadConfig({ NODE_ENV }) }) as unknown as AppLoadContext;
const expires = new Date("2026-12-01T00:00:00Z");

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, and Secure in production", async () => {
    const production = await sessionCookieHeader(context("production"), "customer", "t0ken", expires);
    expect(production).toMatch(/^shop_session=[^;]+;/);
    for (const flag of ["HttpOnly", "SameSite=Lax", "Path=/", "Secure", "Expires=Tue, 01 Dec 2026 00:00:00 GMT"]) expect(production).toContain(flag);
    const admin = await sessionCookieHeader(context("production"), "admin", "t0ken", expires);
    expect(admin).toContain("HttpOnly");
    expect(admin).toContain("Secure");
  });

  it("is not Secure outside production, where the shop runs on http://localhost", async () => {
    const test = await sessionCookieHeader(context("test"), "customer", "t0ken", expires);
    expect(test).toContain("HttpOnly");
    expect(test).toContain("SameSite=Lax");
    expect(test).not.toContain("Secure");
  });

  it("is cleared on logout with the same flags", async () => {
    // Without a session cookie there is nothing to end in the database; the header is what matters.
    const cleared = await endPageSession(new Request("http://localhost/"), context("production"), "customer");
    expect(cleared).toMatch(/^shop_session=;/);
    for (const flag of ["Max-Age=0", "HttpOnly", "SameSite=Lax", "Secure"]) expect(cleared).toContain(flag);
  });
});

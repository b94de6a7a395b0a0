import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureLog, log, loggablePath } from "~/server/log";
import { loadConfig } from "~/server/config";
import { accountCall, apiClient, freshClientAddress, linkPaths, tokenFromOutbox, uniqueEmail } from "../support/accounts";
import { scrape, valueOf } from "../support/metrics";
import { loggedIn } from "../support/shop";
import { useApiShop } from "../support/use-shop";

// The log (server/log.ts): one JSON line per request with its id, the same id on every line
// logged while the request runs, and never a password, token, cookie or query string, through a
// whole account's life on the real API.

const lines: string[] = [];

beforeAll(async () => {
  configureLog(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    }),
  );
});
afterAll(() => {
  configureLog(loadConfig({ LOG_LEVEL: "error" }).logLevel);
});
// Started after the log is captured (and closed before it is given back).
const { handle, api } = useApiShop();

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the log", () => {
  it("writes an unexpected error with its request id, route and signed-in account, and /metrics counts it", async () => {
    const who = await loggedIn(handle.db, api.baseUrl, "customer", "log-error");
    const route = { route: "/api/api4users/get_user_cart.php" };
    const before = valueOf((await scrape(api.baseUrl)).text, "shop_server_errors_total", route);
    // A fault no one expects: the cart's table is gone for a moment.
    await handle.db.execute(sql`alter table cart_items rename to cart_items_away`);
    try {
      const res = await fetch(`${api.baseUrl}/api/api4users/get_user_cart.php?user_id=${who.id}`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(res.status).toBe(500);
    } finally {
      await handle.db.execute(sql`alter table cart_items_away rename to cart_items`);
    }
    const failed = entries().findLast((e) => e.msg === "request failed");
    expect(failed).toMatchObject({ ...route, accountId: who.id, status: 500, path: "/api/api4users/get_user_cart.php" });
    const error = entries().findLast((e) => e.msg === "API error");
    expect(error).toMatchObject({ reqId: failed!.reqId, accountId: who.id });
    expect(lines.join("\n")).not.toContain(who.token);
    expect(valueOf((await scrape(api.baseUrl)).text, "shop_server_errors_total", route)).toBe(before + 1);
  });

  it("never holds a password, token, cookie or query string, through sign-up, verification, login and reset", async () => {
    const post = apiClient(api.baseUrl);
    const email = uniqueEmail("log");
    const password = "Pa55word-never-logged";
    const newPassword = "N3w-password-never-logged";
    const address = { headers: { "x-forwarded-for": freshClientAddress() } };
    expect(
      (await post(accountCall("customer", "signup"), { fullName: "Ada Obi", email, password, phoneNumber: "2348012345678" }, address)).status,
    ).toBe(201);
    const verifyToken = await tokenFromOutbox(handle.db, email, "verify-email", api.config.publicUrl, linkPaths.customer.verify);
    // The e-mailed link itself (a page: this server answers 404, but the request is logged).
    await fetch(`${api.baseUrl}/verifyuser/${verifyToken}?utm=mail`);
    expect((await post(accountCall("customer", "verify_email"), { token: verifyToken })).status).toBe(200);
    const login = await post(accountCall("customer", "login"), { email, password });
    const session: string = login.body.token;
    expect(session).toBeTruthy();
    await fetch(`${api.baseUrl}/api/api4users/get_cart_items.php?userId=${login.body.user?.id ?? 1}`, {
      headers: { authorization: `Bearer ${session}`, cookie: `shop_session=${session}` },
    });
    await fetch(`${api.baseUrl}/api/get_products_by_name.php?searchTerm=${encodeURIComponent(email)}`);
    expect((await post(accountCall("customer", "forgot_password"), { email })).status).toBe(200);
    const resetToken = await tokenFromOutbox(handle.db, email, "reset-password", api.config.publicUrl, linkPaths.customer.reset);
    await fetch(`${api.baseUrl}/user-reset-password/${resetToken}`);
    expect((await post(accountCall("customer", "reset_password"), { token: resetToken, password: newPassword })).status).toBe(200);
    // A failed call logs its error: a login with a body that is not JSON.
    await post(accountCall("customer", "login"), `{"email":"${email}","password":"${password}"`);

    const text = lines.join("\n");
    expect(lines.length).toBeGreaterThan(8);
    for (const secret of [password, newPassword, verifyToken, resetToken, session, encodeURIComponent(email), "utm=mail"]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    const requests = entries().filter((e) => e.msg === "request");
    expect(requests.map((e) => e.path)).toContain("/verifyuser/:token");
    expect(requests.map((e) => e.path)).toContain("/user-reset-password/:token");
    expect(requests.map((e) => e.path)).toContain("/api/get_products_by_name.php");
  });

  it("gives each request an id, answers with it, and puts it on every line logged meanwhile", async () => {
    const res = await fetch(`${api.baseUrl}/api/get_product_by_id.php?productId=18`);
    const reqId = res.headers.get("x-request-id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const line = entries().find((e) => e.reqId === reqId);
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/api/get_product_by_id.php", status: 200, level: 30 });
    expect(typeof line?.ms).toBe("number");
    // A balancer's id is kept, so its log and the shop's can be joined; a strange one is not.
    const kept = await fetch(`${api.baseUrl}/healthz`, { headers: { "x-request-id": "lb-7f3a9c21" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a9c21");
    const replaced = await fetch(`${api.baseUrl}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs a failed query without its parameters", () => {
    const error = new Error("Failed query: select * from sessions where token_hash = $1\nparams: secret-hash-123");
    Object.assign(error, { query: "select * from sessions where token_hash = $1", params: ["secret-hash-123"] });
    for (const err of [error, new Error("outer", { cause: error })]) {
      log.error({ err }, "query failed");
      const last = lines.at(-1)!;
      expect(last).toContain("query failed");
      expect(last).toContain("select * from sessions");
      expect(last).not.toContain("secret-hash-123");
    }
  });

  it("redacts passwords and tokens handed to it by mistake", () => {
    log.info(
      {
        body: { email: "a@b.c", password: "hunter2-hunter2", token: "tok-abc-123", device_token: "dev-456-tok" },
        headers: { authorization: "Bearer xyz-999", cookie: "s=1" },
      },
      "oops",
    );
    const last = lines.at(-1)!;
    for (const secret of ["hunter2-hunter2", "tok-abc-123", "dev-456-tok", "xyz-999", "s=1"]) expect(last).not.toContain(secret);
    expect(last).toContain("[redacted]");
  });

  it("keeps paths readable and without their one-time tokens", () => {
    expect(loggablePath("/reset-password/abc123?x=1")).toBe("/reset-password/:token");
    expect(loggablePath("/verify/abc123")).toBe("/verify/:token");
    expect(loggablePath("/productdetail/18?ref=home")).toBe("/productdetail/18");
  });
});

import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "~/common/messages";
import { LIMITS } from "~/server/accounts/accounts";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import type { DatabaseHandle } from "~/server/db/client";
import { outbox } from "~/server/db/schema";
import { outboxMessageId } from "~/server/mail/mailer";
import { queueMail } from "~/server/mail/outbox";
import { accountCall, apiClient, uniqueEmail } from "../support/accounts";
import { createShopDatabase, startShopProcess, stopShopProcess, type ShopDatabase, type ShopProcess } from "../support/child-shop";
import { shopClient } from "../support/shop";
import { startSmtpServer } from "../support/smtp";

// Two shop processes (tests/support/shop-process.ts) on one PostgreSQL database, as behind a
// load balancer: whatever a shopper did through one is what the other sees. Sessions, carts,
// rate limits and the outbox live in the database; each process's catalogue cache is dropped on
// the NOTIFY every catalogue write sends at commit. Both run a mailer (polling every 50 ms), and
// each queued mail is still sent once: claiming a mail moves its next attempt past a lease in the
// same statement (server/mail/outbox.ts claimDueMail).
//
// PGlite is one process only (its folder is locked), so this file runs only with DATABASE_URL:
// CI's second pass of the suite (.ci/run).

const needsPostgres = !process.env.DATABASE_URL;
if (needsPostgres) console.log("two-processes.test.ts: needs PostgreSQL (set DATABASE_URL); skipped on PGlite.");

const PASSWORD = "correct horse battery";
/** Each process signs its mail with its own domain, so the test sees which one sent a mail. */
const MAIL_FROM = { a: "Foam Shop <no-reply@a.foamshop.test>", b: "Foam Shop <no-reply@b.foamshop.test>" };

describe.runIf(!needsPostgres)("two shop processes on one PostgreSQL database", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: ShopDatabase;
  let handle: DatabaseHandle;
  let a: ShopProcess;
  let b: ShopProcess;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createShopDatabase();
    handle = await database.open();
    const env = { ...database.env, PORT: "0", SMTP_URL: smtp.url, SHOP_TEST_MAILER_INTERVAL_MS: "50" };
    [a, b] = await Promise.all([startShopProcess({ ...env, MAIL_FROM: MAIL_FROM.a }), startShopProcess({ ...env, MAIL_FROM: MAIL_FROM.b })]);
  });
  afterAll(async () => {
    const ends = await Promise.all([a, b].filter(Boolean).map((shop) => stopShopProcess(shop)));
    for (const ended of ends) expect(ended).toEqual({ code: 0, signal: null });
    await handle?.close();
    await database?.remove();
    await smtp?.close();
  });

  async function account(role: "customer" | "admin", tag: string) {
    const email = uniqueEmail(tag);
    const created = await createVerifiedAccount(handle.db, role, {
      fullName: "Ngozi Adichie",
      email,
      password: PASSWORD,
      phoneNumber: "2348012345678",
    });
    if (!created.ok) throw new Error(`could not create ${email}`);
    return { id: created.account.id, email };
  }

  async function logIn(shop: ShopProcess, role: "customer" | "admin", email: string) {
    const res = await apiClient(shop.baseUrl)(accountCall(role, "login"), { email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token as string;
  }

  it("runs two processes of the shop on the PostgreSQL database", async () => {
    expect(database.engine).toBe("postgres");
    expect(a.pid).not.toBe(b.pid);
    for (const shop of [a, b]) expect(await (await fetch(`${shop.baseUrl}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("shares sessions: a token from A works on B, and a logout on B ends it on A", async () => {
    const customer = await account("customer", "two-session");
    const token = await logIn(a, "customer", customer.email);
    const cartPath = `/api/api4users/get_user_cart.php?user_id=${customer.id}`;
    expect((await shopClient(b.baseUrl).get(cartPath, token)).status).toBe(200);
    const out = await apiClient(b.baseUrl)(accountCall("customer", "logout"), undefined, { token });
    expect(out.status).toBe(200);
    expect((await shopClient(a.baseUrl).get(cartPath, token)).status).toBe(401);
  });

  it("shares the cart: what is added on A is in the cart on B, and B's change shows on A", async () => {
    const customer = await account("customer", "two-cart");
    const token = await logIn(a, "customer", customer.email);
    const line = { user_id: customer.id, product_id: 53, size: "0" };
    const added = await shopClient(a.baseUrl).post("/api/api4users/add_to_cart.php", { ...line, price: 1, product_name: "x" }, token);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cartPath = `/api/api4users/get_user_cart.php?user_id=${customer.id}`;
    const onB = await shopClient(b.baseUrl).get(cartPath, token);
    expect(onB.body.cart_items).toMatchObject([{ product_id: 53, quantity: 1 }]);
    const more = await shopClient(b.baseUrl).post("/api/api4users/increase_quantity.php", line, token);
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    const onA = await shopClient(a.baseUrl).get(cartPath, token);
    expect(onA.body.cart_items).toMatchObject([{ product_id: 53, quantity: 2 }]);
  });

  it("counts login failures across both: failures split between A and B reach the limit on either", async () => {
    const customer = await account("customer", "two-limit");
    for (let attempt = 0; attempt < LIMITS.loginFailuresPerAccount; attempt++) {
      const shop = attempt % 2 === 0 ? a : b;
      const res = await apiClient(shop.baseUrl)(accountCall("customer", "login"), { email: customer.email, password: "wrong password 1" });
      expect(res.status, `attempt ${attempt + 1} on ${shop === a ? "A" : "B"}`).toBe(401);
    }
    for (const shop of [a, b]) {
      // Even the right password now waits: the limit counted every process's failures.
      const res = await apiClient(shop.baseUrl)(accountCall("customer", "login"), { email: customer.email, password: PASSWORD });
      expect(res.status).toBe(429);
      expect(res.body.error.startsWith(messages.tooManyAttempts(""))).toBe(true);
    }
  });

  it("drops B's cached product at once when an admin changes the catalogue through A (LISTEN/NOTIFY)", async () => {
    const admin = await account("admin", "two-admin");
    const adminToken = await logIn(a, "admin", admin.email);
    const productPath = "/api/get_product_by_id.php?productId=61";
    const first = await shopClient(b.baseUrl).get(productPath);
    expect(first.status).toBe(200);
    // Answered from B's cache from now on, until a change is announced.
    expect((await shopClient(b.baseUrl).get(productPath)).headers.get("etag")).toBe(first.headers.get("etag"));

    const deleted = await shopClient(a.baseUrl).post("/api/delete_product.php", { productId: 61 }, adminToken);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // B's very next answer, though A's reply may have beaten the notification to B (decision 0054).
    const now = await shopClient(b.baseUrl).get(productPath);
    expect(now.status).toBe(404);
    expect(now.body.error).toBe(messages.productNotFound);
  });

  it("sends each queued mail exactly once, although both processes run a mailer", async () => {
    // Twenty mails queued through A (two password-reset requests for each of ten accounts), and
    // forty written at once by another writer, which both mailers find on their next poll.
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => account("customer", `two-mail-${i}`)));
    const forgot = await Promise.all(
      people.flatMap((person) => [0, 1].map(() => apiClient(a.baseUrl)(accountCall("customer", "forgot_password"), { email: person.email }))),
    );
    for (const res of forgot) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bulk = Array.from({ length: 40 }, (_, i) => uniqueEmail(`two-bulk-${i}`));
    await handle.db.transaction(async (tx) => {
      for (const to of bulk) await queueMail(tx, { kind: "test", to, subject: "Both mailers see this", html: "<p>Once</p>", text: "Once" });
    });
    const recipients = [...people.map((p) => p.email), ...bulk];
    const queued = await handle.db.select().from(outbox).where(inArray(outbox.to, recipients));
    expect(queued).toHaveLength(60);

    await vi.waitFor(
      async () => {
        const rows = await handle.db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.to, recipients));
        expect(rows.every((r) => r.status === "sent")).toBe(true);
      },
      { timeout: 15_000, interval: 50 },
    );
    // A few polls more of both mailers, for a second copy to show if there were one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The Message-ID's left part names the outbox row; its domain, the process that sent it.
    const copies = new Map<string, number>();
    const bySender = { a: 0, b: 0 };
    for (const mail of smtp.received) {
      const [row, domain] = (mail.parsed.messageId ?? "").split("@");
      copies.set(row, (copies.get(row) ?? 0) + 1);
      if (domain === "a.foamshop.test>") bySender.a++;
      if (domain === "b.foamshop.test>") bySender.b++;
    }
    for (const row of queued) {
      const [now] = await handle.db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.id, row.id));
      const id = outboxMessageId(row, MAIL_FROM.a).split("@")[0];
      expect({ id: row.id, copies: copies.get(id), attempts: now.attempts }).toEqual({ id: row.id, copies: 1, attempts: 1 });
    }
    console.log(`two-processes: of ${queued.length} mails, A sent ${bySender.a} and B ${bySender.b}`);
    // Both took part: the once-only above is not one mailer doing all the work.
    expect(bySender.a).toBeGreaterThan(0);
    expect(bySender.b).toBeGreaterThan(0);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { storedPhone, textablePhone } from "~/common/phone";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { checkoutContext } from "~/server/app";
import { addToCart } from "~/server/cart/cart";
import { completePayment, startCheckout } from "~/server/checkout/checkout";
import { migrationsFolder, type Transaction } from "~/server/db/client";
import { accounts, contactMessages, orders, outbox } from "~/server/db/schema";
import { chargeTestCard } from "~/server/payments/test-gateway";
import { accountCall, apiClient, freshClientAddress, linkPaths, tokenFromOutbox, uniqueEmail } from "../support/accounts";
import { deliveryFields, loggedIn, quickCustomer, setStock, shopClient } from "../support/shop";
import { useApiShop } from "../support/use-shop";

// Phone numbers in E.164 (issue 28, decision 0059): what the forms and calls take is stored as
// +234..., the API contract answers the digits (2348031234567), a number no phone company routes is
// kept as typed and gets no text, and migration 0025's SQL function, which rewrote the numbers
// stored before, agrees with common/phone.ts. Over HTTP and in the database, on the engine of this run.

const { handle, api } = useApiShop();
const post = apiClient(api);
const shop = shopClient(api);
const PASSWORD = "correct horse battery";

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

const storedAccount = async (email: string) => (await handle.db.select().from(accounts).where(eq(accounts.email, email)))[0];

/** Signs up over HTTP with this phone number, verifies through the e-mailed link, logs in: the login reply. */
async function signUpAndLogIn(phoneNumber: string) {
  const email = uniqueEmail("phone");
  const signUp = await post(
    accountCall("customer", "signup"),
    { fullName: "Adaeze Okafor", email, password: PASSWORD, phoneNumber },
    { headers: { "x-forwarded-for": freshClientAddress() } },
  );
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const token = await tokenFromOutbox(handle.db, email, "verify-email", api.config.publicUrl, linkPaths.customer.verify);
  expect((await post(accountCall("customer", "verify_email"), { token })).status).toBe(200);
  const login = await post(accountCall("customer", "login"), { email, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { email, token: login.body.token as string, user: login.body.user as { id: number; phone_number: string } };
}

describe("the account calls", () => {
  it("sign-up stores 0803 123 4567 as +2348031234567; login and update-phone answer the digits", async () => {
    const { email, token, user } = await signUpAndLogIn("0803 123 4567");
    expect((await storedAccount(email)).phoneNumber).toBe("+2348031234567");
    expect(user.phone_number).toBe("2348031234567");

    const changes: [typed: string, stored: string, answered: string][] = [
      ["(0805) 555-1234", "+2348055551234", "2348055551234"],
      ["+234 809 000 1111", "+2348090001111", "2348090001111"],
      ["2347012345678", "+2347012345678", "2347012345678"],
    ];
    for (const [typed, stored, answered] of changes) {
      const res = await post(accountCall("customer", "update_phone"), { email, phoneNumber: typed }, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: messages.phoneUpdated,
        user: { id: user.id, full_name: "Adaeze Okafor", email, phone_number: answered },
      });
      expect((await storedAccount(email)).phoneNumber).toBe(stored);
    }
    const again = await post(accountCall("customer", "login"), { email, password: PASSWORD });
    expect(again.body.user.phone_number).toBe("2347012345678");
  });

  it("a number the form takes but no phone company routes (1234567) is kept as typed, and answered as typed", async () => {
    const { email, token, user } = await signUpAndLogIn("1234567");
    expect((await storedAccount(email)).phoneNumber).toBe("1234567");
    expect(user.phone_number).toBe("1234567");
    const res = await post(accountCall("customer", "update_phone"), { email, phoneNumber: " 123-4567 " }, { token });
    expect(res.status).toBe(200);
    expect(res.body.user.phone_number).toBe("123-4567");
    expect((await storedAccount(email)).phoneNumber).toBe("123-4567");
  });

  it("still refuses what is not a phone number at all", async () => {
    for (const phoneNumber of ["12345", "0803 CALL ME", "+234+8031234567"]) {
      const res = await post(
        accountCall("customer", "signup"),
        { fullName: "Adaeze Okafor", email: uniqueEmail("phone-bad"), password: PASSWORD, phoneNumber },
        { headers: { "x-forwarded-for": freshClientAddress() } },
      );
      expect(res.status, phoneNumber).toBe(400);
      expect(res.body.error, phoneNumber).toBe(messages.phoneInvalid);
    }
  });

  it("the contact form stores the sender's number in E.164", async () => {
    const email = uniqueEmail("phone-contact");
    const res = await post("/api/api4users/contact.php", {
      name: "Adaeze Okafor",
      email,
      phone: "0803-123-4567",
      message: "Do you deliver a 6x4.5x8 mattress to Lekki this week?",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row.phone).toBe("+2348031234567");
  });
});

describe("the delivery phone of an order", () => {
  it("initialize_payment.php stores it in E.164, or as typed when it is not a real number", async () => {
    for (const [typed, stored] of [
      ["0803-123-4567", "+2348031234567"],
      ["(0905) 123 4567", "+2349051234567"],
      ["1234567", "1234567"],
    ]) {
      const who = await loggedIn(handle.db, api.baseUrl, "customer", "phone-delivery");
      await setStock(handle.db, 20, 50);
      const added = await shop.post(
        "/api/api4users/add_to_cart.php",
        { user_id: who.id, product_id: 20, size: "0", price: 1, product_name: "x" },
        who.token,
      );
      expect(added.status).toBe(200);
      const started = await shop.post(
        "/api/api4users/initialize_payment.php",
        { user_id: who.id, ...deliveryFields({ phone: typed, confirmPhone: typed }) },
        who.token,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const [order] = await handle.db.select().from(orders).where(eq(orders.orderRef, started.body.order_ref));
      expect(order.phone, typed).toBe(stored);
    }
  });

  it("an order whose number is not a real one gets no text, and one with a real number does (a demo: the dev phone's channels)", async () => {
    const ctx = checkoutContext(handle.db, api.config);
    expect(ctx.textChannels).toEqual(["sms", "whatsapp"]);
    const textsAbout = async (orderRef: string) =>
      (await handle.db.select().from(outbox).where(ne(outbox.channel, "email"))).filter((row) => row.text.includes(orderRef));
    const cases: [phone: string, texts: string[][]][] = [
      // A new account hears by SMS (WhatsApp is off until chosen).
      ["0803 123 4567", [["sms", "+2348031234567"]]],
      ["1234567", []],
    ];
    for (const [phone, texts] of cases) {
      const who = await quickCustomer(handle.db, "phone-texts");
      await setStock(handle.db, 20, 50);
      expect((await addToCart(handle.db, who.id, { productId: 20 })).ok).toBe(true);
      const started = await startCheckout(ctx, who.id, deliveryFields({ phone, confirmPhone: phone }));
      if (!started.ok) throw new Error(started.message);
      expect((await chargeTestCard(handle.db, started.accessCode, TEST_CARD_SUCCESS)).ok).toBe(true);
      expect(await completePayment(ctx, started.reference, who.id)).toMatchObject({ ok: true });
      expect(
        (await textsAbout(started.orderRef)).map((r) => [r.channel, r.to]),
        phone,
      ).toEqual(texts);
      expect(
        (await handle.db.select().from(outbox).where(eq(outbox.kind, "order-confirmation"))).some((r) => r.text.includes(started.orderRef)),
      ).toBe(true);
    }
  });
});

// ------------------------------------------------------------------ migration 0025

/** Migration 0025 as it is in the repository, in its statements: a change to it is tested here. */
const MIGRATION = readFileSync(path.join(migrationsFolder(), "0025_text_messages.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);
const FUNCTION_AT = MIGRATION.findIndex((s) => /CREATE FUNCTION "pg_temp"\."e164"\(typed text\)/.test(s));
/** The function, the UPDATEs that rewrite stored numbers with it, and its DROP. */
const REWRITE = MIGRATION.slice(FUNCTION_AT);

/** Nigerian mobile numbers as the shop's forms took them (digits, spaces, dashes, brackets, a leading +). */
const NIGERIAN = [
  "08031234567",
  "0803 123 4567",
  "(0803) 123-4567",
  "0803-123-4567",
  "0803 1234567",
  "2348031234567",
  "234 803 123 4567",
  "+2348031234567",
  "+234 803 123 4567",
  "+234-803-123-4567",
  "(+234) 803 123 4567",
  "+234 (803) 123 4567",
  "07012345678",
  "07061234567",
  "08101234567",
  "08121234567",
  "09012345678",
  "09151234567",
];
/** Other numbers the forms took: the migration leaves them as typed. */
const OTHERS = ["1234567", "+447911123456", "+44 7911 123456", "01 234 5678", "(01) 4601234", "12345678901234"];
/**
 * Shapes the form's check also takes (isPhoneShape: any whitespace, no trunk-zero rule) that the
 * migration need not rewrite, but whose texts must go to the same number whichever wrote them.
 */
const EDGES = ["8031234567", "234 0803 123 4567", "+234 (0) 803 123 4567", "0803\u00a0123\u00a04567", "0803\t123\t4567"];

/** Runs `work` with migration 0025's function created, on one connection (pg_temp is a session's own), and drops it. */
async function withMigrationFunction<T>(work: (tx: Transaction, e164: (typed: string) => Promise<string>) => Promise<T>): Promise<T> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(MIGRATION[FUNCTION_AT]));
    const e164 = async (typed: string) => {
      const result = (await tx.execute(sql`select "pg_temp"."e164"(${typed}) as stored`)) as unknown as { rows: { stored: string }[] };
      return result.rows[0].stored;
    };
    const out = await work(tx, e164);
    await tx.execute(sql.raw(MIGRATION.at(-1)!));
    return out;
  });
}

describe("migration 0025's rewrite of stored numbers", () => {
  it("is read from the migration: its function, three UPDATEs and the DROP", () => {
    expect(FUNCTION_AT).toBeGreaterThan(0);
    expect(
      REWRITE.map((s) =>
        s
          .split("\n")
          .find((line) => !line.startsWith("--"))!
          .split(" ")
          .slice(0, 2)
          .join(" "),
      ),
    ).toEqual(["CREATE FUNCTION", 'UPDATE "accounts"', 'UPDATE "orders"', 'UPDATE "contact_messages"', "DROP FUNCTION"]);
  });

  it("its function gives what storedPhone gives for every Nigerian mobile shape, and leaves other numbers as typed", async () => {
    const results = await withMigrationFunction(async (_tx, e164) => {
      const out: Record<string, { sql: string; app: string }> = {};
      for (const typed of [...NIGERIAN, ...OTHERS]) out[typed] = { sql: await e164(typed), app: storedPhone(typed) };
      return out;
    });
    for (const typed of NIGERIAN) {
      expect(results[typed].sql, typed).toMatch(/^\+234[789][01]\d{8}$/);
      expect(results[typed].sql, typed).toBe(results[typed].app);
    }
    for (const typed of OTHERS) {
      expect(results[typed].sql, typed).toBe(typed);
      // common/phone.ts reads what the migration left as it reads what it stores itself.
      expect(textablePhone(results[typed].sql), typed).toBe(textablePhone(results[typed].app));
    }
  });

  it("for the other shapes the form takes, a text goes to the same number whether the migration or storedPhone wrote it", async () => {
    const results = await withMigrationFunction(async (_tx, e164) => {
      const out: [typed: string, fromMigration: string | null, fromApp: string | null][] = [];
      for (const typed of EDGES) out.push([typed, textablePhone(await e164(typed)), textablePhone(storedPhone(typed))]);
      return out;
    });
    expect(results.filter(([, fromMigration, fromApp]) => fromMigration !== fromApp)).toEqual([]);
  });

  it("rewrites the numbers of accounts, orders and contact messages stored before it, and only those", async () => {
    const typed = [...NIGERIAN, ...OTHERS];
    const who = await quickCustomer(handle.db, "phone-migration");
    const tag = `migration-${Date.now()}`;
    const accountIds = (
      await handle.db
        .insert(accounts)
        .values(
          typed.map((phone, i) => ({
            role: "customer" as const,
            fullName: "Legacy",
            email: `${tag}.${i}@example.com`,
            phoneNumber: phone,
            passwordHash: "unused",
          })),
        )
        .returning({ id: accounts.id })
    ).map((r) => r.id);
    const orderIds = (
      await handle.db
        .insert(orders)
        .values(
          typed.map((phone, i) => ({
            orderRef: `ORD-${Date.now()}-${i}`,
            accountId: who.id,
            totalKobo: 100_000,
            firstName: "Ada",
            lastName: "Legacy",
            phone,
            email: `${tag}.${i}@example.com`,
            address: "1 Marina",
            state: "Lagos",
            city: "Ikeja",
            status: "expired" as const,
          })),
        )
        .returning({ id: orders.id })
    ).map((r) => r.id);
    const contactIds = (
      await handle.db
        .insert(contactMessages)
        .values(typed.map((phone, i) => ({ name: "Legacy", email: `${tag}.${i}@example.com`, phone, message: "Hello" })))
        .returning({ id: contactMessages.id })
    ).map((r) => r.id);

    await handle.db.transaction(async (tx) => {
      for (const statement of REWRITE) await tx.execute(sql.raw(statement));
    });

    const expected = typed.map((t) => (NIGERIAN.includes(t) ? storedPhone(t) : t));
    const byId = <T extends { id: number }>(rows: T[], ids: number[]) => ids.map((id) => rows.find((r) => r.id === id)!);
    const accountRows = byId(await handle.db.select().from(accounts).where(inArray(accounts.id, accountIds)), accountIds);
    const orderRows = byId(await handle.db.select().from(orders).where(inArray(orders.id, orderIds)), orderIds);
    const contactRows = byId(await handle.db.select().from(contactMessages).where(inArray(contactMessages.id, contactIds)), contactIds);
    expect(accountRows.map((r) => r.phoneNumber)).toEqual(expected);
    expect(orderRows.map((r) => r.phone)).toEqual(expected);
    expect(contactRows.map((r) => r.phone)).toEqual(expected);
    // What is already E.164 stays so (a second run changes nothing).
    await handle.db.transaction(async (tx) => {
      for (const statement of REWRITE) await tx.execute(sql.raw(statement));
    });
    expect(byId(await handle.db.select().from(accounts).where(inArray(accounts.id, accountIds)), accountIds).map((r) => r.phoneNumber)).toEqual(
      expected,
    );
  });
});

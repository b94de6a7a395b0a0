import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startSession } from "~/server/accounts/sessions";
import { backupDatabase, restoreDatabase, type RestoreResult } from "~/server/db/backup";
import { openDatabase, queryRows, type Database } from "~/server/db/client";
import * as t from "~/server/db/schema";
import { readImage, renderImage, saveImage } from "~/server/images/store";
import { loadSharp } from "~/server/images/sharp";
import { backupCommand, emptyDatabase, engine, fingerprint, SHOP_TABLES, truncateAll } from "../support/backups";
import { createTestDatabase, readDump } from "../support/db";
import { useTestDatabase } from "../support/use-shop";

// `npm run db:backup` / `npm run db:restore` (server/db/backup.ts): a shop with customers, carts,
// orders, payments, mails and uploaded pictures comes back row for row, on either engine.

const postgres = inject("postgresTemplate");
/** Loading a shop of pictures several times over; two cores shared with other work can take a while. */
const SLOW = 90_000;

async function backupToBuffer(db: Database): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const result = await backupDatabase(db, sink);
  expect(result.ok).toBe(true);
  return Buffer.concat(chunks);
}

const restoreFrom = (db: Database, file: Buffer, force = false): Promise<RestoreResult> => restoreDatabase(db, Readable.from([file]), { force });

/** Customers, carts, orders, payments, mail, messages and an uploaded picture: every table gets rows. */
async function addShopActivity(db: Database): Promise<void> {
  const sharp = await loadSharp();
  const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  const picture = await renderImage(`upload-${randomBytes(4).toString("hex")}.webp`, png, 1200);
  await saveImage(db, picture);
  // Every byte value, beside the real picture.
  await db.insert(t.storedImages).values({
    fileName: "all-bytes.bin",
    contentType: "application/octet-stream",
    width: 1,
    height: 1,
    data: Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256)),
  });

  const [category] = await db.select().from(t.categories).limit(1);
  // A former name of the category (issue 18: renamed categories' old links redirect).
  await db.insert(t.categoryRedirects).values({ nameKey: "old foam name", categoryId: category.id });
  // A daily job's run (the low-stock mail, issue 18).
  await db.insert(t.dailyRuns).values({ job: "low-stock-mail", day: "2026-01-05" });
  await db.insert(t.jobRuns).values({ job: "housekeeping", intervalMs: 3_600_000, lastSuccessAt: new Date("2026-01-05T10:00:00Z") });
  await db
    .insert(t.paystackEvents)
    .values({ key: "refund.processed:abc", event: "refund.processed", payload: { event: "refund.processed", data: {} } });
  await db.insert(t.incidents).values({ kind: "dispute", key: "dispute:1", subject: "Order ORD-1", subjectPath: null, detail: "A test dispute." });
  // A scheduled backup's record (decision 0046).
  await db.insert(t.backups).values({
    day: "2026-01-05",
    attempt: 1,
    outcome: "copy-failed",
    host: "shop-1 pid 42",
    startedAt: new Date("2026-01-05T01:00:00.123456Z"),
    leaseUntil: new Date("2026-01-05T01:10:00Z"),
    finishedAt: new Date("2026-01-05T01:00:03Z"),
    fileName: "foam-shop-2026-01-05-020000.backup.enc",
    bytes: 12_345_678,
    sha256: "a".repeat(64),
    encrypted: true,
    error: "The off-site copy failed: rclone exited with code 1: no route",
  });
  const [product] = await db
    .insert(t.products)
    .values({
      name: "Vitafoam Uploaded “Quote” Pillow",
      description: 'Line one\nline two\t"quoted" \\ back-slash, ₦ and emoji 🛏️',
      categoryId: category.id,
    })
    .returning();
  const [variant] = await db.insert(t.productVariants).values({ productId: product.id, size: "", priceKobo: 1_250_000, stock: 7 }).returning();
  await db.insert(t.productImages).values({ productId: product.id, fileName: picture.fileName, position: 0 });

  const [customer] = await db
    .insert(t.accounts)
    .values({
      role: "customer",
      fullName: "Adaeze O'Neil",
      email: "adaeze@example.com",
      phoneNumber: "2348012345678",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
      emailVerifiedAt: new Date(),
    })
    .returning();
  await startSession(db, { id: customer.id, role: "customer" });
  // A recovery code of two-step sign-in (issue 27); only admins have them, the table does not care.
  await db.insert(t.recoveryCodes).values({ accountId: customer.id, codeHash: "e".repeat(64) });
  await db
    .insert(t.oneTimeTokens)
    .values({ accountId: customer.id, purpose: "reset_password", tokenHash: "f".repeat(64), expiresAt: new Date(Date.now() + 3_600_000) });
  await db.insert(t.rateLimits).values({ key: "login:127.0.0.1", count: 3, windowEndsAt: new Date(Date.now() + 60_000) });
  await db.insert(t.loginDevices).values({ accountId: customer.id, tokenHash: "d".repeat(64) });

  const delivery = {
    firstName: "Adaeze",
    lastName: "O'Neil",
    phone: "2348012345678",
    email: "adaeze@example.com",
    address: "12 Allen Avenue",
    state: "Lagos",
    city: "Ikeja",
  };
  const [cart] = await db.insert(t.carts).values({ accountId: customer.id, delivery, changedAt: new Date(), remindedFor: new Date() }).returning();
  await db.insert(t.cartItems).values({ cartId: cart.id, variantId: variant.id, quantity: 2 });

  const [order] = await db
    .insert(t.orders)
    .values({
      orderRef: `ORD-${randomBytes(4).toString("hex")}`,
      accountId: customer.id,
      status: "paid",
      totalKobo: 12_345_678_901_234,
      ...delivery,
      paidAt: new Date(),
      trackingId: "TRK-1",
      arrivesBy: "2026-12-04",
      reviewRequestedAt: new Date(),
    })
    .returning();
  await db.insert(t.orderItems).values({
    orderId: order.id,
    productId: product.id,
    variantId: variant.id,
    productName: product.name,
    unitPriceKobo: 1_250_000,
    quantity: 2,
    imageFile: picture.fileName,
  });
  await db.insert(t.orderEvents).values({ orderId: order.id, status: "paid", note: "Paid by card" });
  // As an order paid on delivery keeps its collection (issue 28); and a phone's code in flight.
  await db
    .insert(t.collections)
    .values({ orderId: order.id, method: "pos", amountKobo: 12_345_678_901_234, collectedBy: customer.id, reason: 'Rounded, ₦ "kept"' });
  await db.insert(t.paymentLinks).values({ orderId: order.id, tokenHash: "a".repeat(64), expiresAt: new Date(), createdBy: customer.id });
  await db.insert(t.phoneCodes).values({ accountId: customer.id, phone: "+2348031234567", codeHash: "f".repeat(64), expiresAt: new Date() });
  // A back-in-stock alert and a cart reminder (issue 29).
  await db.insert(t.stockAlerts).values({ accountId: customer.id, variantId: variant.id, channel: "sms", expiresAt: new Date() });
  await db.insert(t.cartReminders).values({ accountId: customer.id, channel: "whatsapp" });
  await db.insert(t.cartRequests).values({ accountId: customer.id, requestId: "9b2c7e1a-5f0d-4c3e-8a61-2d4f5b6c7d8e" });
  const [promotion] = await db
    .insert(t.promotions)
    .values({ name: "Welcome", code: "WELCOME10", kind: "percent", percent: 10, productIds: [product.id], maxUses: 100 })
    .returning();
  await db
    .insert(t.orderDiscounts)
    .values({ orderId: order.id, promotionId: promotion.id, accountId: customer.id, name: "Welcome", code: "WELCOME10", amountKobo: 250_000 });
  await db.insert(t.reviews).values({
    productId: product.id,
    accountId: customer.id,
    orderId: order.id,
    rating: 4,
    body: 'Firm, "cool"\nand <b>comfy</b> ₦',
    reviewerName: "Adaeze O.",
    status: "approved",
    moderatedBy: customer.id,
    moderatedAt: new Date(),
  });
  const reference = `ref-${randomBytes(6).toString("hex")}`;
  const [payment] = await db
    .insert(t.payments)
    .values({
      orderId: order.id,
      provider: "test",
      reference,
      status: "success",
      amountKobo: 12_345_678_901_234,
      verification: { status: "success", nested: { amount: 2500000, ok: true, list: [1, "two", null] } },
    })
    .returning();
  await db.insert(t.refunds).values({
    orderId: order.id,
    paymentId: payment.id,
    amountKobo: 12_345_678_901_234,
    reason: "sold-out",
    status: "sent",
    attempts: 1,
    providerReply: { status: "pending" },
    sentAt: new Date(),
  });
  await db.insert(t.testGatewayTransactions).values({
    reference,
    accessCode: `ac-${reference}`,
    email: "adaeze@example.com",
    amountKobo: 2_500_000,
    currency: "NGN",
    status: "success",
    paidAt: new Date(),
  });

  await db.insert(t.outbox).values({
    kind: "order-confirmation",
    to: "adaeze@example.com",
    subject: "Your order",
    html: "<p>Thank you</p>",
    text: "Thank you",
    status: "failed",
    attempts: 2,
    lastError: "421 try later",
  });
  await db.insert(t.contactMessages).values({ name: "Tunde", email: "tunde@example.com", phone: "08012345678", message: "Do you deliver to Abuja?" });
  await db.insert(t.auditLog).values({
    actorName: "Ngozi O'Neil",
    action: "price",
    subject: "Product 1: Eco Foam Mattress",
    subjectPath: "/admin/products/1",
    detail: "Size 6x2.5x4: ₦25,000.00 → ₦27,500.00",
  });
  await db.insert(t.shopSettings).values({
    key: "delivery",
    value: { zoneDays: { lagos: 2, "south-west": 3, rest: 5 }, stateDays: { Kano: 7 }, closedDays: [{ day: "2026-12-31", note: 'Eve\'s "party"' }] },
  });
  // The newest message is deleted: its sequence stays ahead of the largest id, and must come back so.
  const [gone] = await db.insert(t.contactMessages).values({ name: "Spam", email: "spam@example.com", phone: "0", message: "x" }).returning();
  await db.delete(t.contactMessages).where(eq(t.contactMessages.id, gone.id));
}

const source = useTestDatabase();
let sourcePrint: Record<string, string>;
let backup: Buffer;
beforeAll(async () => {
  await addShopActivity(source.db);
  sourcePrint = await fingerprint(source.db);
  backup = await backupToBuffer(source.db);
});

it("has rows in every table of the shop before the backup, so the round trip covers them all", () => {
  const tables = Object.entries(sourcePrint).filter(([name]) => !name.startsWith("sequence "));
  expect(tables.length).toBeGreaterThanOrEqual(20);
  for (const [name, print] of tables) expect(print, name).not.toMatch(/^0 rows/);
});

it(
  `restores the backup into a fresh ${engine} database, row for row, sequences included`,
  async () => {
    const target = await emptyDatabase();
    try {
      const restored = await restoreFrom(target.db, backup);
      expect(restored).toMatchObject({ ok: true });
      expect(await fingerprint(target.db)).toEqual(sourcePrint);

      // Pictures are bytes in the database: the uploaded one reads back identical.
      const [upload] = await source.db
        .select()
        .from(t.productImages)
        .orderBy(sql`${t.productImages.id} desc`)
        .limit(1);
      const original = await readImage(source.db, upload.fileName);
      expect((await readImage(target.db, upload.fileName))?.data.equals(original!.data)).toBe(true);

      // Sequences were set past the restored rows: new rows get new ids.
      const [category] = await target.db.select().from(t.categories).limit(1);
      const [product] = await target.db.insert(t.products).values({ name: "Made after the restore", categoryId: category.id }).returning();
      const [{ max }] = await source.db.select({ max: sql<number>`max(${t.products.id})`.mapWith(Number) }).from(t.products);
      expect(product.id).toBe(max + 1);
      await target.db.insert(t.productVariants).values({ productId: product.id, priceKobo: 100, stock: 1 });
      // The id of the deleted newest message is not handed out again either.
      const [{ kept }] = await queryRows<{ kept: number }>(source.db, sql`select max(id) as kept from contact_messages`);
      const [message] = await target.db
        .insert(t.contactMessages)
        .values({ name: "After", email: "after@example.com", phone: "0", message: "hello" })
        .returning();
      expect(message.id).toBe(kept + 2);
    } finally {
      await target.close();
    }
  },
  SLOW,
);

it(
  "refuses a database that already holds data without --force, and replaces it all with --force",
  async () => {
    const target = await createTestDatabase();
    try {
      const before = await fingerprint(target.db);
      const refused = await restoreFrom(target.db, backup);
      expect(refused).toMatchObject({ ok: false, reason: "not-empty" });
      expect(refused.ok || refused.message).toMatch(
        /^The database already holds data \(in \w+, \w+, \w+ and \d+ more tables\)\. Nothing was changed\. Restore into an empty database, or give --force to replace everything in it\.$/,
      );
      expect(await fingerprint(target.db)).toEqual(before);

      expect(await restoreFrom(target.db, backup, true)).toMatchObject({ ok: true });
      expect(await fingerprint(target.db)).toEqual(sourcePrint);
    } finally {
      await target.close();
    }
  },
  SLOW,
);

/** The backup's lines, changed by `edit`, compressed again (a file damaged beneath a valid gzip). */
function edited(edit: (lines: string[]) => string[]): Buffer {
  const lines = gunzipSync(backup).toString("utf8").split("\n");
  return gzipSync(Buffer.from(edit(lines).join("\n")));
}

const lineOfTable = (lines: string[], table: string) => lines.findIndex((l) => l.startsWith(`{"end":"${table}"`)) - 1;

it(
  "fails clearly on a cut-short, damaged or foreign file, and changes nothing, even with --force",
  async () => {
    const empty = await emptyDatabase();
    const full = await createTestDatabase();
    try {
      const before = { empty: await fingerprint(empty.db), full: await fingerprint(full.db) };
      const cases: [string, Buffer, RegExp][] = [
        [
          "cut short",
          backup.subarray(0, Math.floor(backup.length * 0.1)),
          /^The backup file is cut short \(it ends in the middle of its compressed data\)\.$/,
        ],
        [
          "cut after a whole line",
          edited((lines) => [...lines.slice(0, lineOfTable(lines, "rate_limits")), ""]),
          /^The backup file is cut short in table rate_limits \(after 0 of 1 rows\)\.$/,
        ],
        [
          "a value changed",
          edited((lines) => lines.map((l, i) => (i === lineOfTable(lines, "accounts") ? l.replace('"Adaeze', '"Adanna') : l))),
          /^The backup file is damaged: the rows of table accounts do not match their checksum\.$/,
        ],
        // The database refuses "x1" as an id before the checksum is known: the damage is still named.
        [
          "a number changed",
          edited((lines) => lines.map((l, i) => (i === lineOfTable(lines, "contact_messages") ? l.replace(/^\["(\d+)"/, '["x$1"') : l))),
          /^The backup file is damaged: the rows of table contact_messages do not match their checksum\.$/,
        ],
        [
          "a row missing",
          edited((lines) => lines.filter((_, i) => i !== lineOfTable(lines, "outbox"))),
          /^The backup file is damaged: table outbox should have 1 rows, it has 0\.$/,
        ],
        [
          "bytes overwritten",
          Buffer.from(backup).fill(0x55, Math.floor(backup.length / 2), Math.floor(backup.length / 2) + 8),
          /^The backup file is (damaged|cut short)/,
        ],
        ["not a backup", Buffer.from("id,name\n1,Mattresses\n"), /^This is not a shop backup \(not a gzip file\)\.$/],
        ["another gzip file", gzipSync(Buffer.from('{"hello":"world"}\n')), /^This is not a shop backup/],
        ["empty", Buffer.alloc(0), /^The backup file is empty\.$/],
      ];
      for (const [name, file, message] of cases) {
        expect(await restoreFrom(empty.db, file), name).toEqual({ ok: false, reason: "damaged", message: expect.stringMatching(message) });
        // With --force everything is emptied first, in the same transaction: the damage undoes it.
        // (Damage is mostly put in the tables before the pictures, so each case loads little.)
        if (["cut short", "a value changed", "not a backup"].includes(name)) {
          expect(await restoreFrom(full.db, file, true), `${name}, --force`).toEqual({
            ok: false,
            reason: "damaged",
            message: expect.stringMatching(message),
          });
        }
      }
      expect(await fingerprint(empty.db)).toEqual(before.empty);
      expect(await fingerprint(full.db)).toEqual(before.full);
      // And the database is still usable: the good file loads.
      expect(await restoreFrom(empty.db, backup)).toMatchObject({ ok: true });
    } finally {
      await empty.close();
      await full.close();
    }
  },
  SLOW,
);

it("refuses a backup made by another version of the shop", async () => {
  const target = await emptyDatabase();
  try {
    const older = edited(([header, ...rest]) => [
      JSON.stringify({ ...JSON.parse(header), migrations: JSON.parse(header).migrations.slice(0, -1) }),
      ...rest,
    ]);
    expect(await restoreFrom(target.db, older)).toEqual({
      ok: false,
      reason: "other-schema",
      message: expect.stringMatching(
        /^This backup was made by an older version of the shop \(\d+ of its \d+ migrations\)\. Restore it with that version, then start this version to upgrade the database\.$/,
      ),
    });
    const newer = edited(([header, ...rest]) => [JSON.stringify({ ...JSON.parse(header), version: 2 }), ...rest]);
    expect(await restoreFrom(target.db, newer)).toMatchObject({
      ok: false,
      reason: "other-schema",
      message: expect.stringMatching(/format version 2/),
    });
  } finally {
    await target.close();
  }
});

describe.skipIf(!postgres)("between engines", () => {
  it(
    "restores a PostgreSQL backup into PGlite, and that PGlite's backup into PostgreSQL, unchanged",
    async () => {
      const pglite = await emptyDatabase("pglite");
      try {
        expect(await restoreFrom(pglite.db, backup)).toMatchObject({ ok: true });
        expect(await fingerprint(pglite.db)).toEqual(sourcePrint);
        const fromPglite = await backupToBuffer(pglite.db);
        const pg = await emptyDatabase("postgres");
        try {
          expect(await restoreFrom(pg.db, fromPglite)).toMatchObject({ ok: true });
          expect(await fingerprint(pg.db)).toEqual(sourcePrint);
        } finally {
          await pg.close();
        }
      } finally {
        await pglite.close();
      }
    },
    SLOW,
  );
});

describe("the commands", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "shop-backup-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("checks its arguments", async () => {
    const env = { DATA_DIR: path.join(dir, "never-made") };
    const usage = /^Usage: npm run db:backup -- <file>\n {7}npm run db:restore -- <file> \[--force\]$/;
    for (const args of [[], ["backup"], ["backup", "a", "b"], ["backup", "a", "--force"], ["dump", "a"]]) {
      expect(await backupCommand(args, env)).toMatchObject({ code: 2, out: expect.stringMatching(usage) });
    }
    expect(await backupCommand(["restore", "a", "--forse"], env)).toMatchObject({ code: 2, out: expect.stringMatching(/Unknown option '--forse'/) });
    expect(await backupCommand(["restore", path.join(dir, "missing.backup")], env)).toEqual({
      code: 1,
      out: expect.stringMatching(/^There is no file .*missing\.backup to restore\.$/),
    });
    expect(await backupCommand(["backup", path.join(dir, "x.backup")], env)).toEqual({
      code: 1,
      out: expect.stringMatching(/^There is no embedded database in .*never-made to back up \(set DATA_DIR, or DATABASE_URL for PostgreSQL\)\.$/),
    });
  });

  it(
    `restores into an empty ${engine} database, refuses a full one, and backs it up again`,
    async () => {
      const fileA = path.join(dir, "a.backup");
      const fileB = path.join(dir, "b.backup");
      await writeFile(fileA, backup);
      let env: NodeJS.ProcessEnv;
      let closeTarget = async () => {};
      if (postgres) {
        const target = await emptyDatabase("postgres");
        env = target.env;
        closeTarget = () => target.close();
      } else {
        // An emptied copy of the seeded template in a folder, as DATA_DIR would hold it.
        const folder = await openDatabase({ dataDir: path.join(dir, "shop"), loadDataDir: await readDump(inject("pgliteTemplateFile")) });
        await truncateAll(folder.db);
        await folder.close();
        env = { DATA_DIR: path.join(dir, "shop") };
      }
      const where = postgres ? "the PostgreSQL database of DATABASE_URL" : "the embedded database in .*shop";
      try {
        expect(await backupCommand(["restore", fileA], env)).toEqual({
          code: 0,
          out: expect.stringMatching(new RegExp(`^Restored \\d+ rows of ${SHOP_TABLES} tables from .*a\\.backup into ${where} \\(`)),
        });
        expect(await backupCommand(["restore", fileA], env)).toEqual({
          code: 1,
          out: expect.stringMatching(
            new RegExp(
              `^${postgres ? "The PostgreSQL database of DATABASE_URL" : "The embedded database in .*shop"} already holds data \\(in [a-z_]+, [a-z_]+, [a-z_]+ and \\d+ more tables\\)\\. Nothing was changed\\. .*--force`,
            ),
          ),
        });
        expect(await backupCommand(["backup", fileB], env)).toEqual({
          code: 0,
          out: expect.stringMatching(new RegExp(`^Backed up \\d+ rows of ${SHOP_TABLES} tables from ${where} to .*b\\.backup \\(`)),
        });
        // The same rows in the same order: only the header (time, server) may differ.
        const body = (file: Buffer) => gunzipSync(file).toString("utf8").split("\n").slice(1);
        expect(body(await readFile(fileB))).toEqual(body(backup));
        expect(await backupCommand(["restore", fileB, "--force"], env)).toMatchObject({ code: 0 });
      } finally {
        await closeTarget();
      }
    },
    SLOW,
  );

  it.skipIf(postgres)("says to stop the shop when `npm run db:backup` finds the embedded database in use", async () => {
    // This process holds the folder, as a running shop does; the command runs as a user types it.
    const dataDir = path.join(dir, "shop");
    const held = await openDatabase({ dataDir });
    try {
      expect(await fingerprint(held.db)).toEqual(sourcePrint);
      const blocked = await new Promise<{ code: number; out: string }>((resolve) => {
        const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
        execFile("npm", ["run", "--silent", "db:backup", "--", path.join(dir, "c.backup")], { env }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
        );
      });
      expect(blocked.out).toMatch(
        new RegExp(
          `Cannot back up the database: The embedded database in .*shop is in use by process ${process.pid} \\(is the shop running\\?\\)\\. Stop it first, or use PostgreSQL through DATABASE_URL\\.`,
        ),
      );
      expect(blocked.code).toBe(1);
    } finally {
      await held.close();
    }
  });
});

import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { createVerifiedAccount, logIn, type AccountContext } from "~/server/accounts/accounts";
import { findSession, startSession, type SignedInAccount } from "~/server/accounts/sessions";
import { listAudit } from "~/server/admin/audit";
import { changeStaff, hasOwner, listAdmins, type StaffChange } from "~/server/admin/staff";
import { getProductForEdit, updateProduct, archiveProduct } from "~/server/catalog/admin";
import { openDatabase } from "~/server/db/client";
import { accounts } from "~/server/db/schema";
import { changeOrderStatus } from "~/server/orders/admin-orders";
import { apiClient, uniqueEmail } from "../support/accounts";
import { startApiServer } from "../support/server";
import { paidOrder } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// Staff and roles, and the audit log (issue 18), on the engine of this run: owners manage the
// other admins; staff cannot; nobody acts on themselves; a disabled or removed admin is signed
// out and cannot log in, by page or API; every change to prices, stock, products, order statuses,
// refunds and admins is in the audit log under the name of who made it.

const handle = useTestDatabase();
let ctx: AccountContext;
const PASSWORD = "Staff-pass-2026";

beforeAll(() => {
  ctx = { db: handle.db, publicUrl: "http://shop.test", clientAddress: "192.0.2.60" };
});

async function admin(tag: string, adminRole: "owner" | "staff" = "staff", fullName = `Admin ${tag}`): Promise<SignedInAccount & { token: string }> {
  const created = await createVerifiedAccount(
    handle.db,
    "admin",
    { fullName, email: uniqueEmail(tag), password: PASSWORD, phoneNumber: "2348012345678" },
    { adminRole },
  );
  if (!created.ok) throw new Error("could not create the admin");
  const { token } = await startSession(handle.db, created.account);
  return { ...created.account, token };
}

const standingOf = async (id: number) => (await listAdmins(handle.db)).find((a) => a.id === id);

describe("owners manage the other admins", () => {
  it("disable signs the admin out and stops their login; enable lets them back in", async () => {
    const owner = await admin("own-1", "owner", "Ngozi Eze");
    const staff = await admin("staff-1");
    expect(await changeStaff(handle.db, owner, staff.id, "disable")).toMatchObject({ ok: true });
    expect(await findSession(handle.db, staff.token)).toBeNull();
    expect(await logIn(ctx, "admin", { email: staff.email, password: PASSWORD })).toEqual({ ok: false, reason: "disabled" });
    expect((await standingOf(staff.id))?.disabled).toBe(true);
    // A session made afterwards (as a stolen cookie would be) opens nothing either.
    const { token } = await startSession(handle.db, staff);
    expect(await findSession(handle.db, token)).toBeNull();

    expect(await changeStaff(handle.db, owner, staff.id, "enable")).toMatchObject({ ok: true });
    expect((await logIn(ctx, "admin", { email: staff.email, password: PASSWORD })).ok).toBe(true);
  });

  it("promote and demote; remove takes the admin off the list and out for good", async () => {
    const owner = await admin("own-2", "owner");
    const staff = await admin("staff-2");
    expect(await changeStaff(handle.db, owner, staff.id, "make-owner")).toMatchObject({ ok: true });
    expect((await standingOf(staff.id))?.standing).toBe("owner");
    expect(await changeStaff(handle.db, owner, staff.id, "make-staff")).toMatchObject({ ok: true });
    expect((await standingOf(staff.id))?.standing).toBe("staff");
    expect(await changeStaff(handle.db, owner, staff.id, "remove")).toMatchObject({ ok: true });
    expect(await standingOf(staff.id)).toBeUndefined();
    expect(await findSession(handle.db, staff.token)).toBeNull();
    expect(await logIn(ctx, "admin", { email: staff.email, password: PASSWORD })).toEqual({ ok: false, reason: "disabled" });
    expect(await changeStaff(handle.db, owner, staff.id, "enable")).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("staff cannot manage admins, and nobody changes their own account here", async () => {
    const owner = await admin("own-3", "owner");
    const staff = await admin("staff-3");
    const other = await admin("staff-3b");
    for (const change of ["disable", "enable", "remove", "make-owner", "make-staff"] as StaffChange[]) {
      expect(await changeStaff(handle.db, staff, other.id, change)).toMatchObject({ ok: false, reason: "not-owner" });
      expect(await changeStaff(handle.db, staff, owner.id, change)).toMatchObject({ ok: false, reason: "not-owner" });
      expect(await changeStaff(handle.db, owner, owner.id, change)).toMatchObject({ ok: false, reason: "self" });
    }
    expect((await standingOf(owner.id))?.standing).toBe("owner");
    expect((await standingOf(other.id))?.disabled).toBe(false);
    // An owner's standing is read again when they act: one demoted a moment ago is refused.
    const formerOwner = await admin("own-3b", "owner");
    await handle.db.update(accounts).set({ adminRole: "staff" }).where(eq(accounts.id, formerOwner.id));
    expect(await changeStaff(handle.db, formerOwner, other.id, "disable")).toMatchObject({ ok: false, reason: "not-owner" });
    // A customer's id is no admin.
    const [customer] = await handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, "customer")).limit(1);
    if (customer) expect(await changeStaff(handle.db, owner, customer.id, "disable")).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("two owners disabling each other at once: one wins, neither request fails", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await admin(`race-a-${round}`, "owner");
      const b = await admin(`race-b-${round}`, "owner");
      const results = await Promise.all([changeStaff(handle.db, a, b.id, "disable"), changeStaff(handle.db, b, a.id, "disable")]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const disabled = [(await standingOf(a.id))?.disabled, (await standingOf(b.id))?.disabled];
      expect(disabled.filter(Boolean)).toHaveLength(1);
    }
  });

  it("an API token of a disabled admin is refused, and its login says why", async () => {
    const api = await startApiServer(handle);
    try {
      const owner = await admin("own-api", "owner");
      const staff = await admin("staff-api");
      const call = apiClient(api.baseUrl);
      expect(await changeStaff(handle.db, owner, staff.id, "disable")).toMatchObject({ ok: true });
      const login = await call("/api/admin_login.php", { email: staff.email, password: PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body.error ?? login.body.message).toBe(messages.accountDisabled);
      const del = await call("/api/delete_product.php", { productId: 1 }, { token: staff.token });
      expect(del.status).toBe(401);
    } finally {
      await api.close();
    }
  });
});

describe("the audit log", () => {
  it("names who changed a price, stock, a product, an order's status, a refund and an admin", async () => {
    const owner = await admin("audit-owner", "owner", "Ngozi Eze");
    const staff = await admin("audit-staff", "staff", "Tunde Bakare");
    const product = (await getProductForEdit(handle.db, 1))!;
    const [first, second] = product.variants;
    const edit = {
      productName: product.name,
      description: product.description,
      category: product.category,
      featured: true,
      maxPerOrder: product.maxPerOrder,
      price: undefined,
      availableStock: undefined,
      sizes: product.variants.map((v, i) => ({
        size: v.size,
        price: String(v.priceKobo / 100 + (i === 0 ? 1000 : 0)),
        stock: String(v.stock + (i === 1 ? 5 : 0)),
      })),
      keepImages: product.images,
    };
    expect((await updateProduct(handle.db, staff.id, product.id, edit, [])).ok).toBe(true);
    const mine = await listAudit(handle.db, { actorId: staff.id });
    expect(mine.map((e) => [e.action, e.actorName, e.subject, e.subjectPath, e.detail])).toEqual([
      ["stock", "Tunde Bakare", `Product 1: ${product.name}`, "/admin/products/1", `Size ${second.size}: ${second.stock} → ${second.stock + 5}`],
      expect.arrayContaining([
        "price",
        "Tunde Bakare",
        `Size ${first.size}: ₦${(first.priceKobo / 100).toLocaleString("en-NG")}.00 → ₦${(first.priceKobo / 100 + 1000).toLocaleString("en-NG")}.00`,
      ]),
    ]);

    const order = await paidOrder(handle.db, "audit-order");
    expect((await changeOrderStatus(ctx, staff.id, order.orderRef, "processing")).ok).toBe(true);
    expect((await changeOrderStatus(ctx, owner.id, order.orderRef, "refunded")).ok).toBe(true);
    expect(await changeStaff(handle.db, owner, staff.id, "disable")).toMatchObject({ ok: true });
    const doomed = await admin("audit-doomed");
    expect(await archiveProduct(handle.db, owner.id, 2)).toBe(true);

    const byOwner = await listAudit(handle.db, { actorId: owner.id });
    expect(byOwner.map((e) => [e.action, e.subject, e.detail])).toEqual([
      ["product", `Product 2: ${await productName(2)}`, "Deleted: off the shop and every cart; orders keep it."],
      ["admin", `Admin ${staff.email}`, `Tunde Bakare (${staff.email}) is disabled and signed out.`],
      ["refund", `Order ${order.orderRef}`, "Processing → Refunded"],
    ]);
    expect((await listAudit(handle.db, { action: "order-status", actorId: staff.id })).map((e) => e.detail)).toEqual(["Paid → Processing"]);
    expect(await listAudit(handle.db, { actorId: doomed.id })).toEqual([]);
    // Days are Lagos days: today's entries are found by today, none by yesterday.
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect((await listAudit(handle.db, { actorId: owner.id, from: today, to: today })).length).toBe(3);
    expect(await listAudit(handle.db, { actorId: owner.id, to: yesterday })).toEqual([]);
  });

  it("records nothing for a refused change", async () => {
    const staff = await admin("audit-refused");
    const other = await admin("audit-refused-b");
    expect((await changeStaff(handle.db, staff, other.id, "disable")).ok).toBe(false);
    const product = (await getProductForEdit(handle.db, 3))!;
    const bad = await updateProduct(
      handle.db,
      staff.id,
      3,
      {
        productName: product.name,
        description: product.description,
        category: "No Such Category",
        featured: false,
        price: "1",
        availableStock: "1",
        sizes: [],
        keepImages: product.images,
      },
      [],
    );
    expect(bad.ok).toBe(false);
    expect(await listAudit(handle.db, { actorId: staff.id })).toEqual([]);
  });
});

async function productName(id: number): Promise<string> {
  const { products } = await import("~/server/db/schema");
  const [row] = await handle.db.select({ name: products.name }).from(products).where(eq(products.id, id));
  return row.name;
}

describe("admin:create", () => {
  it("makes the first admin an owner, later ones staff, and an owner when asked", { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "admin-create-"));
    const run = (email: string, ...flags: string[]) =>
      // `npm run admin:create`'s own command: the built CLI (the build npm test made), or its source
      // through tsx when the build is older than the source.
      promisify(execFile)(
        process.execPath,
        ["scripts/commands.mjs", "admin-cli", "--email", email, "--name", "Ngozi Eze", "--phone", "2348012345678", ...flags],
        {
          env: { ...process.env, DATABASE_URL: "", DATA_DIR: dir, ADMIN_PASSWORD: PASSWORD, SHOP_DEMO: "off", PUBLIC_URL: "http://shop.test" },
        },
      );
    try {
      expect((await run("first@shop.test")).stdout).toContain("(owner)");
      expect((await run("second@shop.test")).stdout).toContain("(staff)");
      expect((await run("third@shop.test", "--owner")).stdout).toContain("(owner)");
      const db = await openDatabase({ dataDir: dir });
      try {
        expect(await hasOwner(db.db)).toBe(true);
        const rows = await db.db.select({ email: accounts.email, adminRole: accounts.adminRole }).from(accounts).where(eq(accounts.role, "admin"));
        expect(Object.fromEntries(rows.map((r) => [r.email, r.adminRole]))).toEqual({
          "first@shop.test": "owner",
          "second@shop.test": "staff",
          "third@shop.test": "owner",
        });
      } finally {
        await db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

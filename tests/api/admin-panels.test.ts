import http from "node:http";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath, type AdminPanel } from "~/common/panels";
import { PANELS } from "~/app/admin/registry";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { startSession } from "~/server/accounts/sessions";
import { getProduct } from "~/server/catalog/catalog";
import { incidents } from "~/server/db/schema";
import { MAX_PAGE_FORM_BYTES } from "~/server/security";
import { freshClientAddress, uniqueEmail } from "../support/accounts";
import { escaped } from "../support/hostile-text";
import { usePageShop } from "../support/use-shop";

// Issue 26, build item 2 (decision 0049): the back office as modules. Over HTTP, as an owner:
//   - a panel that fails is caught in that panel: the page answers 500 with the frame's greeting,
//     the owner's whole menu and the panel's own error where the panel would be; the failure is a
//     real one, a table (or a column) of this test's own database renamed away and back, so
//     nothing in the shop can make a panel fail on purpose. Where the spec gives a panel its own
//     words for a failed search (Manage and Search Products), the panel says those instead;
//   - each panel reads a posted form within its own limit: the page limit (256 KiB) everywhere, the
//     pictures' cap only for the multipart forms of Post Product and Categories;
//   - a form is its panel's: another panel's intent at this address is refused; Logout, the
//     frame's own form, works from any panel.

const OWNER = "Ngozi Eze";
const { handle, shop } = usePageShop();
let ownerId: number;
let cookie: string;

async function sessionCookie(accountId: number): Promise<string> {
  const { token } = await startSession(handle.db, { id: accountId, role: "admin" });
  return shop.cookieFor("admin", token);
}

beforeAll(async () => {
  const created = await createVerifiedAccount(
    handle.db,
    "admin",
    { fullName: OWNER, email: uniqueEmail("panels-owner"), password: "correct horse battery", phoneNumber: "2348012345678" },
    { adminRole: "owner" },
  );
  if (!created.ok) throw new Error("could not create the owner");
  ownerId = created.account.id;
  cookie = await sessionCookie(ownerId);
});

interface Answer {
  status: number;
  location: string | null;
  connection: string | null;
  html: string;
}

/** A request as the owner's browser sends it, on a connection of its own (the body may be refused unread). */
function send(method: "GET" | "POST", path: string, body?: { bytes: Buffer; type: string }): Promise<Answer> {
  const headers: Record<string, string | number> = { origin: shop.baseUrl, cookie, "x-forwarded-for": freshClientAddress() };
  if (body) Object.assign(headers, { "content-type": body.type, "content-length": body.bytes.length });
  return new Promise((resolve, reject) => {
    const req = http.request(`${shop.baseUrl}${path}`, { method, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          location: res.headers.location ?? null,
          connection: res.headers.connection ?? null,
          html: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    // A refused body may be left unread: the server then closes the connection under the rest.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    req.end(body?.bytes);
  });
}

const urlencoded = (fields: Record<string, string>) => ({
  bytes: Buffer.from(new URLSearchParams(fields).toString()),
  type: "application/x-www-form-urlencoded",
});

async function multipart(fields: Record<string, string>, files: { field: string; name: string; bytes: Buffer; type: string }[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
}

const png = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: "#1e40af" } })
    .png()
    .toBuffer();

const panelNamed = (menu: AdminPanel) => PANELS.find((p) => p.panel.menu === menu)!.panel;
const alertOf = (html: string) => [...html.matchAll(/role="alert"[^>]*>([^<]*)</g)].map((m) => m[1]);
const currentEntry = (html: string) => /aria-current="page"[^>]*href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

/** The back office's frame around the page: the owner's greeting and every panel in the menu. */
function expectFrame(html: string, menu: AdminPanel, what: string) {
  expect(html.includes(`>Welcome ${OWNER.split(" ")[0]} </h1>`), `${what}: the greeting`).toBe(true);
  for (const { panel } of PANELS) expect(html.includes(`>${panel.label}</a>`), `${what}: ${panel.label} in the menu`).toBe(true);
  expect(currentEntry(html), `${what}: the menu's current entry`).toBe(adminPanelPath(menu));
}

/** Runs `check` with a table (or one column of one) of this test's database renamed away, and puts it back. */
async function without(what: { table: string; column?: string }, check: () => Promise<void>) {
  const away = (from: string, to: string) =>
    handle.db.execute(
      sql.raw(what.column ? `alter table "${what.table}" rename column "${from}" to "${to}"` : `alter table "${from}" rename to "${to}"`),
    );
  const name = what.column ?? what.table;
  await away(name, `${name}_gone`);
  try {
    await check();
  } finally {
    await away(`${name}_gone`, name);
  }
}

interface Failure {
  menu: AdminPanel;
  /** What goes missing from the database. */
  missing: { table: string; column?: string };
  /** The request that meets it: the panel's page (its loader), or one of its forms (its action). */
  request: () => Promise<Answer>;
  /** The panel's own words for the failure, where the spec gives it some; else its error boundary's. */
  says?: string;
}

const valid = { intent: "delivery-settings", "zone-lagos": "1", "zone-south-west": "3", "zone-rest": "5", closedDays: "" };
const FAILURES: Failure[] = [
  { menu: ADMIN_PANELS.adminInfo, missing: { table: "orders" }, request: () => send("GET", "/admin") },
  {
    menu: ADMIN_PANELS.postProduct,
    missing: { table: "audit_log" },
    request: async () =>
      send(
        "POST",
        adminPanelPath(ADMIN_PANELS.postProduct),
        await multipart(
          {
            intent: "post-product",
            productName: "Panel Failure Pillow",
            description: "Soft.",
            price: "1500",
            availableStock: "3",
            category: "Pillows",
          },
          [{ field: "productImages[]", name: "pillow.png", bytes: await png(), type: "image/png" }],
        ),
      ),
  },
  {
    menu: ADMIN_PANELS.manageProducts,
    missing: { table: "products" },
    request: () => send("GET", adminPanelPath(ADMIN_PANELS.manageProducts, { category: "Pillows" })),
    says: messages.fetchProductsFailed,
  },
  {
    menu: ADMIN_PANELS.registerAdmin,
    missing: { table: "one_time_tokens" },
    request: () =>
      send(
        "POST",
        adminPanelPath(ADMIN_PANELS.registerAdmin),
        urlencoded({
          intent: "register-admin",
          fullName: "New Admin",
          email: uniqueEmail("panels-new-admin"),
          phoneNumber: "2348012345678",
          password: "Admin123!x",
          confirmPassword: "Admin123!x",
        }),
      ),
  },
  {
    menu: ADMIN_PANELS.searchProducts,
    missing: { table: "products" },
    request: () => send("GET", adminPanelPath(ADMIN_PANELS.searchProducts, { name: "pillow" })),
    says: messages.searchByNameFailed,
  },
  { menu: ADMIN_PANELS.orders, missing: { table: "orders" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.orders)) },
  { menu: ADMIN_PANELS.messages, missing: { table: "contact_messages" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.messages)) },
  // The admin's own session reads other columns of accounts: the list of admins reads this one too.
  {
    menu: ADMIN_PANELS.admins,
    missing: { table: "accounts", column: "email_verified_at" },
    request: () => send("GET", adminPanelPath(ADMIN_PANELS.admins)),
  },
  { menu: ADMIN_PANELS.auditLog, missing: { table: "audit_log" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.auditLog)) },
  { menu: ADMIN_PANELS.customers, missing: { table: "orders" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.customers)) },
  { menu: ADMIN_PANELS.reports, missing: { table: "orders" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.reports)) },
  { menu: ADMIN_PANELS.categories, missing: { table: "products" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.categories)) },
  // Its page reads only what every page reads (the shop's settings): saving is what can fail alone.
  {
    menu: ADMIN_PANELS.settings,
    missing: { table: "audit_log" },
    request: () => send("POST", adminPanelPath(ADMIN_PANELS.settings), urlencoded(valid)),
  },
  { menu: ADMIN_PANELS.reviews, missing: { table: "reviews" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.reviews)) },
  { menu: ADMIN_PANELS.shopHealth, missing: { table: "job_runs" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.shopHealth)) },
  { menu: ADMIN_PANELS.twoFactor, missing: { table: "recovery_codes" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.twoFactor)) },
  { menu: ADMIN_PANELS.takeAnOrder, missing: { table: "product_variants" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.takeAnOrder)) },
  { menu: ADMIN_PANELS.promotions, missing: { table: "promotions" }, request: () => send("GET", adminPanelPath(ADMIN_PANELS.promotions)) },
];

describe("a panel that fails", () => {
  it("covers every panel of the registry", () => {
    expect(FAILURES.map((f) => f.menu).sort((a, b) => a - b)).toEqual(PANELS.map((p) => p.panel.menu).sort((a, b) => a - b));
  });

  for (const failure of FAILURES) {
    const { label } = panelNamed(failure.menu);
    it(`${label}: is caught in the panel, inside the frame and its menu (${failure.missing.column ?? failure.missing.table} missing)`, async () => {
      await without(failure.missing, async () => {
        const answer = await failure.request();
        expectFrame(answer.html, failure.menu, label);
        if (failure.says) {
          expect(answer.status, label).toBe(200);
          expect(answer.html, label).toContain(escaped(failure.says));
        } else {
          expect(answer.status, label).toBe(500);
          expect(alertOf(answer.html), label).toEqual([escaped(messages.panelFailed(label))]);
        }
      });
      // And with the database whole again, the panel is back.
      const after = await send("GET", adminPanelPath(failure.menu));
      expect(after.status, label).toBe(200);
      expect(after.html, label).not.toContain(escaped(messages.panelFailed(label)));
      expectFrame(after.html, failure.menu, `${label} again`);
    });
  }
});

describe("a panel's form limit", () => {
  const big = (bytes: number) => "x".repeat(bytes);

  it("is the page limit (256 KiB) for a panel without pictures, as for every other page: 413, the words, nothing read", async () => {
    const justUnder = urlencoded({ intent: "review-moderate", reviewId: "999999", decision: "approve", pad: big(MAX_PAGE_FORM_BYTES - 200) });
    expect(justUnder.bytes.length).toBeLessThanOrEqual(MAX_PAGE_FORM_BYTES);
    const read = await send("POST", adminPanelPath(ADMIN_PANELS.reviews), justUnder);
    expect([read.status, alertOf(read.html)]).toEqual([404, [escaped(messages.reviewUnknown)]]);

    for (const body of [
      urlencoded({ intent: "review-moderate", reviewId: "999999", decision: "approve", pad: big(MAX_PAGE_FORM_BYTES) }),
      // A multipart body gets no more room in a panel without pictures.
      await multipart({ intent: "review-moderate", reviewId: "999999", decision: "approve", pad: big(MAX_PAGE_FORM_BYTES) }),
    ]) {
      const refused = await send("POST", adminPanelPath(ADMIN_PANELS.reviews), body);
      expect(refused.status, body.type).toBe(413);
      expect(refused.connection, body.type).toBe("close");
      expect(alertOf(refused.html), body.type).toEqual([escaped(messages.formTooLarge)]);
      expectFrame(refused.html, ADMIN_PANELS.reviews, "Reviews, refused");
    }
  });

  it("is the pictures' cap only for a picture panel's multipart forms: Categories' other forms keep the page limit", async () => {
    const move = urlencoded({ intent: "category-move", categoryId: "4", direction: "up", pad: big(MAX_PAGE_FORM_BYTES) });
    expect((await send("POST", adminPanelPath(ADMIN_PANELS.categories), move)).status).toBe(413);
    // A logo of about 1 MB is read (and refused by the logo's own checks, not by a size limit).
    const logo = Buffer.concat([await png(), Buffer.alloc(1_000_000)]);
    const added = await send(
      "POST",
      adminPanelPath(ADMIN_PANELS.categories),
      await multipart({ intent: "category-add", name: "All Product", description: "" }, [
        { field: "logo", name: "logo.png", bytes: logo, type: "image/png" },
      ]),
    );
    expect(added.status).not.toBe(413);
    expect(added.status).toBeLessThan(500);
  });

  it("lets Post Product's pictures through up to their cap", async () => {
    const picture = Buffer.concat([await png(), Buffer.alloc(600_000)]);
    const posted = await send(
      "POST",
      adminPanelPath(ADMIN_PANELS.postProduct),
      await multipart({ intent: "post-product", productName: "", description: "Soft.", price: "1500", availableStock: "3", category: "Pillows" }, [
        { field: "productImages[]", name: "pillow.png", bytes: picture, type: "image/png" },
      ]),
    );
    // Read whole, then refused by the form's own first check (the missing name).
    expect(posted.status).toBe(400);
    expect(alertOf(posted.html).length).toBeGreaterThan(0);
    expect(alertOf(posted.html)).not.toContain(escaped(messages.formTooLarge));
  });
});

describe("a panel's forms", () => {
  it("are its own: another panel's intent at its address is refused, 400, and changes nothing", async () => {
    const productId = 21;
    expect(await getProduct(handle.db, productId, "staff")).toBeDefined();
    const res = await send("POST", adminPanelPath(ADMIN_PANELS.reviews), urlencoded({ intent: "delete-product", productId: String(productId) }));
    expect(res.status).toBe(400);
    expect(alertOf(res.html)).toEqual([escaped(messages.requestUnreadable)]);
    expect(await getProduct(handle.db, productId, "staff")).toBeDefined();
    // The same form at its own panel's address does its work.
    const own = await send(
      "POST",
      adminPanelPath(ADMIN_PANELS.manageProducts),
      urlencoded({ intent: "delete-product", productId: String(productId) }),
    );
    expect(own.status).toBe(200);
    expect(own.html).toContain(escaped(messages.productDeleted));
  });

  it("and the frame's Logout works from any panel's address", async () => {
    const res = await send("POST", adminPanelPath(ADMIN_PANELS.settings), urlencoded({ intent: "logout" }));
    expect([res.status, res.location]).toEqual([302, "/adminlogin?notice=logged-out"]);
    const after = await send("GET", adminPanelPath(ADMIN_PANELS.settings));
    expect([after.status, after.location]).toEqual([302, "/adminlogin"]);
    cookie = await sessionCookie(ownerId);
  });
});

describe("open incidents (issue 27)", () => {
  it("show at the top of every back-office page for owners, never for staff, and go once resolved", async () => {
    const staff = await createVerifiedAccount(
      handle.db,
      "admin",
      { fullName: "Tunde Staff", email: uniqueEmail("panels-staff"), password: "correct horse battery", phoneNumber: "2348012345678" },
      { adminRole: "staff" },
    );
    if (!staff.ok) throw new Error("could not create the staff member");
    const staffCookie = await sessionCookie(staff.account.id);
    const page = async (path: string, as: string) => (await fetch(`${shop.baseUrl}${path}`, { headers: { cookie: as } })).text();
    const [incident] = await handle.db
      .insert(incidents)
      .values({ kind: "dispute", key: "dispute:banner-test", subject: "Order ORD-BANNER-1", subjectPath: null, detail: "A test dispute." })
      .returning();
    try {
      for (const path of ["/admin", adminPanelPath(ADMIN_PANELS.orders), "/admin/products/18", "/admin/products/import"]) {
        const owners = await page(path, cookie);
        expect(owners, path).toContain("1 incident needs you");
        expect(owners, path).toContain(": Order ORD-BANNER-1");
        const staffs = await page(path, staffCookie);
        expect(staffs, path).not.toContain("needs you");
        expect(staffs, path).not.toContain("ORD-BANNER-1");
      }
      await handle.db.update(incidents).set({ resolvedAt: new Date() }).where(eq(incidents.id, incident.id));
      expect(await page("/admin", cookie)).not.toContain("incident needs you");
    } finally {
      await handle.db.delete(incidents).where(eq(incidents.id, incident.id));
    }
  });
});

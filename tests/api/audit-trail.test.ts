import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { startSession } from "~/server/accounts/sessions";
import { auditLog } from "~/server/db/schema";
import { apiClient, uniqueEmail } from "../support/accounts";
import { usePageShop } from "../support/use-shop";

// The full audit trail (issue 27) over HTTP, on the engine of the run: staff sign-ins and failures
// (where from, never a secret), an admin registering another, and every download of the shop's
// data; owners download the log itself, staff cannot.

const { handle, shop } = usePageShop();
const PASSWORD = "Staff-pass-2026-long";
const staff = { email: uniqueEmail("trail-staff"), id: 0, cookie: "" };
const owner = { email: uniqueEmail("trail-owner"), id: 0, cookie: "" };

beforeAll(async () => {
  for (const [who, adminRole] of [
    [staff, "staff"],
    [owner, "owner"],
  ] as const) {
    const made = await createVerifiedAccount(
      handle.db,
      "admin",
      { fullName: adminRole === "owner" ? "Ngozi Owner" : "Tunde Staff", email: who.email, password: PASSWORD, phoneNumber: "2348031234567" },
      { adminRole },
    );
    if (!made.ok) throw new Error("could not create the admins");
    who.id = made.account.id;
    who.cookie = await shop.cookieFor("admin", (await startSession(handle.db, { id: who.id, role: "admin" })).token);
  }
});

const entriesBy = (actorId: number) => handle.db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.id));
const download = (path: string, cookie: string) => fetch(`${shop.baseUrl}${path}`, { headers: { cookie } });

describe("the audit trail", () => {
  it("records a staff member's failed and successful sign-ins, with the address and the device, never the password", async () => {
    const post = apiClient(shop.baseUrl);
    const from = { headers: { "x-forwarded-for": "198.51.100.23" } };
    expect((await post("/api/admin_login.php", { email: staff.email, password: "not-the-password" }, from)).status).toBe(401);
    const signedIn = await post("/api/admin_login.php", { email: staff.email, password: PASSWORD }, from);
    expect(signedIn.status).toBe(200);
    const [ok, failed] = await entriesBy(staff.id);
    expect(failed).toMatchObject({
      action: "sign-in",
      subject: `Admin ${staff.email}`,
      detail: "Failed sign-in (wrong password) from 198.51.100.23, a new device.",
    });
    expect(ok).toMatchObject({ action: "sign-in", detail: "Signed in from 198.51.100.23, a new device." });
    const all = JSON.stringify(await handle.db.select().from(auditLog));
    expect(all).not.toContain("not-the-password");
    expect(all).not.toContain(PASSWORD);
  });

  it("records an admin registering another", async () => {
    const token = (await startSession(handle.db, { id: staff.id, role: "admin" })).token;
    const newcomer = uniqueEmail("trail-newcomer");
    const res = await apiClient(shop.baseUrl)(
      "/api/admin_signup.php",
      { fullName: "Kemi New", email: newcomer, password: PASSWORD, phoneNumber: "2348031234567" },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [entry] = await entriesBy(staff.id);
    expect(entry).toMatchObject({
      action: "admin",
      subject: `Admin ${newcomer}`,
      detail: "Registered as staff; they verify their e-mail before they can sign in.",
    });
  });

  it("records every download of the shop's data, and only owners download the log, which holds it all", async () => {
    const files = [
      ["/admin/orders.csv", "Orders CSV"],
      ["/admin/order-lines.csv", "Order lines CSV"],
      ["/admin/products.csv", "Products CSV"],
      ["/admin/reports.csv?part=days&range=last-30-days", "Reports CSV"],
    ] as const;
    for (const [path] of files) expect((await download(path, staff.cookie)).status, path).toBe(200);
    const exports = (await entriesBy(staff.id)).filter((e) => e.action === "export");
    expect(exports.map((e) => e.subject).sort()).toEqual(files.map(([, what]) => what).sort());
    expect(exports.every((e) => /^Downloaded [\w.-]+\.csv\.$/.test(e.detail))).toBe(true);

    const refused = await download("/admin/audit.csv", staff.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(`${messages.ownersOnly}\r\n`);
    expect((await entriesBy(staff.id)).filter((e) => e.subject === "Audit log CSV")).toEqual([]);

    const log = await download("/admin/audit.csv?action=sign-in", owner.cookie);
    expect(log.status).toBe(200);
    expect(log.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await log.text();
    expect(text.split("\r\n")[0]).toBe("When (Lagos),Who,What,Subject,Detail");
    expect(text).toContain("Tunde Staff,Sign-ins");
    expect(text).toContain("Failed sign-in (wrong password) from 198.51.100.23, a new device.");
    expect(text).not.toContain("Exports");
    expect((await entriesBy(owner.id))[0]).toMatchObject({ action: "export", subject: "Audit log CSV" });
  });
});

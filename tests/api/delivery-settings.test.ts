import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { arrivalDay, DEFAULT_DELIVERY_SETTINGS, MAX_CLOSED_DAYS, type DeliverySettings } from "~/common/delivery-estimate";
import { messages } from "~/common/messages";
import { findSession, type SignedInAccount } from "~/server/accounts/sessions";
import { listAudit } from "~/server/admin/audit";
import { changeDeliverySettings, estimateArrival, getDeliverySettings, readDeliveryForm } from "~/server/delivery/estimates";
import { createCatalogCache } from "~/server/catalog/catalog-cache";
import { accounts } from "~/server/db/schema";
import { quickAccount } from "../support/shop";
import { usePageServer, useTestDatabase } from "../support/use-shop";

// The delivery estimates' settings (issue 19, decision 0037), on the engine of this run: owners
// change them (service and the Settings panel's form), staff cannot; bad input is refused with a
// clear message and changes nothing; every change is in the audit log; the estimates follow.

const handle = useTestDatabase();

async function admin(tag: string, standing: "owner" | "staff"): Promise<SignedInAccount & { token: string }> {
  const made = await quickAccount(handle.db, "admin", tag, `Admin ${tag}`);
  if (standing === "owner") await handle.db.update(accounts).set({ adminRole: "owner" }).where(eq(accounts.id, made.id));
  const signedIn = await findSession(handle.db, made.token);
  if (!signedIn) throw new Error("no session");
  return { ...signedIn, token: made.token };
}

/** The Settings form's fields for some settings, as the panel sends them. */
function formFields(settings: DeliverySettings, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "zone-lagos": String(settings.zoneDays.lagos),
    "zone-south-west": String(settings.zoneDays["south-west"]),
    "zone-rest": String(settings.zoneDays.rest),
    ...Object.fromEntries(Object.entries(settings.stateDays).map(([state, days]) => [`state-${state}`, String(days)])),
    closedDays: settings.closedDays.map((c) => `${c.day} ${c.note}`.trim()).join("\n"),
    ...extra,
  };
}

const settingsAudit = async () => (await listAudit(handle.db, { action: "settings" })).reverse();

describe("reading the Settings form", () => {
  const problem = (extra: Record<string, string>) => {
    const read = readDeliveryForm(formFields(DEFAULT_DELIVERY_SETTINGS, extra));
    return read.ok ? null : read.message;
  };

  it("takes the zones' days, a state's own days (blank: its zone's) and closed days with notes, sorted", () => {
    const read = readDeliveryForm(
      formFields(DEFAULT_DELIVERY_SETTINGS, {
        "zone-rest": " 6 ",
        "state-Kano": "8",
        "state-Oyo": " ",
        closedDays: "2026-12-31 New Year's Eve\r\n\n2026-12-24",
      }),
    );
    expect(read).toEqual({
      ok: true,
      settings: {
        zoneDays: { lagos: 2, "south-west": 3, rest: 6 },
        stateDays: { Kano: 8 },
        closedDays: [
          { day: "2026-12-24", note: "" },
          { day: "2026-12-31", note: "New Year's Eve" },
        ],
      },
    });
  });

  it("refuses days that are not a whole number from 1 to 30, naming the zone or state", () => {
    for (const bad of ["0", "31", "2.5", "", "two", "-1", "1e1", "5".repeat(10_000)]) {
      expect(problem({ "zone-lagos": bad }), bad).toBe(messages.deliveryDaysInvalid("Lagos", 30));
    }
    expect(problem({ "zone-south-west": "0" })).toBe(messages.deliveryDaysInvalid("South-West", 30));
    expect(problem({ "state-Cross River": "45" })).toBe(messages.deliveryDaysInvalid("Cross River", 30));
  });

  it("refuses a closed day that is no date, a long note, a day listed twice and too many days", () => {
    expect(problem({ closedDays: "31/12/2026 New Year's Eve" })).toBe(messages.closedDayInvalid("31/12/2026 New Year's Eve"));
    expect(problem({ closedDays: "2026-02-30" })).toBe(messages.closedDayInvalid("2026-02-30"));
    expect(problem({ closedDays: "2026-12-31 a\u0000b" })).toBe(messages.closedDayInvalid("2026-12-31 a\u0000b"));
    expect(problem({ closedDays: `2026-12-31 ${"x".repeat(81)}` })).toBe(messages.closedDayNoteTooLong("2026-12-31", 80));
    expect(problem({ closedDays: "2026-12-31\n2026-12-31 again" })).toBe(messages.closedDayTwice("2026-12-31"));
    const many = Array.from({ length: MAX_CLOSED_DAYS + 1 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10));
    expect(problem({ closedDays: many.join("\n") })).toBe(messages.tooManyClosedDays(MAX_CLOSED_DAYS));
  });
});

describe("changing the settings (service)", () => {
  it("starts from the defaults: Lagos 2, South-West 3, the rest 5 business days", async () => {
    expect(await getDeliverySettings(handle.db)).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it("refuses staff, and an owner demoted since they signed in, changing nothing and logging nothing", async () => {
    const staff = await admin("settings-staff", "staff");
    const changed: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, zoneDays: { lagos: 1, "south-west": 3, rest: 5 } };
    expect(await changeDeliverySettings(handle.db, staff, changed)).toEqual({ ok: false, reason: "not-owner", message: messages.ownersOnlySettings });
    const owner = await admin("settings-demoted", "owner");
    await handle.db.update(accounts).set({ adminRole: "staff" }).where(eq(accounts.id, owner.id));
    expect(await changeDeliverySettings(handle.db, owner, changed)).toMatchObject({ ok: false, reason: "not-owner" });
    expect(await getDeliverySettings(handle.db)).toEqual(DEFAULT_DELIVERY_SETTINGS);
    expect(await settingsAudit()).toEqual([]);
  });

  it("saves an owner's change, writes one audit entry in words, and the estimates follow", async () => {
    const owner = await admin("settings-owner", "owner");
    const placedAt = new Date("2026-11-26T09:00:00Z"); // Thursday 10:00 in Lagos
    expect(await estimateArrival(handle.db, "Kano", placedAt)).toBe("2026-12-03");
    const changed: DeliverySettings = {
      zoneDays: { lagos: 1, "south-west": 3, rest: 5 },
      stateDays: { Kano: 7 },
      closedDays: [{ day: "2026-11-27", note: "Stock-taking" }],
    };
    expect(await changeDeliverySettings(handle.db, owner, changed)).toEqual({ ok: true, message: messages.deliverySettingsSaved });
    expect(await getDeliverySettings(handle.db)).toEqual(changed);
    const [entry, ...more] = await settingsAudit();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: owner.id,
      actorName: "Admin settings-owner",
      subject: "Delivery estimates",
      subjectPath: "/admin?menu=12",
      detail: "Lagos: 2 business days → 1 business day; Kano: its zone's → 7 business days; closed days added: 2026-11-27 (Stock-taking)",
    });
    // Thursday, then seven business days skipping the closed Friday.
    expect(await estimateArrival(handle.db, "Kano", placedAt)).toBe(arrivalDay(placedAt, 7, ["2026-11-27"]));
    expect(await estimateArrival(handle.db, "Kano", placedAt)).toBe("2026-12-08");
    expect(await estimateArrival(handle.db, "Lagos", placedAt)).toBe("2026-11-30");

    // The same settings again: nothing to record.
    expect(await changeDeliverySettings(handle.db, owner, changed)).toEqual({ ok: true, message: messages.settingsUnchanged });
    expect(await settingsAudit()).toHaveLength(1);
    // Back to the zone's days, and the closed day taken away.
    expect(await changeDeliverySettings(handle.db, owner, { ...changed, stateDays: {}, closedDays: [] })).toMatchObject({ ok: true });
    expect((await settingsAudit())[1].detail).toBe("Kano: 7 business days → its zone's; closed days removed: 2026-11-27 (Stock-taking)");
  });
});

describe("the Settings panel (/admin?menu=12)", () => {
  const shop = usePageServer(handle);
  let ownerCookie: string;
  let staffCookie: string;
  beforeAll(async () => {
    ownerCookie = await shop.cookieFor("admin", (await admin("panel-owner", "owner")).token);
    staffCookie = await shop.cookieFor("admin", (await admin("panel-staff", "staff")).token);
  });

  const get = (cookie: string) => fetch(`${shop.baseUrl}/admin?menu=12`, { headers: { Cookie: cookie }, redirect: "manual" });
  const post = (fields: Record<string, string>, cookie = ownerCookie) => {
    const form = new FormData();
    form.append("intent", "delivery-settings");
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${shop.baseUrl}/admin?menu=12`, { method: "POST", headers: { Cookie: cookie }, body: form, redirect: "manual" });
  };

  it("shows owners the form with the settings in force, and tells staff it is for owners", async () => {
    const page = await get(ownerCookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Delivery estimates");
    expect(html).toMatch(/name="zone-lagos"[^>]*value="\d+"/);
    const staffPage = await (await get(staffCookie)).text();
    expect(staffPage).toContain(messages.ownersOnly);
    expect(staffPage).not.toContain('name="zone-lagos"');
  });

  it("saves an owner's form; refuses bad input (400) and staff (403) with a clear message, changing nothing", async () => {
    const before = await getDeliverySettings(handle.db);
    const wanted: DeliverySettings = { ...before, zoneDays: { ...before.zoneDays, rest: 6 } };

    const staff = await post(formFields(wanted), staffCookie);
    expect(staff.status).toBe(403);
    expect(await staff.text()).toContain(messages.ownersOnlySettings);

    const bad = await post(formFields(wanted, { "state-Kano": "forty", closedDays: "2026-12-31" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(messages.deliveryDaysInvalid("Kano", 30));
    expect(await getDeliverySettings(handle.db)).toEqual(before);
    const logged = (await settingsAudit()).length;

    const saved = await post(formFields(wanted));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(messages.deliverySettingsSaved);
    expect(await getDeliverySettings(handle.db)).toEqual(wanted);
    expect(await settingsAudit()).toHaveLength(logged + 1);
  });
});

describe("the pages' kept settings", () => {
  it("are read once, and again as soon as an owner changes them (migration 0017)", async () => {
    const cache = await createCatalogCache(handle, { isCacheable: () => true });
    try {
      let reads = 0;
      const kept = () => cache.remember("delivery-settings", () => (reads++, getDeliverySettings(handle.db)));
      const before = await kept();
      await kept();
      expect(reads).toBe(1);
      const owner = await admin("kept-owner", "owner");
      const changed = { ...before, zoneDays: { ...before.zoneDays, lagos: before.zoneDays.lagos === 9 ? 8 : 9 } };
      expect((await changeDeliverySettings(handle.db, owner, changed)).ok).toBe(true);
      // Read again by the next ask, though PostgreSQL's notification may still be on its way (decision 0054).
      expect((await kept()).zoneDays.lagos).toBe(changed.zoneDays.lagos);
      expect(reads).toBe(2);
    } finally {
      await cache.close();
    }
  });
});

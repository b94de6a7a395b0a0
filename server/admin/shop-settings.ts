import { eq } from "drizzle-orm";
import type { z } from "zod";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { SignedInAccount } from "../accounts/sessions";
import type { Database, Executor } from "../db/client";
import { accounts, shopSettings } from "../db/schema";
import { log } from "../log";
import { recordAudit } from "./audit";
import { isOwner } from "./staff";

// The shop's settings (Settings panel, owners only; issue 19): one row of shop_settings per kind,
// read with the defaults until an owner saves some, saved with the change in the audit log.

export interface ShopSetting<T> {
  /** Its row's key in shop_settings. */
  key: string;
  /** What the audit log and the log call it. */
  subject: string;
  defaults: T;
  schema: z.ZodType<T>;
  /** What changed, in words for the audit log; "" when nothing did. */
  describe: (before: T, after: T) => string;
  /** The message of a save that changed something. */
  saved: string;
}

/** The setting in force: the defaults until an owner saves it, or when the stored one is unreadable. */
export async function readShopSetting<T>(db: Executor, setting: ShopSetting<T>): Promise<T> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, setting.key));
  if (!row) return setting.defaults;
  const parsed = setting.schema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log.error({ issues: parsed.error.issues }, `The stored ${setting.subject.toLowerCase()} settings are unreadable: using the defaults`);
  return setting.defaults;
}

export type SettingsChange = { ok: true; message: string } | { ok: false; reason: "not-owner"; message: string };

/** An owner saves a setting; the change is in the audit log, in the same transaction. */
export async function changeShopSetting<T>(db: Database, actor: SignedInAccount, setting: ShopSetting<T>, value: T): Promise<SettingsChange> {
  const refused: SettingsChange = { ok: false, reason: "not-owner", message: messages.ownersOnlySettings };
  if (!isOwner(actor)) return refused;
  return db.transaction(async (tx) => {
    // The actor read again: an owner demoted or disabled a moment ago changes nothing.
    const [me] = await tx
      .select({ role: accounts.role, adminRole: accounts.adminRole, disabledAt: accounts.disabledAt })
      .from(accounts)
      .where(eq(accounts.id, actor.id));
    if (!me || me.disabledAt || !isOwner(me)) return refused;
    // The row is made on the first save, then locked: two owners saving at once are told in turn.
    await tx.insert(shopSettings).values({ key: setting.key, value: setting.defaults }).onConflictDoNothing();
    await tx.select({ key: shopSettings.key }).from(shopSettings).where(eq(shopSettings.key, setting.key)).for("update");
    const detail = setting.describe(await readShopSetting(tx, setting), value);
    if (!detail) return { ok: true, message: messages.settingsUnchanged };
    await tx.update(shopSettings).set({ value, updatedAt: new Date() }).where(eq(shopSettings.key, setting.key));
    await recordAudit(tx, actor.id, { action: "settings", subject: setting.subject, subjectPath: adminPanelPath(ADMIN_PANELS.settings), detail });
    return { ok: true, message: setting.saved };
  });
}

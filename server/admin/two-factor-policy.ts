import { z } from "zod";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "../accounts/sessions";
import type { Database, Executor } from "../db/client";
import { changeShopSetting, readShopSetting, type SettingsChange, type ShopSetting } from "./shop-settings";
import { isOwner } from "./staff";

// Who must use two-step sign-in (issue 27, decision 0058): owners outside demo mode, and staff
// once an owner requires it. The codes themselves are server/accounts/two-factor.ts's.

/** Whether staff must use two-step sign-in too (owners decide, in the Sign-in security panel). */
const STAFF_TWO_FACTOR: ShopSetting<{ required: boolean }> = {
  key: "staff-two-factor",
  subject: "Two-step sign-in for staff",
  defaults: { required: false },
  schema: z.object({ required: z.boolean() }),
  describe: (before, after) => (before.required === after.required ? "" : after.required ? "Required for staff" : "Optional for staff"),
  saved: messages.staffTwoFactorSaved,
};

export const staffTwoFactorRequired = async (db: Executor) => (await readShopSetting(db, STAFF_TWO_FACTOR)).required;

/** An owner requires two-step sign-in of staff, or makes it optional again; audited. */
export const requireStaffTwoFactor = (db: Database, actor: SignedInAccount, required: boolean): Promise<SettingsChange> =>
  changeShopSetting(db, actor, STAFF_TWO_FACTOR, { required });

/**
 * Whether this admin must set up two-step sign-in before any other back-office page or admin call:
 * an owner outside demo mode (the README's demo admin walks straight in), and staff once an
 * owner requires it in Sign-in security. Customers never.
 */
export async function mustEnrolFirst(db: Executor, account: SignedInAccount, demo: boolean): Promise<boolean> {
  if (account.role !== "admin" || account.twoFactor) return false;
  if (isOwner(account)) return !demo;
  return staffTwoFactorRequired(db);
}

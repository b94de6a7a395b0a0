import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AdminStanding } from "~/common/audit";
import { messages } from "~/common/messages";
import type { Database } from "../db/client";
import { accounts } from "../db/schema";
import { endAllSessions, type SignedInAccount } from "../accounts/sessions";
import { recordAudit } from "./audit";
import { clearTwoFactor } from "../accounts/two-factor";

// Staff and roles (issue 18). Two standings: owners and staff. Staff keep everything the specification
// gives admins, Register an Admin included (a new admin is staff); owners also see the Admins
// list, where they disable, re-enable, remove, promote and demote other admins, and read the
// audit log. An owner never acts on their own account here, so the shop always keeps an owner.

/** An admin's standing; an admin from before roles, with none recorded, counts as staff. */
export function standingOf(account: Pick<SignedInAccount, "role" | "adminRole">): AdminStanding | null {
  if (account.role !== "admin") return null;
  return account.adminRole ?? "staff";
}

export const isOwner = (account: Pick<SignedInAccount, "role" | "adminRole">) => standingOf(account) === "owner";

/** Whether the shop has an owner who can still log in (admin:create makes the first one an owner). */
export async function hasOwner(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, "admin"), eq(accounts.adminRole, "owner"), isNull(accounts.disabledAt)))
    .limit(1);
  return row !== undefined;
}

export interface AdminRow {
  id: number;
  fullName: string;
  email: string;
  phoneNumber: string;
  standing: AdminStanding;
  verified: boolean;
  disabled: boolean;
  /** Two-step sign-in is set up (issue 27). */
  twoFactor: boolean;
  createdAt: Date;
}

/** Every admin not removed: owners first, then by name. */
export async function listAdmins(db: Database): Promise<AdminRow[]> {
  const rows = await db
    .select({
      id: accounts.id,
      fullName: accounts.fullName,
      email: accounts.email,
      phoneNumber: accounts.phoneNumber,
      adminRole: accounts.adminRole,
      emailVerifiedAt: accounts.emailVerifiedAt,
      disabledAt: accounts.disabledAt,
      totpEnrolledAt: accounts.totpEnrolledAt,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(and(eq(accounts.role, "admin"), isNull(accounts.removedAt)))
    .orderBy(sql`${accounts.adminRole} = 'owner' desc`, asc(accounts.fullName), asc(accounts.id));
  return rows.map((row) => ({
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    standing: row.adminRole ?? "staff",
    verified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    twoFactor: row.totpEnrolledAt !== null,
    createdAt: row.createdAt,
  }));
}

/** `reset-two-factor`: the admin lost their phone (issue 27); they set two-step sign-in up again at their next sign-in. */
export type StaffChange = "disable" | "enable" | "remove" | "make-owner" | "make-staff" | "reset-two-factor";

export type StaffChangeResult = { ok: true; message: string } | { ok: false; reason: "not-owner" | "self" | "not-found"; message: string };

const REFUSALS = {
  "not-owner": messages.ownersOnlyManage,
  self: messages.staffSelf,
  "not-found": messages.noSuchAdmin,
} as const;

/**
 * An owner's change to another admin. Disabling and removing end the admin's sessions at once
 * (and the session lookup refuses a disabled account); each change is in the audit log.
 */
export async function changeStaff(db: Database, actor: SignedInAccount, targetId: number, change: StaffChange): Promise<StaffChangeResult> {
  const refuse = (reason: keyof typeof REFUSALS): StaffChangeResult => ({ ok: false, reason, message: REFUSALS[reason] });
  if (!isOwner(actor)) return refuse("not-owner");
  if (targetId === actor.id) return refuse("self");
  return db.transaction(async (tx) => {
    // Both rows locked in id order (two owners acting on each other at once cannot deadlock), and
    // the actor read again: an owner demoted or disabled a moment ago acts no more.
    const rows = await tx
      .select({
        id: accounts.id,
        email: accounts.email,
        fullName: accounts.fullName,
        role: accounts.role,
        adminRole: accounts.adminRole,
        disabledAt: accounts.disabledAt,
        removedAt: accounts.removedAt,
      })
      .from(accounts)
      .where(inArray(accounts.id, [actor.id, targetId]))
      .orderBy(asc(accounts.id))
      .for("update");
    const me = rows.find((row) => row.id === actor.id);
    if (!me || me.adminRole !== "owner" || me.disabledAt) return refuse("not-owner");
    const target = rows.find((row) => row.id === targetId && row.role === "admin" && !row.removedAt);
    if (!target) return refuse("not-found");
    const now = new Date();
    const who = `${target.fullName} (${target.email})`;
    let message: string;
    switch (change) {
      case "disable":
        await tx.update(accounts).set({ disabledAt: now }).where(eq(accounts.id, target.id));
        await endAllSessions(tx, target.id);
        message = `${who} is disabled and signed out.`;
        break;
      case "enable":
        await tx.update(accounts).set({ disabledAt: null }).where(eq(accounts.id, target.id));
        message = `${who} can log in again.`;
        break;
      case "remove":
        await tx
          .update(accounts)
          .set({ removedAt: now, disabledAt: target.disabledAt ?? now })
          .where(eq(accounts.id, target.id));
        await endAllSessions(tx, target.id);
        message = `${who} is removed.`;
        break;
      case "make-owner":
      case "make-staff": {
        const standing = change === "make-owner" ? "owner" : "staff";
        await tx.update(accounts).set({ adminRole: standing }).where(eq(accounts.id, target.id));
        message = `${who} is now ${standing === "owner" ? "an owner" : "staff"}.`;
        break;
      }
      case "reset-two-factor":
        await clearTwoFactor(tx, target.id);
        message = `${who} has two-step sign-in turned off and is signed out; they sign in with their password and set it up again.`;
        break;
    }
    const action = change === "reset-two-factor" ? "two-factor" : "admin";
    await recordAudit(tx, actor.id, { action, subject: `Admin ${target.email}`, subjectPath: null, detail: message });
    return { ok: true, message };
  });
}

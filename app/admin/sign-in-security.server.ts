import { data, type AppLoadContext } from "react-router";
import { messages } from "~/common/messages";
import { secondFactorInput, firstProblem } from "~/server/accounts/input";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { confirmEnrolment, enrolmentPicture, startEnrolment, twoFactorStatus } from "~/server/accounts/two-factor";
import { isOwner } from "~/server/admin/staff";
import { mustEnrolFirst, requireStaffTwoFactor, staffTwoFactorRequired } from "~/server/admin/two-factor-policy";
import { SECURITY_FORMS, type FormResult } from "../forms";

// Sign-in security (ADMIN_PANELS.twoFactor, every admin; issue 27): setting up two-step sign-in
// (QR code, the secret as text, one code to confirm, then the ten recovery codes, shown once),
// "Sign out everywhere", and for owners whether staff must use two-step sign-in too.

/** What confirming enrolment answers: the recovery codes, this once. */
export type SecurityResult = FormResult | { status: "enrolled"; recoveryCodes: string[] };

export async function signInSecurityData(account: SignedInAccount, context: AppLoadContext) {
  const { db, config } = context;
  const status = await twoFactorStatus(db, account.id);
  const owner = isOwner(account);
  return {
    email: account.email,
    enrolled: status.enrolled,
    recoveryCodesLeft: status.recoveryCodesLeft,
    mustEnrol: await mustEnrolFirst(db, account, config.demo),
    enrolment: status.pendingSecret ? await enrolmentPicture(account, status.pendingSecret) : null,
    idleMinutes: Math.round(config.adminIdleMs / 60_000),
    staffRequired: owner ? await staffTwoFactorRequired(db) : null,
  };
}

const answer = (form: string, status: "done" | "error", message: string, httpStatus = 200) =>
  data<SecurityResult>({ status, message, form }, { status: httpStatus });

/** A new secret for the app to read; the panel shows its QR code until a code confirms it. */
export async function startEnrolmentAction(account: SignedInAccount, context: AppLoadContext) {
  const started = await startEnrolment(context.db, account.id);
  return started.ok
    ? answer(SECURITY_FORMS.start, "done", messages.twoFactorScan)
    : answer(SECURITY_FORMS.start, "error", messages.twoFactorAlreadyOn, 409);
}

/** One code from the app confirms it: two-step sign-in is on, and the recovery codes are shown once. */
export async function confirmEnrolmentAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const input = secondFactorInput.safeParse({ code: form.get("code") });
  if (!input.success) return answer(SECURITY_FORMS.confirm, "error", firstProblem(input.error), 400);
  const result = await confirmEnrolment(context.db, account, input.data.code);
  if (result.ok) return data<SecurityResult>({ status: "enrolled", recoveryCodes: result.recoveryCodes });
  if (result.reason === "not-started") return answer(SECURITY_FORMS.confirm, "error", messages.twoFactorNotStarted, 409);
  return answer(SECURITY_FORMS.confirm, "error", messages.secondFactorWrong);
}

/** An owner requires two-step sign-in of staff, or makes it optional again. */
export async function staffTwoFactorAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return answer(SECURITY_FORMS.staff, "error", messages.ownersOnlySettings, 403);
  const required = form.get("required");
  if (required !== "yes" && required !== "no") return answer(SECURITY_FORMS.staff, "error", messages.requestUnreadable, 400);
  const saved = await requireStaffTwoFactor(context.db, account, required === "yes");
  return answer(SECURITY_FORMS.staff, saved.ok ? "done" : "error", saved.message, saved.ok ? 200 : 403);
}

import { data, redirect, type AppLoadContext } from "react-router";
import { messages } from "~/common/messages";
import {
  accountPaths,
  changePassword,
  completeSecondFactor,
  logIn,
  requestPasswordReset,
  resetLinkIsLive,
  resetPassword,
  signOutEverywhere,
  signUp,
  updatePhone,
  verifyEmail,
  type AccountContext,
  type LogInResult,
} from "~/server/accounts/accounts";
import {
  changePasswordInput,
  firstProblem,
  forgotPasswordInput,
  loginInput,
  newPasswordField,
  secondFactorInput,
  signUpInput,
  updatePhoneInput,
} from "~/server/accounts/input";
import type { Role, SignedInAccount } from "~/server/accounts/sessions";
import { retryText } from "~/server/rate-limits";
import { saveOrderUpdateChoices } from "~/server/texts/order-updates";
import { saveOfferChoices } from "~/server/marketing/offers";
import { cancelPayOnDelivery } from "~/server/checkout/pay-on-delivery";
import { CHANGE_PASSWORD_FORM, OFFERS_FORM, ORDER_UPDATES_FORM, type FormResult } from "./forms";
import {
  clearedSessionCookieHeader,
  deviceCookieHeader,
  endPageSession,
  pendingSignInHeader,
  pendingSignInToken,
  presentedDeviceTokens,
  sessionCookieHeader,
} from "./sessions.server";
import { log } from "~/server/log";

// The account forms' server side, shared by the customer and admin pages. Each returns a
// FormResult for the page to show, or a redirect.

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
}

const accountContext = (context: AppLoadContext): AccountContext => ({
  db: context.db,
  publicUrl: context.config.publicUrl,
  clientAddress: context.clientAddress,
});

// Expected failures (wrong password, taken e-mail) are answers, not HTTP errors: the page shows
// them. Input the form itself should have refused (a missing field, a malformed or 100 KB value)
// answers 400, "try later" 429 and our own breakdown 500, each with the same words on the page.
const error = (message: string, status = 200) => data<FormResult>({ status: "error", message }, { status });
const invalid = (message: string) => error(message, 400);
const done = (message: string) => data<FormResult>({ status: "done", message });
const tooMany = (retryAfterSeconds: number) => error(messages.tooManyAttempts(retryText(retryAfterSeconds)), 429);

/** Set-Cookie headers, one per cookie. */
function cookies(...values: string[]): Headers {
  const headers = new Headers();
  for (const value of values) headers.append("Set-Cookie", value);
  return headers;
}

/** Where a role lands after signing in (requirements §2). Admins see the 2-second welcome (requirements §9). */
const HOME_AFTER_LOGIN: Record<Role, string> = { customer: "/userdashboard", admin: "/admin?notice=admin-login" };

export async function loginAction(role: Role, { request, context }: ActionArgs) {
  const form = await request.formData();
  if (role === "admin") {
    switch (form.get("intent")) {
      case "second-factor":
        return secondFactorAction(request, context, form);
      case "start-again":
        return redirect(accountPaths.admin.login, { headers: cookies(await pendingSignInHeader(context, null)) });
    }
  }
  const input = loginInput.safeParse(Object.fromEntries(form));
  if (!input.success) return invalid(firstProblem(input.error));
  const result = await logIn(accountContext(context), role, input.data, await presentedDeviceTokens(request, context));
  // Two-step sign-in (issue 27): the same page asks for the code, while a cookie keeps the password step.
  if (!result.ok && result.reason === "second-factor") {
    return redirect(accountPaths.admin.login, { headers: cookies(await pendingSignInHeader(context, result.pendingToken)) });
  }
  return signedIn(role, result, context);
}

/** The login page's second step: the code from the app, or a recovery code. */
async function secondFactorAction(request: Request, context: AppLoadContext, form: FormData) {
  const input = secondFactorInput.safeParse(Object.fromEntries(form));
  if (!input.success) return invalid(firstProblem(input.error));
  const pending = await pendingSignInToken(request, context);
  const result = await completeSecondFactor(accountContext(context), pending, input.data.code, await presentedDeviceTokens(request, context));
  if (!result.ok && result.reason === "second-factor-expired") {
    // The password step is too old (10 minutes) or spent: back to the start, with the reason.
    return redirect(`${accountPaths.admin.login}?notice=sign-in-expired`, { headers: cookies(await pendingSignInHeader(context, null)) });
  }
  return signedIn("admin", result, context);
}

/** The answer to a login or a code: signed in (the cookies, and the role's home), or why not. */
async function signedIn(role: Role, result: LogInResult, context: AppLoadContext) {
  if (result.ok) {
    const session = await sessionCookieHeader(context, role, result.token, result.expiresAt);
    const device = await deviceCookieHeader(context, result.deviceTokens);
    const headers = cookies(session, device);
    if (role === "admin") headers.append("Set-Cookie", await pendingSignInHeader(context, null));
    return redirect(HOME_AFTER_LOGIN[role], { headers });
  }
  switch (result.reason) {
    case "rate-limited":
      return tooMany(result.retryAfterSeconds);
    case "unverified":
      return data<FormResult>({ status: "unverified" });
    case "disabled":
      return error(messages.accountDisabled, 403);
    // Not asked for by the pages: there an admin signs in and is then sent to set it up.
    case "set-up-first":
      return error(messages.twoFactorSetUpFirst, 403);
    case "wrong-code":
      return error(messages.secondFactorWrong);
    case "second-factor":
    case "second-factor-expired":
      return error(messages.signInExpired);
    case "wrong-credentials":
      return error(messages.wrongCredentials);
  }
}

/** Customer sign-up (requirements §2: success goes to the login page) and an admin registering another. */
export async function signUpAction(role: Role, form: FormData, context: AppLoadContext, registeredBy?: number) {
  const input = signUpInput.safeParse(Object.fromEntries(form));
  if (!input.success) return invalid(firstProblem(input.error));
  if (form.has("confirmPassword") && form.get("confirmPassword") !== form.get("password")) {
    return invalid(messages.signUpPasswordsDiffer);
  }
  const result = await signUp(accountContext(context), role, input.data, registeredBy);
  if (!result.ok) return result.reason === "rate-limited" ? tooMany(result.retryAfterSeconds) : error(messages.emailTaken);
  return role === "customer" ? redirect("/userlogin?notice=signed-up") : done(messages.adminSignUpSuccess);
}

export async function forgotPasswordAction(role: Role, { request, context }: ActionArgs) {
  const input = forgotPasswordInput.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return invalid(firstProblem(input.error));
  try {
    const result = await requestPasswordReset(accountContext(context), role, input.data.email);
    if (result.ok) return done(messages.forgotSent);
    return result.reason === "rate-limited" ? tooMany(result.retryAfterSeconds) : error(messages.forgotNotFound);
  } catch (cause) {
    log.error({ err: cause }, "Forgot-password failed");
    return error(messages.forgotServerError, 500);
  }
}

/** The reset page's loader: whether its link still works, and where to ask for a new one. */
export async function resetPasswordLoader(role: Role, token: string, context: AppLoadContext) {
  return { linkLive: await resetLinkIsLive(context.db, role, token), forgotPath: accountPaths[role].forgot };
}

export async function resetPasswordAction(role: Role, token: string, { request, context }: ActionArgs) {
  const form = await request.formData();
  const password = newPasswordField.safeParse(form.get("password"));
  if (!password.success) return invalid(firstProblem(password.error));
  if (form.get("confirmPassword") !== password.data) return invalid(messages.resetPasswordsDiffer);
  const result = await resetPassword(accountContext(context), role, token, password.data, await presentedDeviceTokens(request, context));
  if (!result.ok) return error(messages.invalidResetLink);
  // This browser proved the address and knows the new password: it may sign in even while
  // guessers keep new devices locked out.
  const device = await deviceCookieHeader(context, result.deviceTokens);
  return redirect(`${accountPaths[role].login}?notice=password-reset`, { headers: cookies(device) });
}

export async function verifyEmailAction(role: Role, token: string, { context }: ActionArgs) {
  const result = await verifyEmail(context.db, role, token);
  if (result.ok) return redirect(`${accountPaths[role].login}?notice=verified`);
  // Requirements §2.2: the customer page goes to the login page either way; the admin page says what failed.
  if (role === "customer") return redirect("/userlogin?notice=verify-failed");
  return error(messages.invalidVerifyLink);
}

export async function updatePhoneAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  // The dashboards send only the phone form here (any other intent is answered 400 there);
  // checked again so that no other form can change a phone number.
  if (form.get("intent") !== "update-phone") return invalid(messages.requestUnreadable);
  const input = updatePhoneInput.safeParse({ email: account.email, phoneNumber: form.get("phoneNumber") });
  if (!input.success) return invalid(firstProblem(input.error));
  const result = await updatePhone(context.db, account, input.data.email, input.data.phoneNumber);
  if (!result.ok) return error(messages.phoneOtherAccount);
  return done(messages.phoneUpdated);
}

/** A customer cancels their order paid on delivery before it ships; the answer shows on My Orders. */
export async function cancelOrderAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const orderRef = String(form.get("orderRef") ?? "");
  if (orderRef.length > 100) return invalid(messages.podNotCancellable);
  const cancelled = await cancelPayOnDelivery(context.checkout, account.id, orderRef);
  return cancelled.ok ? done(cancelled.message) : error(cancelled.message);
}

/** The channels a User Info form chose: each box checked or not, nothing else; null when a box holds anything else. */
function checkedChannels(form: FormData) {
  const box = (name: string) => form.get(name);
  if (["email", "sms", "whatsapp"].some((name) => box(name) !== null && box(name) !== "on")) return null;
  return { email: box("email") === "on", sms: box("sms") === "on", whatsapp: box("whatsapp") === "on" };
}

/** A customer chooses the channels of their order updates (issue 28), or of offers (issue 29: a consent of its own). */
export async function channelChoicesAction(
  account: SignedInAccount,
  form: FormData,
  context: AppLoadContext,
  which: typeof ORDER_UPDATES_FORM | typeof OFFERS_FORM,
) {
  const answer = (status: "done" | "error", message: string, init: { status?: number } = {}) =>
    data<FormResult>({ status, message, form: which }, init);
  const choices = checkedChannels(form);
  if (!choices) return answer("error", messages.requestUnreadable, { status: 400 });
  if (which === OFFERS_FORM) {
    await saveOfferChoices(context.db, account.id, choices);
    return answer("done", messages.offersSaved);
  }
  await saveOrderUpdateChoices(context.db, account.id, choices);
  return answer("done", messages.orderUpdatesSaved);
}

/**
 * Change password, in both dashboards (issue 18): the current password is asked for; the account's
 * other sessions end and this browser gets a new one, so it stays signed in, back on the dashboard
 * with the notice.
 */
export async function changePasswordAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const answer = (status: "error", message: string, init: { status?: number } = {}) =>
    data<FormResult>({ status, message, form: CHANGE_PASSWORD_FORM }, init);
  const input = changePasswordInput.safeParse(Object.fromEntries(form));
  if (!input.success) return answer("error", firstProblem(input.error), { status: 400 });
  if (input.data.confirmPassword !== input.data.newPassword) return answer("error", messages.resetPasswordsDiffer, { status: 400 });
  const result = await changePassword(accountContext(context), account, input.data);
  if (result.ok) {
    // A new page load with the new session: this request's cookie names one that has just ended.
    const session = await sessionCookieHeader(context, account.role, result.token, result.expiresAt);
    const home = account.role === "customer" ? "/userdashboard" : "/admin";
    return redirect(`${home}?notice=password-changed`, { headers: cookies(session) });
  }
  if (result.reason === "rate-limited") return answer("error", messages.tooManyAttempts(retryText(result.retryAfterSeconds)), { status: 429 });
  return answer("error", result.reason === "same-password" ? messages.newPasswordSame : messages.currentPasswordWrong);
}

/** Logout (requirements §4.1): ends the session on the server, then says 'Logged Out!'. */
export async function logoutAction(role: Role, request: Request, context: AppLoadContext, form?: FormData) {
  const cookie = await endPageSession(request, context, role);
  // The back office signs itself out after ADMIN_IDLE_MINUTES without use (issue 27) and says why.
  const notice = role === "admin" && form?.get("why") === "idle" ? "idle-signed-out" : "logged-out";
  const to = role === "customer" ? "/?notice=logged-out" : `/adminlogin?notice=${notice}`;
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

/** "Sign out everywhere" (issue 27): every session of the account ends, this one too. */
export async function signOutEverywhereAction(account: SignedInAccount, context: AppLoadContext) {
  await signOutEverywhere(context.db, account);
  const cookie = await clearedSessionCookieHeader(context, account.role);
  return redirect(`${accountPaths[account.role].login}?notice=signed-out-everywhere`, { headers: cookies(cookie) });
}

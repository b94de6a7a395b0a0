import { Router, type Request, type RequestHandler, type Response } from "express";
import { messages } from "~/common/messages";
import { contractPhone } from "~/common/phone";
import { logIn, requestPasswordReset, resetPassword, signUp, updatePhone, verifyEmail, type AccountContext } from "../accounts/accounts";
import { apiLoginInput, forgotPasswordInput, resetPasswordInput, signUpInput, tokenInput, updatePhoneInput } from "../accounts/input";
import { endSession, findSession, type Role, type SignedInAccount } from "../accounts/sessions";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { mustEnrolFirst } from "../admin/two-factor-policy";
import { retryText } from "../rate-limits";
import { fail, parse } from "./contract";

// The account calls of requirements §7: api4users/user_*.php for customers, admin_*.php for admins.
// API clients send the login reply's token as `Authorization: Bearer <token>`.

export interface ContractUser {
  id: number;
  full_name: string;
  email: string;
  phone_number: string;
}

export function toContractUser(a: SignedInAccount): ContractUser {
  return { id: a.id, full_name: a.fullName, email: a.email, phone_number: contractPhone(a.phoneNumber) };
}

function tooMany(res: Response, retryAfterSeconds: number) {
  res.set("Retry-After", String(retryAfterSeconds));
  fail(res, 429, messages.tooManyAttempts(retryText(retryAfterSeconds)));
}

export function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "");
  return match ? match[1] : null;
}

/**
 * Lets the request through only with a live session of this role (an admin's within the idle
 * timeout, and with two-step sign-in set up where it must be); the account lands in res.locals.
 */
export function requireSession(db: Database, config: Config, role: Role): RequestHandler {
  return async (req, res, next) => {
    const account = await findSession(db, bearerToken(req), new Date(), config.adminIdleMs);
    if (!account) return void fail(res, 401, messages.signInRequired);
    if (account.role !== role) return void fail(res, 403, role === "admin" ? messages.adminOnly : messages.signInRequired);
    if (await mustEnrolFirst(db, account, config.demo)) return void fail(res, 403, messages.twoFactorSetUpFirst);
    res.locals.account = account;
    next();
  };
}

export function accountRoutes(db: Database, config: Config, role: Role): Router {
  const router = Router();
  const call = (name: string) => (role === "customer" ? `/api4users/user_${name}.php` : `/admin_${name}.php`);
  const context = (req: Request): AccountContext => ({ db, publicUrl: config.publicUrl, clientAddress: req.ip ?? "unknown" });
  const signedIn = requireSession(db, config, role);

  // Beyond requirements §7: the reply's `device_token` is this client's device token (login protection,
  // server/accounts/devices.ts). Sent back with the next login, it is counted against this device
  // only, so guesses from elsewhere never lock the client out.
  router.post(call("login"), async (req, res) => {
    const input = parse(apiLoginInput, req, res);
    if (!input) return;
    const { device_token, two_factor_code, ...credentials } = input;
    // Only an admin has two-step sign-in; a customer's call ignores the field.
    const code = role === "admin" ? two_factor_code : undefined;
    // An admin who must set up two-step sign-in first does so in the back office (issue 27): no token here.
    const setUpFirst = (account: SignedInAccount) => mustEnrolFirst(db, account, config.demo);
    const result = await logIn(context(req), role, { ...credentials, code }, device_token ? [device_token] : [], { setUpFirst });
    if (result.ok) {
      const { account, token, deviceToken } = result;
      return void res.json({ success: true, message: messages.loginSuccess, user: toContractUser(account), token, device_token: deviceToken });
    }
    switch (result.reason) {
      case "rate-limited":
        return tooMany(res, result.retryAfterSeconds);
      // Requirements §4.2: an unverified account "succeeds" with this message, and is not signed in.
      case "unverified":
        return void res.json({ success: true, message: messages.verifyEmailFirst });
      case "disabled":
        return void fail(res, 403, messages.accountDisabled);
      case "set-up-first":
        return void fail(res, 403, messages.twoFactorSetUpFirst);
      // Beyond requirements §7 (issue 27): the password was right; the call is made again with the code.
      case "second-factor":
        return void res
          .status(401)
          .json({ success: false, message: messages.secondFactorNeeded, error: messages.secondFactorNeeded, second_factor_required: true });
      case "wrong-code":
      case "second-factor-expired":
        return void res
          .status(401)
          .json({ success: false, message: messages.secondFactorWrong, error: messages.secondFactorWrong, second_factor_required: true });
      case "wrong-credentials":
        return fail(res, 401, messages.wrongCredentials);
    }
  });

  // Customers register themselves; admins are registered by another admin.
  const signUpGuard: RequestHandler[] = role === "admin" ? [signedIn] : [];
  router.post(call("signup"), ...signUpGuard, async (req, res) => {
    const input = parse(signUpInput, req, res);
    if (!input) return;
    const result = await signUp(context(req), role, input, role === "admin" ? (res.locals.account as SignedInAccount).id : undefined);
    if (result.ok) {
      const message = role === "admin" ? messages.adminSignUpSuccess : messages.signUpSuccess;
      return void res.status(201).json({ success: true, message });
    }
    if (result.reason === "rate-limited") return tooMany(res, result.retryAfterSeconds);
    fail(res, 409, messages.emailTaken);
  });

  router.post(call("verify_email"), async (req, res) => {
    const input = parse(tokenInput, req, res);
    if (!input) return;
    const result = await verifyEmail(db, role, input.token);
    if (!result.ok) return fail(res, 400, messages.invalidVerifyLink);
    res.json({ success: true, message: messages.verifySuccess });
  });

  router.post(call("forgot_password"), async (req, res) => {
    const input = parse(forgotPasswordInput, req, res);
    if (!input) return;
    const result = await requestPasswordReset(context(req), role, input.email);
    if (result.ok) return void res.json({ success: true, message: messages.forgotSent });
    if (result.reason === "rate-limited") return tooMany(res, result.retryAfterSeconds);
    fail(res, 404, messages.forgotNotFound);
  });

  router.post(call("reset_password"), async (req, res) => {
    const input = parse(resetPasswordInput, req, res);
    if (!input) return;
    const result = await resetPassword(context(req), role, input.token, input.password, input.device_token ? [input.device_token] : []);
    if (!result.ok) return fail(res, 400, messages.invalidResetLink);
    res.json({ success: true, message: messages.resetSuccess, device_token: result.deviceToken });
  });

  router.post(call("update_phone"), signedIn, async (req, res) => {
    const input = parse(updatePhoneInput, req, res);
    if (!input) return;
    const result = await updatePhone(db, res.locals.account, input.email, input.phoneNumber);
    if (!result.ok) return fail(res, 403, messages.phoneOtherAccount);
    res.json({ success: true, message: messages.phoneUpdated, user: toContractUser(result.account) });
  });

  // Not in requirements §7 (its client only forgot its token); a real client must be able to end a session.
  router.post(call("logout"), signedIn, async (req, res) => {
    await endSession(db, bearerToken(req));
    res.json({ success: true, message: messages.loggedOut });
  });

  return router;
}

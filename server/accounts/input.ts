import { storedPhone } from "~/common/phone";
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  isEmailShape,
  isPhoneShape,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  SECOND_FACTOR_CODE,
} from "~/common/accounts";
import { requiredText } from "~/common/fields";
import { messages } from "~/common/messages";

// What the account calls and forms accept. The same schemas check the JSON API and the pages.

// Too long for any address: refused before any other check looks at it.
export const emailField = requiredText(messages.emailRequired, EMAIL_MAX_LENGTH, messages.invalidEmail)
  .transform(normalizeEmail)
  .refine(isEmailShape, messages.invalidEmail);

/** A password being checked at login: never trimmed; no stored password is longer than the maximum. */
const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

/** A password being chosen. */
export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

/** A phone number as the forms take it, stored in E.164 when it is a real number (common/phone.ts). */
export const phoneField = requiredText(messages.phoneRequired, PHONE_MAX_LENGTH, messages.phoneInvalid)
  .refine(isPhoneShape, messages.phoneInvalid)
  .transform(storedPhone);

export const loginInput = z.object({ email: emailField, password: passwordField });

/**
 * The device token of an earlier login (devices.ts), sent back by API clients. Absent, null or
 * unknown: the attempt counts as an untrusted one. Only a value no token could be is refused.
 */
const badDeviceToken = "That device token is not valid.";
const deviceTokenField = z.string({ error: badDeviceToken }).max(100, badDeviceToken).nullish();

/**
 * The code of two-step sign-in (issue 27): 6 digits from the authenticator app, or a recovery
 * code. Spaces a person types around it are dropped.
 */
export const secondFactorCodeField = z
  .string({ error: messages.secondFactorCodeRequired })
  .max(40, messages.secondFactorCodeInvalid)
  .transform((code) => code.trim())
  .pipe(z.string().min(1, messages.secondFactorCodeRequired).regex(SECOND_FACTOR_CODE, messages.secondFactorCodeInvalid));

/** The login page's second step: the code, for the password step kept in a cookie. */
export const secondFactorInput = z.object({ code: secondFactorCodeField });

/**
 * The JSON login call: the page form's fields, plus the device token pages keep in a cookie and,
 * for an admin with two-step sign-in, the code in the same call (`two_factor_code`).
 */
export const apiLoginInput = loginInput.extend({ device_token: deviceTokenField, two_factor_code: secondFactorCodeField.optional() });

export const signUpInput = z.object({
  fullName: requiredText(messages.fullNameRequired, FULL_NAME_MAX_LENGTH, messages.fullNameTooLong),
  email: emailField,
  password: newPasswordField,
  phoneNumber: phoneField,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const forgotPasswordInput = z.object({ email: emailField });

const missingToken = "The link is missing its token.";
export const tokenInput = z.object({
  token: z.string({ error: missingToken }).trim().min(1, missingToken).max(200, "That link is not valid."),
});

export const resetPasswordInput = tokenInput.extend({ password: newPasswordField, device_token: deviceTokenField });

export const updatePhoneInput = z.object({ email: emailField, phoneNumber: phoneField });

/** Change password (issue 18): the current password, the new one and its confirmation. */
export const changePasswordInput = z.object({
  currentPassword: passwordField,
  newPassword: newPasswordField,
  confirmPassword: z.string({ error: messages.resetPasswordsDiffer }).max(PASSWORD_MAX_LENGTH, messages.resetPasswordsDiffer),
});

/** The first problem, worded for a person. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request.";
}

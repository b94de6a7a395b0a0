import { WELCOME_NAME_MAX } from "./constants";

// Account rules both sides apply: the browser for instant feedback, the server as the authority.

/** Requirements §5.2: e-mails are lower-cased and trimmed before anything else. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest e-mail address there can be (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The "basic {email} shape" of requirements §5.2: something@something.something, no spaces. Checked in
 * linear time, length first: the regular expression it replaces backtracked quadratically and
 * held the whole process for 20 s on one 100 KB address (issue 15).
 */
export function isEmailShape(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH || /\s/.test(email)) return false;
  const at = email.indexOf("@");
  if (at < 1 || at !== email.lastIndexOf("@")) return false;
  // A dot in the domain with something on both sides of it.
  return email.slice(at + 2, -1).includes(".");
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** What two-step sign-in's code field takes: 6 digits from the app, or a recovery code (XXXXX-XXXXX; case, dashes and spaces ignored). */
export const SECOND_FACTOR_CODE = /^(?:\d{6}|[a-z0-9][a-z0-9 -]{8,20})$/i;
export const FULL_NAME_MAX_LENGTH = 100;
export const PHONE_PLACEHOLDER = "2348012345678";

/** The longest phone number any form takes: 15 digits with room for +, spaces, dashes and brackets. */
export const PHONE_MAX_LENGTH = 30;

/**
 * A phone number a courier can call: 7 to 15 digits, optionally with +, spaces, dashes or brackets.
 * Length first, so the patterns below only ever see a short string (zod runs a refine even after
 * its own `.max()` failed).
 */
export function isPhoneShape(phone: string): boolean {
  if (phone.length > PHONE_MAX_LENGTH) return false;
  const digits = phone.replace(/\D/g, "");
  return /^\+?[\d\s\-()]+$/.test(phone) && digits.length >= 7 && digits.length <= 15;
}

/** Header and dashboard greeting: 'Welcome' plus the first 6 characters of the full name (requirements §2, §9). */
export function welcomeText(fullName: string): string {
  return `Welcome ${Array.from(fullName.trim()).slice(0, WELCOME_NAME_MAX).join("")}`;
}

import { parsePhoneNumberFromString } from "libphonenumber-js";

// Phone numbers (issue 28, decision 0059): stored in E.164 (+2348012345678) when they are a real
// number, read as Nigerian unless they say otherwise; a number the forms took before but that no
// phone company would route (isPhoneShape in accounts.ts is looser) is kept as it was typed.

function parsed(phone: string) {
  // Any run of spaces (a tab too, which the forms take) reads as one space, as migration 0025 reads it.
  const number = parsePhoneNumberFromString(phone.replace(/\s+/g, " ").trim(), "NG");
  return number?.isValid() ? number : undefined;
}

/** What is stored for a number a form took: E.164 when it is a real number, else as typed. */
export function storedPhone(typed: string): string {
  return parsed(typed)?.number ?? typed.trim();
}

/** The E.164 number a text message can go to, or null when the stored one is not a real number. */
export function textablePhone(stored: string): string | null {
  return parsed(stored)?.number ?? null;
}

/**
 * A number as the API contract's replies give it: the digits of the international number, as in
 * the sign-up form's placeholder (2348012345678); a number that is not real, as typed.
 */
export function contractPhone(stored: string): string {
  const number = parsed(stored);
  return number ? number.number.slice(1) : stored;
}

/** A number for people to read: +234 801 234 5678. */
export function readablePhone(stored: string): string {
  return parsed(stored)?.formatInternational() ?? stored;
}

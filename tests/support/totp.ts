import { TOTP_STEP_SECONDS, totpCode } from "~/server/accounts/two-factor";

// The code an authenticator app shows, as the tests compute it (two-step sign-in, issue 27).

const STEP_MS = TOTP_STEP_SECONDS * 1000;

/**
 * The app's code `steps` steps from now (-1: the one just gone, still accepted), never computed in
 * the last 1.5 s of a step: the shop then checks it in the step it was computed for.
 */
export async function appCode(secret: string, steps = 0): Promise<string> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 1500) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return totpCode(secret, new Date(Date.now() + steps * STEP_MS));
}

import { hashPasswordsCheaply } from "./accounts/secrets";
import { shortenTestBankDelays } from "./payments/test-gateway";

// What the test harnesses make cheaper, and only they: tests/support/setup.ts in every Vitest
// file (and the built shop its page tests load), and the browser tests' server entry
// (tests/e2e/serve.mjs). A function a harness calls before serving, never a setting: no
// environment variable or configuration a deployment could set reaches it (decision 0048).
// server/accounts/secrets.test.ts pins production's password cost.

/**
 * The pretend bank's delay in tests: under the order summary's 4-second ask (PayNow.tsx), so the
 * 'Awaiting' message shows at once and the money lands by the first ask (8 s or 4 s otherwise).
 */
export const TEST_BANK_DELAY_MS = 3_000;

export function useTestCosts(): void {
  hashPasswordsCheaply();
  shortenTestBankDelays(TEST_BANK_DELAY_MS);
}

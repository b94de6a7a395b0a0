// Debian's Chromium as the browser tests and the benchmark start it (DESIGN.md, machine facts):
// without the background-networking flags it keeps trying this machine's closed network.
import { existsSync } from "node:fs";

/** The full browser: the benchmark's Lighthouse runs in it. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell), the same
 * Blink and V8 without the desktop browser around them, as Playwright itself runs headless tests.
 * It took 30% less CPU than the full browser for the same tests here (decision 0048). CHROME_PATH
 * chooses another; without the shell, the full browser.
 */
export const testChromiumPath =
  process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Text that would run script if a page wrote it into its HTML unescaped: the payloads the
// page-rendering tests store in products and messages (tests/api/hostile-input.test.ts in
// vitest, tests/e2e/hostile-text.spec.ts in Chromium).

export const SCRIPT = "<script>alert(1)</script>";
export const IMG = "<img src=x onerror=alert(1)>";
/** Closes the hydration data's <script> if it were written into the page unescaped. */
export const BREAKOUT = "</script><script>alert(1)</script>";
export const SVG = '"><svg onload=alert(1)>';

/** The escaped form React gives text (quotes too): what the page must hold instead. */
export const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

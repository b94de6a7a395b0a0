// Debian's Chromium as the browser tests and the benchmark start it (DESIGN.md, machine facts):
// without the background-networking flags it keeps trying this machine's closed network.
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

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

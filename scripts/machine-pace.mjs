// How fast this machine is at the two kinds of work the suite is made of, printed by .ci/run
// before `npm test` so that a run over its budget can be told apart from a slower machine
// (decision 0048): plain CPU (coreutils' sha256sum of 500 MB, one core: the measure the notes of
// earlier stops give), and Chromium's cost of a new page (a browser context, its renderer
// process, a page made by a script, and Playwright's protocol round trips), which is what each
// browser test pays first. On 2026-11-28 the two disagreed: sha256 was faster than on any earlier
// machine while each browser test took about twice as long.
// Usage: node scripts/machine-pace.mjs [--mb 500] [--pages 10]
import { execFileSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { chromiumArgs, testChromiumPath } from "./chromium.mjs";

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const mb = option("mb", 500);
const pages = option("pages", 10);

let started = performance.now();
execFileSync("sh", ["-c", `head -c ${mb * 1_000_000} /dev/zero | sha256sum`], { stdio: "ignore" });
const hashSeconds = (performance.now() - started) / 1000;

// A page like a small shop page: a few hundred elements made by a script, then laid out.
const html = `<!doctype html><title>pace</title><main id="m"></main><script>
for (let i = 0; i < 300; i++) { const p = document.createElement("p"); p.textContent = "Item " + i; document.getElementById("m").append(p); }
document.documentElement.dataset.ready = String(document.body.offsetHeight);
</script>`;
const browser = await chromium.launch({ executablePath: testChromiumPath, args: chromiumArgs });
let pageSeconds;
try {
  started = performance.now();
  for (let i = 0; i < pages; i++) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.setContent(html);
    await page.locator("html[data-ready]").waitFor({ state: "attached" });
    await context.close();
  }
  pageSeconds = (performance.now() - started) / 1000;
} finally {
  await browser.close();
}

console.log(
  `Machine pace: sha256 of ${mb} MB in ${hashSeconds.toFixed(2)} s; ${pages} new Chromium page${pages === 1 ? "" : "s"} in ${pageSeconds.toFixed(2)} s ` +
    `(${Math.round((pageSeconds * 1000) / pages)} ms each).`,
);

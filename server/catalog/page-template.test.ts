import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fillTemplate, gzipTemplate, makeTemplate, templateEtag } from "./page-template";

// A page shaped as React Router writes one: the header's HTML, a JSON-LD script, and the
// hydration stream (a JSON text inside a JavaScript string inside a script).

const PLACEHOLDERS = { welcome: "QxWelcomeSlotQx", cartCount: "7000000000007" };

/** React Router's escapeHtml of the stream (react-router, lib/dom/ssr/markup.ts). */
const routerEscape = (s: string) =>
  s.replace(/[&<>\u2028\u2029]/g, (c) => ({ "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" })[c]!);
const reactEscape = (s: string) => s.replace(/["&'<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

/** The page as React and React Router would write it for these values. */
function page(welcome: string, cartCount: number | string) {
  const data = JSON.stringify([{ root: { welcome, cartCount: Number(cartCount) } }]);
  // The placeholder count is a number in the data too.
  const stream = routerEscape(JSON.stringify(data)).replace(String(Number(cartCount)), String(cartCount));
  return (
    `<!DOCTYPE html><html><head><title>Foam</title></head><body>` +
    `<a href="/userdashboard"><span class="hidden sm:inline">${reactEscape(welcome)}</span><span class="sr-only">${reactEscape(welcome)}</span></a>` +
    `<a href="/cartpage" aria-label="Cart, ${cartCount} items"><span data-testid="cart-count">${cartCount}</span></a>` +
    "<main>" +
    "Mattresses and pillows. ".repeat(300) +
    "</main>" +
    `<script type="application/ld+json">{"name":"Mouka Flora"}</script>` +
    `<script nonce="n">window.__reactRouterContext.streamController.enqueue(${stream});</script>` +
    `<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>`
  );
}

const template = () => makeTemplate(page(PLACEHOLDERS.welcome, PLACEHOLDERS.cartCount), PLACEHOLDERS)!;

/** The value the browser's hydration reads back out of the page's stream script. */
function hydrated(html: string): unknown {
  const match = /streamController\.enqueue\((".*?")\);<\/script>/.exec(html)!;
  return JSON.parse(JSON.parse(match[1]));
}

const NAMES = [
  "Welcome Ada",
  `Welcome <script>alert("x")</script>`,
  "Welcome O'Brien & Sons \\ \u2028 \u2029 </script><!--",
  "Welcome Ọláolúwa 🇳🇬",
  "Welcome QxWelcomeSlotQx",
];

describe("a page template", () => {
  it("finds each placeholder in the HTML and in the hydration stream", () => {
    const t = template();
    expect(t.slots).toEqual([
      { name: "welcome", context: "html" },
      { name: "welcome", context: "html" },
      { name: "cartCount", context: "html" },
      { name: "cartCount", context: "html" },
      { name: "welcome", context: "stream" },
      { name: "cartCount", context: "stream" },
    ]);
  });

  it("gives, for any welcome and count, exactly the page React Router would have written", () => {
    const t = template();
    for (const welcome of NAMES) {
      for (const cartCount of [0, 3, 120]) {
        const filled = fillTemplate(t, { welcome, cartCount }).toString("utf8");
        expect(filled).toBe(page(welcome, cartCount));
        expect(hydrated(filled)).toEqual([{ root: { welcome, cartCount } }]);
      }
    }
  });

  it("gzips to the same page without compressing it again, whatever the values", () => {
    const t = template();
    for (const welcome of [...NAMES, "Welcome " + "x".repeat(70_000)]) {
      const gzipped = gzipTemplate(t, { welcome, cartCount: 2 });
      expect(zlib.gunzipSync(gzipped).toString("utf8")).toBe(page(welcome, 2));
      // The page's parts are compressed: far smaller than the page, but for the stored values.
      if (welcome.length < 100) expect(gzipped.length).toBeLessThan(page(welcome, 2).length / 5);
    }
  });

  it("has an ETag per template and values", () => {
    const t = template();
    const a = templateEtag(t, { welcome: "Welcome Ada", cartCount: 1 });
    expect(templateEtag(t, { welcome: "Welcome Ada", cartCount: 1 })).toBe(a);
    expect(templateEtag(t, { welcome: "Welcome Ada", cartCount: 2 })).not.toBe(a);
    expect(templateEtag(t, { welcome: "Welcome Bola", cartCount: 1 })).not.toBe(a);
    const other = makeTemplate(page(PLACEHOLDERS.welcome, PLACEHOLDERS.cartCount).replace("Mattresses", "Pillows"), PLACEHOLDERS)!;
    expect(templateEtag(other, { welcome: "Welcome Ada", cartCount: 1 })).not.toBe(a);
  });

  it("is refused when a placeholder sits in a script whose escaping is not known", () => {
    const html = page(PLACEHOLDERS.welcome, PLACEHOLDERS.cartCount);
    expect(makeTemplate(html.replace("Mouka Flora", PLACEHOLDERS.welcome), PLACEHOLDERS)).toBeUndefined();
  });

  it("takes a page without placeholders as it is (a page with no header)", () => {
    const t = makeTemplate("<!DOCTYPE html><p>Not found</p>", PLACEHOLDERS)!;
    expect(t.slots).toEqual([]);
    expect(fillTemplate(t, { welcome: "Welcome Ada", cartCount: 1 }).toString()).toBe("<!DOCTYPE html><p>Not found</p>");
    expect(zlib.gunzipSync(gzipTemplate(t, { welcome: "Welcome Ada", cartCount: 1 })).toString()).toBe("<!DOCTYPE html><p>Not found</p>");
  });
});

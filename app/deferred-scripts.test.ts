import { describe, expect, it } from "vitest";
import { deferScripts } from "./deferred-scripts";

const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="stylesheet" href="/assets/app.css"/></head><body><main>Hello</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/root-B.js";
import("/assets/entry.client-A.js");</script></body></html>`;

describe("deferScripts", () => {
  it("leaves no script the browser would fetch or run before the first paint", () => {
    const html = deferScripts(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link data-deferred-rel="modulepreload" href="/assets/entry.client-A.js"/>');
    expect(html).toContain('<script type="text/x-deferred-module" async="">import "/assets/root-B.js";');
    // The stylesheet and the data script are untouched.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("adds one resuming script, last in the body, waiting for a painted frame", () => {
    const html = deferScripts(page);
    const resume = html.slice(html.lastIndexOf("<script>"), html.indexOf("</body>"));
    expect(resume).toMatch(/^<script>requestAnimationFrame\(function\(\)\{setTimeout\(/);
    expect(resume).toContain('querySelectorAll("link[data-deferred-rel]")');
    expect(resume).toContain("text/x-deferred-module");
    expect(html.endsWith("</script></body></html>")).toBe(true);
  });

  it("gives the resuming script the page's nonce", () => {
    expect(deferScripts(page, "abc123")).toContain('<script nonce="abc123">requestAnimationFrame(');
  });

  it("finds the tags whatever the order of their attributes (React Router puts a nonce first)", () => {
    const withNonce = `<html><head><link rel="modulepreload" href="/assets/a.js" nonce="n1"/><link nonce="n1" rel="modulepreload" href="/assets/b.js"/></head><body><script nonce="n1" type="module" async="">import "/assets/a.js";</script></body></html>`;
    const html = deferScripts(withNonce, "n1");
    expect(html).not.toMatch(/ rel="modulepreload"| type="module"/);
    expect(html).toContain('<link data-deferred-rel="modulepreload" href="/assets/a.js" nonce="n1"/>');
    expect(html).toContain('<link nonce="n1" data-deferred-rel="modulepreload" href="/assets/b.js"/>');
    expect(html).toContain('<script nonce="n1" type="text/x-deferred-module" async="">import "/assets/a.js";</script>');
  });

  it("does nothing to a page without module scripts", () => {
    const plain = "<html><body><p>Not found</p></body></html>";
    expect(deferScripts(plain)).toBe(plain);
  });

  it("really resumes: the inert tags come back to life in a document", async () => {
    // The resuming script, run against a minimal DOM, turns the tags back into live ones.
    const created: { tag: string; props: Record<string, string> }[] = [];
    const link = { nonce: "n", getAttribute: (name: string) => ({ "data-deferred-rel": "modulepreload", href: "/assets/a.js" })[name] ?? null };
    let replacedWith: unknown;
    const script = { nonce: "n", textContent: 'import "/assets/a.js";', replaceWith: (node: unknown) => (replacedWith = node) };
    const document = {
      head: { appendChild: (node: { tag: string; props: Record<string, string> }) => created.push(node) },
      querySelectorAll: (selector: string) => (selector.startsWith("link") ? [link] : [script]),
      createElement: (tag: string) => {
        const node = { tag, props: {} as Record<string, string> };
        return new Proxy(node, { set: (_t, key, value) => ((node.props[String(key)] = value), true) });
      },
    };
    const html = deferScripts(page);
    const code = html.slice(html.lastIndexOf("<script>") + "<script>".length, html.lastIndexOf("</script>"));
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    new Function("document", "requestAnimationFrame", "setTimeout", code)(
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void) => tasks.push(fn),
    );
    expect(created).toHaveLength(0);
    frames.forEach((f) => f());
    expect(created).toHaveLength(0);
    tasks.forEach((t) => t());
    expect(created).toEqual([{ tag: "link", props: { rel: "modulepreload", href: "/assets/a.js", nonce: "n" } }]);
    expect(replacedWith).toMatchObject({ tag: "script", props: { type: "module", nonce: "n", textContent: 'import "/assets/a.js";' } });
  });
});

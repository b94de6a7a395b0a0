import type { Server } from "node:http";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, isCatalogRequest } from "~/server/app";
import { createCatalogCache, type CatalogCache } from "~/server/catalog/catalog-cache";
import { loadConfig } from "~/server/config";
import { MAX_PAGE_FORM_BYTES } from "~/server/security";
import { closeServer, listenOnLocalPort } from "../support/listen";
import { TEST_SHOP_ENV } from "../support/server";
import { useTestDatabase } from "../support/use-shop";

// The defences of server/security.ts on the real app: headers, the page script policy and its
// nonce (also through the catalogue cache), cross-site changes refused, page forms bounded. The
// pages are a stand-in that writes its nonce into a script, as the React Router entry does; the
// browser side (no violation on any page, a script without the nonce never runs) is in
// tests/e2e/security.spec.ts.

const handle = useTestDatabase();
let cache: CatalogCache;
const servers: Server[] = [];

/** A stand-in for the React Router handler: echoes the nonce in a script, and what it read. */
const pages: RequestHandler = async (req, res) => {
  let bytes = 0;
  for await (const chunk of req) bytes += (chunk as Buffer).length;
  res.type("html").send(`<html><body><script nonce="${res.locals.cspNonce}">1</script><p>read ${bytes}</p></body></html>`);
};

async function listen(env: Record<string, string>, withCache = false, pageScriptPolicy = true): Promise<string> {
  const config = loadConfig({ ...TEST_SHOP_ENV, PUBLIC_URL: "https://shop.example", ...env });
  const app = createApp({ db: handle.db, config, pages, catalogCache: withCache ? cache : undefined, pageScriptPolicy });
  const { server, baseUrl } = await listenOnLocalPort(app);
  servers.push(server);
  return baseUrl;
}

let shop: string;
let plain: string;
let cached: string;

beforeAll(async () => {
  cache = await createCatalogCache(handle, { isCacheable: isCatalogRequest });
  shop = await listen({});
  plain = await listen({ PUBLIC_URL: "http://192.168.1.20:3000", NODE_ENV: "production" });
  cached = await listen({}, true);
});
afterAll(async () => {
  await Promise.all(servers.map(closeServer));
  await cache?.close();
});

/** A policy's directives, however they are spaced. */
const directives = (policy: string | null) =>
  (policy ?? "")
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

describe("security headers", () => {
  it("every answer forbids framing and type sniffing; calls and files may run or load nothing", async () => {
    for (const path of ["/api/get_products_by_category.php?category=Pillows", "/api/no-such-call", "/api/uploads/none.webp"]) {
      const res = await fetch(shop + path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(directives(res.headers.get("content-security-policy"))).toEqual([
        "default-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'none'",
      ]);
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("a stored picture is served only as a WebP picture that may run nothing", async () => {
    const { product } = await (await fetch(`${shop}/api/get_product_by_id.php?productId=18`)).json();
    const res = await fetch(`${shop}/api/uploads/${product.product_images[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect([...new Uint8Array(await res.arrayBuffer()).subarray(8, 12)].map((b) => String.fromCharCode(b)).join("")).toBe("WEBP");
  });

  it("HSTS only when PUBLIC_URL is https, whatever NODE_ENV says", async () => {
    const res = await fetch(`${shop}/api/get_products_by_category.php?category=Pillows`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect((await fetch(`${plain}/api/get_products_by_category.php?category=Pillows`)).headers.get("strict-transport-security")).toBeNull();
  });

  it("under Vite's dev server a page carries no policy (its inline scripts have no nonce); calls keep theirs", async () => {
    const dev = await listen({}, false, false);
    expect((await fetch(`${dev}/userlogin`)).headers.get("content-security-policy")).toBeNull();
    expect(directives((await fetch(`${dev}/api/no-such-call`)).headers.get("content-security-policy"))).toContain("default-src 'none'");
  });

  it("a page allows only scripts carrying its own fresh nonce", async () => {
    const first = await fetch(`${shop}/userlogin`);
    const policy = first.headers.get("content-security-policy")!;
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Z0-9+/]{22}==$/i);
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await first.text()).toContain(`<script nonce="${nonce}">`);
    const second = await fetch(`${shop}/userlogin`);
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
  });

  it("a page kept by the catalogue cache is sent with the policy of the nonce it was rendered with", async () => {
    const first = await fetch(`${cached}/aboutus`);
    const firstNonce = nonceOf(first.headers.get("content-security-policy"));
    expect(await first.text()).toContain(`nonce="${firstNonce}"`);
    const again = await fetch(`${cached}/aboutus`);
    expect(cache.stats().hits).toBeGreaterThan(0);
    expect(nonceOf(again.headers.get("content-security-policy"))).toBe(firstNonce);
    expect(await again.text()).toContain(`nonce="${firstNonce}"`);
  });
});

describe("cross-site changes", () => {
  const login = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/api/api4users/user_login.php`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong password" }),
    });

  it("are refused when the Origin is another site's", async () => {
    for (const origin of ["https://evil.example", "null", "https://shop.example.evil.example"]) {
      const res = await login(shop, { origin });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe("This request came from another site and was refused.");
    }
    const page = await fetch(`${shop}/userlogin`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ email: "a@b.c" }),
    });
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain("read");
  });

  it("are refused when the browser says cross-site without an Origin", async () => {
    expect((await login(shop, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("go through from the shop's own origin, its own address, and non-browser clients", async () => {
    const allowed: Record<string, string>[] = [{ origin: "https://shop.example" }, { origin: shop }, { "sec-fetch-site": "same-origin" }, {}];
    for (const headers of allowed) {
      // A wrong password: the call itself answers, not the defence.
      expect((await login(shop, headers)).status).toBe(401);
    }
  });

  it("never stop reading pages from a link on another site", async () => {
    const res = await fetch(`${shop}/userlogin`, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});

describe("page forms", () => {
  it("are refused over the limit before they are read", async () => {
    const res = await fetch(`${shop}/contactus`, { method: "POST", body: "x".repeat(MAX_PAGE_FORM_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("This form is too large.");
    const fits = await fetch(`${shop}/contactus`, { method: "POST", body: "x".repeat(MAX_PAGE_FORM_BYTES) });
    expect(await fits.text()).toContain(`read ${MAX_PAGE_FORM_BYTES}`);
  });

  it("must say their length", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40b.c"));
        controller.close();
      },
    });
    const res = await fetch(`${shop}/contactus`, { method: "POST", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(411);
  });

  it("of the admin's product pages are capped as they are read, with the shop's own message", async () => {
    const res = await fetch(`${shop}/admin`, { method: "POST", body: "x".repeat(MAX_PAGE_FORM_BYTES + 1) });
    expect(await res.text()).toContain(`read ${MAX_PAGE_FORM_BYTES + 1}`);
  });
});

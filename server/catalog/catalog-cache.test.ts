import type { AddressInfo } from "node:net";
import { get, type Server } from "node:http";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { ChannelListener } from "../db/client";
import { createCatalogCache, type CatalogCache } from "./catalog-cache";
import { isCatalogRequest, isSignedInCatalogPage } from "../app";

// The cache on its own, in front of a few routes that count their renders; the change feed is a
// stand-in whose notifications the tests send themselves.

const PAGE = "<!DOCTYPE html><html><body>" + "Mattresses, pillows and bedding. ".repeat(100);

/**
 * The database's change feed, either way a notification can come: at once, before the writer has
 * its answer (`notify`, PGlite's way), or after it (`commit`, PostgreSQL's way: the notification is
 * on its way until a caught-up round trip brings in everything committed before it).
 */
function changeFeed() {
  let listener: ChannelListener | undefined;
  let listening = true;
  let onTheirWay = 0;
  return {
    handle: {
      listen: async (_channel: string, l: ChannelListener) => {
        listener = l;
        const caughtUp = async () => {
          for (; onTheirWay > 0 && listening; onTheirWay--) l.onNotify();
          return listening;
        };
        return { caughtUp, stop: async () => {} };
      },
    },
    notify: () => listener!.onNotify(),
    commit: () => void onTheirWay++,
    gap: (now: boolean) => {
      listening = now;
      listener!.onGap(now);
    },
  };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(options: { maxEntries?: number } = {}) {
  const feed = changeFeed();
  const cache: CatalogCache = await createCatalogCache(feed.handle, { isCacheable: () => true, ...options });
  let renders = 0;
  let release: () => void = () => {};
  const app = express();
  app.use(compression());
  app.use(cache.middleware);
  app.get("/page", (_req, res) => void res.type("html").send(`${PAGE}render ${++renders}</body></html>`));
  app.get("/slow", async (_req, res) => {
    const n = ++renders;
    await new Promise<void>((resolve) => (release = resolve));
    res.type("html").send(`${PAGE}render ${n}</body></html>`);
  });
  app.get("/cookie", (_req, res) => void res.cookie("seen", "1").type("html").send(`render ${++renders}`));
  app.get("/private", (_req, res) => void res.set("Cache-Control", "private").json({ render: ++renders }));
  app.get("/missing", (_req, res) => void res.status(404).json({ render: ++renders }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ...feed, cache, base, renders: () => renders, release: () => release() };
}

const text = async (res: Response) => res.text();

/** A plain HTTP GET: fetch turns a conditional request into a reload (Cache-Control: no-cache). */
function revalidate(url: string, etag: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(url, { headers: { "If-None-Match": etag, ...headers } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    }).on("error", reject);
  });
}

describe("the catalogue cache", () => {
  it("renders a page once and answers again from memory, byte for byte", async () => {
    const shop = await start();
    const first = await fetch(`${shop.base}/page`).then(text);
    const second = await fetch(`${shop.base}/page`).then(text);
    expect(second).toBe(first);
    expect(first).toContain("render 1");
    expect(shop.renders()).toBe(1);
    expect(shop.cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const shop = await start();
    const first = await fetch(`${shop.base}/page`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(await revalidate(`${shop.base}/page`, etag)).toEqual({ status: 304, body: "" });
    expect((await revalidate(`${shop.base}/page`, 'W/"other"')).status).toBe(200);
  });

  it("sends brotli whenever it is accepted, gzip otherwise, and varies on encoding and cookie", async () => {
    const shop = await start();
    const br = await fetch(`${shop.base}/page`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(br.headers.get("vary")).toMatch(/Cookie/);
    const gzip = await fetch(`${shop.base}/page`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes both: the page is the same.
    expect(await br.text()).toBe(await gzip.text());
    expect(shop.renders()).toBe(1);
  });

  it("forgets everything when the catalogue changes", async () => {
    const shop = await start();
    await fetch(`${shop.base}/page`);
    shop.notify();
    expect(await fetch(`${shop.base}/page`).then(text)).toContain("render 2");
  });

  // Heard at once (PGlite), or after the writer's answer (PostgreSQL): then the page is finished
  // and kept before the notification comes, and the next request, asked after the change, must
  // not get it.
  it.each(["notify", "commit"] as const)("does not answer with a page whose rendering began before a change (%s)", async (change) => {
    const shop = await start();
    const inFlight = fetch(`${shop.base}/slow`).then(text);
    await expect.poll(() => shop.renders()).toBe(1);
    shop[change]();
    shop.release();
    expect(await inFlight).toContain("render 1");
    const next = fetch(`${shop.base}/slow`).then(text);
    await expect.poll(() => shop.renders()).toBe(2);
    shop.release();
    expect(await next).toContain("render 2");
  });

  it("never answers with a catalogue older than a change committed before the request, whose notification is on its way", async () => {
    const shop = await start();
    expect(await fetch(`${shop.base}/page`).then(text)).toContain("render 1");
    for (let change = 1; change <= 20; change++) {
      shop.commit();
      expect(await fetch(`${shop.base}/page`).then(text)).toContain(`render ${change + 1}`);
      // With no change since, the page comes from memory.
      expect(await fetch(`${shop.base}/page`).then(text)).toContain(`render ${change + 1}`);
    }
    expect(shop.renders()).toBe(21);
  });

  it("renders once for many simultaneous first visitors", async () => {
    const shop = await start();
    const visitors = Array.from({ length: 5 }, () => fetch(`${shop.base}/slow`).then(text));
    await expect.poll(() => shop.renders()).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    shop.release();
    const pages = await Promise.all(visitors);
    expect(new Set(pages).size).toBe(1);
    expect(shop.renders()).toBe(1);
  });

  it("never keeps answers that set a cookie, are private or are not 200", async () => {
    const shop = await start();
    for (const path of ["/cookie", "/private", "/missing"]) {
      await fetch(`${shop.base}${path}`);
      await fetch(`${shop.base}${path}`);
    }
    expect(shop.renders()).toBe(6);
    expect(shop.cache.stats().entries).toBe(0);
  });

  it("serves nothing from memory while notifications may be missed", async () => {
    const shop = await start();
    await fetch(`${shop.base}/page`);
    shop.gap(false);
    await fetch(`${shop.base}/page`);
    await fetch(`${shop.base}/page`);
    expect(shop.renders()).toBe(3);
    shop.gap(true);
    await fetch(`${shop.base}/page`);
    await fetch(`${shop.base}/page`);
    expect(shop.renders()).toBe(4);
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const shop = await start({ maxEntries: 2 });
    await fetch(`${shop.base}/page?a`);
    await fetch(`${shop.base}/page?b`);
    await fetch(`${shop.base}/page?a`); // a is now the most recent
    await fetch(`${shop.base}/page?c`); // b goes
    expect(shop.cache.stats().entries).toBe(2);
    const before = shop.renders();
    await fetch(`${shop.base}/page?a`);
    expect(shop.renders()).toBe(before);
    await fetch(`${shop.base}/page?b`);
    expect(shop.renders()).toBe(before + 1);
  });
});

describe("signed-in customers' pages (templates)", () => {
  const PLACEHOLDERS = { welcome: "QzWelcomeQz", cartCount: "8123456789012345" };
  /** Stand-ins for sessions: the `x-customer` header names one. */
  const CUSTOMERS: Record<string, { welcome: string; cartCount: number }> = {
    ada: { welcome: "Welcome Adaeze", cartCount: 2 },
    bola: { welcome: `Welcome <&'"Bo`, cartCount: 0 },
  };

  async function startSignedIn() {
    const feed = changeFeed();
    const cache = await createCatalogCache(feed.handle, {
      isCacheable: (req) => !req.headers["x-customer"],
      signedIn: {
        applies: (req) => req.headers["x-customer"] !== undefined,
        values: async (req) => {
          if (req.headers["x-customer"] === "database-down") throw new Error("connection refused");
          return CUSTOMERS[String(req.headers["x-customer"])] ?? null;
        },
        placeholders: PLACEHOLDERS,
      },
    });
    let renders = 0;
    let release: () => void = () => {};
    const app = express();
    app.use(compression());
    app.use(cache.middleware);
    const render = (res: express.Response) => {
      const [welcome, count] = res.locals.pageTemplate ? [PLACEHOLDERS.welcome, PLACEHOLDERS.cartCount] : ["Login", "0"];
      return `${PAGE}<a>${welcome.replace(/&/g, "&amp;")}</a><span>${count}</span> render ${++renders}</body></html>`;
    };
    app.get("/page", (_req, res) => void res.type("html").send(render(res)));
    app.get("/slow", async (_req, res) => {
      await new Promise<void>((resolve) => (release = resolve));
      res.type("html").send(render(res));
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const as = (customer: string | undefined, path = "/page", headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers: { ...(customer ? { "x-customer": customer } : {}), ...headers } });
    return { ...feed, cache, as, base, renders: () => renders, release: () => release() };
  }

  const escaped = (welcome: string) =>
    welcome.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

  it("renders the page once for every customer, and gives each their own values, privately", async () => {
    const shop = await startSignedIn();
    for (const name of ["ada", "bola", "ada", "bola"]) {
      const reply = await shop.as(name, "/page", { "Accept-Encoding": "gzip" });
      expect(reply.headers.get("content-encoding")).toBe("gzip");
      expect(reply.headers.get("cache-control")).toBe("private, no-cache");
      expect(reply.headers.get("vary")).toMatch(/Cookie/);
      const html = await reply.text();
      expect(html).toContain(`<a>${escaped(CUSTOMERS[name].welcome)}</a><span>${CUSTOMERS[name].cartCount}</span> render 1`);
      expect(html).not.toMatch(/Qz|8123456789012345/);
    }
    // Without gzip: the same page, not encoded.
    const plain = await shop.as("ada", "/page", { "Accept-Encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("<a>Welcome Adaeze</a><span>2</span>");
    expect(shop.renders()).toBe(1);
    // Visitors keep their own shared page, which never held a placeholder.
    const visitor = await shop.as(undefined).then(text);
    expect(visitor).toContain("<a>Login</a><span>0</span> render 2");
    expect(shop.renders()).toBe(2);
  });

  it("answers a customer's If-None-Match with 304 only for the same values", async () => {
    const shop = await startSignedIn();
    const etag = (await shop.as("ada")).headers.get("etag")!;
    const bolaEtag = (await shop.as("bola")).headers.get("etag")!;
    expect(etag).not.toBe(bolaEtag);
    expect(await revalidate(`${shop.base}/page`, etag, { "x-customer": "ada" })).toEqual({ status: 304, body: "" });
    expect((await revalidate(`${shop.base}/page`, etag, { "x-customer": "bola" })).status).toBe(200);
  });

  it("makes one template for customers arriving together, each answered with their own values", async () => {
    const shop = await startSignedIn();
    const replies = Array.from({ length: 10 }, (_, i) => shop.as(i % 2 ? "bola" : "ada", "/slow").then(text));
    await new Promise((r) => setTimeout(r, 100));
    shop.release();
    const pages = await Promise.all(replies);
    pages.forEach((html, i) => expect(html).toContain(`<a>${escaped(CUSTOMERS[i % 2 ? "bola" : "ada"].welcome)}</a>`));
    expect(shop.renders()).toBe(1);
  });

  it("renders the template again after a catalogue change, and gives a dead session the visitors' page", async () => {
    const shop = await startSignedIn();
    await shop.as("ada");
    shop.notify();
    expect(await shop.as("ada").then(text)).toContain("render 2");
    // A change whose notification is still on its way.
    shop.commit();
    expect(await shop.as("bola").then(text)).toContain("render 3");
    const dead = await shop.as("nobody");
    expect(dead.headers.get("cache-control")).toBe("no-cache");
    expect(await dead.text()).toContain("<a>Login</a><span>0</span>");
  });

  it("leaves the page to its own rendering (and error page) when the session cannot be read", async () => {
    const shop = await startSignedIn();
    const before = shop.renders();
    const reply = await shop.as("database-down");
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain(`render ${before + 1}`);
    expect(shop.cache.stats().entries).toBe(0);
  });
});

describe("values remembered until the catalogue changes", () => {
  it("computes once, again after a change, and every time while changes may be missed", async () => {
    const feed = changeFeed();
    const cache = await createCatalogCache(feed.handle, { isCacheable: () => true });
    let computed = 0;
    const categories = async () => [`Eco Foam ${++computed}`];
    expect(await Promise.all([cache.remember("categories", categories), cache.remember("categories", categories)])).toEqual([
      ["Eco Foam 1"],
      ["Eco Foam 1"],
    ]);
    expect(await cache.remember("categories", categories)).toEqual(["Eco Foam 1"]);
    feed.notify();
    expect(await cache.remember("categories", categories)).toEqual(["Eco Foam 2"]);
    // A change whose notification is still on its way.
    feed.commit();
    expect(await cache.remember("categories", categories)).toEqual(["Eco Foam 3"]);
    feed.gap(false);
    await cache.remember("categories", categories);
    await cache.remember("categories", categories);
    expect(computed).toBe(5);
    feed.gap(true);
    await cache.remember("categories", categories);
    await cache.remember("categories", categories);
    expect(computed).toBe(6);
  });

  it("keeps neither a failure nor a value computed while the catalogue changed", async () => {
    const feed = changeFeed();
    const cache = await createCatalogCache(feed.handle, { isCacheable: () => true });
    await expect(cache.remember("k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.remember("k", async () => "after")).toBe("after");

    let finish: ((value: string) => void) | undefined;
    const slow = cache.remember("slow", () => new Promise<string>((resolve) => (finish = resolve)));
    await expect.poll(() => finish).toBeDefined();
    feed.notify();
    finish!("before the change");
    expect(await slow).toBe("before the change");
    expect(await cache.remember("slow", async () => "after the change")).toBe("after the change");
  });
});

describe("isCatalogRequest", () => {
  const request = (url: string, cookie?: string) =>
    ({ path: url.split("?")[0], originalUrl: url, headers: { cookie } }) as unknown as express.Request;

  it("takes the public product calls, whoever asks", () => {
    expect(isCatalogRequest(request("/api/get_product_by_id.php"))).toBe(true);
    expect(isCatalogRequest(request("/api/get_products_by_name.php", "shop_session=abc"))).toBe(true);
    expect(isCatalogRequest(request("/api/api4users/get_user_cart.php"))).toBe(false);
  });

  it("takes storefront pages and their navigation data for everyone but signed-in customers", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/productlistpage/Eco%20Foam",
      "/productdetail/18",
      "/productdetail2/1.data",
      "/searchresultpage",
      "/aboutus",
      "/sitemap.xml",
    ]) {
      expect(isCatalogRequest(request(path)), path).toBe(true);
      expect(isCatalogRequest(request(path, "theme=dark")), path).toBe(true);
    }
    expect(isCatalogRequest(request("/", "theme=dark; shop_session=abc"))).toBe(false);
    expect(isCatalogRequest(request("/productdetail/18.data", "shop_session=abc"))).toBe(false);
    // The root's loader reads only the customer's session: an admin sees the visitors' pages.
    expect(isCatalogRequest(request("/productdetail/18", "shop_admin_session=abc"))).toBe(true);
  });

  it("takes a signed-in customer's navigation data when it leaves out the root's (the header's) data", () => {
    const customer = "shop_session=abc";
    expect(isCatalogRequest(request("/productdetail/18.data?_routes=routes%2Fproductdetail.%24productId", customer))).toBe(true);
    expect(isCatalogRequest(request("/_root.data?_routes=routes%2Fhome", customer))).toBe(true);
    expect(isCatalogRequest(request("/productdetail/18.data?_routes=root%2Croutes%2Fproductdetail.%24productId", customer))).toBe(false);
    expect(isCatalogRequest(request("/productdetail/18.data?_routes=root", customer))).toBe(false);
    // An empty list loads every route, the root's too.
    expect(isCatalogRequest(request("/productdetail/18.data?_routes=", customer))).toBe(false);
    expect(isCatalogRequest(request("/productdetail/18.data?_routes=&_routes=routes%2Fhome", customer))).toBe(false);
    // Not a data request, or not a catalogue page: never.
    expect(isCatalogRequest(request("/productdetail/18?_routes=routes%2Fproductdetail.%24productId", customer))).toBe(false);
    expect(isCatalogRequest(request("/cartpage.data?_routes=routes%2Fcartpage", customer))).toBe(false);
  });

  it("sends a signed-in customer's catalogue pages, and only those, to their template", () => {
    const customer = "theme=dark; shop_session=abc";
    for (const path of ["/", "/productdetail/18", "/productlistpage/Eco%20Foam", "/searchresultpage?searchTerm=pillow", "/aboutus"]) {
      expect(isSignedInCatalogPage(request(path, customer)), path).toBe(true);
      expect(isSignedInCatalogPage(request(path)), path).toBe(false);
      expect(isSignedInCatalogPage(request(path, "shop_admin_session=abc")), path).toBe(false);
    }
    for (const path of ["/_root.data", "/productdetail/18.data", "/cartpage", "/userdashboard", "/api/get_product_by_id.php"]) {
      expect(isSignedInCatalogPage(request(path, customer)), path).toBe(false);
    }
  });

  it("never takes pages that belong to someone", () => {
    for (const path of [
      "/cartpage",
      "/userdashboard",
      "/admin",
      "/ordersummarypage",
      "/deliverydetailpage",
      "/trackorder",
      "/contactus",
      "/userlogin",
      "/dev/mailbox",
    ]) {
      expect(isCatalogRequest(request(path)), path).toBe(false);
    }
  });
});

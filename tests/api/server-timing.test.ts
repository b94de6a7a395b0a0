import { beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "~/server/cart/cart";
import { quickCustomer } from "../support/shop";
import { usePageServer, useTestDatabase } from "../support/use-shop";

// Issue 17's breakdown: with SERVER_TIMING=on each answer says how long its phases took and how
// many SQL statements it sent; without it (the default) nothing of the server's insides is said.

const handle = useTestDatabase();
const timedShop = usePageServer(handle, { env: { SERVER_TIMING: "on" } });
const plainShop = usePageServer(handle);
let cookie: string;

beforeAll(async () => {
  const customer = await quickCustomer(handle.db, "timing");
  expect((await addToCart(handle.db, customer.id, { productId: 18 })).ok).toBe(true);
  cookie = await timedShop.cookieFor("customer", customer.token);
});

/** The header's metrics by name: duration in ms, or the description. */
function metrics(header: string | null): Record<string, string> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!.split(", ").map((metric) => {
      const [name, value] = metric.split(";");
      return [name, value.replace(/^dur=|^desc="|"$/g, "")];
    }),
  );
}

describe("Server-Timing", () => {
  it("breaks a signed-in page down into session, root loader, page loader and render, and counts its statements", async () => {
    const res = await fetch(`${timedShop.baseUrl}/cartpage`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Welcome Bulk B");
    const m = metrics(res.headers.get("server-timing"));
    for (const phase of ["session", "root", "route", "render", "app"]) expect(Number(m[phase]), phase).toBeGreaterThan(0);
    // The loaders run inside the answer, the session inside the root's loader.
    expect(Number(m.app)).toBeGreaterThanOrEqual(Number(m.render));
    expect(Number(m.root)).toBeGreaterThanOrEqual(Number(m.session));
    // Categories and the ways to pay (both kept in memory in production, not in this development
    // server), the session with the cart's count (shared by both loaders), the cart's lines, and
    // its promotion code with the promotions in play (none here, so no use is counted).
    expect(m.sql).toBe("5");
  });

  it("times client-navigation data too, which has no render", async () => {
    const res = await fetch(`${timedShop.baseUrl}/cartpage.data`, { headers: { cookie } });
    const m = metrics(res.headers.get("server-timing"));
    expect(m.render).toBeUndefined();
    // The session was looked up a moment ago: on the embedded database it now comes from memory
    // (decision 0030), so only the categories, the ways to pay, the cart's lines and its promotions are asked for.
    expect(m.sql).toBe(handle.engine === "pglite" ? "4" : "5");
  });

  it("is off unless asked for", async () => {
    const res = await fetch(`${plainShop.baseUrl}/cartpage`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toBeNull();
  });
});

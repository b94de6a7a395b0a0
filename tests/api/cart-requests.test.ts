import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { cartRequests } from "~/server/db/schema";
import { purgeExpired } from "~/server/housekeeping";
import { cartRows, plainProductIds, quickCustomer, setStock, type Shopper } from "../support/shop";
import { usePageShop } from "../support/use-shop";

// Issue 30 (decision 0065): a cart change carries an id from the page, and counts once however
// often it is sent: a phone that lost the answer sends it again, a change kept offline is sent when
// the connection returns, a double send arrives twice. Over HTTP, through the cart's own form
// (POST /cartpage), on the engine of this run (on PostgreSQL the twenty sends really overlap).

const { handle, shop } = usePageShop();
let products: number[];
beforeAll(async () => {
  products = (await plainProductIds(handle.db)).slice(0, 3);
  for (const id of products) await setStock(handle.db, id, 50);
});

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

async function post(who: Shopper, fields: Record<string, string>) {
  const cookie = await shop.cookieFor("customer", who.token);
  const res = await fetch(`${shop.baseUrl}/cartpage`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

const quantities = async (who: Shopper) => (await cartRows(handle.db, who.id)).map((row) => row.quantity);

it("counts an add sent again with its id once, and one without an id each time", async () => {
  const who = await quickCustomer(handle.db, "requests-once");
  const add = { intent: "add", productId: String(products[0]), size: "", requestId: "9b2c7e1a-5f0d-4c3e-8a61-2d4f5b6c7d8e" };
  for (let i = 0; i < 3; i++) expect((await post(who, add)).status).toBe(200);
  expect(await quantities(who)).toEqual([1]);
  // A new id is a new press.
  expect((await post(who, { ...add, requestId: "0f1e2d3c-4b5a-4968-8776-655443322110" })).status).toBe(200);
  expect(await quantities(who)).toEqual([2]);
  // The same id is the customer's own: another customer's press with it is theirs.
  const other = await quickCustomer(handle.db, "requests-other");
  expect((await post(other, add)).status).toBe(200);
  expect(await quantities(other)).toEqual([1]);
  // The form without an id (a page from before this release): every send counts.
  await post(who, { intent: "increase", productId: String(products[0]), size: "" });
  await post(who, { intent: "increase", productId: String(products[0]), size: "" });
  expect(await quantities(who)).toEqual([4]);
});

it("twenty sends of one change at once add one unit; five different changes at once add five", async () => {
  const who = await quickCustomer(handle.db, "requests-twenty");
  const add = { intent: "add", productId: String(products[1]), size: "", requestId: "11111111-2222-4333-8444-555555555555" };
  const answers = await Promise.all(Array.from({ length: 20 }, () => post(who, add)));
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(await quantities(who)).toEqual([1]);
  const more = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      post(who, { ...add, intent: "increase", requestId: `22222222-3333-4444-8555-${String(i).padStart(12, "0")}` }),
    ),
  );
  expect(more.every((a) => a.status === 200)).toBe(true);
  expect(await quantities(who)).toEqual([6]);
});

it("a refused change keeps no id: sent again once it can be made, it is made", async () => {
  const who = await quickCustomer(handle.db, "requests-refused");
  await setStock(handle.db, products[2], 0);
  const add = { intent: "add", productId: String(products[2]), size: "", requestId: "33333333-4444-4555-8666-777777777777" };
  expect((await post(who, add)).text).toContain("is out of stock");
  expect(await handle.db.select().from(cartRequests).where(eq(cartRequests.accountId, who.id))).toEqual([]);
  await setStock(handle.db, products[2], 5);
  await post(who, add);
  await post(who, add);
  expect(await quantities(who)).toEqual([1]);
});

it("refuses an id that is not one, changes nothing, and forgets ids after a week", async () => {
  const who = await quickCustomer(handle.db, "requests-bad");
  for (const requestId of ["x", "a".repeat(65), "<script>", "a b c d e f g h", "x".repeat(100_000)]) {
    const answer = await post(who, { intent: "add", productId: String(products[0]), size: "", requestId });
    expect(answer.status, requestId.slice(0, 20)).toBe(400);
  }
  expect(await quantities(who)).toEqual([]);
  await post(who, { intent: "add", productId: String(products[0]), size: "", requestId: "44444444-5555-4666-8777-888888888888" });
  const weekLater = new Date(Date.now() + 8 * 24 * 60 * 60_000);
  expect((await purgeExpired(handle.db, weekLater)).cartRequests).toBeGreaterThanOrEqual(1);
  expect(await handle.db.select().from(cartRequests).where(eq(cartRequests.accountId, who.id))).toEqual([]);
});

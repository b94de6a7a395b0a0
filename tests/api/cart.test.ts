import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { products } from "~/server/db/schema";
import { cartRows, firstImageOf, loggedIn, setStock, shopClient, variantOf, type Shopper } from "../support/shop";
import { useApiShop } from "../support/use-shop";

// The server cart calls of requirements §7 (api4users/add_to_cart, get_user_cart, increase_quantity,
// decrease_quantity, delete_cart_items) over HTTP, on the engine of this run. The catalogue
// decides names and prices; only the signed-in customer's own cart can be read or changed.

const { handle, api } = useApiShop();
const shop = shopClient(api);

it("runs on the engine this run asked for", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
});

const ADD = "/api/api4users/add_to_cart.php";
const INCREASE = "/api/api4users/increase_quantity.php";
const DECREASE = "/api/api4users/decrease_quantity.php";
const CLEAR = "/api/api4users/delete_cart_items.php";
const cartPath = (userId: number) => `/api/api4users/get_user_cart.php?user_id=${userId}`;

/** The failure body of every contract call: the text as both `error` and `message`. */
const failure = (text: string) => ({ success: false, error: text, message: text });

const customer = (tag: string) => loggedIn(handle.db, api.baseUrl, "customer", tag);

/** What the standard detail page sends (requirements §7): name, size '0', price and image from the page. */
function addBody(who: Shopper, productId: number, extra: Record<string, unknown> = {}) {
  return { user_id: who.id, product_id: productId, product_name: "Whatever the page said", size: "0", price: 1, image: "x.jpg", ...extra };
}

async function addOk(who: Shopper, productId: number, size = "0") {
  const res = await shop.post(ADD, addBody(who, productId, { size }), who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

async function cartOf(who: Shopper) {
  const res = await shop.get(cartPath(who.id), who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart_items as any[];
}

// ------------------------------------------------------------------ who may use a cart

describe("cart calls and the session", () => {
  it("answers 401 to every cart call without a token, and changes nothing", async () => {
    const owner = await customer("cart-401");
    const calls = [
      shop.post(ADD, addBody(owner, 24)),
      shop.get(cartPath(owner.id)),
      shop.post(INCREASE, { user_id: owner.id, product_id: 24, size: null }),
      shop.post(DECREASE, { user_id: owner.id, product_id: 24, size: null }),
      shop.post(CLEAR, { user_id: owner.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(failure(messages.signInRequired));
    }
    expect(await cartRows(handle.db, owner.id)).toEqual([]);
  });

  it("answers 403 to every cart call naming another customer's user_id, and leaves both carts alone", async () => {
    const owner = await customer("cart-owner");
    const intruder = await customer("cart-intruder");
    await addOk(owner, 24);
    const before = await cartRows(handle.db, owner.id);
    expect(before).toHaveLength(1);

    const calls = [
      () => shop.post(ADD, addBody(owner, 24), intruder.token),
      () => shop.post(ADD, addBody(owner, 27), intruder.token),
      () => shop.get(cartPath(owner.id), intruder.token),
      () => shop.post(INCREASE, { user_id: owner.id, product_id: 24, size: null }, intruder.token),
      () => shop.post(DECREASE, { user_id: owner.id, product_id: 24, size: null }, intruder.token),
      () => shop.post(CLEAR, { user_id: owner.id }, intruder.token),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(failure(messages.notYourAccount));
    }
    expect(await cartRows(handle.db, owner.id)).toEqual(before);
    expect(await cartRows(handle.db, intruder.id)).toEqual([]);
  });

  it("answers 403 to an admin token: admins have no cart", async () => {
    const admin = await loggedIn(handle.db, api.baseUrl, "admin", "cart-admin");
    const calls = [
      shop.post(ADD, addBody(admin, 24), admin.token),
      shop.get(cartPath(admin.id), admin.token),
      shop.post(INCREASE, { user_id: admin.id, product_id: 24 }, admin.token),
      shop.post(DECREASE, { user_id: admin.id, product_id: 24 }, admin.token),
      shop.post(CLEAR, { user_id: admin.id }, admin.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(failure(messages.signInRequired));
    }
    expect(await cartRows(handle.db, admin.id)).toEqual([]);
  });
});

// ------------------------------------------------------------------ adding

describe("POST /api/api4users/add_to_cart.php", () => {
  it("ignores the client's price and name: the line carries the catalogue's", async () => {
    const who = await customer("cart-tamper");
    const variant = await variantOf(handle.db, 24);
    const res = await shop.post(ADD, addBody(who, 24, { price: 1, product_name: "Free mattress", image: "evil.png" }), who.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: messages.addedToCart, quantity: 1 });

    const lines = await cartOf(who);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      product_id: 24,
      product_name: variant.productName,
      size: "0",
      price: variant.priceKobo / 100,
      quantity: 1,
      subtotal: variant.priceKobo / 100,
    });
    expect(lines[0].price).not.toBe(1);
    expect(lines[0].image).toBe(await firstImageOf(handle.db, 24));
    const body = (await shop.get(cartPath(who.id), who.token)).body;
    expect(body.total).toBe(variant.priceKobo / 100);
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 1 }]);
  });

  it("raises the quantity of the same product and size instead of adding a second line", async () => {
    const who = await customer("cart-twice");
    const variant = await variantOf(handle.db, 27);
    await addOk(who, 27);
    const second = await addOk(who, 27);
    expect(second.body.quantity).toBe(2);

    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 2 }]);
    const [line] = await cartOf(who);
    expect(line).toMatchObject({ quantity: 2, price: variant.priceKobo / 100, subtotal: (2 * variant.priceKobo) / 100 });
  });

  it("keeps each size of a featured product as its own line, named 'Name (size)' at that size's price", async () => {
    const who = await customer("cart-sizes");
    const big = await variantOf(handle.db, 1, "6x4.5x8");
    const small = await variantOf(handle.db, 1, "6x2.5x4");
    expect(big.priceKobo).not.toBe(small.priceKobo);
    await addOk(who, 1, "6x4.5x8");
    await addOk(who, 1, "6x2.5x4");
    await addOk(who, 1, "6x4.5x8");

    const lines = await cartOf(who);
    expect(
      lines.map((l) => ({ product_id: l.product_id, product_name: l.product_name, size: l.size, price: l.price, quantity: l.quantity })),
    ).toEqual([
      { product_id: 1, product_name: `${big.productName} (6x4.5x8)`, size: "6x4.5x8", price: big.priceKobo / 100, quantity: 2 },
      { product_id: 1, product_name: `${small.productName} (6x2.5x4)`, size: "6x2.5x4", price: small.priceKobo / 100, quantity: 1 },
    ]);

    // The quantity calls find the line by its size.
    const plus = await shop.post(INCREASE, { user_id: who.id, product_id: 1, size: "6x2.5x4" }, who.token);
    expect(plus.status).toBe(200);
    expect(await cartRows(handle.db, who.id)).toEqual([
      { variantId: big.id, quantity: 2 },
      { variantId: small.id, quantity: 2 },
    ]);
  });

  it("accepts size '0' (and no size) for a plain product", async () => {
    const who = await customer("cart-size0");
    const variant = await variantOf(handle.db, 36);
    await addOk(who, 36, "0");
    const noSize = await shop.post(ADD, { user_id: who.id, product_id: "36" }, who.token);
    expect(noSize.status).toBe(200);
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 2 }]);
    const [line] = await cartOf(who);
    expect(line).toMatchObject({ product_name: variant.productName, size: "0", quantity: 2 });
  });

  it("answers 404 for a size the product does not offer", async () => {
    const who = await customer("cart-badsize");
    for (const [productId, size] of [
      [1, "9x9x9"],
      [36, "6x4.5x8"],
    ] as const) {
      const res = await shop.post(ADD, addBody(who, productId, { size }), who.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(failure(messages.sizeNotOffered));
    }
    expect(await cartRows(handle.db, who.id)).toEqual([]);
  });

  it("answers 404 for an archived or unknown product", async () => {
    const who = await customer("cart-gone");
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 40));
    try {
      for (const productId of [40, 987654]) {
        const res = await shop.post(ADD, addBody(who, productId), who.token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(failure(messages.productUnavailable));
      }
      expect(await cartRows(handle.db, who.id)).toEqual([]);
    } finally {
      await handle.db.update(products).set({ archivedAt: null }).where(eq(products.id, 40));
    }
    await addOk(who, 40); // the same product, back on sale
  });
});

// ------------------------------------------------------------------ stock

describe("the cart never holds more than the stock", () => {
  it("refuses a third unit when only two are in stock (409)", async () => {
    const who = await customer("cart-stock2");
    await setStock(handle.db, 41, 2);
    const variant = await variantOf(handle.db, 41);
    await addOk(who, 41);
    await addOk(who, 41);
    const third = await shop.post(ADD, addBody(who, 41), who.token);
    expect(third.status).toBe(409);
    expect(third.body).toEqual(failure(messages.stockLimit(variant.productName, 2)));
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 2 }]);
  });

  it("refuses a product that is out of stock (409)", async () => {
    const who = await customer("cart-stock0");
    await setStock(handle.db, 25, 0);
    const variant = await variantOf(handle.db, 25);
    const res = await shop.post(ADD, addBody(who, 25), who.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(failure(messages.outOfStock(variant.productName)));
    expect(await cartRows(handle.db, who.id)).toEqual([]);
  });

  it("refuses to increase past the stock (409)", async () => {
    const who = await customer("cart-stock-plus");
    await setStock(handle.db, 42, 1);
    const variant = await variantOf(handle.db, 42);
    await addOk(who, 42);
    const res = await shop.post(INCREASE, { user_id: who.id, product_id: 42, size: null }, who.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(failure(messages.stockLimit(variant.productName, 1)));
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 1 }]);
  });
});

// ------------------------------------------------------------------ a fair share (issue 15)

describe("one order holds at most the product's per-order limit of a size", () => {
  it("is 10 unless the admin says otherwise, and then refuses the next unit with the limit (409)", async () => {
    const who = await customer("cart-limit");
    await setStock(handle.db, 43, 50);
    const variant = await variantOf(handle.db, 43);
    const [product] = await handle.db.select({ maxPerOrder: products.maxPerOrder }).from(products).where(eq(products.id, 43));
    expect(product.maxPerOrder).toBe(10);
    await handle.db.update(products).set({ maxPerOrder: 3 }).where(eq(products.id, 43));
    for (let i = 0; i < 3; i++) await addOk(who, 43);
    const fourth = await shop.post(ADD, addBody(who, 43), who.token);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual(failure(messages.orderLimit(variant.productName, 3)));
    const more = await shop.post(INCREASE, { user_id: who.id, product_id: 43, size: null }, who.token);
    expect(more.status).toBe(409);
    expect(more.body).toEqual(failure(messages.orderLimit(variant.productName, 3)));
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 3 }]);
    expect((await cartOf(who))[0]).toMatchObject({ quantity: 3 });
  });
});

// ------------------------------------------------------------------ concurrency (issue 15)

describe("presses that arrive together all count (PGlite and PostgreSQL)", () => {
  const TIMES = 20;
  const together = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: TIMES }, make));

  it(`${TIMES} adds at once raise the line by exactly ${TIMES}`, async () => {
    const who = await customer("cart-race-add");
    await setStock(handle.db, 44, 100);
    await handle.db.update(products).set({ maxPerOrder: 100 }).where(eq(products.id, 44));
    const variant = await variantOf(handle.db, 44);
    const replies = await together(() => shop.post(ADD, addBody(who, 44), who.token));
    expect(replies.map((r) => r.status)).toEqual(Array(TIMES).fill(200));
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: TIMES }]);
  });

  it(`${TIMES} increases and then ${TIMES} decreases at once move the quantity by exactly ${TIMES} each way`, async () => {
    const who = await customer("cart-race-plus");
    await setStock(handle.db, 45, 100);
    await handle.db.update(products).set({ maxPerOrder: 100 }).where(eq(products.id, 45));
    const variant = await variantOf(handle.db, 45);
    for (let i = 0; i < 3; i++) await addOk(who, 45);
    const line = { user_id: who.id, product_id: 45, size: null };
    const up = await together(() => shop.post(INCREASE, line, who.token));
    expect(up.map((r) => r.status)).toEqual(Array(TIMES).fill(200));
    expect(up.map((r) => Number(r.body.message)).sort((a, b) => a - b)).toEqual(Array.from({ length: TIMES }, (_, i) => 4 + i));
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 3 + TIMES }]);
    const down = await together(() => shop.post(DECREASE, line, who.token));
    expect(down.map((r) => r.status)).toEqual(Array(TIMES).fill(200));
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 3 }]);
  });

  it("adds at once never take a line past the stock: exactly the stock is in the cart, the rest are refused", async () => {
    const who = await customer("cart-race-stock");
    await setStock(handle.db, 46, 7);
    await handle.db.update(products).set({ maxPerOrder: 100 }).where(eq(products.id, 46));
    const variant = await variantOf(handle.db, 46);
    const replies = await together(() => shop.post(ADD, addBody(who, 46), who.token));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(7);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(TIMES - 7);
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 7 }]);
  });

  it("decreases at once from 2 remove the line once and answer the rest 'not in the cart'", async () => {
    const who = await customer("cart-race-minus");
    await setStock(handle.db, 47, 10);
    await addOk(who, 47);
    await addOk(who, 47);
    const replies = await together(() => shop.post(DECREASE, { user_id: who.id, product_id: 47, size: null }, who.token));
    expect(
      replies
        .filter((r) => r.status === 200)
        .map((r) => r.body.message)
        .sort(),
    ).toEqual(["0", "1"]);
    expect(replies.filter((r) => r.status === 404)).toHaveLength(TIMES - 2);
    expect(await cartRows(handle.db, who.id)).toEqual([]);
  });
});

// ------------------------------------------------------------------ quantities

describe("increase_quantity.php and decrease_quantity.php", () => {
  it("increase replies the new quantity as the message", async () => {
    const who = await customer("cart-plus");
    const variant = await variantOf(handle.db, 43);
    await addOk(who, 43);
    const res = await shop.post(INCREASE, { user_id: who.id, product_id: 43, size: null }, who.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "2", quantity: 2 });
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 2 }]);
  });

  it("decrease to zero removes the line and replies message '0'", async () => {
    const who = await customer("cart-minus");
    const variant = await variantOf(handle.db, 44);
    await addOk(who, 44);
    await addOk(who, 44);
    const one = await shop.post(DECREASE, { user_id: who.id, product_id: 44, size: null }, who.token);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: true, message: "1", quantity: 1 });
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: variant.id, quantity: 1 }]);

    const zero = await shop.post(DECREASE, { user_id: who.id, product_id: 44, size: "0" }, who.token);
    expect(zero.status).toBe(200);
    expect(zero.body).toEqual({ success: true, message: "0", quantity: 0 });
    expect(await cartRows(handle.db, who.id)).toEqual([]);
    expect(await cartOf(who)).toEqual([]);
  });

  it("answers 404 to a decrease or increase of a line that is not in the cart", async () => {
    const who = await customer("cart-absent");
    await addOk(who, 45);
    for (const path of [DECREASE, INCREASE]) {
      const res = await shop.post(path, { user_id: who.id, product_id: 46, size: null }, who.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(failure(messages.notInCart));
    }
    expect(await cartRows(handle.db, who.id)).toEqual([{ variantId: (await variantOf(handle.db, 45)).id, quantity: 1 }]);
  });
});

// ------------------------------------------------------------------ clearing

describe("POST /api/api4users/delete_cart_items.php", () => {
  it("empties the caller's cart and no other", async () => {
    const caller = await customer("cart-clear");
    const neighbour = await customer("cart-neighbour");
    await addOk(caller, 47);
    await addOk(caller, 48);
    await addOk(neighbour, 47);
    const neighbourBefore = await cartRows(handle.db, neighbour.id);

    const res = await shop.post(CLEAR, { user_id: caller.id }, caller.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await cartRows(handle.db, caller.id)).toEqual([]);
    expect(await cartOf(caller)).toEqual([]);
    expect(await cartRows(handle.db, neighbour.id)).toEqual(neighbourBefore);
    expect(neighbourBefore).toHaveLength(1);
  });
});

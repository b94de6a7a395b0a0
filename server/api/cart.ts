import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { messages } from "~/common/messages";
import { koboToNaira } from "~/common/money";
import { lineName } from "~/common/featured";
import { hasNul } from "~/common/text";
import { addToCart, changeQuantity, clearCart, getCart, readCart, type CartChange, type CartLine } from "../cart/cart";
import { applyCode, cartPricing, currentPromotionRules, PROMO_CODE_INPUT_MAX, removeCode } from "../promotions/promotions";
import type { RememberCatalog } from "../catalog/catalog-cache";
import type { SignedInAccount } from "../accounts/sessions";
import type { Database } from "../db/client";
import { requireSession } from "./accounts";
import type { Config } from "../config";
import { contractId, contractUserId, fail, parse, toContractDiscount } from "./contract";

// The cart calls of requirements §7 (api4users/*). The signed-in customer is the only one whose cart
// can be read or changed; the body's product_name, price and image are ignored: the catalogue
// decides them. The cart's promotion code (requirements §13.8) is the shop's own: read with the
// cart, put on and taken off as on the cart page.

/** A user id as the contract sends it: a number, or a string of digits. */
const userId = contractUserId("user_id is required.");
const productId = contractId("product_id must be a product id.");
// Worded errors (a union reports its matching option's own issue), and no NUL: it cannot be sent
// to the database (common/text.ts).
const sizeError = "size must be a size name, a number or null.";
const size = z
  .union(
    [
      z
        .string()
        .max(40, sizeError)
        .refine((s) => !hasNul(s), messages.textHasNul),
      z.number().transform(String),
      z.null(),
    ],
    {
      error: sizeError,
    },
  )
  .optional();

const lineInput = z.object({ user_id: userId, product_id: productId, size });

/** Requirements §6: a customer acts only on their own cart and orders. Sends 403 and returns false otherwise. */
export function isOwnId(res: Response, id: number): boolean {
  const account: SignedInAccount = res.locals.account;
  if (account.id === id) return true;
  fail(res, 403, messages.notYourAccount);
  return false;
}

export function toContractCartItem(line: CartLine) {
  return {
    id: line.id,
    product_id: line.productId,
    product_name: lineName(line.productName, line.size),
    size: line.size || "0",
    price: koboToNaira(line.priceKobo),
    image: line.image,
    quantity: line.quantity,
    subtotal: koboToNaira(line.subtotalKobo),
    available_stock: line.stock,
  };
}

const CHANGE_FAILURE_STATUS = {
  "unknown-product": 404,
  "size-not-offered": 404,
  "not-in-cart": 404,
  "out-of-stock": 409,
  "order-limit": 409,
} as const;

function replyToChange(res: Response, change: CartChange, message: (quantity: number) => string) {
  if (!change.ok) return fail(res, CHANGE_FAILURE_STATUS[change.reason], change.message);
  res.json({ success: true, message: message(change.quantity), quantity: change.quantity });
}

export function cartRoutes(db: Database, config: Config, rememberCatalog?: RememberCatalog): Router {
  const router = Router();
  const customer = requireSession(db, config, "customer");
  const account = (res: Response): SignedInAccount => res.locals.account;

  router.post("/api4users/add_to_cart.php", customer, async (req, res) => {
    const input = parse(lineInput, req, res);
    if (!input || !isOwnId(res, input.user_id)) return;
    const change = await addToCart(db, account(res).id, { productId: input.product_id, size: input.size });
    replyToChange(res, change, () => messages.addedToCart);
  });

  router.get("/api4users/get_user_cart.php", customer, async (req: Request, res) => {
    const query = z.object({ user_id: userId }).safeParse(req.query);
    if (!query.success) return fail(res, 400, "user_id is required.");
    if (!isOwnId(res, query.data.user_id)) return;
    const cart = await readCart(db, account(res).id);
    const pricing = await cartPricing(db, account(res).id, cart, await currentPromotionRules(db, rememberCatalog));
    res.json({
      success: true,
      cart_items: cart.lines.map(toContractCartItem),
      // What Pay Now charges (initialize_payment.php's amount), and how it comes to it.
      subtotal: koboToNaira(pricing.subtotalKobo),
      discounts: pricing.discounts.map(toContractDiscount),
      total: koboToNaira(pricing.totalKobo),
      promotion_code: cart.promotionCode,
      // The code kept on the cart that does not hold now, in the customer's words (null: none).
      promotion_code_refused: pricing.codeRefusal?.message ?? null,
    });
  });

  const codeText = z
    .string({ error: messages.promoCodeRequired })
    .max(PROMO_CODE_INPUT_MAX, messages.promoUnknown)
    .refine((s) => s.trim() !== "", messages.promoCodeRequired)
    .refine((s) => !hasNul(s), messages.textHasNul);

  router.post("/api4users/apply_promotion_code.php", customer, async (req, res) => {
    const input = parse(z.object({ user_id: userId, code: codeText }), req, res);
    if (!input || !isOwnId(res, input.user_id)) return;
    const applied = await applyCode(db, account(res).id, input.code, await getCart(db, account(res).id));
    if (!applied.ok) return fail(res, applied.reason === "limited" ? 429 : 409, applied.message);
    res.json({ success: true, message: applied.message, promotion_code: applied.code });
  });

  router.post("/api4users/remove_promotion_code.php", customer, async (req, res) => {
    const input = parse(z.object({ user_id: userId }), req, res);
    if (!input || !isOwnId(res, input.user_id)) return;
    await removeCode(db, account(res).id);
    res.json({ success: true, message: messages.promoCodeRemoved });
  });

  // The message is the line's new quantity: '0' tells the client the line is gone (requirements §4.4).
  for (const [call, delta] of [
    ["increase_quantity", 1],
    ["decrease_quantity", -1],
  ] as const) {
    router.post(`/api4users/${call}.php`, customer, async (req, res) => {
      const input = parse(lineInput, req, res);
      if (!input || !isOwnId(res, input.user_id)) return;
      const change = await changeQuantity(db, account(res).id, { productId: input.product_id, size: input.size }, delta);
      replyToChange(res, change, String);
    });
  }

  router.post("/api4users/delete_cart_items.php", customer, async (req, res) => {
    const input = parse(z.object({ user_id: userId }), req, res);
    if (!input || !isOwnId(res, input.user_id)) return;
    await clearCart(db, account(res).id);
    res.json({ success: true, message: "Cart cleared." });
  });

  return router;
}

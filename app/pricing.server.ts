import type { AppLoadContext } from "react-router";
import type { Cart } from "~/server/cart/cart";
import { cartPricing, currentPromotionRules } from "~/server/promotions/promotions";

/** The cart's price on the cart and order summary pages, with the promotions remembered (currentPromotionRules). */
export async function pricingFor(context: AppLoadContext, accountId: number, cart: Cart) {
  return cartPricing(context.db, accountId, cart, await currentPromotionRules(context.db, context.rememberCatalog));
}

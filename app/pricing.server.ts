import type { AppLoadContext } from "react-router";
import type { Cart } from "~/server/cart/cart";
import { cartPricing, promotionRules } from "~/server/promotions/promotions";

/**
 * The cart's price on the cart and order summary pages, with the promotions kept in memory until
 * they change (the catalogue cache's remembered values; migration 0029 makes a promotion's change
 * announce itself): no statement of its own unless a capped promotion is in play (decision 0064).
 */
export async function pricingFor(context: AppLoadContext, accountId: number, cart: Cart) {
  const read = () => promotionRules(context.db);
  const rules = await (context.rememberCatalog ? context.rememberCatalog("promotions", read) : read());
  return cartPricing(context.db, accountId, cart, rules);
}

import { CRAZY_DEALS_MAX } from "./constants";

/**
 * Crazy Deals (requirements §2.6): from the whole catalogue in its listed order, the first product of each
 * distinct category, at most ten, shown in reverse order.
 */
export function selectCrazyDeals<T extends { category: string }>(products: T[], max = CRAZY_DEALS_MAX): T[] {
  const seen = new Set<string>();
  const picked: T[] = [];
  for (const product of products) {
    if (seen.has(product.category)) continue;
    seen.add(product.category);
    picked.push(product);
    if (picked.length === max) break;
  }
  return picked.reverse();
}

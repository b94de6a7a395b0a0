import { data, type AppLoadContext } from "react-router";
import { parseProductId } from "../common/ids";
import { messages } from "../common/messages";
import { addToCart, changeQuantity, removeFromCart } from "../server/cart/cart";
import type { FormResult } from "./forms";
import { currentAccount } from "./sessions.server";

// The cart forms' server side: Add to Cart on the product pages, and plus, minus and Remove on
// /cartpage. All of them post to /cartpage.

const error = (message: string) => data<FormResult>({ status: "error", message });
const done = (message: string) => data<FormResult>({ status: "done", message });

export async function cartAction(request: Request, context: AppLoadContext) {
  const account = await currentAccount(request, context, "customer");
  // Spec §5: only a signed-in customer has a cart; the page asks a visitor to log in.
  if (!account) return data<FormResult>({ status: "login" });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "remove") {
    const removed = await removeFromCart(context.db, account.id, Number(form.get("lineId")));
    return removed ? done(messages.quantityUpdated) : error(messages.notInCart);
  }
  const productId = parseProductId(String(form.get("productId") ?? ""));
  if (productId === undefined) return error(messages.productUnavailable);
  const key = { productId, size: String(form.get("size") ?? "") };
  if (intent === "add") {
    const change = await addToCart(context.db, account.id, key);
    return change.ok ? done(messages.addedToCart) : error(change.message);
  }
  if (intent === "increase" || intent === "decrease") {
    const change = await changeQuantity(context.db, account.id, key, intent === "increase" ? 1 : -1);
    return change.ok ? done(messages.quantityUpdated) : error(change.message);
  }
  return error(messages.quantityFailed);
}

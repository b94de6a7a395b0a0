import { data, type AppLoadContext } from "react-router";
import { parseProductId } from "~/common/ids";
import { messages } from "~/common/messages";
import { hasNul } from "~/common/text";
import { addToCart, cartChangeOnce, changeQuantity, getCart, isRequestId, removeFromCart } from "~/server/cart/cart";
import type { Executor } from "~/server/db/client";
import { applyCode, removeCode } from "~/server/promotions/promotions";
import type { FormResult } from "./forms";
import { formIntent } from "./intents";
import { currentAccount } from "./sessions.server";

// The cart forms' server side: Add to Cart on the product pages; plus, minus and Remove on
// /cartpage; a promotion code's Apply and Remove on the cart and the order summary. All of them
// post to /cartpage.

const error = (message: string, status = 200) => data<FormResult>({ status: "error", message }, { status });
const done = (message: string) => data<FormResult>({ status: "done", message });

/** No size name is longer (the admin's size table takes at most 40 characters). */
const SIZE_MAX = 40;

type CartForm =
  | { intent: "remove"; lineId: number; requestId: string | null }
  | { intent: "add" | "increase" | "decrease"; productId: number; size: string; requestId: string | null }
  | { intent: "code-apply"; code: string }
  | { intent: "code-remove" }
  | { problem: string };

/** What the form asks, or what is wrong with it; nothing here reaches the database. */
function readCartForm(form: FormData): CartForm {
  const intent = formIntent(form, ["add", "increase", "decrease", "remove", "code-apply", "code-remove"]);
  // A form the cart's pages do not have: refused (400), in the words the cart page shows.
  if (intent === undefined) return { problem: messages.quantityFailed };
  if (intent === "code-apply") return { intent, code: String(form.get("code") ?? "") };
  if (intent === "code-remove") return { intent };
  // The change's own id, which makes it count once however often it is sent (decision 0065).
  const given = form.get("requestId");
  if (given !== null && given !== "" && !isRequestId(given)) return { problem: messages.quantityFailed };
  const requestId = isRequestId(given) ? given : null;
  if (intent === "remove") {
    const lineId = parseProductId(String(form.get("lineId") ?? ""));
    return lineId === undefined ? { problem: messages.notInCart } : { intent, lineId, requestId };
  }
  const productId = parseProductId(String(form.get("productId") ?? ""));
  if (productId === undefined) return { problem: messages.productUnavailable };
  const size = String(form.get("size") ?? "");
  if (size.length > SIZE_MAX || hasNul(size)) return { problem: messages.sizeNotOffered };
  return { intent, productId, size, requestId };
}

export async function cartAction(request: Request, context: AppLoadContext) {
  const form = readCartForm(await request.formData());
  // A form no page of the shop sends: 400, with words the page can show.
  if ("problem" in form) return error(form.problem, 400);
  const account = await currentAccount(request, context, "customer");
  // Requirements §5.1: only a signed-in customer has a cart; the page asks a visitor to log in.
  if (!account) return data<FormResult>({ status: "login" });
  if (form.intent === "code-apply") {
    const applied = await applyCode(context.db, account.id, form.code, await getCart(context.db, account.id));
    return applied.ok ? done(applied.message) : error(applied.message);
  }
  if (form.intent === "code-remove") {
    await removeCode(context.db, account.id);
    return done(messages.promoCodeRemoved);
  }
  const { intent, requestId } = form;
  const make = async (db: Executor) => {
    if (intent === "remove") {
      const removed = await removeFromCart(db, account.id, form.lineId);
      return removed ? { ok: true as const } : { ok: false as const, message: messages.notInCart };
    }
    const key = { productId: form.productId, size: form.size };
    return intent === "add" ? addToCart(db, account.id, key) : changeQuantity(db, account.id, key, intent === "increase" ? 1 : -1);
  };
  // A change sent again with its id (repeated) is answered as made: it was.
  const change = requestId ? await cartChangeOnce(context.db, account.id, requestId, make) : await make(context.db);
  if (!change.ok) return error(change.message);
  return done(intent === "add" ? messages.addedToCart : messages.quantityUpdated);
}

import { useEffect, useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "../forms";
import { newRequestId, queueCartChange } from "../cart-queue";
import type { loader as rootLoader } from "../root";
import { CartIcon } from "./icons";
import { buttonStyles, Dialog, LoginActions, MessageDialog } from "./Dialog";

/**
 * Add to Cart (requirements §4.4): a visitor is asked to log in first; a customer's add goes to the server
 * cart through /cartpage, with 'Adding to cart...' while it travels and 'Success' when it lands.
 * The header's count follows, because every submission revalidates the root loader.
 */
export function AddToCart({ productId, size, disabled = false }: { productId: number; size: string; disabled?: boolean }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const fetcher = useFetcher<FormResult>();
  const [shown, setShown] = useState<FormResult | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setShown(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const add = () => {
    if (!root?.welcome) return setShown({ status: "login" });
    // Its own id: sent again (a lost answer, or kept offline and sent later), it counts once.
    const change = { intent: "add", productId: String(productId), size, requestId: newRequestId() };
    // Known to be offline: kept at once (the cart's route may not even be known to the page yet);
    // the page's CartQueue says so.
    if (!navigator.onLine) return queueCartChange(change);
    void fetcher.submit(change, { method: "post", action: "/cartpage" });
  };
  const close = () => setShown(null);

  return (
    <>
      <button type="button" className={`${buttonStyles.accent} w-full sm:w-auto`} disabled={disabled || busy} onClick={add}>
        {busy ? (
          <>
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-900 border-t-transparent" aria-hidden="true" />
            <span role="status">{messages.addingToCart}</span>
          </>
        ) : (
          <>
            <CartIcon className="h-5 w-5" /> {disabled ? "Out of stock" : "Add to Cart"}
          </>
        )}
      </button>
      <Dialog open={shown?.status === "login"} title={messages.loginToProceed} onClose={close} actions={<LoginActions onCancel={close} />}>
        Sign in to your account to add items to your cart.
      </Dialog>
      <Dialog
        open={shown?.status === "done"}
        title={messages.addedToCartTitle}
        tone="success"
        onClose={close}
        actions={
          <>
            <Link to="/cartpage" className={buttonStyles.primary}>
              View cart
            </Link>
            <button type="button" className={buttonStyles.secondary} onClick={close}>
              Continue shopping
            </button>
          </>
        }
      >
        {messages.addedToCart}
      </Dialog>
      <MessageDialog open={shown?.status === "error"} title={messages.addToCartErrorTitle} tone="error" onClose={close}>
        {shown?.status === "error" ? shown.message || messages.addToCartFailed : null}
      </MessageDialog>
    </>
  );
}

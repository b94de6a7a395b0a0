import { useEffect, useEffectEvent, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/cartpage";
import { imageUrl } from "~/common/images";
import { messages } from "~/common/messages";
import { formatNaira, formatNairaTotal } from "~/common/money";
import { lineName } from "~/common/featured";
import type { CartLine } from "~/server/cart/cart";
import { cartAction } from "../cart.server";
import { buttonStyles } from "../components/Dialog";
import { OrderTotals } from "../components/checkout/OrderTotals";
import { CartIcon, MinusIcon, PlusIcon, TrashIcon } from "../components/icons";
import { RouteError } from "../components/RouteError";
import { useToast } from "../components/Toast";
import type { FormResult } from "../forms";
import { cartClientAction } from "../cart-client";
import { newRequestId } from "../cart-queue";
import { privatePageMeta } from "../seo";
import { currentAccount } from "../sessions.server";
import { readCart } from "~/app/services.server";
import { pricingFor } from "../pricing.server";
import { PromoCode } from "../components/checkout/PromoCode";
import type { Pricing } from "~/server/promotions/pricing";

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await currentAccount(request, context, "customer");
  const cart = account ? await readCart(context.db, account.id) : null;
  const pricing = account && cart ? await pricingFor(context, account.id, cart) : null;
  return { signedIn: account !== null, lines: cart?.lines ?? [], pricing };
}

export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, context);
}
/**
 * A dropped connection: a cart change is kept and sent when the connection returns (issue 30);
 * otherwise Add to Cart says 'Network error' (requirements §8), a quantity change its own text.
 */
export const clientAction = cartClientAction;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Shopping Cart");

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, lines, pricing } = loaderData;
  const toast = useToast();
  const onResult = (result: FormResult) => {
    // A change kept offline is the page's CartQueue's to tell.
    if (result.status === "done") toast.show(result.message, 2000, "success");
    else if (result.status === "error") toast.show(result.message || messages.quantityFailed, 4000, "warning");
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      {toast.element}
      <h1 className="text-2xl font-bold text-slate-900">Shopping Cart</h1>
      {lines.length === 0 || !pricing ? (
        <EmptyCart signedIn={signedIn} />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
          <ul className="grid gap-3" aria-label="Items in your cart">
            {lines.map((line) => (
              <CartRow key={line.id} line={line} onResult={onResult} />
            ))}
          </ul>
          <CartSummary pricing={pricing} />
        </div>
      )}
    </div>
  );
}

function EmptyCart({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mt-6 rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
      <CartIcon className="mx-auto h-12 w-12 text-slate-300" />
      <p className="mt-4 text-lg font-semibold text-slate-800">{messages.cartEmpty}</p>
      {signedIn ? null : (
        <p className="mt-2 text-slate-600">
          <Link to="/userlogin" className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>{" "}
          to see the items you added before.
        </p>
      )}
      <Link to="/" className={`${buttonStyles.primary} mt-6`}>
        Continue Shopping
      </Link>
    </div>
  );
}

/** Gives each press of a cart form its own id, just before it is sent: sent again, it counts once (decision 0065). */
function stampRequest(event: FormEvent<HTMLFormElement>) {
  const field = event.currentTarget.elements.namedItem("requestId");
  if (field instanceof HTMLInputElement) field.value = newRequestId();
}

/** One line: picture, name and size, unit price, the minus and plus controls, subtotal, Remove. */
function CartRow({ line, onResult }: { line: CartLine; onResult: (result: FormResult) => void }) {
  const fetcher = useFetcher<FormResult>();
  // Only a new answer counts, not a new onResult.
  const answered = useEffectEvent(onResult);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) answered(fetcher.data);
  }, [fetcher.data, fetcher.state]);
  const busy = fetcher.state !== "idle";
  const name = lineName(line.productName, line.size);
  const productPath = `/${line.featured ? "productdetail2" : "productdetail"}/${line.productId}`;
  const stepper = "grid h-9 w-9 place-items-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40";
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-4 sm:p-4" aria-busy={busy}>
      {/* The picture repeats the name's link: one stop for the keyboard and screen readers. */}
      <Link to={productPath} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {line.image ? (
          <img src={imageUrl(line.image, 320)} alt="" width={80} height={80} className="h-20 w-20 rounded-lg object-cover" />
        ) : (
          <span className="block h-20 w-20 rounded-lg bg-slate-100" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <Link to={productPath} className="font-semibold text-slate-900 hover:text-brand-700" data-testid="line-name">
            {name}
          </Link>
          <fetcher.Form method="post" action="/cartpage" onSubmit={stampRequest}>
            <input type="hidden" name="requestId" />
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              name="intent"
              value="remove"
              disabled={busy}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
              aria-label={`Remove ${name}`}
            >
              <TrashIcon className="h-5 w-5" />
            </button>
          </fetcher.Form>
        </div>
        <p className="text-sm text-slate-600">{formatNaira(line.priceKobo)} each</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <fetcher.Form method="post" action="/cartpage" className="flex items-center gap-2" onSubmit={stampRequest}>
            <input type="hidden" name="requestId" />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="size" value={line.size} />
            <button type="submit" name="intent" value="decrease" disabled={busy} className={stepper} aria-label={`One less ${name}`}>
              <MinusIcon className="h-4 w-4" />
            </button>
            <span className="w-8 text-center font-semibold tabular-nums" data-testid="line-quantity" aria-label="Quantity">
              {line.quantity}
            </span>
            <button
              type="submit"
              name="intent"
              value="increase"
              disabled={busy || line.quantity >= Math.min(line.stock, line.maxPerOrder)}
              className={stepper}
              aria-label={`One more ${name}`}
              title={
                line.quantity >= line.maxPerOrder && line.maxPerOrder < line.stock
                  ? `At most ${line.maxPerOrder} per order`
                  : line.quantity >= line.stock
                    ? `Only ${line.stock} in stock`
                    : undefined
              }
            >
              <PlusIcon className="h-4 w-4" />
            </button>
          </fetcher.Form>
          <p className="font-bold text-slate-900" data-testid="line-subtotal">
            {formatNairaTotal(line.subtotalKobo)}
          </p>
        </div>
      </div>
    </li>
  );
}

function CartSummary({ pricing }: { pricing: Pricing }) {
  return (
    <aside className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24" aria-label="Order total">
      <OrderTotals totals={pricing} totalLabel="Order total" totalTestId="cart-total" />
      <PromoCode pricing={pricing} />
      <div className="mt-5 grid gap-2">
        <Link to="/deliverydetailpage" className={buttonStyles.accent}>
          Checkout
        </Link>
        <Link to="/" className={buttonStyles.secondary}>
          Continue Shopping
        </Link>
      </div>
    </aside>
  );
}

export function ErrorBoundary() {
  return <RouteError notFound={messages.cartNoItems} failed={messages.cartFetchFailed} />;
}

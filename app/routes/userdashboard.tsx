import { Form, Link, useNavigation } from "react-router";
import { OrderLine } from "../components/OrderLine";
import type { Route } from "./+types/userdashboard";
import { messages } from "~/common/messages";
import { CUSTOMER_PANELS } from "~/common/panels";
import { formatNairaTotal } from "~/common/money";
import { discountLabel } from "~/common/totals";
import { cancelOrderAction, changePasswordAction, channelChoicesAction, logoutAction, updatePhoneAction } from "../accounts.server";
import { ChannelChoices } from "../components/account/ChannelChoices";
import { AccountInfo } from "../components/account/AccountInfo";
import { Dashboard, menuFromUrl } from "../components/account/Dashboard";
import { ListIcon, UserIcon } from "../components/icons";
import { networkFallback, OFFERS_FORM, ORDER_UPDATES_FORM, type FormResult } from "../forms";
import { FormMessage } from "../components/account/fields";
import { formIntent, unknownIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { customerLabel, getOfferChoices, getOrderUpdateChoices, listOrders, log } from "~/app/services.server";
import { readablePhone } from "~/common/phone";
import { readableLagosTime } from "~/common/lagos-time";

const MENU = [
  { panel: CUSTOMER_PANELS.userInfo, label: "User Info", icon: UserIcon },
  { panel: CUSTOMER_PANELS.myOrders, label: "My Orders", icon: ListIcon },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await requireAccount(request, context, "customer");
  const account = { ...signedIn, phoneNumber: readablePhone(signedIn.phoneNumber) };
  const menu = menuFromUrl(request, CUSTOMER_PANELS);
  if (menu !== CUSTOMER_PANELS.myOrders) {
    const [updates, offers] = await Promise.all([getOrderUpdateChoices(context.db, account.id), getOfferChoices(context.db, account.id)]);
    const where = { emailAddress: account.email, phone: account.phoneNumber };
    return { account, menu, orders: [], ordersError: null, updates: { ...updates, ...where }, offers: { ...offers, ...where } };
  }
  try {
    const orders = await listOrders(context.db, account.id);
    return {
      account,
      menu,
      orders: orders.map((order) => ({ ...order, statusLabel: customerLabel(order.status) })),
      ordersError: null,
      updates: null,
      offers: null,
    };
  } catch (error) {
    log.error({ err: error }, "Listing orders failed");
    return { account, menu, orders: [], ordersError: messages.ordersFetchFailed, updates: null, offers: null };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formIntent(form, ["logout", "update-phone", "change-password", ORDER_UPDATES_FORM, OFFERS_FORM, "cancel-order"]);
  // Logout needs no live session: it ends whatever session the cookie names and clears it.
  if (intent === "logout") return logoutAction("customer", request, context);
  const account = await requireAccount(request, context, "customer");
  if (intent === "update-phone") return updatePhoneAction(account, form, context);
  if (intent === "change-password") return changePasswordAction(account, form, context);
  if (intent === ORDER_UPDATES_FORM || intent === OFFERS_FORM) return channelChoicesAction(account, form, context, intent);
  if (intent === "cancel-order") return cancelOrderAction(account, form, context);
  return unknownIntent();
}
export const clientAction = networkFallback(messages.tryAgain);

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("My Account");

export default function UserDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { account, menu, orders, ordersError, updates, offers } = loaderData;
  // Each form's answer shows beside that form.
  const resultOf = (form: string) => (actionData && "form" in actionData && actionData.form === form ? actionData : undefined);
  const updatesResult = resultOf(ORDER_UPDATES_FORM);
  const offersResult = resultOf(OFFERS_FORM);
  return (
    <Dashboard title="My Account" fullName={account.fullName} entries={MENU} active={menu}>
      {menu === CUSTOMER_PANELS.userInfo ? (
        <>
          <AccountInfo heading="User Info" account={account} result={updatesResult || offersResult ? undefined : actionData} />
          {updates ? (
            <ChannelChoices
              form={ORDER_UPDATES_FORM}
              legend="Order updates"
              save="Save order updates"
              description="How we tell you when your order is paid, shipped and delivered."
              choices={updates}
              result={updatesResult}
            />
          ) : null}
          {offers ? (
            <ChannelChoices
              form={OFFERS_FORM}
              legend="Offers"
              save="Save offers"
              description="May we remind you of a cart you left, or tell you about offers? SMS and WhatsApp only if you say so."
              choices={offers}
              result={offersResult}
            />
          ) : null}
        </>
      ) : (
        <MyOrders orders={orders} error={ordersError} result={actionData} />
      )}
    </Dashboard>
  );
}

function MyOrders({
  orders,
  error,
  result,
}: {
  orders: Route.ComponentProps["loaderData"]["orders"];
  error: string | null;
  result: FormResult | undefined;
}) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">My Orders</h2>
      {result && "message" in result ? (
        <div className="mt-3">
          <FormMessage tone={result.status === "error" ? "error" : "success"}>{result.message}</FormMessage>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="py-10 text-center text-red-700">
          {error}
        </p>
      ) : orders.length === 0 ? (
        <div className="py-10 text-center">
          <p className="text-slate-600">{messages.noOrders}</p>
          <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4">
          {orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold text-slate-900" data-testid="order-ref">
                  {order.orderRef}
                </span>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800" data-testid="order-status">
                  {order.statusLabel}
                </span>
              </div>
              <dl className="mt-1 grid gap-x-4 text-xs text-slate-500 sm:grid-cols-2">
                <div>
                  <dt className="inline">Ordered: </dt>
                  <dd className="inline">{readableLagosTime(order.orderDate)}</dd>
                </div>
                {order.paymentReference ? (
                  <div className="break-all">
                    <dt className="inline">Payment reference: </dt>
                    <dd className="inline">{order.paymentReference}</dd>
                  </div>
                ) : null}
                {order.trackingId ? (
                  <div className="break-all">
                    <dt className="inline">Tracking ID: </dt>
                    <dd className="inline font-semibold text-slate-700" data-testid="tracking-id">
                      {order.trackingId}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <ul className="mt-1 divide-y divide-slate-100">
                {order.items.map((item, i) => (
                  <OrderLine key={i} item={item} />
                ))}
              </ul>
              {order.discounts.map((discount, i) => (
                <p key={i} className="mt-2 flex justify-between gap-3 text-sm text-emerald-800" data-testid="order-discount">
                  <span>{discountLabel(discount)}</span>
                  <span>−{formatNairaTotal(discount.amountKobo)}</span>
                </p>
              ))}
              <p className="mt-3 text-right text-sm font-semibold text-slate-900">
                {order.paymentMethod === "pay_on_delivery" && order.status !== "delivered" ? "To pay on delivery" : "Total"}:{" "}
                {formatNairaTotal(order.totalKobo)}
              </p>
              {order.cancellable ? <CancelOrder orderRef={order.orderRef} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An order paid on delivery, not yet shipped: its customer may cancel it (issue 28). */
function CancelOrder({ orderRef }: { orderRef: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("orderRef") === orderRef;
  return (
    <Form method="post" className="mt-2 text-right">
      <input type="hidden" name="orderRef" value={orderRef} />
      <button type="submit" name="intent" value="cancel-order" disabled={busy} className="text-sm font-semibold text-red-700 hover:underline">
        {busy ? "Cancelling..." : "Cancel this order"}
      </button>
    </Form>
  );
}

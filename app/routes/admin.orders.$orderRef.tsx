import { data } from "react-router";
import type { Route } from "./+types/admin.orders.$orderRef";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { collectionAction, orderStatusAction } from "../admin/orders.server";
import type { OrderStatus } from "~/server/orders/lifecycle";
import { AdminFrame } from "../components/admin/AdminFrame";
import { OrderError } from "../components/admin/OrderError";
import { OrderDelivery } from "../components/admin/order/OrderDelivery";
import { OrderHistory } from "../components/admin/order/OrderHistory";
import { OrderItems } from "../components/admin/order/OrderItems";
import { OrderPayment } from "../components/admin/order/OrderPayment";
import { OrderStatusForm } from "../components/admin/order/OrderStatusForm";
import { CollectionForm } from "../components/admin/order/CollectionForm";
import { OrderSummary } from "../components/admin/order/OrderSummary";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { NOTE_MAX, TRACKING_ID_MAX, getOrderForAdmin, staffLabel } from "~/app/services.server";
import { backOfficeViewer } from "../admin/viewer.server";

// One order for the admin (issue 5): its lines, delivery details, payment and the provider's
// verification, the history of its status, and the form that moves it on.

/** The Orders panel, with the filters the admin came from (carried in this page's query). */
function backToList(request: Request): string {
  const filter: Record<string, string> = {};
  const here = new URL(request.url).searchParams;
  for (const key of ["status", "from", "to", "q"]) {
    const value = here.get(key);
    // The search is free text (URLSearchParams encodes it); the others are known words or days.
    const fits = key === "q" ? (value?.length ?? 0) <= 100 : /^[a-z0-9-]{1,20}$/.test(value ?? "");
    if (value && fits) filter[key] = value;
  }
  return adminPanelPath(ADMIN_PANELS.orders, filter);
}

/** A move's words in the form: a parcel paid on delivery that comes back was refused at the door. */
const nextLabel = (order: { paymentMethod: string; status: string }, to: OrderStatus) =>
  order.paymentMethod === "pay_on_delivery" && order.status === "shipped" && to === "cancelled" ? "Refused at the door" : staffLabel(to);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  const order = await getOrderForAdmin(context.db, params.orderRef);
  if (!order) throw data("Order not found", { status: 404 });
  return {
    order: {
      ...order,
      statusLabel: staffLabel(order.status),
      events: order.events.map((event) => ({ ...event, label: staffLabel(event.status) })),
      /** stockNote: what the move does to its stock, in words (the lifecycle's declaration, decision 0050). */
      next: order.nextStatuses.map((status) => ({ value: status, label: nextLabel(order, status), stockNote: order.stockNotes[status] ?? "" })),
    },
    backTo: backToList(request),
    viewer: await backOfficeViewer(account, context),
    limits: { trackingId: TRACKING_ID_MAX, note: NOTE_MAX },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin");
  const form = await request.formData();
  // The order is the one of this page: a form naming another one (or anything else) is refused.
  const named = form.get("orderRef");
  if (named !== null && named !== params.orderRef) return data<FormResult>({ status: "error", message: messages.requestUnreadable }, { status: 400 });
  form.set("orderRef", params.orderRef);
  return form.get("intent") === "collect" ? collectionAction(account, form, context) : orderStatusAction(account, form, context);
}
export const clientAction = networkFallback(messages.tryAgain);

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ params }) => privatePageMeta(`Order ${params.orderRef}`);

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, backTo, limits, viewer } = loaderData;
  return (
    <AdminFrame viewer={viewer} active={ADMIN_PANELS.orders}>
      <OrderSummary order={order} backTo={backTo} />
      {/* Two columns from lg:. On a phone one column, with the status form right after the items,
          where the owner reaches it without scrolling past the payment details. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="contents lg:grid lg:min-w-0 lg:gap-6">
          <OrderItems order={order} className="order-1" />
          <OrderDelivery order={order} className="order-3" />
          <OrderPayment order={order} className="order-4" />
        </div>
        <div className="contents lg:grid lg:min-w-0 lg:gap-6">
          {/* A new key after each change, so the form starts again from the order as it now is. */}
          {order.paymentMethod === "pay_on_delivery" && order.status === "shipped" ? (
            <CollectionForm order={order} result={actionData} className="order-2" />
          ) : null}
          <OrderStatusForm
            key={`${order.status}-${order.events.length}`}
            order={order}
            limits={limits}
            result={actionData?.status === "error" && actionData.form === "collect" ? undefined : actionData}
            className="order-2"
          />
          <OrderHistory order={order} className="order-5" />
        </div>
      </div>
    </AdminFrame>
  );
}

export const ErrorBoundary = OrderError;

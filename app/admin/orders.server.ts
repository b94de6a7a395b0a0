import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import {
  changeOrderStatus,
  countOrdersByStatus,
  isDay,
  listOrdersForAdmin,
  LIST_LIMIT,
  lagosToday,
  NOTE_MAX,
  ORDER_SEARCH_MAX,
  TRACKING_ID_MAX,
  type AdminOrderFilter,
} from "~/server/orders/admin-orders";
import { isPlacedStatus, PLACED_STATUSES, staffLabel } from "~/server/orders/lifecycle";
import type { FormResult } from "../forms";

// The admin's Orders panel (ADMIN_PANELS.orders): the list with its filters from the URL
// (`status=&from=&to=`), and the action of the status-change form on the order's page.

/** The status filter: one of the placed statuses, or every order flagged for a refund. */
const REFUND_FILTER = "needs-refund";

export interface OrdersFilterValues {
  status: string;
  from: string;
  to: string;
  /** The search box: order ID, name, e-mail or phone (issue 18). */
  q: string;
}

function filterFromUrl(request: Request): { values: OrdersFilterValues; filter: AdminOrderFilter } {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  let from = params.get("from")?.trim() ?? "";
  let to = params.get("to")?.trim() ?? "";
  if (!isDay(from)) from = "";
  if (!isDay(to)) to = "";
  // Days given the wrong way round still mean the days between them.
  if (from && to && from > to) [from, to] = [to, from];
  // A longer search than anyone types is cut, not refused: it is a GET, and matches nothing anyway.
  const q = (params.get("q") ?? "").trim().slice(0, ORDER_SEARCH_MAX);
  const filter: AdminOrderFilter = { from: from || undefined, to: to || undefined, search: q || undefined };
  let known = "";
  if (status === REFUND_FILTER) {
    filter.needsRefund = true;
    known = status;
  } else if (isPlacedStatus(status)) {
    filter.status = status;
    known = status;
  }
  return { values: { status: known, from, to, q }, filter };
}

export async function ordersPanelData(request: Request, context: AppLoadContext) {
  const { values, filter } = filterFromUrl(request);
  const [orders, counts] = await Promise.all([listOrdersForAdmin(context.db, filter), countOrdersByStatus(context.db, filter)]);
  return {
    orders: orders.map(({ createdAt: _, ...order }) => ({ ...order, statusLabel: staffLabel(order.status) })),
    filter: values,
    /** The status filter's choices, each with how many orders it would show (within the days chosen). */
    statusOptions: [
      { value: "", label: "All statuses", count: counts.all },
      ...PLACED_STATUSES.map((status) => ({ value: status, label: staffLabel(status), count: counts.byStatus[status] })),
      { value: REFUND_FILTER, label: "Refund needed", count: counts.needsRefund },
    ],
    needsRefundCount: counts.needsRefund,
    filtered: Boolean(values.status || values.from || values.to || values.q),
    /** The list stopped at the limit: older orders are reached with the date filters. */
    truncated: orders.length >= LIST_LIMIT,
    limit: LIST_LIMIT,
    /** Today in Lagos, for the quick date ranges. */
    today: lagosToday(),
  };
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .optional()
    .transform((value) => value || undefined);

const statusChangeInput = z.object({
  /** The page's form always sends its own intent: anything else is not this form. */
  intent: z.literal("order-status", { error: messages.requestUnreadable }).optional(),
  orderRef: z.string({ error: "Which order?" }).trim().min(1, "Which order?").max(64, "Which order?"),
  status: z.enum(PLACED_STATUSES, { error: "Please choose the new status." }),
  trackingId: optionalText(TRACKING_ID_MAX, "The tracking ID"),
  note: optionalText(NOTE_MAX, "The note"),
});

export async function orderStatusAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const input = statusChangeInput.safeParse(Object.fromEntries(form));
  // Input the form itself refuses (a missing status, a malformed or 100 KB value) answers 400,
  // with the same words on the page.
  if (!input.success) return data<FormResult>({ status: "error", message: input.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  // A refused change is an answer the page shows (like the account forms'), not an HTTP error: a
  // form that was out of date then shows the order as it is now.
  const { orderRef, status, trackingId, note } = input.data;
  const result = await changeOrderStatus({ db: context.db, publicUrl: context.config.publicUrl }, account.id, orderRef, status, { trackingId, note });
  if (!result.ok) return data<FormResult>({ status: "error", message: result.message });
  return data<FormResult>({
    status: "done",
    message: `Order ${result.orderRef} is now ${staffLabel(result.status).toLowerCase()}. The customer has been emailed.`,
  });
}

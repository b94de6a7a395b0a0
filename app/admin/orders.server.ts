import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { dayRangeFromUrl } from "./day-range.server";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import {
  changeOrderStatus,
  countOrdersByStatus,
  getOrderForAdmin,
  listOrdersForAdmin,
  LIST_LIMIT,
  lagosToday,
  NOTE_MAX,
  ORDER_SEARCH_MAX,
  TRACKING_ID_MAX,
  type AdminOrderFilter,
} from "~/server/orders/admin-orders";
import { isPlacedStatus, PLACED_STATUSES, staffLabel } from "~/server/orders/lifecycle";
import { BULK_MAX, BULK_STATUSES, changeOrderStatuses, type BulkStatusResult } from "~/server/orders/bulk-status";
import { exportOrders, exportRange, type ExportKind } from "~/server/orders/order-export";
import { csvHeaders } from "~/server/export/csv";
import { collectionInput, recordCollection } from "~/server/orders/collections";
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

/** The Orders panel's filters in an address (the panel's, its exports'): one parser for both. */
export function filterFromUrl(request: Request): { values: OrdersFilterValues; filter: AdminOrderFilter } {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  const { from, to } = dayRangeFromUrl(params);
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
    /** The days the CSV exports cover with these filters, or why they cannot (issue 18). */
    exportRange: exportRange(filter),
    bulk: { max: BULK_MAX, statuses: BULK_STATUSES.map((status) => ({ value: status, label: staffLabel(status) })) },
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
  const result = await changeOrderStatus(context.checkout, account.id, orderRef, status, { trackingId, note });
  if (!result.ok) return data<FormResult>({ status: "error", message: result.message });
  return data<FormResult>({
    status: "done",
    message: `Order ${result.orderRef} is now ${staffLabel(result.status).toLowerCase()}. The customer has been emailed.`,
  });
}

/** Collected at the door (issue 28): the answer shows in the collection's card. */
export async function collectionAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const answer = (status: "done" | "error", message: string, init: { status?: number } = {}) =>
    data<FormResult>({ status, message, form: "collect" }, init);
  const input = collectionInput.safeParse({
    method: form.get("method") ?? undefined,
    amount: form.get("amount") ?? undefined,
    reason: form.get("reason") ?? undefined,
  });
  if (!input.success) return answer("error", input.error.issues[0]?.message ?? messages.requestUnreadable, { status: 400 });
  const result = await recordCollection(context.checkout, account.id, String(form.get("orderRef")), input.data);
  return result.ok ? answer("done", messages.collectionRecorded) : answer("error", result.message);
}

// ---------------------------------------------------------------- CSV exports (issue 18)

/**
 * The CSV file of the orders, or their lines, that the panel's filters in the address select:
 * a download (attachment, dated name), never kept by a cache. A range or a count past the
 * export's bounds answers 400 with what to narrow.
 */
export async function ordersExportResponse(request: Request, context: AppLoadContext, kind: ExportKind): Promise<Response> {
  const { filter } = filterFromUrl(request);
  const file = await exportOrders(context.db, kind, filter);
  if (!file.ok) {
    return new Response(`${file.message}\r\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(file.body, { headers: csvHeaders(file.filename) });
}

// ---------------------------------------------------------------- bulk status change (issue 18)

/** What the bulk form's action answers: the summary, and each refused order with why. */
export interface BulkStatusAnswer {
  form: "orders-bulk";
  status: "done" | "error";
  message: string;
  /** One line per refused order ("ORD-… cannot go from delivered to processing."). */
  refused: string[];
}

/** An order ID as the shop makes them (ORD-, a timestamp, -, a number), and nothing longer. */
const ORDER_REF = /^ORD-\d{1,20}-\d{1,5}$/;

function bulkAnswer(status: BulkStatusAnswer["status"], message: string, refused: string[] = []): BulkStatusAnswer {
  return { form: "orders-bulk", status, message, refused };
}

function bulkSummary(result: BulkStatusResult): BulkStatusAnswer {
  const label = staffLabel(result.to);
  const parts = [result.changed.length ? messages.bulkChanged(result.changed.length, label) : messages.bulkNoneChanged];
  if (result.already.length) parts.push(messages.bulkAlready(result.already.length, label.toLowerCase()));
  if (result.refused.length) parts.push(messages.bulkRefused(result.refused.length));
  const refused = result.refused.map((r) => r.message);
  // Nothing changed and nothing was already done: every order was refused.
  const failed = result.changed.length === 0 && result.already.length === 0;
  return bulkAnswer(failed ? "error" : "done", parts.join(" "), refused);
}

/**
 * The Orders panel's bulk form: the ticked orders (`orderRef`, repeated) to one status. Bad input
 * (none ticked, too many, a value that is no order ID, no or an unknown status) answers 400 and
 * changes nothing; otherwise each order goes through the lifecycle on its own.
 */
export async function bulkStatusAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const refs = form.getAll("orderRef").map((value) => (typeof value === "string" ? value.trim() : ""));
  const status = form.get("status");
  const refuse = (message: string) => data(bulkAnswer("error", message), { status: 400 });
  if (refs.length === 0) return refuse(messages.bulkNoneChosen);
  if (new Set(refs).size > BULK_MAX) return refuse(messages.bulkTooMany(BULK_MAX));
  if (!refs.every((ref) => ORDER_REF.test(ref))) return refuse(messages.bulkBadRef);
  const to = BULK_STATUSES.find((s) => s === status);
  if (!to) return refuse(messages.bulkStatusRequired);
  const result = await changeOrderStatuses(context.checkout, account.id, refs, to);
  return data(bulkSummary(result));
}

// ---------------------------------------------------------------- invoice and packing slip (issue 18)

const PROVIDER_NAMES: Record<string, string> = { paystack: "Paystack", test: "Test gateway (no real money)" };

/** What an order's printed invoice and packing slip show; null when there is no such placed order. */
export async function orderDocumentData(context: AppLoadContext, orderRef: string) {
  const order = await getOrderForAdmin(context.db, orderRef);
  // An unpaid checkout is no order to invoice or pack.
  if (!order?.paidDate) return null;
  const p = order.payment;
  return {
    orderRef: order.orderRef,
    status: order.status,
    statusLabel: staffLabel(order.status),
    needsRefund: order.needsRefund,
    orderDate: order.orderDate,
    paidDate: order.paidDate,
    trackingId: order.trackingId,
    customer: order.customer,
    delivery: order.delivery,
    items: order.items.map(({ productName, size, quantity, unitPriceKobo, subtotalKobo }) => ({
      productName,
      size,
      quantity,
      unitPriceKobo,
      subtotalKobo,
    })),
    subtotalKobo: order.subtotalKobo,
    discounts: order.discounts,
    totalKobo: order.totalKobo,
    payment: p
      ? { provider: PROVIDER_NAMES[p.provider] ?? p.provider, reference: p.reference, status: p.status, channel: p.channel, verified: p.verified }
      : null,
  };
}
export type OrderDocumentData = NonNullable<Awaited<ReturnType<typeof orderDocumentData>>>;

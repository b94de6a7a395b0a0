import type { AppLoadContext } from "react-router";
import { lagosDateTime } from "~/common/lagos-time";
import { CUSTOMER_SEARCH_MAX, getCustomer, listCustomers, type CustomerRow } from "~/server/admin/customers";

// The Customers panel (ADMIN_PANELS.customers, issue 18): the list with its search (`q=`), or one
// customer with their orders (`customer=<id>`).

const shown = (row: CustomerRow) => ({
  ...row,
  joinedAt: lagosDateTime(row.joinedAt),
  lastOrderAt: row.lastOrderAt ? lagosDateTime(row.lastOrderAt) : null,
});

export async function customersPanelData(request: Request, context: AppLoadContext) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, CUSTOMER_SEARCH_MAX);
  const id = Number(params.get("customer") ?? "");
  if (Number.isSafeInteger(id) && id > 0) {
    const customer = await getCustomer(context.db, id);
    return {
      q,
      customer: customer ? { ...shown(customer), orders: customer.orders.map((o) => ({ ...o, createdAt: lagosDateTime(o.createdAt) })) } : null,
      missing: customer === null,
      customers: [],
    };
  }
  return { q, customer: null, missing: false, customers: (await listCustomers(context.db, q)).map(shown) };
}

import { and, desc, eq, ilike, like, or, sql, type SQL } from "drizzle-orm";
import { readablePhone } from "~/common/phone";
import type { Database } from "../db/client";
import { containing, phoneDigits } from "../db/like";
import { accounts, orders } from "../db/schema";
import { placed, staffLabel, type OrderStatus } from "../orders/lifecycle";

// The Customers panel (issue 18): every customer with how many orders they placed and what they
// spent, found by name, e-mail or phone; and one customer with their orders.

export const CUSTOMER_SEARCH_MAX = 100;
export const CUSTOMER_LIST_LIMIT = 100;

export interface CustomerRow {
  id: number;
  fullName: string;
  email: string;
  phoneNumber: string;
  verified: boolean;
  joinedAt: Date;
  /** Orders paid at some time. */
  orderCount: number;
  /** Paid orders, less refunded and cancelled ones. */
  spentKobo: number;
  lastOrderAt: Date | null;
}

// The figures per customer are correlated subqueries written out in SQL: inside a select from
// one table, drizzle leaves column names unqualified, and "account_id = id" would compare the
// order with itself.
const placedOrders = sql.raw(`from "orders" o where o."account_id" = "accounts"."id" and o."placed_at" is not null`);

const summary = {
  id: accounts.id,
  fullName: accounts.fullName,
  email: accounts.email,
  phoneNumber: accounts.phoneNumber,
  emailVerifiedAt: accounts.emailVerifiedAt,
  joinedAt: accounts.createdAt,
  orderCount: sql<number>`(select count(*) ${placedOrders})::int`,
  // Money in: a pay-on-delivery order counts once it is collected.
  spentKobo: sql<number>`(select coalesce(sum(o."total_kobo"), 0) ${placedOrders} and o."paid_at" is not null and o."status" not in ('refunded', 'cancelled'))::bigint`,
  lastOrderAt: sql<string | null>`(select max(o."created_at") ${placedOrders})`,
};

type SummaryRow = { [K in keyof typeof summary]: unknown };

function toRow(row: SummaryRow): CustomerRow {
  return {
    id: row.id as number,
    fullName: row.fullName as string,
    email: row.email as string,
    phoneNumber: readablePhone(row.phoneNumber as string),
    verified: row.emailVerifiedAt !== null,
    joinedAt: row.joinedAt as Date,
    orderCount: Number(row.orderCount),
    spentKobo: Number(row.spentKobo),
    lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt as string) : null,
  };
}

/** Customers matching the search (all of them without one), the most recent buyers first. */
export async function listCustomers(db: Database, search = ""): Promise<CustomerRow[]> {
  const where: SQL[] = [eq(accounts.role, "customer")];
  const words = search.trim().slice(0, CUSTOMER_SEARCH_MAX);
  if (words) {
    const phone = phoneDigits(words);
    where.push(
      or(
        ilike(accounts.fullName, containing(words)),
        ilike(accounts.email, containing(words)),
        ...(phone ? [like(sql`regexp_replace(${accounts.phoneNumber}, '\\D', '', 'g')`, `%${phone}%`)] : []),
      )!,
    );
  }
  const rows = await db
    .select(summary)
    .from(accounts)
    .where(and(...where))
    .orderBy(sql`${summary.lastOrderAt} desc nulls last`, desc(accounts.id))
    .limit(CUSTOMER_LIST_LIMIT);
  return rows.map(toRow);
}

export interface CustomerOrder {
  orderRef: string;
  status: OrderStatus;
  statusLabel: string;
  totalKobo: number;
  createdAt: Date;
}

/** One customer with every order they placed, newest first; null for anyone else's id. */
export async function getCustomer(db: Database, id: number): Promise<(CustomerRow & { orders: CustomerOrder[] }) | null> {
  const [row] = await db
    .select(summary)
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.role, "customer")));
  if (!row) return null;
  const list = await db
    .select({ orderRef: orders.orderRef, status: orders.status, totalKobo: orders.totalKobo, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.accountId, id), placed()))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return { ...toRow(row), orders: list.map((o) => ({ ...o, statusLabel: staffLabel(o.status) })) };
}

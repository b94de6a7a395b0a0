import { lagosDate } from "~/common/lagos-time";
import type { Executor } from "../db/client";
import { listLowStock, type LowStockLine } from "../catalog/low-stock";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/common/constants";
import { presetRange, type ReportPreset } from "../reports/range";
import { loadSalesSummary } from "../reports/sales";

// The sales overview of the admin dashboard (menu 0, under Admin Info): the sales report of the
// last 30 days (server/reports/sales.ts: revenue per Lagos day, order count, average order value,
// the five best sellers), plus low stock. It is that report's query, not a copy of it, so the
// two agree by construction (decision 0051).

/** The report range the overview shows: the last 30 Lagos days, today included. */
const OVERVIEW_RANGE: ReportPreset = "last-30-days";
const TOP_PRODUCTS = 5;
const LOW_STOCK_LIMIT = 10;

export interface OverviewDay {
  /** `YYYY-MM-DD`, a Lagos calendar day. */
  date: string;
  revenueKobo: number;
  orders: number;
}

export interface Overview {
  /** Oldest first, exactly 30 entries, the last one is today (Lagos). */
  days: OverviewDay[];
  revenueKobo: number;
  orderCount: number;
  /** Revenue / orders, rounded to whole kobo; 0 with no orders. */
  averageOrderKobo: number;
  topProducts: { productId: number; name: string; units: number; revenueKobo: number }[];
  lowStock: LowStockLine[];
  /** How many variants are low on stock in all (lowStock shows at most 10). */
  lowStockTotal: number;
  /** The low-stock alert of a product whose staff set none, for the page to say what "low" means. */
  lowStockThreshold: number;
}

export async function loadOverview(db: Executor, now = new Date()): Promise<Overview> {
  const sales = await loadSalesSummary(db, presetRange(OVERVIEW_RANGE, lagosDate(now)), TOP_PRODUCTS);
  const low = await listLowStock(db, LOW_STOCK_LIMIT);
  return {
    days: sales.days.map(({ date, revenueKobo, orders }) => ({ date, revenueKobo, orders })),
    revenueKobo: sales.revenueKobo,
    orderCount: sales.orderCount,
    averageOrderKobo: sales.averageOrderKobo,
    topProducts: sales.bestSellers.map(({ productId, name, units, revenueKobo }) => ({ productId, name, units, revenueKobo })),
    lowStock: low.lines,
    lowStockTotal: low.total,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  };
}

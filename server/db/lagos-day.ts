import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * SQL: the Lagos calendar day of an instant, `YYYY-MM-DD`, whatever the session's time zone: the
 * database's side of lagosDate (common/lagos-time.ts; Lagos is UTC+1 all year, so the two agree).
 * Every figure grouped by day (the sales report, and the Admin Info overview through it) uses this.
 */
export function lagosDayOf(instant: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${instant} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`;
}

import { TransactionRollbackError } from "drizzle-orm";
import type { Database, Transaction } from "./client";

/**
 * A transaction whose work may end in a refusal (an expected failure, a value such as "not enough
 * stock"): `refuse(value)` rolls back everything the transaction wrote, and the caller gets
 * `value`. Drizzle rolls a transaction back only by an exception (tx.rollback() throws); it stays
 * in here. Any other error still rolls back and is thrown on.
 */
export async function refusable<T, R>(db: Database, work: (tx: Transaction, refuse: (refusal: R) => never) => Promise<T>): Promise<T | R> {
  const refused: { value?: R; set: boolean } = { set: false };
  try {
    return await db.transaction((tx) =>
      work(tx, (refusal) => {
        refused.value = refusal;
        refused.set = true;
        return tx.rollback();
      }),
    );
  } catch (error) {
    if (refused.set && error instanceof TransactionRollbackError) return refused.value as R;
    throw error;
  }
}

import { Router } from "express";
import { sql } from "drizzle-orm";
import type { Database } from "./db/client";

// For a load balancer or an orchestrator: /healthz says the process answers (restart it when it
// does not); /readyz says it can serve shoppers now (send it traffic): its database answers
// within a second and it is not shutting down.

export const READY_TIMEOUT_MS = 1_000;

export interface Readiness {
  /** Set on SIGTERM: the balancer stops sending new requests while those in flight finish. */
  draining: boolean;
}

export function healthRoutes(db: Database, readiness: Readiness): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (readiness.draining) return void res.status(503).json({ status: "draining" });
    const problem = await databaseProblem(db);
    if (problem) return void res.status(503).json({ status: "unavailable", reason: problem });
    res.json({ status: "ready" });
  });
  return router;
}

async function databaseProblem(db: Database): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => null), timeout]);
  } catch {
    return "the database cannot be reached";
  } finally {
    clearTimeout(timer);
  }
}

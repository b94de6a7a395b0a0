import express, { Router, type ErrorRequestHandler } from "express";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { accountRoutes } from "./accounts";
import { catalogRoutes } from "./catalog";
import { contractError } from "./contract";
import { uploadRoutes } from "./uploads";

/** Everything under /api: the JSON contract of spec §7 and the stored pictures. */
export function apiRouter(db: Database, config: Config): Router {
  const router = Router();
  router.use(express.json({ limit: "100kb" }));
  router.use(catalogRoutes(db));
  router.use(accountRoutes(db, config, "customer"));
  router.use(accountRoutes(db, config, "admin"));
  router.use(uploadRoutes(db));
  router.use((_req, res) => void res.status(404).json(contractError("No such API call.")));
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) console.error("API error", err);
    res.status(status).json(contractError(status === 500 ? "Something went wrong. Please try again." : "Invalid request."));
  };
  router.use(onError);
  return router;
}

import { Router } from "express";
import { messages } from "~/common/messages";
import type { Config } from "../config";
import { contactInput, submitContact } from "../content/contact";
import type { Database } from "../db/client";
import { retryText } from "../rate-limits";
import { fail, parse } from "./contract";

// The contact call of requirements §7 ("contact form endpoint on the users API"): public, rate limited.

export function contentRoutes(db: Database, config: Config): Router {
  const router = Router();
  router.post("/api4users/contact.php", async (req, res) => {
    const input = parse(contactInput, req, res);
    if (!input) return;
    const sent = await submitContact(
      { db, publicUrl: config.publicUrl, shopEmail: config.shopOrdersEmail, clientAddress: req.ip ?? "unknown" },
      input,
    );
    if (!sent.ok) {
      res.set("Retry-After", String(sent.retryAfterSeconds));
      return fail(res, 429, messages.tooManyAttempts(retryText(sent.retryAfterSeconds)));
    }
    res.status(201).json({ success: true, message: messages.contactSent });
  });
  return router;
}

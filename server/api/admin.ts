import { Router, type Response } from "express";
import { z } from "zod";
import { messages } from "~/common/messages";
import { firstProblem } from "../accounts/input";
import { archiveProduct, createProduct, productInput } from "../catalog/admin";
import { filesFrom, readProductFormStream, textFields } from "../catalog/form-files";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { SignedInAccount } from "../accounts/sessions";
import { requireSession } from "./accounts";
import { contractId, fail, parse } from "./contract";

// The admin catalogue calls of requirements §7. Both need an admin session: 401 without one, 403 for a
// customer. The product reading calls stay public (catalog.ts).

export function adminRoutes(db: Database, config: Config): Router {
  const router = Router();
  /** The signed-in admin (requireSession), who the audit log names. */
  const adminId = (res: Response) => (res.locals.account as SignedInAccount).id;
  const admin = requireSession(db, config, "admin");

  router.post("/upload_product.php", admin, async (req, res) => {
    if (!req.is("multipart/form-data")) return fail(res, 415, "Send the product as multipart/form-data.");
    const form = await readProductFormStream(req, req.get("content-type")).catch(() => undefined);
    if (form === undefined) return fail(res, 400, messages.uploadFailed);
    if (form === null) {
      // The rest of the body is never read: the connection cannot be reused.
      res.set("Connection", "close");
      return fail(res, 413, messages.uploadTooLarge);
    }
    const input = productInput.safeParse(textFields(form));
    if (!input.success) return fail(res, 400, firstProblem(input.error));
    const created = await createProduct(db, adminId(res), input.data, await filesFrom(form, "productImages[]", "productImages"));
    if (!created.ok) return fail(res, 400, created.message);
    res.status(201).json({ success: true, message: messages.productUploaded, product_id: created.productId });
  });

  router.post("/delete_product.php", admin, async (req, res) => {
    const input = parse(z.object({ productId: contractId(messages.productIdRequired) }), req, res);
    if (!input) return;
    if (!(await archiveProduct(db, adminId(res), input.productId))) return fail(res, 404, messages.productNotFound);
    res.json({ success: true, message: messages.productDeleted });
  });

  return router;
}

import { Router } from "express";
import { z } from "zod";
import { PRODUCT_ID_PATTERN } from "~/common/ids";
import { messages } from "~/common/messages";
import { hasNul } from "~/common/text";
import { getProduct, listProductsByCategory, searchProducts } from "../catalog/catalog";
import type { Database } from "../db/client";
import { contractError, toContractProduct } from "./contract";

// The three product calls of requirements §7. Public, read-only.

/**
 * The calls of this file, each with whether its answer is the same for whoever asks: the
 * catalogue cache keeps a cacheable call's answers until the catalogue changes (server/app.ts).
 */
export const CATALOG_CALLS = {
  byCategory: { path: "/get_products_by_category.php", cacheable: true },
  byName: { path: "/get_products_by_name.php", cacheable: true },
  byId: { path: "/get_product_by_id.php", cacheable: true },
} as const;

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(200, "That value is too long.")
    // NUL cannot be sent to the database (common/text.ts): refused here, not with a 500.
    .refine((s) => !hasNul(s), messages.textHasNul);

const categoryQuery = z.object({ category: requiredText(messages.categoryRequired) });
const searchQuery = z.object({ searchTerm: requiredText(messages.searchTermRequired) });
const productIdQuery = z.object({
  productId: requiredText(messages.productIdRequired).regex(PRODUCT_ID_PATTERN, messages.productIdInvalid).transform(Number),
});

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request.";
}

export function catalogRoutes(db: Database): Router {
  const router = Router();

  router.get(CATALOG_CALLS.byCategory.path, async (req, res) => {
    const query = categoryQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json(contractError(firstIssue(query.error)));
    const listing = await listProductsByCategory(db, query.data.category);
    if (!listing.ok) return void res.status(404).json(contractError(messages.categoryNotFound));
    res.json({ success: true, products: listing.products.map(toContractProduct) });
  });

  router.get(CATALOG_CALLS.byName.path, async (req, res) => {
    const query = searchQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json(contractError(firstIssue(query.error)));
    const found = await searchProducts(db, query.data.searchTerm);
    res.json({ success: true, products: found.products.map(toContractProduct) });
  });

  router.get(CATALOG_CALLS.byId.path, async (req, res) => {
    const query = productIdQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json(contractError(firstIssue(query.error)));
    const product = await getProduct(db, query.data.productId);
    if (!product) return void res.status(404).json(contractError(messages.productNotFound));
    res.json({ success: true, product: toContractProduct(product) });
  });

  return router;
}

import { data, redirect, type AppLoadContext } from "react-router";
import { parseProductId } from "~/common/ids";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import { firstProblem } from "~/server/accounts/input";
import type { SignedInAccount } from "~/server/accounts/sessions";
import {
  archiveProduct,
  createProduct,
  duplicateProduct,
  getProductRecord,
  productEditInput,
  productInput,
  updateProduct,
  type ProductRecord,
} from "~/server/catalog/admin";
import { getProduct, listCategories, listProductsByCategory, searchProducts, type ProductSummary } from "~/server/catalog/catalog";
import { filesFrom, textFields } from "~/server/catalog/form-files";
import type { FormResult } from "../forms";
import { log } from "~/server/log";

// The admin dashboard's catalogue panels (Post Product, Manage Products, Search Products) and the
// product page (edit, duplicate, a deleted product's record).

const error = (message: string, status = 200) => data<FormResult>({ status: "error", message }, { status });
/** Input the form itself refuses (a missing field, a malformed or 100 KB value): 400, the same words on the page. */
const invalid = (message: string) => error(message, 400);

/** The answer to a form over the picture cap; its unread rest means the connection cannot be reused. */
export const uploadTooLarge = () =>
  data<FormResult>({ status: "error", message: messages.uploadTooLarge }, { status: 413, headers: { Connection: "close" } });

/** Sub-categories a product can be posted in (requirements §3: one of the sub-category names). */
export async function postProductData(context: AppLoadContext) {
  return { categories: (await listCategories(context.db)).map((c) => c.name) };
}

/** Post Product: success returns to Admin Info with the server's message (requirements §4.7). */
export async function postProductAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const input = productInput.safeParse(textFields(form));
  if (!input.success) return invalid(firstProblem(input.error));
  const created = await createProduct(context.db, account.id, input.data, await filesFrom(form, "productImages[]", "productImages"));
  // An unknown category or a picture that is missing, too large or not JPEG or PNG.
  if (!created.ok) return invalid(created.message);
  return redirect(adminPanelPath(ADMIN_PANELS.adminInfo, { notice: "product-posted" }));
}

/** Manage Products: the chosen category's products (`category=`). */
export async function manageProductsData(request: Request, context: AppLoadContext) {
  const category = new URL(request.url).searchParams.get("category")?.trim() ?? "";
  const categories = (await listCategories(context.db)).map((c) => c.name);
  if (!category) return { categories, category, products: [], problem: null };
  try {
    const listing = await listProductsByCategory(context.db, category, "staff");
    if (!listing.ok) return { categories, category, products: [], problem: messages.categoryNotFound };
    return { categories, category, products: listing.products, problem: null };
  } catch (cause) {
    log.error({ err: cause }, "Listing products failed");
    return { categories, category, products: [], problem: messages.fetchProductsFailed };
  }
}

export async function deleteProductAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const id = parseProductId(String(form.get("productId") ?? ""));
  if (id === undefined) return invalid(messages.deleteFailed);
  try {
    if (!(await archiveProduct(context.db, account.id, id))) return error(messages.deleteFailed, 404);
  } catch (cause) {
    log.error({ err: cause }, "Deleting a product failed");
    return error(messages.deleteFailed, 500);
  }
  return data<FormResult>({ status: "done", message: messages.productDeleted });
}

/** Search Products: by name (`name=`) or by id (`id=`); an empty value says so. */
export async function searchProductsData(request: Request, context: AppLoadContext) {
  const params = new URL(request.url).searchParams;
  const by = params.has("id") ? ("id" as const) : params.has("name") ? ("name" as const) : null;
  const value = (by ? params.get(by) : "")?.trim() ?? "";
  const answer = (products: ProductSummary[], problem: string | null = null) => ({ by, value, products, problem, searched: by !== null });
  if (!by) return answer([]);
  if (!value) return answer([], by === "id" ? messages.productIdRequired : messages.searchTermRequired);
  try {
    if (by === "name") return answer((await searchProducts(context.db, value, "staff")).products);
    const id = parseProductId(value);
    if (id === undefined) return answer([], messages.productIdInvalid);
    const product = await getProduct(context.db, id, "staff");
    return answer(product ? [product] : []);
  } catch (cause) {
    log.error({ err: cause }, "Admin search failed");
    return answer([], by === "id" ? messages.searchByIdFailed : messages.searchByNameFailed);
  }
}

/** The product page (/admin/products/:id): a product to edit, or a deleted one's record; 404 for an unknown id. */
export async function productPageData(productId: string | undefined, context: AppLoadContext) {
  const id = parseProductId(productId ?? "");
  const product = id === undefined ? undefined : await getProductRecord(context.db, id);
  if (!product) throw data(messages.productNotFound, { status: 404 });
  return product;
}

/** Save the edit form. Input the form refuses (a missing field, a malformed or 100 KB value, an unknown category, a wrong picture) answers 400. */
export async function editProductAction(account: SignedInAccount, product: ProductRecord, form: FormData, context: AppLoadContext) {
  if (product.archivedAt) return error(messages.productArchived, 409);
  const strings = (name: string) => form.getAll(name).map(String);
  const [sizeNames, sizePrices, sizeStocks] = [strings("sizeName"), strings("sizePrice"), strings("sizeStock")];
  const input = productEditInput.safeParse({
    productName: form.get("productName"),
    description: form.get("description"),
    category: form.get("category"),
    // A ticked checkbox sends "on"; any other value fails the schema.
    featured: form.get("featured") === null ? false : form.get("featured") === "on" ? true : form.get("featured"),
    maxPerOrder: form.get("maxPerOrder"),
    visibility: form.get("visibility"),
    lowStockThreshold: form.get("lowStockThreshold"),
    price: form.get("price"),
    availableStock: form.get("availableStock"),
    sizes: sizeNames.map((size, i) => ({ size, price: sizePrices[i], stock: sizeStocks[i] })),
    keepImages: strings("keepImages"),
  });
  if (!input.success) return invalid(firstProblem(input.error));
  const saved = await updateProduct(context.db, account.id, product.id, input.data, await filesFrom(form, "productImages[]"));
  if (!saved.ok) return error(saved.message, saved.message === messages.productNotFound ? 404 : 400);
  return redirect(`/admin/products/${product.id}?notice=product-updated`);
}

/** Duplicate: the copy's page, hidden and without stock, ready to edit. */
export async function duplicateProductAction(account: SignedInAccount, product: ProductRecord, context: AppLoadContext) {
  if (product.archivedAt) return error(messages.productArchived, 409);
  const copy = await duplicateProduct(context.db, account.id, product.id);
  if (!copy.ok) return error(copy.message, 404);
  return redirect(`/admin/products/${copy.productId}?notice=product-duplicated`);
}

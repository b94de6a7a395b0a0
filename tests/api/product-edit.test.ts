import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/common/messages";
import { addToCart, getCart } from "~/server/cart/cart";
import { archiveProduct, createProduct, getProductForEdit, productEditInput, updateProduct, type ProductEditInput } from "~/server/catalog/admin";
import { getProduct } from "~/server/catalog/catalog";
import { productVariants } from "~/server/db/schema";
import { quickAccount, quickCustomer } from "../support/shop";
import { useTestDatabase } from "../support/use-shop";

// The admin's product editor (issue 5, requirements §14.2): fields, the featured size table, sizes
// taken off sale (archived, not erased), and pictures kept, reordered, removed and added within
// the upload rules. Service level, on the engine of this run.

const handle = useTestDatabase();
/** The admin the audit log names for this file's edits. */
let editor: number;
const picture = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 90 } } })
    .png()
    .toBuffer();
const file = async (name: string, r = 100) => ({ name, bytes: await picture(r) });

beforeAll(async () => {
  editor = (await quickAccount(handle.db, "admin", "product-editor")).id;
});

async function newProduct(pictures = 2) {
  const files = await Promise.all(Array.from({ length: pictures }, (_, i) => file(`p${i}.png`, 50 + i * 40)));
  const created = await createProduct(
    handle.db,
    editor,
    { productName: "Edit Me Pillow", description: "Soft.", price: 500_000, availableStock: 4, category: "Pillows" },
    files,
  );
  if (!created.ok) throw new Error(created.message);
  const product = await getProductForEdit(handle.db, created.productId);
  return product!;
}

function edit(product: NonNullable<Awaited<ReturnType<typeof getProductForEdit>>>, patch: Partial<ProductEditInput> = {}): ProductEditInput {
  return {
    productName: product.name,
    description: product.description,
    category: product.category,
    featured: product.featured,
    maxPerOrder: product.maxPerOrder,
    price: "5000",
    availableStock: "4",
    sizes: [],
    keepImages: product.images,
    ...patch,
  };
}

describe("updateProduct", () => {
  it("changes name, category, price and stock of a plain product", async () => {
    const product = await newProduct();
    const saved = await updateProduct(
      handle.db,
      editor,
      product.id,
      edit(product, { productName: "Renamed Pillow", category: "Beddings", price: "7250.50", availableStock: "9" }),
      [],
    );
    expect(saved).toEqual({ ok: true, productId: product.id });
    const after = await getProduct(handle.db, product.id);
    expect(after).toMatchObject({ name: "Renamed Pillow", category: "Beddings", priceKobo: 725_050, stock: 9 });
  });

  it("sets the most of one size a customer may buy in one order (10 unless set); refuses 0 and fractions", async () => {
    const product = await newProduct();
    expect(product.maxPerOrder).toBe(10);
    expect(await updateProduct(handle.db, editor, product.id, edit(product, { maxPerOrder: 3 }), [])).toEqual({ ok: true, productId: product.id });
    expect((await getProductForEdit(handle.db, product.id))!.maxPerOrder).toBe(3);
    // A form without the field (a page from before it existed) keeps the limit.
    const withoutField = productEditInput.parse({ ...edit(product), maxPerOrder: null });
    expect(await updateProduct(handle.db, editor, product.id, withoutField, [])).toEqual({ ok: true, productId: product.id });
    expect((await getProductForEdit(handle.db, product.id))!.maxPerOrder).toBe(3);
    for (const bad of ["0", "2.5", "1001", "ten", ""]) {
      const parsed = productEditInput.safeParse({ ...edit(product), maxPerOrder: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(messages.maxPerOrderInvalid);
    }
    expect(productEditInput.safeParse({ ...edit(product), maxPerOrder: "25" }).data?.maxPerOrder).toBe(25);
  });

  it("reorders and removes pictures, and adds new ones after the kept ones", async () => {
    const product = await newProduct(3);
    const [a, b, c] = product.images;
    const saved = await updateProduct(handle.db, editor, product.id, edit(product, { keepImages: [c, a] }), [await file("new.png")]);
    expect(saved.ok).toBe(true);
    const images = (await getProductForEdit(handle.db, product.id))!.images;
    expect(images.slice(0, 2)).toEqual([c, a]);
    expect(images).toHaveLength(3);
    expect(images).not.toContain(b);
    expect(images[2]).toMatch(/^upload-[0-9a-f]{16}\.webp$/);
  });

  it("refuses more than 4 pictures counting the kept ones, a foreign picture, and none at all; nothing changes", async () => {
    const product = await newProduct(3);
    const tooMany = await updateProduct(handle.db, editor, product.id, edit(product), [await file("x.png"), await file("y.png")]);
    expect(tooMany).toEqual({ ok: false, message: messages.tooManyImages });
    const foreign = await updateProduct(handle.db, editor, product.id, edit(product, { keepImages: ["seed-p1-1.webp"] }), []);
    expect(foreign).toEqual({ ok: false, message: messages.imageNotOfProduct });
    const none = await updateProduct(handle.db, editor, product.id, edit(product, { keepImages: [] }), []);
    expect(none).toEqual({ ok: false, message: messages.imageRequired });
    const bad = await updateProduct(handle.db, editor, product.id, edit(product, { keepImages: [] }), [
      { name: "evil.png", bytes: Buffer.from("MZ not a picture") },
    ]);
    expect(bad).toEqual({ ok: false, message: messages.invalidImages(["evil.png"]) });
    expect((await getProductForEdit(handle.db, product.id))!.images).toEqual(product.images);
  });

  it("turns a product into a featured one with a size table; a removed size is archived and leaves carts", async () => {
    const product = await newProduct();
    const sizes = [
      { size: "6x4.5x8", price: "91000", stock: "3" },
      { size: "6x6x10", price: "120000", stock: "2" },
    ];
    expect((await updateProduct(handle.db, editor, product.id, edit(product, { featured: true, sizes }), [])).ok).toBe(true);
    let detail = await getProduct(handle.db, product.id);
    expect(detail?.featured).toBe(true);
    expect(detail?.variants.map((v) => [v.size, v.priceKobo, v.stock])).toEqual([
      ["6x4.5x8", 9_100_000, 3],
      ["6x6x10", 12_000_000, 2],
    ]);
    // The plain size is off sale but kept (orders may point at it).
    const rows = await handle.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    expect(rows.find((v) => v.size === "")?.archivedAt).toBeInstanceOf(Date);

    const shopper = await quickCustomer(handle.db, "edit-cart");
    expect((await addToCart(handle.db, shopper.id, { productId: product.id, size: "6x6x10" })).ok).toBe(true);
    const fresh = (await getProductForEdit(handle.db, product.id))!;
    expect((await updateProduct(handle.db, editor, product.id, edit(fresh, { featured: true, sizes: [sizes[0]] }), [])).ok).toBe(true);
    detail = await getProduct(handle.db, product.id);
    expect(detail?.variants.map((v) => v.size)).toEqual(["6x4.5x8"]);
    expect(await getCart(handle.db, shopper.id)).toEqual([]);
    expect((await addToCart(handle.db, shopper.id, { productId: product.id, size: "6x6x10" })).ok).toBe(false);
  });

  it("refuses duplicate or incomplete sizes, and an unknown category", async () => {
    const product = await newProduct();
    const twice = [
      { size: "6x4x6", price: "1000", stock: "1" },
      { size: "6X4X6", price: "2000", stock: "1" },
    ];
    expect(await updateProduct(handle.db, editor, product.id, edit(product, { featured: true, sizes: twice }), [])).toEqual({
      ok: false,
      message: messages.sizesInvalid,
    });
    expect(
      await updateProduct(handle.db, editor, product.id, edit(product, { featured: true, sizes: [{ size: "6x4x6", price: "-1", stock: "1" }] }), []),
    ).toEqual({
      ok: false,
      message: messages.sizesInvalid,
    });
    expect(await updateProduct(handle.db, editor, product.id, edit(product, { category: "All Product" }), [])).toEqual({
      ok: false,
      message: messages.categoryInvalid,
    });
    expect(await updateProduct(handle.db, editor, product.id, edit(product, { price: "0" }), [])).toEqual({
      ok: false,
      message: messages.priceInvalid,
    });
  });

  it("does not edit an archived product", async () => {
    const product = await newProduct();
    expect(await archiveProduct(handle.db, editor, product.id)).toBe(true);
    expect(await updateProduct(handle.db, editor, product.id, edit(product), [])).toEqual({ ok: false, message: messages.productNotFound });
  });
});

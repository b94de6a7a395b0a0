import { count, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { productImages, products, productVariants } from "../db/schema";
import { seedProducts } from "./seed-data";
import { productImageFile } from "./seed";

// A large catalogue for measuring search and listing as the shop grows (`npm run db:seed --
// --products 100000`). Generated products copy a seeded plain product's category, description
// and first picture, with a new model name and price, so searches hit realistic word mixes.

const FINISHES = ["Classic", "Comfort", "Deluxe", "Royal", "Prime", "Value", "Luxe", "Ortho", "Family", "Hostel", "Executive", "Supreme"];
const COLOURS = ["Blue", "Grey", "Cream", "Wine", "Green", "Gold", "White", "Brown", "Navy", "Rose"];
const BATCH = 1000;

const templates = seedProducts.filter((p) => !p.featured);

function generatedProduct(n: number) {
  const template = templates[n % templates.length];
  const finish = FINISHES[Math.floor(n / templates.length) % FINISHES.length];
  const colour = COLOURS[Math.floor(n / (templates.length * FINISHES.length)) % COLOURS.length];
  // A model code makes every generated name unique and searchable by itself.
  const model = `M${(n + 1).toString(36).toUpperCase()}`;
  const base = template.variants[0].priceNaira;
  const priceNaira = Math.max(500, Math.round((base * (80 + ((n * 37) % 41))) / 100 / 50) * 50);
  return {
    product: {
      name: `${template.name} ${finish} ${colour} ${model}`,
      description: template.description,
      categoryId: template.categoryId,
      featured: false,
    },
    priceKobo: priceNaira * 100,
    stock: 1 + ((n * 7) % 60),
    image: productImageFile(template.id, 0),
  };
}

/**
 * Adds generated products until the catalogue holds `total` products; returns how many it added.
 * The seeded catalogue (and its pictures) must already be there.
 */
export async function growCatalogue(db: Database, total: number): Promise<number> {
  const [{ n: existing }] = await db.select({ n: count() }).from(products);
  const missing = Math.max(0, total - existing);
  for (let start = 0; start < missing; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, missing - start) }, (_, i) => generatedProduct(existing + start + i));
    await db.transaction(async (tx) => {
      const ids = await tx
        .insert(products)
        .values(batch.map((g) => g.product))
        .returning({ id: products.id });
      await tx
        .insert(productVariants)
        .values(ids.map(({ id }, i) => ({ productId: id, size: "", priceKobo: batch[i].priceKobo, stock: batch[i].stock })));
      await tx.insert(productImages).values(ids.map(({ id }, i) => ({ productId: id, fileName: batch[i].image, position: 0 })));
    });
  }
  // Fresh statistics, so the planner knows how many products a search word matches.
  if (missing) await db.execute(sql`analyze`);
  return missing;
}

import { useState } from "react";
import { priceForSize, type SizeOption } from "~/common/featured";
import { formatNaira } from "~/common/money";
import { ProductDetailLayout } from "./ProductDetailLayout";
import type { ShownReviews } from "./reviews/ProductReviews";

interface FeaturedProduct {
  id: number;
  name: string;
  category: string;
  description: string;
  images: string[];
  variants: (SizeOption & { id: number; stock: number })[];
}

/**
 * A featured mattress's detail: the size dropdown, the chosen size's price and stock (requirements §2
 * /productdetail2). /productdetail shows it too for a featured product, so a mattress opened from
 * search or Crazy Deals is bought in the size the shopper chose (decision 0039).
 */
export function FeaturedProductDetail({ product, reviews }: { product: FeaturedProduct; reviews: ShownReviews }) {
  // The first size is chosen to begin with (requirements §4.5); the price follows the chosen size.
  const [size, setSize] = useState(product.variants[0]?.size);
  const variant = priceForSize(product.variants, size);
  return (
    <ProductDetailLayout product={product} size={variant?.size ?? ""} soldOut={!variant || variant.stock === 0} reviews={reviews}>
      <div>
        <label htmlFor="size" className="block text-sm font-semibold text-slate-700">
          Size (length x width x thickness)
        </label>
        <select
          id="size"
          value={variant?.size}
          onChange={(e) => setSize(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:w-64"
        >
          {product.variants.map((v) => (
            <option key={v.id} value={v.size}>
              {v.size}
            </option>
          ))}
        </select>
      </div>
      <p className="text-3xl font-extrabold text-brand-800" aria-live="polite" data-testid="price">
        {variant ? formatNaira(variant.priceKobo) : null}
      </p>
      <p className={`text-sm font-medium ${variant && variant.stock > 0 ? "text-emerald-700" : "text-red-700"}`}>
        {variant && variant.stock > 0 ? `In stock (${variant.stock} available in this size)` : "Out of stock in this size"}
      </p>
    </ProductDetailLayout>
  );
}

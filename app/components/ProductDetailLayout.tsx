import type { ReactNode } from "react";
import { AddToCart } from "./AddToCart";
import { BackButton } from "./BackButton";
import { ProductGallery } from "./ProductGallery";
import { StockAlert } from "./StockAlert";
import { ProductReviews, RatingSummary, type ShownReviews } from "./reviews/ProductReviews";

interface ProductDetailLayoutProps {
  product: { id: number; name: string; category: string; description: string; images: string[] };
  /** The size Add to Cart adds: '0' on the standard page (requirements §7), the chosen size on Detail 2. */
  size: string;
  soldOut: boolean;
  /** The approved reviews: their average and count under the name, the list below the product. */
  reviews: ShownReviews;
  /** Price, size choice and stock: what differs between the two detail pages. */
  children: ReactNode;
}

/** The frame both product detail pages share: Back, pictures, name, rating, description, Add to Cart (and on a sold-out size, Tell me when it's back), reviews. */
export function ProductDetailLayout({ product, size, soldOut, reviews, children }: ProductDetailLayoutProps) {
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <BackButton />
        <div className="mt-3 grid gap-8 md:grid-cols-2">
          <ProductGallery images={product.images} name={product.name} />
          <div className="flex flex-col gap-4">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{product.category}</p>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
            <RatingSummary reviews={reviews} />
            {children}
            <p className="leading-relaxed text-slate-700">{product.description}</p>
            <div className="flex flex-wrap gap-3 pt-2">
              <AddToCart productId={product.id} size={size} disabled={soldOut} />
              {soldOut ? <StockAlert productId={product.id} size={size} /> : null}
            </div>
          </div>
        </div>
      </div>
      <ProductReviews productId={product.id} reviews={reviews} />
    </>
  );
}

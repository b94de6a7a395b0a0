import { Link } from "react-router";
import { formatNaira } from "~/common/money";
import { truncate } from "~/common/text";
import { Picture, PRODUCT_IMAGE_SIZE } from "./Picture";

export interface CardProduct {
  id: number;
  name: string;
  priceKobo: number;
  images: string[];
  category?: string;
  stock?: number;
}

interface ProductCardProps {
  product: CardProduct;
  /** Where the card leads: featured mattresses open the sized detail page. */
  to: string;
  /** How many characters of the name to show (13 on cards, 50 on category lists). */
  nameMax: number;
  /** "From" before the price, for products sold in several sizes. */
  fromPrice?: boolean;
  priority?: boolean;
}

export function ProductCard({ product, to, nameMax, fromPrice = false, priority = false }: ProductCardProps) {
  const soldOut = product.stock === 0;
  return (
    <Link
      to={to}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <div className="relative aspect-square overflow-hidden bg-slate-50">
        <Picture
          file={product.images[0]}
          alt={product.name}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
          priority={priority}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        {soldOut ? (
          <span className="absolute left-2 top-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">Out of stock</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm font-medium leading-snug text-slate-800" title={product.name}>
          {truncate(product.name, nameMax)}
        </h3>
        <p className="mt-auto text-base font-bold text-brand-800">
          {fromPrice ? <span className="mr-1 text-xs font-normal text-slate-500">From</span> : null}
          {formatNaira(product.priceKobo)}
        </p>
      </div>
    </Link>
  );
}

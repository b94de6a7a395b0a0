import { Link } from "react-router";
import { imageUrl } from "~/common/images";
import { formatNaira } from "~/common/money";
import type { ProductSummary } from "~/server/catalog/catalog";

/** One product in an admin list: picture, name, id, price, stock, View and Edit (and the caller's actions). */
export function ProductRow({ product, children }: { product: ProductSummary; children?: React.ReactNode }) {
  const button = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50";
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      {product.images[0] ? (
        <img src={imageUrl(product.images[0], 320)} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="h-14 w-14 shrink-0 rounded-lg bg-slate-100" />
      )}
      <div className="min-w-[10rem] flex-1">
        <p className="font-medium text-slate-900">
          {product.name}
          {product.hidden ? (
            <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">Hidden</span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          ID {product.id} · {formatNaira(product.priceKobo)} · {product.stock} in stock
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* A hidden product has no page in the shop to view. */}
        {product.hidden ? null : (
          <Link to={`/productdetail/${product.id}`} className={button}>
            View
          </Link>
        )}
        <Link to={`/admin/products/${product.id}`} className={button}>
          Edit
        </Link>
        {children}
      </div>
    </li>
  );
}

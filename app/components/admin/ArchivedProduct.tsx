import { BackLink } from "./BackLink";
import { imageUrl } from "~/common/images";
import { readableLagosTime } from "~/common/lagos-time";
import { formatNaira } from "~/common/money";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { ProductRecord } from "~/server/catalog/admin";

/**
 * A deleted product's record (issue 18): what it was when it was deleted, read-only. Orders,
 * reports and the audit log link here, so a deleted product's link never ends in a 404.
 */
export function ArchivedProduct({ product, deletedAt }: { product: ProductRecord; deletedAt: Date }) {
  return (
    <div className="max-w-3xl">
      <BackLink to={adminPanelPath(ADMIN_PANELS.manageProducts)}>Manage Products</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{`Product ${product.id}: ${product.name}`}</h1>
      <p role="note" className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        {`Deleted on ${readableLagosTime(deletedAt)} (Lagos time).`} It is off the shop and every cart; past orders keep it. This record cannot be
        edited.
      </p>
      <dl className="mt-6 grid gap-4 rounded-2xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
        <div>
          <dt className="font-medium text-slate-600">Category</dt>
          <dd className="text-slate-900">{product.category}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Sold</dt>
          <dd className="text-slate-900">{product.featured ? "By size (a featured product)" : "As one item"}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-600">Description</dt>
          <dd className="whitespace-pre-line break-words text-slate-900">{product.description}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-600">Sizes when deleted</dt>
          <dd>
            <ul className="mt-1 divide-y divide-slate-100" data-testid="archived-sizes">
              {product.variants.map((v) => (
                <li key={v.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-slate-900">
                  <span>{v.size || "One size"}</span>
                  <span>
                    {formatNaira(v.priceKobo)} · {v.stock} in stock
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      {product.images.length ? (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Pictures">
          {product.images.map((file, index) => (
            <li key={file}>
              <img
                src={imageUrl(file, 320)}
                alt={`Picture ${index + 1}`}
                width={160}
                height={160}
                className="aspect-square w-full rounded-xl object-cover ring-1 ring-slate-200"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { lineName } from "~/common/featured";
import { imageUrl } from "~/common/images";
import { formatNaira, formatNairaTotal } from "~/common/money";

/** One line of an order or a checkout: what was bought, how many at what price. */
export interface OrderLineItem {
  productName: string;
  size: string;
  quantity: number;
  unitPriceKobo: number;
  imageFile: string | null;
}

/**
 * An order's line as the customer's order summary, My Orders and the admin's order page show it:
 * picture, name with its size, "2 x ₦91,000", and the line's subtotal.
 */
export function OrderLine({ item, eager = false }: { item: OrderLineItem; eager?: boolean }) {
  return (
    <li className="flex items-center gap-3 py-3 text-sm" data-testid="order-line">
      {item.imageFile ? (
        <img
          src={imageUrl(item.imageFile, 320)}
          alt=""
          width={48}
          height={48}
          loading={eager ? undefined : "lazy"}
          className="h-12 w-12 shrink-0 rounded object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{lineName(item.productName, item.size)}</p>
        <p className="text-slate-600" data-testid="order-line-price">
          {item.quantity} x {formatNaira(item.unitPriceKobo)}
        </p>
      </div>
      <p className="whitespace-nowrap font-semibold text-slate-900">{formatNairaTotal(item.unitPriceKobo * item.quantity)}</p>
    </li>
  );
}

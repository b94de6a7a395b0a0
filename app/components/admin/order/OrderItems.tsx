import { formatNairaTotal } from "~/common/money";
import { discountLabel } from "~/common/totals";
import { OrderLine } from "~/app/components/OrderLine";
import { Card, type AdminOrder } from "./OrderCard";

export function OrderItems({ order, className }: { order: AdminOrder; className?: string }) {
  return (
    <Card title="Items" id="items-heading" className={className}>
      <ul className="divide-y divide-slate-100">
        {order.items.map((item, i) => (
          <OrderLine key={i} item={item} />
        ))}
      </ul>
      <dl className="mt-2 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-slate-900">{formatNairaTotal(order.subtotalKobo)}</dd>
        </div>
        {order.discounts.map((discount, i) => (
          <div key={i} className="flex justify-between py-1" data-testid="order-discount">
            <dt className="text-emerald-800">{discountLabel(discount)}</dt>
            <dd className="text-emerald-800">−{formatNairaTotal(discount.amountKobo)}</dd>
          </div>
        ))}
        <div className="flex justify-between py-1 text-base font-bold">
          <dt className="text-slate-900">{order.paymentMethod === "pay_on_delivery" && !order.paidDate ? "To collect on delivery" : "Total paid"}</dt>
          <dd className="text-slate-900" data-testid="order-total">
            {formatNairaTotal(order.totalKobo)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

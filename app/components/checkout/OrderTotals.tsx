import { formatNairaTotal } from "~/common/money";
import { discountLabel, type Totals } from "~/common/totals";

/**
 * Subtotal, the discounts, free delivery and the total (requirements §9: no shipping, tax or fee;
 * decision 0064: a promotion's discount is a line of its own).
 */
export function OrderTotals({ totals, totalLabel, totalTestId }: { totals: Totals; totalLabel: string; totalTestId: string }) {
  const row = "flex justify-between gap-4";
  return (
    <dl className="grid gap-2 text-sm">
      <div className={row}>
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="font-medium" data-testid="subtotal">
          {formatNairaTotal(totals.subtotalKobo)}
        </dd>
      </div>
      {totals.discounts.map((discount) => (
        <div key={`${discount.name}:${discount.code}`} className={row} data-testid="discount-line">
          <dt className="min-w-0 break-words text-emerald-800">{discountLabel(discount)}</dt>
          <dd className="shrink-0 font-medium text-emerald-800">−{formatNairaTotal(discount.amountKobo)}</dd>
        </div>
      ))}
      <div className={row}>
        <dt className="text-slate-600">Delivery</dt>
        <dd className="font-medium text-emerald-700">Free</dd>
      </div>
      <div className={`${row} mt-2 border-t border-slate-200 pt-3 text-base`}>
        <dt className="font-semibold">{totalLabel}</dt>
        <dd className="font-bold text-slate-900" data-testid={totalTestId}>
          {formatNairaTotal(totals.totalKobo)}
        </dd>
      </div>
    </dl>
  );
}

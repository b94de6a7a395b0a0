import { formatNairaTotal } from "~/common/money";

/** Subtotal, free delivery and the total (requirements §9: no shipping, tax or fee, so they are equal). */
export function OrderTotals({ totalKobo, totalLabel, totalTestId }: { totalKobo: number; totalLabel: string; totalTestId: string }) {
  const row = "flex justify-between gap-4";
  return (
    <dl className="grid gap-2 text-sm">
      <div className={row}>
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="font-medium" data-testid="subtotal">
          {formatNairaTotal(totalKobo)}
        </dd>
      </div>
      <div className={row}>
        <dt className="text-slate-600">Delivery</dt>
        <dd className="font-medium text-emerald-700">Free</dd>
      </div>
      <div className={`${row} mt-2 border-t border-slate-200 pt-3 text-base`}>
        <dt className="font-semibold">{totalLabel}</dt>
        <dd className="font-bold text-slate-900" data-testid={totalTestId}>
          {formatNairaTotal(totalKobo)}
        </dd>
      </div>
    </dl>
  );
}

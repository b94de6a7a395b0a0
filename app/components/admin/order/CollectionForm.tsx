import { Form } from "react-router";
import type { FormResult } from "~/app/forms";
import { FormMessage, inputStyle, SubmitButton } from "~/app/components/account/fields";
import { koboToNaira } from "~/common/money";
import { Card, type AdminOrder } from "./OrderCard";

const METHODS = [
  { value: "cash", label: "Cash" },
  { value: "transfer", label: "Transfer" },
  { value: "pos", label: "POS" },
] as const;

/**
 * Collected at the door (issue 28): how the customer of a shipped order paid on delivery paid, and
 * how much; another amount than the total needs a reason. Refused at the door is a status change.
 */
export function CollectionForm({ order, result, className = "" }: { order: AdminOrder; result: FormResult | undefined; className?: string }) {
  return (
    <Card title="Collected at the door" id="collection-heading" className={className}>
      <p className="text-sm text-slate-700">Record the money when the rider brings it back. Refused at the door? Choose it under Update status.</p>
      {/* Its refusals; once collected the order is delivered, and Update status says so. */}
      {result?.status === "error" && result.form === "collect" ? (
        <div className="mt-3">
          <FormMessage tone="error">{result.message}</FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="collect" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Paid by</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {METHODS.map((m, i) => (
              <label key={m.value} className="flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-base ring-1 ring-slate-200">
                <input type="radio" name="method" value={m.value} defaultChecked={i === 0} className="h-5 w-5 accent-brand-700" />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="collected-amount" className="block text-sm font-medium text-slate-700">
            Amount collected (₦)
          </label>
          <input
            id="collected-amount"
            name="amount"
            inputMode="decimal"
            required
            maxLength={30}
            defaultValue={koboToNaira(order.totalKobo)}
            className={inputStyle}
          />
        </div>
        <div>
          <label htmlFor="collection-reason" className="block text-sm font-medium text-slate-700">
            Reason <span className="font-normal text-slate-500">(when the amount is not the total)</span>
          </label>
          <textarea id="collection-reason" name="reason" rows={2} maxLength={500} className={inputStyle} />
        </div>
        <SubmitButton busyText="Saving...">Collected</SubmitButton>
      </Form>
    </Card>
  );
}

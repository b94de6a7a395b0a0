import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatNairaTotal } from "~/common/money";
import { adminPanelPath, ADMIN_PANELS } from "~/common/panels";
import { PROMOTION_FORM, PROMOTION_STATUS_FORM, type FormResult } from "~/app/forms";
import type { promotionsPanelData } from "~/app/admin/promotions.server";
import { FormOutcome, inputStyle, RadioOption, SubmitButton } from "../account/fields";
import { buttonStyles } from "../Dialog";

// The Promotions panel (issue 29, decision 0064): every promotion with its figures, and for owners
// the form that creates or changes one, and Pause, Turn on and End.

type PanelData = Awaited<ReturnType<typeof promotionsPanelData>>;
type Promotion = PanelData["promotions"][number];

const STATUS_LABELS = { active: "On", paused: "Paused", ended: "Ended" } as const;
const STATUS_STYLES = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  paused: "bg-amber-50 text-amber-900 ring-amber-200",
  ended: "bg-slate-100 text-slate-600 ring-slate-200",
} as const;

export function PromotionsPanel({ data, result }: { data: PanelData; result: FormResult | undefined }) {
  return (
    <div>
      <h2 className="text-xl font-bold text-slate-900">Promotions</h2>
      <p className="mt-1 text-sm text-slate-600">
        A code customers type at the cart, or an automatic promotion that applies whenever its conditions hold. One code per order, plus the automatic
        promotion that takes most off.
        {data.owner ? "" : " Only owners create or change promotions; you can apply a code in Take an Order."}
      </p>
      <FormOutcome result={result} form={PROMOTION_STATUS_FORM} />
      {data.promotions.length === 0 ? (
        <p className="mt-6 rounded-xl bg-slate-50 p-4 text-slate-600">No promotions yet.</p>
      ) : (
        <ul className="mt-5 grid gap-3" aria-label="Promotions">
          {data.promotions.map((p) => (
            <PromotionCard key={p.id} promotion={p} owner={data.owner} />
          ))}
        </ul>
      )}
      {/* Keyed: the Percent or Naira choice starts afresh for each promotion edited, and after a new one is saved. */}
      {data.owner ? (
        <PromotionEditor key={data.editing ? `edit-${data.editing.id}` : `new-${data.promotions.length}`} data={data} result={result} />
      ) : null}
    </div>
  );
}

function PromotionCard({ promotion: p, owner }: { promotion: Promotion; owner: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(p.id);
  const statusButton = (status: "active" | "paused" | "ended", label: string) => (
    <button type="submit" name="status" value={status} disabled={busy} className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}>
      {label}
    </button>
  );
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="promotion">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {p.name}
          {p.code ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-800">{p.code}</span> : null}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[p.status]}`} data-testid="promotion-status">
          {STATUS_LABELS[p.status]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{p.summary}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Uses</dt>
          <dd className="font-semibold tabular-nums" data-testid="promotion-uses">
            {p.uses}
            {p.reserved ? <span className="font-normal text-slate-500"> (+{p.reserved} open)</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Discount given</dt>
          <dd className="font-semibold tabular-nums">{formatNairaTotal(p.discountKobo)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Revenue</dt>
          <dd className="font-semibold tabular-nums">{formatNairaTotal(p.revenueKobo)}</dd>
        </div>
      </dl>
      {owner && p.status !== "ended" ? (
        <Form method="post" preventScrollReset className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value={PROMOTION_STATUS_FORM} />
          <input type="hidden" name="id" value={p.id} />
          {p.status === "active" ? statusButton("paused", "Pause") : statusButton("active", "Turn on")}
          {statusButton("ended", "End")}
          <Link
            to={adminPanelPath(ADMIN_PANELS.promotions, { edit: String(p.id) })}
            preventScrollReset
            className="inline-flex items-center px-3 py-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            Edit
          </Link>
        </Form>
      ) : null}
    </li>
  );
}

const field = "block text-sm font-medium text-slate-700";

function PromotionEditor({ data, result }: { data: PanelData; result: FormResult | undefined }) {
  const e = data.editing;
  const [kind, setKind] = useState<"percent" | "fixed">(e?.kind ?? "percent");
  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      className="mt-10 grid gap-4 border-t border-slate-200 pt-8"
      aria-labelledby="promotion-form-heading"
    >
      <h3 id="promotion-form-heading" className="font-semibold text-slate-900">
        {e ? `Change ${e.name}` : "New promotion"}
      </h3>
      <input type="hidden" name="intent" value={PROMOTION_FORM} />
      <input type="hidden" name="id" value={e?.id ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="promo-name" className={field}>
            Name (customers see it)
          </label>
          <input id="promo-name" name="name" required maxLength={60} defaultValue={e?.name} className={inputStyle} />
        </div>
        <div>
          <label htmlFor="promo-code" className={field}>
            Code (empty: automatic)
          </label>
          <input id="promo-code" name="code" maxLength={20} defaultValue={e?.code} autoComplete="off" className={`${inputStyle} uppercase`} />
        </div>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Discount</legend>
        <RadioOption name="kind" value="percent" chosen={kind} onChoose={setKind}>
          Percent off
        </RadioOption>
        <RadioOption name="kind" value="fixed" chosen={kind} onChoose={setKind}>
          Naira off
        </RadioOption>
        {kind === "percent" ? (
          <div>
            <label htmlFor="promo-percent" className={field}>
              Percent (1 to 100)
            </label>
            <input id="promo-percent" name="percent" inputMode="numeric" maxLength={3} defaultValue={e?.percent} className={inputStyle} />
          </div>
        ) : (
          <div>
            <label htmlFor="promo-amount" className={field}>
              Naira off
            </label>
            <input id="promo-amount" name="amount" inputMode="decimal" maxLength={20} defaultValue={e?.amount} className={inputStyle} />
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Only on these categories (none ticked: the whole order)</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {data.categories.map((c) => (
            <label key={c.id} className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200">
              <input
                type="checkbox"
                name="categoryIds"
                value={c.id}
                defaultChecked={e?.categoryIds.includes(c.id)}
                className="h-5 w-5 accent-brand-700"
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="promo-products" className={field}>
          Or on these products: their numbers, as in /productdetail/12 (e.g. 12, 15)
        </label>
        <input id="promo-products" name="productIds" maxLength={1000} defaultValue={e?.productIds} className={inputStyle} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="promo-min" className={field}>
            Minimum subtotal in naira (empty: none)
          </label>
          <input id="promo-min" name="minSubtotal" inputMode="decimal" maxLength={20} defaultValue={e?.minSubtotal} className={inputStyle} />
        </div>
        <div />
        <div>
          <label htmlFor="promo-starts" className={field}>
            Starts (Lagos time; empty: now)
          </label>
          <input id="promo-starts" name="startsAt" type="datetime-local" defaultValue={e?.startsAt} className={inputStyle} />
        </div>
        <div>
          <label htmlFor="promo-ends" className={field}>
            Ends (Lagos time; empty: when you end it)
          </label>
          <input id="promo-ends" name="endsAt" type="datetime-local" defaultValue={e?.endsAt} className={inputStyle} />
        </div>
        <div>
          <label htmlFor="promo-max" className={field}>
            Uses in all (empty: no cap)
          </label>
          <input id="promo-max" name="maxUses" inputMode="numeric" maxLength={7} defaultValue={e?.maxUses} className={inputStyle} />
        </div>
        <div>
          <label htmlFor="promo-max-customer" className={field}>
            Uses per customer (empty: no cap)
          </label>
          <input
            id="promo-max-customer"
            name="maxUsesPerCustomer"
            inputMode="numeric"
            maxLength={7}
            defaultValue={e?.maxUsesPerCustomer}
            className={inputStyle}
          />
        </div>
      </div>
      <label className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-slate-800 ring-1 ring-slate-200 sm:max-w-xs">
        <input type="checkbox" name="firstOrderOnly" defaultChecked={e?.firstOrderOnly} className="h-5 w-5 accent-brand-700" />
        First order only
      </label>
      <FormOutcome result={result} form={PROMOTION_FORM} />
      <div className="flex flex-wrap items-center gap-4">
        <div className="w-full sm:max-w-xs">
          <SubmitButton busyText="Saving...">{e ? "Save promotion" : "Create promotion"}</SubmitButton>
        </div>
        {e ? (
          <Link to={adminPanelPath(ADMIN_PANELS.promotions)} className="text-sm font-semibold text-brand-700 hover:underline">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

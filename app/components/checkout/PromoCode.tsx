import { useFetcher } from "react-router";
import type { Pricing } from "~/server/promotions/pricing";
import type { FormResult } from "~/app/forms";
import { buttonStyles } from "../Dialog";
import { inputStyle } from "../account/fields";

/** The longest code a person types; the server reads at most 40 characters as a code. */
const CODE_INPUT_MAX = 20;

/**
 * A promotion code on the cart and the order summary (issue 29, decision 0064): enter one and
 * Apply, or Remove the one entered. A code that no longer holds (used up, ended) says why here,
 * and the order is priced without it. The forms post to /cartpage, like every cart change.
 */
export function PromoCode({ pricing }: { pricing: Pick<Pricing, "code" | "codeRefusal" | "discounts"> }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? null : fetcher.data;
  const applied = pricing.code !== null && pricing.codeRefusal === null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="promo-code">
      {pricing.code !== null ? (
        <fetcher.Form method="post" action="/cartpage" className="flex items-center justify-between gap-3">
          <p className="min-w-0 text-sm">
            <span className="text-slate-600">{applied ? "Code applied: " : "Code: "}</span>
            <span className="break-all font-semibold text-slate-900">{pricing.code}</span>
          </p>
          <button
            type="submit"
            name="intent"
            value="code-remove"
            disabled={busy}
            className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {busy ? "Removing..." : "Remove code"}
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" action="/cartpage" className="grid gap-2">
          <label htmlFor="promo-code-input" className="text-sm font-medium text-slate-700">
            Promotion code
          </label>
          <div className="flex items-end gap-2">
            <input
              id="promo-code-input"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={CODE_INPUT_MAX}
              required
              className={`${inputStyle} min-w-0 flex-1 uppercase`}
            />
            <button type="submit" name="intent" value="code-apply" disabled={busy} className={`${buttonStyles.secondary} shrink-0 px-4`}>
              {busy ? "Applying..." : "Apply"}
            </button>
          </div>
        </fetcher.Form>
      )}
      {pricing.codeRefusal && !result ? (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="promo-message">
          {pricing.codeRefusal.message}
        </p>
      ) : null}
      {result && (result.status === "done" || result.status === "error") ? (
        <p
          role={result.status === "error" ? "alert" : "status"}
          className={`mt-2 text-sm ${result.status === "error" ? "text-red-700" : "text-emerald-800"}`}
          data-testid="promo-message"
        >
          {result.message}
        </p>
      ) : null}
    </div>
  );
}

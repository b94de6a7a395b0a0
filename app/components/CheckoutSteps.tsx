const STEPS = ["Cart", "Delivery", "Summary and payment"];

/** Where the customer is in checkout: Cart, then Delivery, then Summary and payment. */
export function CheckoutSteps({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" aria-label="Checkout steps">
      {STEPS.map((step, index) => (
        <li key={step} className="flex items-center gap-2" aria-current={index === current ? "step" : undefined}>
          <span
            className={`grid h-6 w-6 place-items-center rounded-full text-xs font-bold ${index <= current ? "bg-brand-700 text-white" : "bg-slate-200 text-slate-600"}`}
          >
            {index + 1}
          </span>
          <span className={index === current ? "font-semibold text-slate-900" : "text-slate-600"}>{step}</span>
          {index < STEPS.length - 1 ? (
            <span className="text-slate-400" aria-hidden="true">
              ›
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

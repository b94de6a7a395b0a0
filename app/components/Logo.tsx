import { SHOP_NAME } from "~/common/constants";

/** The shop's mark: a stack of foam layers, drawn inline so it costs no request. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
        <rect x="2" y="6" width="36" height="28" rx="8" fill="#1e40af" />
        <rect x="7" y="12" width="26" height="5" rx="2.5" fill="#fbbf24" />
        <rect x="7" y="19" width="26" height="5" rx="2.5" fill="#dbe6fe" />
        <rect x="7" y="26" width="26" height="3" rx="1.5" fill="#93c5fd" />
      </svg>
      <span className={`text-xl font-extrabold tracking-tight ${inverted ? "text-white" : "text-brand-800"}`}>{SHOP_NAME}</span>
    </span>
  );
}

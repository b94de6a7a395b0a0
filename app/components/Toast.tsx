import { useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";

// Short-lived messages at the top of the page (Quantity Updated!, Payment successful!, the
// delivery form's 2-second warnings). Screen readers hear them through the live region.

export type ToastTone = "info" | "warning" | "success";

const TONES: Record<ToastTone, string> = {
  info: "bg-slate-900 text-white",
  warning: "bg-red-700 text-white",
  success: "bg-emerald-700 text-white",
};

export function ToastBubble({ text, tone = "info" }: { text: string | null; tone?: ToastTone }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4">
      {text ? (
        <p
          role="status"
          data-testid="notice"
          className={`pointer-events-auto max-w-md rounded-xl px-5 py-3 text-center text-sm font-medium shadow-lg ${TONES[tone]}`}
        >
          {text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A toast and the function that shows it for `ms` milliseconds. The toast is drawn at the end of
 * the page's body, not where the component sits: inside a sticky panel (the order summary's at
 * 1024 px and wider) it would share the panel's layer, under the sticky header (issue 19).
 */
export function useToast() {
  const [toast, setToast] = useState<{ text: string; tone: ToastTone; ms: number; id: number } | null>(null);
  // The body is there only in the browser; a toast only ever shows after something done there.
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => setBody(document.body), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.ms);
    return () => clearTimeout(timer);
  }, [toast]);
  const show = useCallback((text: string, ms: number, tone: ToastTone = "info") => setToast({ text, tone, ms, id: Date.now() }), []);
  return { element: body ? createPortal(<ToastBubble text={toast?.text ?? null} tone={toast?.tone} />, body) : null, show };
}

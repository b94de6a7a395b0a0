import { useEffect, useId, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";

interface DialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Buttons; the first gets focus. */
  actions: ReactNode;
  onClose: () => void;
  tone?: "info" | "error" | "success";
}

/** A modal on the native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Dialog({ open, title, children, actions, onClose, tone = "info" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A page may hold several dialogs: each is named by its own heading.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const toneRing = tone === "error" ? "text-red-600" : tone === "success" ? "text-emerald-600" : "text-brand-700";
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      aria-labelledby={titleId}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="p-6 text-center">
        <h2 id={titleId} className={`text-xl font-semibold ${toneRing}`}>
          {title}
        </h2>
        {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </dialog>
  );
}

export const buttonStyles = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60",
  accent:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-accent-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-accent-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
};

/** A dialog that only tells something (Login Failed, Update Failed...) and closes on OK. */
export function MessageDialog({ open, title, tone, onClose, children }: Omit<DialogProps, "actions">) {
  return (
    <Dialog
      open={open}
      title={title}
      tone={tone}
      onClose={onClose}
      actions={
        <button type="button" className={buttonStyles.primary} onClick={onClose}>
          OK
        </button>
      }
    >
      {children}
    </Dialog>
  );
}

/** The buttons of a dialog that asks a visitor to sign in first: Login (to /userlogin) and Cancel. */
export function LoginActions({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className={buttonStyles.primary} onClick={() => void navigate("/userlogin")}>
        Login
      </button>
      <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}

import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { isEmailShape, normalizeEmail } from "~/common/accounts";
import type { FormResult } from "~/app/forms";
import { messages } from "~/common/messages";
import { EyeIcon, EyeOffIcon } from "../icons";
import { buttonStyles } from "../Dialog";

// Form pieces of the account pages: labelled fields, the show/hide password toggle, messages.

export const inputStyle =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  hint?: ReactNode;
}

export function TextField({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} className={inputStyle} {...input} />
      {hint}
    </div>
  );
}

/** A password input with a Show/Hide toggle (requirements §2.2). Without JavaScript it stays hidden. */
export function PasswordField({ label, hint, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={visible ? "text" : "password"} className={`${inputStyle} pr-12`} {...input} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 mt-1 grid w-12 place-items-center rounded-r-lg text-slate-500 hover:text-brand-700"
        >
          {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
        </button>
      </div>
      {hint}
    </div>
  );
}

/**
 * A new password typed twice; while the two differ the second says 'Passwords do not match'
 * (requirements §5.2), and the form's submit checks `passwordsDiffer` to send nothing.
 */
export function NewPasswordPair({
  name,
  confirmName,
  label,
  confirmLabel,
  hint,
}: {
  name: string;
  confirmName: string;
  label: string;
  confirmLabel: string;
  hint: string;
}) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const differ = confirm.length > 0 && password !== confirm;
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        required
        minLength={8}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={<p className="mt-1 text-xs text-slate-500">{hint}</p>}
      />
      <PasswordField
        label={confirmLabel}
        name={confirmName}
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        aria-invalid={differ ? true : undefined}
        hint={
          differ ? (
            <p className="mt-1 text-sm text-red-700" aria-live="polite">
              {messages.resetPasswordsDiffer}
            </p>
          ) : null
        }
      />
    </>
  );
}

/** Whether a form's new password and its confirmation differ. */
export function passwordsDiffer(form: HTMLFormElement, name: string, confirmName: string): boolean {
  const value = (field: string) => (form.elements.namedItem(field) as HTMLInputElement | null)?.value;
  return value(name) !== value(confirmName);
}

export function FormMessage({ tone, children }: { tone: "error" | "success" | "warning"; children: ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    warning: "border-amber-200 bg-amber-50 text-amber-900",
  }[tone];
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${styles}`}>
      {children}
    </p>
  );
}

/** One choice of a radio group, as a row with room for a thumb (44 px). */
export function RadioOption<T extends string>({
  name,
  value,
  chosen,
  onChoose,
  disabled,
  children,
}: {
  name: string;
  value: T;
  chosen: string;
  onChoose: (value: T) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200">
      <input
        type="radio"
        name={name}
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
        disabled={disabled}
        className="h-5 w-5 accent-brand-700"
      />
      {children}
    </label>
  );
}

/** One form's own answer, in a panel of several forms that share one action result. */
export function FormOutcome({ result, form }: { result: FormResult | undefined; form: string }) {
  if ((result?.status !== "done" && result?.status !== "error") || result.form !== form) return null;
  return <FormMessage tone={result.status === "done" ? "success" : "error"}>{result.message}</FormMessage>;
}

/** The form's submit button; busy while this form's submission is under way. */
export function SubmitButton({ children, busyText, disabled }: { children: ReactNode; busyText: string; disabled?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy || disabled} aria-disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  );
}

/**
 * The e-mail rule of requirements §5.2 before a form is sent: lower-cased and trimmed in the field itself, then
 * 'Please enter a valid email address' unless it looks like one. `check` returns whether to send.
 */
export function useEmailCheck() {
  const [problem, setProblem] = useState<string | null>(null);
  const check = (form: HTMLFormElement) => {
    const field = form.elements.namedItem("email") as HTMLInputElement;
    field.value = normalizeEmail(field.value);
    const found = !field.value ? messages.emailRequired : isEmailShape(field.value) ? null : messages.invalidEmail;
    setProblem(found);
    return found === null;
  };
  return { problem, check };
}

export function EmailField({ problem, autoComplete = "email" }: { problem: string | null; autoComplete?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      required
      aria-invalid={problem ? true : undefined}
      hint={problem ? <p className="mt-1 text-sm text-red-700">{problem}</p> : null}
    />
  );
}

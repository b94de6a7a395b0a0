import { useId, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { FormResult } from "../forms";
import { buttonStyles } from "./Dialog";

/**
 * The one button of a message's own link that stops those messages, with no sign-in (an order's
 * texts at /o/{token}, offers at /offers/{token}): a POST, since link scanners and chat previews
 * open the page. After it, its answer in its place.
 */
export function StopByLink({
  heading,
  result,
  button,
  children,
}: {
  heading: string;
  result: FormResult | undefined;
  /** The button's words ("Stop text messages"). */
  button: string;
  /** What these messages are, and the question; or what to say when there is nothing to stop (no button). */
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const headingId = useId();
  return (
    <section className="mt-8 border-t border-slate-200 pt-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-slate-900">
        {heading}
      </h2>
      {result && "message" in result ? (
        <p role={result.status === "error" ? "alert" : "status"} className="mt-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          {result.message}
        </p>
      ) : (
        <Form method="post" className="mt-2">
          <p className="text-sm text-slate-600">{children}</p>
          <button type="submit" disabled={busy} className={`${buttonStyles.secondary} mt-3 w-full sm:w-auto`}>
            {busy ? "Stopping..." : button}
          </button>
        </Form>
      )}
    </section>
  );
}

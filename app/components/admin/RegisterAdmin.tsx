import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { FormMessage, SubmitButton } from "../account/fields";
import { SignUpFields } from "../account/SignUpFields";

/** Register an Admin (requirements §2, menu 3): the sign-up form for a new admin, who verifies their e-mail first. */
export function RegisterAdmin({ result }: { result: FormResult | undefined }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.status === "done") form.current?.reset();
  }, [result]);
  return (
    <div className="max-w-md">
      <h2 className="text-lg font-semibold text-slate-900">Register an Admin</h2>
      <p className="mt-1 text-sm text-slate-600">The new admin gets an email to verify their address before they can log in.</p>
      <Form method="post" ref={form} className="mt-5 grid gap-4">
        <input type="hidden" name="intent" value="register-admin" />
        <SignUpFields />
        {result?.status === "done" ? <FormMessage tone="success">{result.message}</FormMessage> : null}
        {result?.status === "error" ? <FormMessage tone="error">{result.message || messages.signUpFailed}</FormMessage> : null}
        <SubmitButton busyText="Registering...">Register</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/adminlogin" className="font-semibold text-brand-700 hover:underline">
          Already an admin? Log In
        </Link>
      </p>
    </div>
  );
}

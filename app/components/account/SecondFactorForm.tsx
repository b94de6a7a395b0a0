import { Form } from "react-router";
import type { FormResult } from "~/app/forms";
import { AccountCard } from "./AccountCard";
import { FormMessage, inputStyle, SubmitButton, TextField } from "./fields";

/**
 * The admin login's second step (issue 27): the code from the authenticator app, or a recovery
 * code. A wrong code is said here, on the form, so the next try is one tap away.
 */
export function SecondFactorForm({ result }: { result: FormResult | undefined }) {
  const failure = result?.status === "error" ? result.message : null;
  return (
    <AccountCard
      title="Admin Login"
      intro="Two-step sign-in: enter the 6-digit code your authenticator app shows, or one of your recovery codes."
      footer={
        <Form method="post">
          <input type="hidden" name="intent" value="start-again" />
          <button type="submit" className="font-semibold text-brand-700 hover:underline">
            Sign in as someone else
          </button>
        </Form>
      }
    >
      <Form method="post" noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="second-factor" />
        <TextField
          label="Code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
          className={`${inputStyle} font-mono tracking-widest`}
        />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton busyText="Checking...">Verify</SubmitButton>
      </Form>
    </AccountCard>
  );
}

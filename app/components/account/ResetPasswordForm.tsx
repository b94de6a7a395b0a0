import { useState } from "react";
import { Form } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { AccountCard } from "./AccountCard";
import { FormMessage, PasswordField, SubmitButton } from "./fields";

/** New password twice; while they differ the page says so and submitting does nothing (spec §5). */
export function ResetPasswordForm({ result }: { result: FormResult | undefined }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const differ = confirm.length > 0 && password !== confirm;
  return (
    <AccountCard title="Reset Password" intro="Choose a new password for your account.">
      <Form
        method="post"
        className="grid gap-4"
        onSubmit={(event) => {
          if (password !== confirm) event.preventDefault();
        }}
      >
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={<p className="mt-1 text-xs text-slate-500">At least 8 characters.</p>}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
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
        {result?.status === "error" ? <FormMessage tone="error">{result.message || messages.tryAgain}</FormMessage> : null}
        <SubmitButton busyText="Saving...">Reset Password</SubmitButton>
      </Form>
    </AccountCard>
  );
}

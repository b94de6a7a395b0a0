import { useState } from "react";
import { Form } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { FormMessage, PasswordField, SubmitButton } from "./fields";

/**
 * Change password, in both dashboards (issue 18): the current password, then the new one twice;
 * while they differ the form says so and does not send (as the reset form, spec §5). A change
 * that works comes back as a new page load with its notice; `result` is a refusal.
 */
export function ChangePassword({ result }: { result: FormResult | undefined }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const differ = confirm.length > 0 && password !== confirm;
  return (
    <Form
      method="post"
      aria-labelledby="change-password"
      className="mt-6 grid max-w-sm gap-3 border-t border-slate-100 pt-5"
      onSubmit={(event) => {
        if (password !== confirm) event.preventDefault();
      }}
    >
      <h3 id="change-password" className="font-semibold text-slate-900">
        Change password
      </h3>
      <input type="hidden" name="intent" value="change-password" />
      <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" required />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        minLength={8}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={<p className="mt-1 text-xs text-slate-500">At least 8 characters. Your other devices will be signed out.</p>}
      />
      <PasswordField
        label="Confirm new password"
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
      {result?.status === "error" ? <FormMessage tone="error">{result.message}</FormMessage> : null}
      <SubmitButton busyText="Changing...">Change password</SubmitButton>
    </Form>
  );
}

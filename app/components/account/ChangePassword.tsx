import { Form } from "react-router";
import type { FormResult } from "~/app/forms";
import { FormMessage, NewPasswordPair, PasswordField, passwordsDiffer, SubmitButton } from "./fields";

/**
 * Change password, in both dashboards (issue 18): the current password, then the new one twice;
 * while they differ the form says so and does not send (as the reset form, requirements §5.2). A change
 * that works comes back as a new page load with its notice; `result` is a refusal.
 */
export function ChangePassword({ result }: { result: FormResult | undefined }) {
  return (
    <Form
      method="post"
      aria-labelledby="change-password"
      className="mt-6 grid max-w-sm gap-3 border-t border-slate-100 pt-5"
      onSubmit={(event) => {
        if (passwordsDiffer(event.currentTarget, "newPassword", "confirmPassword")) event.preventDefault();
      }}
    >
      <h3 id="change-password" className="font-semibold text-slate-900">
        Change password
      </h3>
      <input type="hidden" name="intent" value="change-password" />
      <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" required />
      <NewPasswordPair
        name="newPassword"
        confirmName="confirmPassword"
        label="New password"
        confirmLabel="Confirm new password"
        hint="At least 8 characters. Your other devices will be signed out."
      />
      {result?.status === "error" ? <FormMessage tone="error">{result.message}</FormMessage> : null}
      <SubmitButton busyText="Changing...">Change password</SubmitButton>
    </Form>
  );
}

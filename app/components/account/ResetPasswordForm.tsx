import { Form } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { AccountCard } from "./AccountCard";
import { FormMessage, NewPasswordPair, passwordsDiffer, SubmitButton } from "./fields";

/** New password twice; while they differ the page says so and submitting does nothing (spec §5). */
export function ResetPasswordForm({ result }: { result: FormResult | undefined }) {
  return (
    <AccountCard title="Reset Password" intro="Choose a new password for your account.">
      <Form
        method="post"
        className="grid gap-4"
        onSubmit={(event) => {
          if (passwordsDiffer(event.currentTarget, "password", "confirmPassword")) event.preventDefault();
        }}
      >
        <NewPasswordPair
          name="password"
          confirmName="confirmPassword"
          label="New Password"
          confirmLabel="Confirm Password"
          hint="At least 8 characters."
        />
        {result?.status === "error" ? <FormMessage tone="error">{result.message || messages.tryAgain}</FormMessage> : null}
        <SubmitButton busyText="Saving...">Reset Password</SubmitButton>
      </Form>
    </AccountCard>
  );
}

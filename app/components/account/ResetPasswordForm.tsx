import { Form, Link } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { buttonStyles } from "../Dialog";
import { AccountCard } from "./AccountCard";
import { FormMessage, NewPasswordPair, passwordsDiffer, SubmitButton } from "./fields";

interface ResetPasswordFormProps {
  result: FormResult | undefined;
  /** False for an unknown, used or expired link: the page says so at once, with no form (issue 19). */
  linkLive: boolean;
  /** The forgot-password page of the account's kind, where a new link is asked for. */
  forgotPath: string;
}

/** New password twice; while they differ the page says so and submitting does nothing (requirements §5.2). */
export function ResetPasswordForm({ result, linkLive, forgotPath }: ResetPasswordFormProps) {
  if (!linkLive) {
    return (
      <AccountCard title="Reset Password">
        <div className="grid gap-4">
          <FormMessage tone="error">{messages.invalidResetLink}</FormMessage>
          <Link to={forgotPath} className={buttonStyles.primary}>
            Ask for a new link
          </Link>
        </div>
      </AccountCard>
    );
  }
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

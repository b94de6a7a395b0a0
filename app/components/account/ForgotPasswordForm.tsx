import { useState } from "react";
import { Form, Link } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { AccountCard } from "./AccountCard";
import { EmailField, FormMessage, SubmitButton, useEmailCheck } from "./fields";

/** Requirements §2.2: the button reads Get Link, then Resend Link once a link has gone out (admins: lower case). */
const BUTTON = {
  customer: { first: "Get Link", again: "Resend Link", login: "/userlogin" },
  admin: { first: "Get link", again: "Resend link", login: "/adminlogin" },
} as const;

export function ForgotPasswordForm({ role, result }: { role: "customer" | "admin"; result: FormResult | undefined }) {
  const [sent, setSent] = useState(false);
  const email = useEmailCheck();
  if (result?.status === "done" && !sent) setSent(true);
  const text = BUTTON[role];
  return (
    <AccountCard
      title="Forgot Password"
      intro="Enter the email address of your account and we will email you a link to choose a new password."
      footer={
        <Link to={text.login} className="font-semibold text-brand-700 hover:underline">
          Back to Login
        </Link>
      }
    >
      <Form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          if (!email.check(event.currentTarget)) event.preventDefault();
        }}
      >
        <EmailField problem={email.problem} />
        {result?.status === "done" ? <FormMessage tone="success">{result.message}</FormMessage> : null}
        {result?.status === "error" ? <FormMessage tone="error">{result.message || messages.forgotOtherError}</FormMessage> : null}
        <SubmitButton busyText="Sending...">{sent ? text.again : text.first}</SubmitButton>
      </Form>
    </AccountCard>
  );
}

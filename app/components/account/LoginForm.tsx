import { Form, Link } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { MessageDialog } from "../Dialog";
import { AccountCard } from "./AccountCard";
import { EmailField, FormMessage, PasswordField, SubmitButton, useEmailCheck } from "./fields";
import { useDismissable } from "./useDismissable";

interface LoginFormProps {
  role: "customer" | "admin";
  result: FormResult | undefined;
}

/**
 * Login for customers (/userlogin) and admins (/adminlogin). A customer sees a failure inline; an
 * admin in the 'Login Failed' dialog (requirements §8). An unverified account gets 'Email Not Verified'.
 */
export function LoginForm({ role, result }: LoginFormProps) {
  const email = useEmailCheck();
  const dialog = useDismissable(result);
  const customer = role === "customer";
  const failure = result?.status === "error" ? result.message || (customer ? messages.loginFailed : messages.adminLoginUnexpected) : null;

  return (
    <AccountCard
      title={customer ? "Login" : "Admin Login"}
      intro={customer ? "Welcome back! Log in to add to your cart, check out and see your orders." : "Staff sign-in to manage the shop."}
      footer={
        customer ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>
              New here?{" "}
              <Link to="/usersignup" className="font-semibold text-brand-700 hover:underline">
                Sign Up
              </Link>
            </span>
            <Link to="/" className="font-semibold text-brand-700 hover:underline">
              Home
            </Link>
          </div>
        ) : (
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            Back to the shop
          </Link>
        )
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
        <EmailField problem={email.problem} autoComplete="username" />
        <PasswordField label="Password" name="password" autoComplete="current-password" required />
        <div className="-mt-2 text-right text-sm">
          <Link to={customer ? "/userforgotpassword" : "/adminforgotpassword"} className="font-medium text-brand-700 hover:underline">
            Forgot Password?
          </Link>
        </div>
        {customer && failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton busyText="Logging in...">Login</SubmitButton>
      </Form>

      <MessageDialog
        open={dialog.open && (result?.status === "unverified" || (!customer && failure !== null))}
        title={result?.status === "unverified" ? messages.emailNotVerifiedTitle : messages.adminLoginFailedTitle}
        tone={result?.status === "unverified" ? "info" : "error"}
        onClose={dialog.close}
      >
        {result?.status === "unverified" ? (
          <>
            <p className="font-medium text-slate-800">{messages.verifyEmailFirst}</p>
            <p className="mt-2 text-sm">{messages.emailNotVerifiedText}</p>
          </>
        ) : (
          failure
        )}
      </MessageDialog>
    </AccountCard>
  );
}

import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/usersignup";
import { isEmailShape, normalizeEmail } from "~/common/accounts";
import { messages } from "~/common/messages";
import { signUpAction } from "../accounts.server";
import { AccountCard } from "../components/account/AccountCard";
import { FormMessage, SubmitButton } from "../components/account/fields";
import { SignUpFields } from "../components/account/SignUpFields";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";
import { redirectIfSignedIn } from "../sessions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context, "customer");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return signUpAction("customer", await request.formData(), context);
}
export const clientAction = networkFallback(messages.signUpFailed);

export const meta: Route.MetaFunction = () => privatePageMeta("Sign Up");

export default function UserSignUp({ actionData }: Route.ComponentProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const failure = problem ?? (actionData?.status === "error" ? actionData.message || messages.signUpFailed : null);
  return (
    <AccountCard
      title="Create an account"
      intro="Register to add to your cart, pay by card and follow your orders."
      footer={
        <span>
          Already have an account?{" "}
          <Link to="/userlogin" className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </span>
      }
    >
      <Form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          const form = event.currentTarget;
          const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
          field("email").value = normalizeEmail(field("email").value);
          const empty = ["fullName", "email", "phoneNumber", "password", "confirmPassword"].some((n) => !field(n).value.trim());
          const next = empty
            ? "Please fill in every field."
            : !isEmailShape(field("email").value)
              ? messages.invalidEmail
              : field("password").value !== field("confirmPassword").value
                ? messages.signUpPasswordsDiffer
                : null;
          setProblem(next);
          if (next) event.preventDefault();
        }}
      >
        <SignUpFields confirmPassword />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <SubmitButton busyText="Creating your account...">Sign Up</SubmitButton>
      </Form>
    </AccountCard>
  );
}

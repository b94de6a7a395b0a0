import type { Route } from "./+types/adminforgotpassword";
import { messages } from "~/common/messages";
import { forgotPasswordAction } from "../accounts.server";
import { ForgotPasswordForm } from "../components/account/ForgotPasswordForm";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";

export const action = (args: Route.ActionArgs) => forgotPasswordAction("admin", args);
export const clientAction = networkFallback(messages.forgotOtherError);

export const meta: Route.MetaFunction = () => privatePageMeta("Forgot Password");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm role="admin" result={actionData} />;
}

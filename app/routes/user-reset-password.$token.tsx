import type { Route } from "./+types/user-reset-password.$token";
import { messages } from "~/common/messages";
import { resetPasswordAction, resetPasswordLoader } from "../accounts.server";
import { ResetPasswordForm } from "../components/account/ResetPasswordForm";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";

export const loader = (args: Route.LoaderArgs) => resetPasswordLoader("customer", args.params.token, args.context);
export const action = (args: Route.ActionArgs) => resetPasswordAction("customer", args.params.token, args);
export const clientAction = networkFallback(messages.resetException);

export const meta: Route.MetaFunction = () => privatePageMeta("Reset Password");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordForm result={actionData} {...loaderData} />;
}

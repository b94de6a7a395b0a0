import type { Route } from "./+types/verifyuser.$token";
import { messages } from "~/common/messages";
import { verifyEmailAction } from "../accounts.server";
import { VerifyEmailForm } from "../components/account/VerifyEmailForm";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";

export const action = (args: Route.ActionArgs) => verifyEmailAction("customer", args.params.token, args);
export const clientAction = networkFallback(messages.tryAgain);

export const meta: Route.MetaFunction = () => privatePageMeta("Verify Email");

export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  return <VerifyEmailForm result={actionData} />;
}

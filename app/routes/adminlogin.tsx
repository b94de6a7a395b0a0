import type { Route } from "./+types/adminlogin";
import { messages } from "~/common/messages";
import { loginAction } from "../accounts.server";
import { LoginForm } from "../components/account/LoginForm";
import { SecondFactorForm } from "../components/account/SecondFactorForm";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";
import { pendingSignInToken, redirectIfSignedIn } from "../sessions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context, "admin");
  // Two-step sign-in's second step (issue 27): the password was right, the code is awaited.
  return { secondStep: (await pendingSignInToken(request, context)) !== null };
}

export const action = (args: Route.ActionArgs) => loginAction("admin", args);
export const clientAction = networkFallback(messages.adminLoginNoResponse);

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Login");

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.secondStep ? <SecondFactorForm result={actionData} /> : <LoginForm role="admin" result={actionData} />;
}

import type { Route } from "./+types/userlogin";
import { messages } from "~/common/messages";
import { loginAction } from "../accounts.server";
import { LoginForm } from "../components/account/LoginForm";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";
import { redirectIfSignedIn } from "../sessions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context, "customer");
  return null;
}

export const action = (args: Route.ActionArgs) => loginAction("customer", args);
export const clientAction = networkFallback(messages.tryAgain);

export const meta: Route.MetaFunction = () => privatePageMeta("Login");

export default function UserLogin({ actionData }: Route.ComponentProps) {
  return <LoginForm role="customer" result={actionData} />;
}

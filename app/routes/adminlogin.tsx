import type { Route } from "./+types/adminlogin";
import { messages } from "~/common/messages";
import { loginAction } from "../accounts.server";
import { LoginForm } from "../components/account/LoginForm";
import { networkFallback } from "../forms";
import { privatePageMeta } from "../seo";
import { redirectIfSignedIn } from "../sessions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context, "admin");
  return null;
}

export const action = (args: Route.ActionArgs) => loginAction("admin", args);
export const clientAction = networkFallback(messages.adminLoginNoResponse);

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Login");

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  return <LoginForm role="admin" result={actionData} />;
}

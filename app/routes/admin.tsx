import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin";
import { messages } from "../../common/messages";
import { logoutAction, signUpAction, updatePhoneAction } from "../accounts.server";
import { AccountInfo } from "../components/account/AccountInfo";
import { Dashboard, menuFromUrl } from "../components/account/Dashboard";
import { FormMessage, SubmitButton } from "../components/account/fields";
import { SignUpFields } from "../components/account/SignUpFields";
import { ListIcon, PlusIcon, SearchIcon, UserIcon } from "../components/icons";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";

// Spec §2: Admin Info (0), Post Product (1), Manage Products (2), Register an Admin (3), Search Products (4).
const MENU = [
  { label: "Admin Info", icon: UserIcon },
  { label: "Post Product", icon: PlusIcon },
  { label: "Manage Products", icon: ListIcon },
  { label: "Register an Admin", icon: UserIcon },
  { label: "Search Products", icon: SearchIcon },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return { account, menu: menuFromUrl(request, MENU.length) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "logout") return logoutAction("admin", request, context);
  const account = await requireAccount(request, context, "admin");
  if (form.get("intent") === "register-admin") return signUpAction("admin", form, context);
  return updatePhoneAction(account, form, context);
}
export const clientAction = networkFallback(messages.tryAgain);

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Dashboard");

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { account, menu } = loaderData;
  return (
    <Dashboard title="Admin Dashboard" fullName={account.fullName} entries={MENU} active={menu}>
      {menu === 0 ? <AccountInfo heading="Admin Info" account={account} result={actionData} /> : null}
      {menu === 3 ? <RegisterAdmin result={actionData} /> : null}
      {menu === 1 || menu === 2 || menu === 4 ? <CatalogueToolPending title={MENU[menu].label} /> : null}
    </Dashboard>
  );
}

function RegisterAdmin({ result }: { result: FormResult | undefined }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.status === "done") form.current?.reset();
  }, [result]);
  return (
    <div className="max-w-md">
      <h2 className="text-lg font-semibold text-slate-900">Register an Admin</h2>
      <p className="mt-1 text-sm text-slate-600">The new admin gets an email to verify their address before they can log in.</p>
      <Form method="post" ref={form} className="mt-5 grid gap-4">
        <input type="hidden" name="intent" value="register-admin" />
        <SignUpFields />
        {result?.status === "done" ? <FormMessage tone="success">{result.message}</FormMessage> : null}
        {result?.status === "error" ? <FormMessage tone="error">{result.message || messages.signUpFailed}</FormMessage> : null}
        <SubmitButton busyText="Registering...">Register</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/adminlogin" className="font-semibold text-brand-700 hover:underline">
          Already an admin? Log In
        </Link>
      </p>
    </div>
  );
}

/** Post, manage and search products come with the back-office work; the menu already has their places. */
function CatalogueToolPending({ title }: { title: string }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-3 text-slate-600">This tool is not available yet. Products can be browsed in the shop meanwhile.</p>
    </div>
  );
}

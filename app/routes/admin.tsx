import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, type AdminPanel } from "~/common/panels";
import { changePasswordAction, logoutAction, signUpAction, updatePhoneAction } from "../accounts.server";
import { CATEGORY_INTENTS, categoriesPanelData, categoryAction } from "../admin/categories.server";
import { messageAction, messagesPanelData } from "../admin/messages.server";
import { customersPanelData } from "../admin/customers.server";
import { bulkStatusAction, ordersPanelData } from "../admin/orders.server";
import { reportsPanelData } from "../admin/reports.server";
import { reviewModerationAction, reviewsPanelData } from "../admin/reviews.server";
import { deliverySettingsAction, paymentSettingsAction, settingsPanelData } from "../admin/settings.server";
import { adminsPanelData, auditPanelData, staffChangeAction } from "../admin/staff.server";
import {
  deleteProductAction,
  manageProductsData,
  postProductAction,
  postProductData,
  searchProductsData,
  uploadTooLarge,
} from "../admin/products.server";
import { AccountInfo } from "../components/account/AccountInfo";
import { menuFromUrl } from "../components/account/Dashboard";
import { FormMessage, SubmitButton } from "../components/account/fields";
import { SignUpFields } from "../components/account/SignUpFields";
import { AdminFrame } from "../components/admin/AdminFrame";
import { AdminsPanel } from "../components/admin/AdminsPanel";
import { AuditLogPanel } from "../components/admin/AuditLogPanel";
import { CategoriesPanel } from "../components/admin/CategoriesPanel";
import { CustomersPanel } from "../components/admin/CustomersPanel";
import { ManageProducts } from "../components/admin/ManageProducts";
import { MessagesPanel } from "../components/admin/MessagesPanel";
import { OrdersPanel } from "../components/admin/OrdersPanel";
import { Overview } from "../components/admin/Overview";
import { PostProduct } from "../components/admin/PostProduct";
import { ReportsPanel } from "../components/admin/ReportsPanel";
import { ReviewsPanel } from "../components/admin/ReviewsPanel";
import { SearchProducts } from "../components/admin/SearchProducts";
import { SettingsPanel } from "../components/admin/SettingsPanel";
import { networkFallback, type FormResult } from "../forms";
import { formIntent, unknownIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { isOwner } from "~/app/services.server";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { loadOverview, readProductForm } from "~/app/services.server";

async function panelData(menu: AdminPanel, account: SignedInAccount, request: Request, context: Route.LoaderArgs["context"]) {
  switch (menu) {
    case ADMIN_PANELS.adminInfo:
      return { panel: "overview" as const, overview: await loadOverview(context.db) };
    case ADMIN_PANELS.postProduct:
      return { panel: "post" as const, post: await postProductData(context) };
    case ADMIN_PANELS.manageProducts:
      return { panel: "manage" as const, manage: await manageProductsData(request, context) };
    case ADMIN_PANELS.registerAdmin:
      return { panel: "register" as const };
    case ADMIN_PANELS.searchProducts:
      return { panel: "search" as const, search: await searchProductsData(request, context) };
    case ADMIN_PANELS.orders:
      return { panel: "orders" as const, orders: await ordersPanelData(request, context) };
    case ADMIN_PANELS.messages:
      return { panel: "messages" as const, messages: await messagesPanelData(request, context) };
    case ADMIN_PANELS.customers:
      return { panel: "customers" as const, customers: await customersPanelData(request, context) };
    case ADMIN_PANELS.reports:
      return { panel: "reports" as const, reports: await reportsPanelData(request, context) };
    case ADMIN_PANELS.admins:
      return { panel: "admins" as const, admins: await adminsPanelData(account, context) };
    case ADMIN_PANELS.auditLog:
      return { panel: "audit" as const, audit: await auditPanelData(account, request, context) };
    case ADMIN_PANELS.categories:
      return { panel: "categories" as const, categories: await categoriesPanelData(context) };
    case ADMIN_PANELS.settings:
      return { panel: "settings" as const, settings: await settingsPanelData(account, context) };
    case ADMIN_PANELS.reviews:
      return { panel: "reviews" as const, reviews: await reviewsPanelData(request, context) };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  const menu = menuFromUrl(request, ADMIN_PANELS);
  return { account, owner: isOwner(account), menu, ...(await panelData(menu, account, request, context)) };
}

/** The forms of this page, by the `intent` each sends. */
const INTENTS = [
  "logout",
  "update-phone",
  "change-password",
  "register-admin",
  "staff-change",
  "post-product",
  "delete-product",
  "message-read",
  "orders-bulk-status",
  "delivery-settings",
  "review-moderate",
  "payment-settings",
  ...CATEGORY_INTENTS,
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin");
  // Read with a size cap: Post Product carries pictures.
  const form = await readProductForm(request);
  if (!form) return uploadTooLarge();
  const intent = formIntent(form, INTENTS);
  switch (intent) {
    case "logout":
      return logoutAction("admin", request, context);
    case "update-phone":
      return updatePhoneAction(account, form, context);
    case "change-password":
      return changePasswordAction(account, form, context);
    case "register-admin":
      return signUpAction("admin", form, context);
    case "staff-change":
      return staffChangeAction(account, form, context);
    case "post-product":
      return postProductAction(account, form, context);
    case "delete-product":
      return deleteProductAction(account, form, context);
    case "message-read":
      return messageAction(account, form, context);
    case "orders-bulk-status":
      return bulkStatusAction(account, form, context);
    case "delivery-settings":
      return deliverySettingsAction(account, form, context);
    case "review-moderate":
      return reviewModerationAction(account, form, context);
    case "payment-settings":
      return paymentSettingsAction(account, form, context);
    case "category-add":
    case "category-edit":
    case "category-logo":
    case "category-move":
    case "category-retire":
      return categoryAction(intent, account, form, context);
    case undefined:
      return unknownIntent();
  }
}
/** A dropped connection: each form says its own failure text (requirements §8). */
export const clientAction = networkFallback((intent) =>
  intent === "post-product" ? messages.uploadFailed : intent === "delete-product" ? messages.deleteFailed : messages.tryAgain,
);

// Personal data: never kept by a shared cache, nor shown again by Back after logout.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Dashboard");

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { account, owner, menu } = loaderData;
  return (
    <AdminFrame greet={account.fullName} owner={owner} active={menu}>
      {loaderData.panel === "overview" ? (
        <div className="grid gap-8">
          <AccountInfo heading="Admin Info" account={account} result={actionData} />
          <Overview data={loaderData.overview} />
        </div>
      ) : null}
      {loaderData.panel === "post" ? <PostProduct data={loaderData.post} result={actionData} /> : null}
      {loaderData.panel === "manage" ? <ManageProducts data={loaderData.manage} result={actionData} /> : null}
      {loaderData.panel === "register" ? <RegisterAdmin result={actionData} /> : null}
      {loaderData.panel === "search" ? <SearchProducts data={loaderData.search} /> : null}
      {loaderData.panel === "orders" ? <OrdersPanel data={loaderData.orders} result={actionData} /> : null}
      {loaderData.panel === "messages" ? <MessagesPanel data={loaderData.messages} /> : null}
      {loaderData.panel === "customers" ? <CustomersPanel data={loaderData.customers} /> : null}
      {loaderData.panel === "reports" ? <ReportsPanel data={loaderData.reports} /> : null}
      {loaderData.panel === "admins" ? <AdminsPanel data={loaderData.admins} /> : null}
      {loaderData.panel === "audit" ? <AuditLogPanel data={loaderData.audit} /> : null}
      {loaderData.panel === "categories" ? <CategoriesPanel data={loaderData.categories} result={actionData} /> : null}
      {loaderData.panel === "settings" ? <SettingsPanel data={loaderData.settings} result={actionData} /> : null}
      {loaderData.panel === "reviews" ? <ReviewsPanel data={loaderData.reviews} result={actionData} /> : null}
    </AdminFrame>
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

import type { Route } from "./+types/admin.products.import";
import { backOfficeViewer } from "../admin/viewer.server";
import { ADMIN_PANELS } from "~/common/panels";
import { csvImportAction, csvTooLarge, csvUnknownIntent, type CsvImportResult } from "../admin/product-csv.server";
import { AdminFrame } from "../components/admin/AdminFrame";
import { PanelError } from "../components/admin/PanelError";
import { ProductCsvImport } from "../components/admin/ProductCsv";
import { formIntent } from "../intents";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { readProductForm } from "~/app/services.server";

// The products CSV import (issue 18, docs/decisions/0036-product-csv.md): check a file and
// preview its changes, then confirm them. Reached from the Manage Products panel.

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "admin");
  return { viewer: await backOfficeViewer(account, context) };
}

const INTENTS = ["preview", "confirm"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "admin");
  // Read with the product forms' cap: a 2 MB file, or its preview's copy sent back.
  const form = await readProductForm(request);
  if (!form) return csvTooLarge();
  switch (formIntent(form, INTENTS)) {
    case "preview":
    case "confirm":
      return csvImportAction(account, form, context);
    case undefined:
      return csvUnknownIntent();
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Import products from CSV");

export default function ProductCsvImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminFrame viewer={loaderData.viewer} active={ADMIN_PANELS.manageProducts}>
      <ProductCsvImport result={actionData as CsvImportResult | undefined} />
    </AdminFrame>
  );
}

/** A failure inside the back office's frame, not the storefront's error page. */
export function ErrorBoundary() {
  return (
    <AdminFrame active={ADMIN_PANELS.manageProducts}>
      <PanelError label="The products CSV import" />
    </AdminFrame>
  );
}

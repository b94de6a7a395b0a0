import { Form, Link, useNavigation } from "react-router";
import { messages } from "~/common/messages";
import { ADMIN_PANELS, adminPanelPath } from "~/common/panels";
import type { CsvImportResult } from "~/app/admin/product-csv.server";
import { FormMessage } from "../account/fields";
import { buttonStyles } from "../Dialog";

// The products CSV (issue 18): the export link and the upload form on the Manage Products panel,
// and the import page's preview, confirmation and refusals.

const IMPORT_PATH = "/admin/products/import";

/** Export to CSV, and a file to check and import: a section of the Manage Products panel. */
export function ProductCsvTools() {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="product-csv-heading" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id="product-csv-heading" className="font-semibold text-slate-900">
        Prices and stock in bulk
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Export every product and size to a spreadsheet, change prices, stock or limits, and import it again. Nothing changes until you confirm the
        preview.
      </p>
      <div className="mt-3 grid gap-4 sm:flex sm:flex-wrap sm:items-end">
        <a href="/admin/products.csv" download className={`${buttonStyles.secondary} justify-self-start`}>
          Export to CSV
        </a>
        <Form method="post" action={IMPORT_PATH} encType="multipart/form-data" className="grid min-w-0 gap-3 sm:flex sm:flex-1 sm:items-end">
          <input type="hidden" name="intent" value="preview" />
          <div className="min-w-0 sm:flex-1">
            <label htmlFor="product-csv-file" className="block text-sm font-medium text-slate-700">
              Import from CSV
            </label>
            <input
              id="product-csv-file"
              name="file"
              type="file"
              required
              accept=".csv,text/csv"
              className="mt-1 block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
            />
          </div>
          <button type="submit" className={`${buttonStyles.primary} justify-self-start`} disabled={busy}>
            {busy ? "Checking..." : "Check file"}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** The import page: what the file would change (with Confirm), what it changed, or why it was refused. */
export function ProductCsvImport({ result }: { result: CsvImportResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Import products from CSV</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Start from <strong>Export to CSV</strong>. Each row is one size of a product, found by its Product ID and Size. You can change the price,
        stock, low-stock alert, most per order, name, category and whether it is on sale or hidden. Prices may be typed as 45000, 45,000 or ₦45,000.
        Delete a column to leave it as it is: without the Stock column, sales since your export are kept. New products and new sizes are added with
        Post Product and the Edit page.
      </p>
      <div className="mt-5 grid gap-4" aria-live="polite">
        {result && !result.ok ? <Refusal problems={result.problems} more={result.more} /> : null}
        {result?.ok && result.applied ? <FormMessage tone="success">{result.summary}</FormMessage> : null}
        {result?.ok && !result.applied ? (
          <>
            {result.stale ? <FormMessage tone="warning">{messages.csvStale}</FormMessage> : null}
            <FormMessage tone={result.changes.length ? "warning" : "success"}>
              {result.changes.length ? messages.csvPreview(result.summary) : result.summary}
            </FormMessage>
          </>
        ) : null}
        {result?.ok && result.changes.length ? <Changes changes={result.changes} more={result.more} /> : null}
        {result?.ok && !result.applied && result.changes.length ? (
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="digest" value={result.digest} />
            <input type="hidden" name="csv" value={result.file ?? ""} />
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              {busy ? "Saving..." : "Confirm and save"}
            </button>
            <Link to={adminPanelPath(ADMIN_PANELS.manageProducts)} className={buttonStyles.secondary}>
              Cancel
            </Link>
          </Form>
        ) : null}
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4">
        <input type="hidden" name="intent" value="preview" />
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="import-csv-file" className="block text-sm font-medium text-slate-700">
            {result?.ok && result.applied ? "Import another file" : "CSV file"}
          </label>
          <input
            id="import-csv-file"
            name="file"
            type="file"
            required
            accept=".csv,text/csv"
            className="mt-1 block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
        </div>
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          Check file
        </button>
        <a href="/admin/products.csv" download className="py-2.5 text-sm font-semibold text-brand-700 hover:underline">
          Export to CSV
        </a>
      </Form>
    </div>
  );
}

function Refusal({ problems, more }: { problems: string[]; more: number }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{messages.csvRefused}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
        {problems.map((problem, i) => (
          <li key={i}>{problem}</li>
        ))}
      </ul>
      {more ? <p className="mt-2">{messages.csvMoreProblems(more)}</p> : null}
    </div>
  );
}

type Change = Extract<CsvImportResult, { ok: true }>["changes"][number];

/** The changes as cards on a phone, a table from 640 px. */
function Changes({ changes, more }: { changes: Change[]; more: number }) {
  return (
    <div>
      <table className="w-full text-left text-sm">
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-b border-slate-200 text-slate-600">
            <th className="py-2 pr-3 font-medium">Row</th>
            <th className="py-2 pr-3 font-medium">Product</th>
            <th className="py-2 pr-3 font-medium">Change</th>
            <th className="py-2 font-medium">Before → after</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={i} className="grid grid-cols-[auto_1fr] gap-x-3 border-b border-slate-100 py-2 sm:table-row">
              <td className="text-slate-500 sm:py-2 sm:pr-3">Row {c.row}</td>
              <td className="min-w-0 break-words sm:py-2 sm:pr-3">
                <Link to={`/admin/products/${c.productId}`} className="font-medium text-brand-700 hover:underline">
                  {c.product}
                </Link>
                {c.size ? <span className="text-slate-600"> · {c.size}</span> : null}
              </td>
              <td className="font-medium text-slate-700 sm:py-2 sm:pr-3">{c.what}</td>
              <td className="min-w-0 break-words sm:py-2">
                <span className="text-slate-500">{c.before}</span> → <span className="font-semibold text-slate-900">{c.after}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more ? <p className="mt-2 text-sm text-slate-600">…and {more.toLocaleString("en-NG")} more changes.</p> : null}
    </div>
  );
}

import { data, type AppLoadContext } from "react-router";
import { messages } from "~/common/messages";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { CSV_MAX_BYTES, exportProductsCsv, importProductsCsv, productCsvFileName, type CsvImportOutcome } from "~/server/catalog/product-csv";
import { csvHeaders } from "~/server/export/csv";

// The products CSV (issue 18): the export's download, and the import page's two steps (check
// the file and preview its changes; confirm and apply them). The confirmation carries the file
// again (base64, so no browser rewrites its line ends) and the preview's digest: the server
// checks every row again and applies only the changes the admin saw.

/** `/admin/products.csv`: every product that is not deleted, one row per size. */
export async function productsCsvResponse(context: AppLoadContext): Promise<Response> {
  return new Response(await exportProductsCsv(context.db), { headers: csvHeaders(productCsvFileName()) });
}

/** What the import page shows after a step: the outcome, and for a preview the file to confirm. */
export type CsvImportResult = CsvImportOutcome & { file?: string };

const refused = (problems: string[], status = 400) => data<CsvImportResult>({ ok: false, problems, more: 0 }, { status });

/** The file as uploaded (`file`), or as the preview sent it back (`csv`, base64). */
async function fileBytes(form: FormData): Promise<Uint8Array | null> {
  const upload = form.get("file");
  if (upload && typeof upload !== "string" && upload.size > 0) return new Uint8Array(await upload.arrayBuffer());
  const again = form.get("csv");
  if (typeof again === "string" && again !== "") return new Uint8Array(Buffer.from(again, "base64"));
  return null;
}

export async function csvImportAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const bytes = await fileBytes(form);
  if (!bytes) return refused([messages.csvFileRequired]);
  if (bytes.byteLength > CSV_MAX_BYTES) return refused([messages.csvFileTooLarge(CSV_MAX_BYTES / 1024 / 1024)], 413);
  const digest = form.get("intent") === "confirm" ? String(form.get("digest") ?? "") : undefined;
  const outcome = await importProductsCsv(context.db, account.id, bytes, digest === undefined ? undefined : { digest });
  if (!outcome.ok) return data<CsvImportResult>(outcome, { status: 400 });
  if (outcome.applied) return data<CsvImportResult>(outcome);
  return data<CsvImportResult>({ ...outcome, file: Buffer.from(bytes).toString("base64") }, { status: outcome.stale ? 409 : 200 });
}

/** A form over the cap is not read to its end. */
export const csvTooLarge = () =>
  data<CsvImportResult>(
    { ok: false, problems: [messages.csvFileTooLarge(CSV_MAX_BYTES / 1024 / 1024)], more: 0 },
    { status: 413, headers: { Connection: "close" } },
  );

/** A form this page does not have (issue 16): 400, nothing done, words the page shows. */
export const csvUnknownIntent = () => refused([messages.requestUnreadable]);

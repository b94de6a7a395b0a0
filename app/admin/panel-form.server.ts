import { data } from "react-router";
import { messages } from "~/common/messages";
import { MAX_PRODUCT_FORM_BYTES, readFormWithin } from "~/server/catalog/form-files";
import { MAX_PAGE_FORM_BYTES } from "~/server/security";
import type { FormResult } from "../forms";
import type { PanelFacts } from "./panel";
import { uploadTooLarge } from "./products.server";

// A back-office panel's form, read within the panel's limit (PanelFacts.formLimit). The dashboard's
// route is declared `formLimit: "action"` in the route table, so the server's page-form limit
// leaves its posts to this: the limit is chosen from the address and the declared content type,
// before a byte of the body is read.

/** Only a multipart form (pictures) of a panel that takes pictures gets the pictures' cap. */
export function panelFormBytes(facts: PanelFacts, request: Request): number {
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  return facts.formLimit === "pictures" && multipart ? MAX_PRODUCT_FORM_BYTES : MAX_PAGE_FORM_BYTES;
}

/**
 * The form, or the answer to one over the limit (413, with Connection: close: its unread rest means
 * the connection cannot be reused). A browser states a form's length: one stated over the limit is
 * refused before anything is read, as the server's page-form limit does; a body without a length
 * is cut at the limit as it is read.
 */
export async function readPanelForm(facts: PanelFacts, request: Request) {
  const maxBytes = panelFormBytes(facts, request);
  const stated = Number(request.headers.get("content-length") ?? 0);
  const form = stated > maxBytes ? null : await readFormWithin(request, maxBytes);
  if (form) return { form } as const;
  if (maxBytes === MAX_PRODUCT_FORM_BYTES) return { tooLarge: uploadTooLarge() } as const;
  return {
    tooLarge: data<FormResult>({ status: "error", message: messages.formTooLarge }, { status: 413, headers: { Connection: "close" } }),
  } as const;
}

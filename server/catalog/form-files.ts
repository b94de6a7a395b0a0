import type { Readable } from "node:stream";
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "~/common/constants";
import type { UploadedFile } from "./uploads";

// Multipart product forms, parsed by the platform (Response.formData) after the body is read
// with a size cap, so an oversized upload is refused before it is buffered whole.

/** Four pictures of 2 MB, with room for a fifth one's refusal message and the text fields. */
export const MAX_PRODUCT_FORM_BYTES = (MAX_PRODUCT_IMAGES + 1) * MAX_PRODUCT_IMAGE_BYTES + 512 * 1024;

/** The body, or null as soon as it grows past the cap (the rest is left unread). */
async function readCapped(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** Multipart or URL-encoded, parsed by the platform; null when the body was too large. */
function parse(body: Buffer | null, contentType: string | null): Promise<FormData> | null {
  return body && new Response(new Uint8Array(body), { headers: { "content-type": contentType ?? "" } }).formData();
}

/** A page action's form (web Request), read with `maxBytes` as its cap; null when over it. */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  if (!request.body) return new FormData();
  return parse(await readCapped(request.body as unknown as AsyncIterable<Uint8Array>, maxBytes), request.headers.get("content-type"));
}

/** A page action's product form (web Request); null when over the cap. */
export const readProductForm = (request: Request) => readFormWithin(request, MAX_PRODUCT_FORM_BYTES);

/** An API call's form (Node stream, e.g. an Express request); null when over the cap. */
export async function readProductFormStream(stream: Readable, contentType: string | undefined): Promise<FormData | null> {
  return parse(await readCapped(stream, MAX_PRODUCT_FORM_BYTES), contentType ?? null);
}

/** The text fields of a form (its files left out). */
export function textFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** The files sent under these field names; an empty file input (no name, no bytes) is no file. */
export async function filesFrom(form: FormData, ...fields: string[]): Promise<UploadedFile[]> {
  const entries = fields.flatMap((field) => form.getAll(field)).filter((v): v is File => typeof v !== "string");
  const files = entries.filter((file) => file.name !== "" || file.size > 0);
  return Promise.all(files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })));
}

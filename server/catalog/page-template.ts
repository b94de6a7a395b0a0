import { createHash } from "node:crypto";
import zlib from "node:zlib";

// A catalogue page rendered once with placeholders where a signed-in customer's own values go
// (the header's welcome and cart count), then filled in for each customer without rendering
// again (issue 17, docs/decisions/0029-signed-in-pages-from-the-cache.md).
//
// A value appears in two kinds of place, each with its own escaping:
//   - the HTML React wrote (text and attributes): escaped as React escapes;
//   - the data React Router streams to the browser for hydration, a JSON text inside a JavaScript
//     string inside a <script> (StreamTransfer in react-router's single-fetch.tsx).
// The page's gzip encoding is made once too: the parts between values are compressed ahead,
// each ending on a byte boundary, and a customer's values go between them as stored (raw) deflate
// blocks, so a request costs a CRC over the page instead of compressing it.

/** What a customer's page differs by, as the placeholders' names. */
export type TemplateValues<Name extends string> = Record<Name, string | number>;

type Context = "html" | "stream";

interface Slot<Name extends string> {
  name: Name;
  context: Context;
}

export interface PageTemplate<Name extends string> {
  /** The text between slots, UTF-8: one more than `slots`. */
  parts: Buffer[];
  slots: Slot<Name>[];
  /** `parts` as deflate data, each ending byte-aligned and not final (a sync flush). */
  deflatedParts: Buffer[];
  /** The template's identity, for ETags. */
  etag: string;
  /** Memory it holds. */
  bytes: number;
}

const STREAM_SCRIPT = "window.__reactRouterContext.streamController.enqueue(";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** As React escapes text and attribute values (react-dom's escapeTextForBrowser). */
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c]);

const STREAM_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
/**
 * A string value inside the hydration stream: JSON inside a JSON string, then React Router's
 * escapeHtml (markup.ts). The placeholder stands between the value's quotes, so only the inside goes in.
 */
const escapeStream = (text: string) =>
  JSON.stringify(JSON.stringify(text).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => STREAM_ESCAPES[c]);

/** Where the page's <script> elements are, [start, end) offsets: the hydration stream's, and the others. */
function scriptRanges(html: string): { stream: Array<[number, number]>; other: Array<[number, number]> } {
  const ranges = { stream: [] as Array<[number, number]>, other: [] as Array<[number, number]> };
  for (let at = html.indexOf("<script"); at !== -1; at = html.indexOf("<script", at + 1)) {
    const close = html.indexOf("</script>", at);
    const end = close === -1 ? html.length : close;
    ranges[html.slice(at, end).includes(STREAM_SCRIPT) ? "stream" : "other"].push([at, end]);
    at = end;
  }
  return ranges;
}

/**
 * The template of a page rendered with `placeholders` in place of its values, or undefined when a
 * placeholder is found where its escaping is not known (another script). A page without them (no
 * header) is a template without slots. Placeholders must be text that every escaping leaves as it
 * is (letters and digits).
 */
export function makeTemplate<Name extends string>(html: string, placeholders: Record<Name, string>): PageTemplate<Name> | undefined {
  const { stream: scripts, other: otherScripts } = scriptRanges(html);
  const inside = (ranges: Array<[number, number]>, at: number) => ranges.some(([start, end]) => at >= start && at < end);

  const found: Array<{ at: number; length: number; slot: Slot<Name> }> = [];
  for (const name of Object.keys(placeholders) as Name[]) {
    const placeholder = placeholders[name];
    for (let at = html.indexOf(placeholder); at !== -1; at = html.indexOf(placeholder, at + placeholder.length)) {
      if (inside(otherScripts, at)) return undefined;
      found.push({ at, length: placeholder.length, slot: { name, context: inside(scripts, at) ? "stream" : "html" } });
    }
  }
  found.sort((a, b) => a.at - b.at);

  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, length } of found) {
    parts.push(Buffer.from(html.slice(from, at)));
    from = at + length;
  }
  parts.push(Buffer.from(html.slice(from)));
  const deflatedParts = parts.map((part) => zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  const bytes = [...parts, ...deflatedParts].reduce((sum, b) => sum + b.length, 0);
  return { parts, slots: found.map((f) => f.slot), deflatedParts, etag: createHash("sha1").update(html).digest("base64url"), bytes };
}

function valueText<Name extends string>(slot: Slot<Name>, values: TemplateValues<Name>): string {
  const value = values[slot.name];
  if (typeof value === "number") return String(value);
  return slot.context === "html" ? escapeHtml(value) : escapeStream(value);
}

/** The page for these values. */
export function fillTemplate<Name extends string>(template: PageTemplate<Name>, values: TemplateValues<Name>): Buffer {
  const pieces = [template.parts[0]];
  template.slots.forEach((slot, i) => pieces.push(Buffer.from(valueText(slot, values)), template.parts[i + 1]));
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last, empty, stored block: BFINAL set, length 0. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** Bytes as stored deflate blocks (each at most 65,535 bytes), none of them final. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored); the stream is byte-aligned after a sync flush
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The page for these values, gzip-encoded: the template's compressed parts with the values stored between them. */
export function gzipTemplate<Name extends string>(template: PageTemplate<Name>, values: TemplateValues<Name>): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER, template.deflatedParts[0]];
  let crc = zlib.crc32(template.parts[0]);
  let size = template.parts[0].length;
  template.slots.forEach((slot, i) => {
    const value = Buffer.from(valueText(slot, values));
    const part = template.parts[i + 1];
    pieces.push(...storedBlocks(value), template.deflatedParts[i + 1]);
    crc = zlib.crc32(part, zlib.crc32(value, crc));
    size += value.length + part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(LAST_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** An ETag for the page with these values: the template's and the values', without building the page. */
export function templateEtag<Name extends string>(template: PageTemplate<Name>, values: TemplateValues<Name>): string {
  const hash = createHash("sha1").update(template.etag);
  for (const name of Object.keys(values).sort()) hash.update(`\0${name}\0${values[name as Name]}`);
  return `W/"${hash.digest("base64url")}"`;
}

import { deflateRawSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { BREAKOUT, IMG, SCRIPT, SVG } from "../support/hostile-text";

// Hostile values for tests/api/hostile-input.test.ts (issue 8, "Hostile input"): what a careless
// or malicious client can put in a JSON body, a query string, a header or a multipart form.

/** Classic SQL injection payloads. Drizzle sends parameters, so these must only ever be text. */
export const SQL_PAYLOADS = [
  "' or 1=1 --",
  "'; drop table products; --",
  "1; drop table accounts",
  '" or ""="',
  "1' union select password_hash, email from accounts --",
  "%' or '%'='",
  "\\'; select pg_sleep(10); --",
  "$1",
  "1) or (1=1",
] as const;

/** HTML and script payloads: text that a page must show, never run. */
const HTML_PAYLOADS = [
  SCRIPT,
  IMG,
  SVG,
  BREAKOUT,
  "javascript:alert(1)",
  '<a href="javascript:alert(1)">x</a>',
  "{{constructor.constructor('alert(1)')()}}",
  "<!--",
  "]]>",
] as const;

/** Unicode that breaks naive code: lone surrogates, bidi overrides, NUL and other controls, zalgo. */
const UNICODE_PAYLOADS = [
  "\ud800",
  "\udfff",
  "a\ud800b",
  "\udc00\ud800",
  "\u202eevil\u202c.png",
  "\u200f\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",
  "\u0000",
  "a\u0000b",
  "\u0000' or 1=1 --",
  "\u0001\u0002\u001b[31m\u007f",
  "\u200b\u200d\ufeff",
  "\ufffe\uffff",
  "\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67\u200d\ud83d\udc66",
  "Z\u0334\u0327\u031ba\u0338l\u0336g\u0337o\u0335",
  "\r\n\r\nX-Injected: 1",
  "..\\..\\..\\windows\\win.ini",
  "../../../../etc/passwd",
  "%00",
  "%s%s%s%n",
  "${7*7}",
  "__proto__",
] as const;

const ONE_MB = 1024 * 1024;
/** A 1 MB string (over every JSON limit of the API). */
export const oneMegabyte = (unit = "a") => unit.repeat(Math.ceil(ONE_MB / unit.length));

const payload = fc.constantFrom<string>(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_PAYLOADS);

/** Any hostile text of modest length: payloads, arbitrary code points (lone surrogates too), mixes. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: payload },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(payload, fc.string({ unit: "binary", maxLength: 10 }), payload).map(([a, b, c]) => a + b + c) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\t\n ", "null", "undefined", "0", "-1", "NaN", "true", "[]", "{}") },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 201, max: 6000 }).chain((n) => payload.map((p) => p.repeat(Math.ceil(n / Math.max(1, p.length))).slice(0, n))),
  },
);

/** Hostile text that is never blank after trimming and never contains an '@' (so never an e-mail). */
export const hostileWord: fc.Arbitrary<string> = hostileText.map((s) => `x${s.replace(/@/g, "")}x`);

/** Hostile text shaped like an e-mail address, so it gets past the shape check and reaches the service. */
export const hostileEmailShape: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(payload, fc.string({ unit: "binary", minLength: 1, maxLength: 20 })), fc.constantFrom("example.com", "x.io", "b.c"))
  .map(([local, domain]) => `${local.replace(/[\s@]/g, "") || "x"}@${domain}`);

/** Never a string: numbers (huge, negative, fractional), booleans, null, arrays, objects. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.0001,
    2 ** 31,
    2 ** 53 + 2,
    1e308,
    -1e308,
    [],
    {},
    [null],
    { $gt: "" },
    { toString: "x" },
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), { maxKeys: 4 }),
);

/** Any JSON value at all: hostile text, wrong types, and random JSON. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a client might add: prototype pollution, operators, the contract's own names in other places. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "$where",
    "role",
    "isAdmin",
    "id",
    "price",
    "total",
    "user_id",
    "userId",
    "account_id",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** A value nested `depth` levels deep in arrays or objects, as JSON text (JSON.stringify would recurse). */
export function deeplyNested(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** A body as it goes on the wire. `contentType` undefined sends none. */
export interface Wire {
  label: string;
  contentType?: string;
  contentEncoding?: string;
  body: string | Uint8Array;
}

const json = (label: string, value: unknown): Wire => ({ label, contentType: "application/json", body: JSON.stringify(value) });

/**
 * Bodies no JSON call can accept, whatever its fields: not JSON, not an object, too large, too
 * deep, wrongly encoded, or sent with another content type.
 */
export const brokenJsonBody: fc.Arbitrary<Wire> = fc.oneof(
  fc.constantFrom<Wire>(
    { label: "not JSON", contentType: "application/json", body: "not json" },
    { label: "truncated JSON", contentType: "application/json", body: '{"email": "a@b.c", ' },
    { label: "single quotes", contentType: "application/json", body: "{'email': 'a@b.c'}" },
    { label: "trailing comma", contentType: "application/json", body: '{"a": 1,}' },
    { label: "NaN literal", contentType: "application/json", body: '{"a": NaN}' },
    { label: "JS code", contentType: "application/json", body: "(function(){return 1})()" },
    { label: "bare NUL", contentType: "application/json", body: "\u0000" },
    { label: "BOM and garbage", contentType: "application/json", body: "\ufeff{]" },
    { label: "empty body", contentType: "application/json", body: "" },
    { label: "JSON null", contentType: "application/json", body: "null" },
    { label: "JSON number", contentType: "application/json", body: "42" },
    { label: "JSON string", contentType: "application/json", body: '"' + "' or 1=1 --" + '"' },
    { label: "JSON true", contentType: "application/json", body: "true" },
    { label: "JSON array", contentType: "application/json", body: '[{"email":"a@b.c"}]' },
    { label: "10,000 nested arrays", contentType: "application/json", body: deeplyNested(10_000, "array") },
    { label: "10,000 nested objects", contentType: "application/json", body: deeplyNested(10_000, "object") },
    { label: "90,000 unclosed arrays", contentType: "application/json", body: "[".repeat(90_000) },
    { label: "1 MB JSON string", contentType: "application/json", body: JSON.stringify(oneMegabyte()) },
    { label: "1 MB JSON object", contentType: "application/json", body: JSON.stringify({ email: oneMegabyte(), password: oneMegabyte() }) },
    { label: "duplicate keys", contentType: "application/json", body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}' },
    { label: "latin1 charset", contentType: "application/json; charset=latin1", body: '{"a":"b"}' },
    { label: "utf-16 charset", contentType: "application/json; charset=utf-16", body: '{"a":"b"}' },
    { label: "vendor JSON type", contentType: "application/vnd.api+json", body: '{"a":"b"}' },
    { label: "text/plain", contentType: "text/plain", body: "email=a@b.c&password=x" },
    { label: "form encoded", contentType: "application/x-www-form-urlencoded", body: "email=a%40b.c&password=x&__proto__[x]=1" },
    {
      label: "multipart to a JSON call",
      contentType: "multipart/form-data; boundary=zz",
      body: '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--zz--\r\n',
    },
    { label: "no content type", body: '{"a":"b"}' },
    { label: "XML", contentType: "application/xml", body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
    { label: "bad gzip", contentType: "application/json", contentEncoding: "gzip", body: "definitely not gzip" },
    { label: "unknown encoding", contentType: "application/json", contentEncoding: "zstd-ish", body: '{"a":"b"}' },
    {
      label: "gzip bomb (10 MB of spaces)",
      contentType: "application/json",
      contentEncoding: "gzip",
      body: gzipSync(Buffer.alloc(10 * ONE_MB, 0x20)),
    },
    { label: "deflate bomb", contentType: "application/json", contentEncoding: "deflate", body: deflateRawSync(Buffer.alloc(4 * ONE_MB, 0x5b)) },
  ),
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes): Wire => ({ label: "random bytes", contentType: "application/json", body: bytes })),
  fc.string({ unit: "binary", maxLength: 200 }).map((s): Wire => ({ label: "random text", contentType: "application/json", body: `{${s}` })),
  fc.array(hostileValue, { maxLength: 5 }).map((v) => json("JSON array of hostile values", v)),
  hostileText.map((v) => json("JSON string", v)),
);

/** A hostile Authorization header (printable Latin-1 only: fetch refuses anything else). */
export const hostileAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom<string | undefined>(
    undefined,
    "",
    "Bearer",
    "Bearer ",
    "Bearer ' or 1=1 --",
    "Bearer null",
    "Bearer undefined",
    "Basic YWRtaW46YWRtaW4=",
    "Bearer <script>alert(1)</script>",
    `Bearer ${"A".repeat(43)}`,
    `Bearer ${"A".repeat(8000)}`,
    "Bearer a b c",
  ),
  fc.string({ unit: "grapheme-ascii", maxLength: 60 }).map((s) => `Bearer ${s}`),
);

/** A hostile X-Forwarded-For (the shop trusts it from loopback, so it becomes the client address in rate-limit keys). */
export const hostileForwardedFor: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("' or 1=1 --", "<script>", "::1", "999.999.999.999", "1.2.3.4, 5.6.7.8", ",,,", "unknown", "x".repeat(2000)),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, "") || "x"),
);

/**
 * Query strings, raw: repeated keys, bracket syntax, bad percent-encoding, NUL and friends. Values
 * are cut to 500 characters: Node itself refuses a request line over 16 KB (431, no JSON), which
 * tests/api/hostile-input.test.ts checks once on its own.
 */
export function hostileQueryFor(key: string): fc.Arbitrary<string> {
  const enc = encodeURIComponent;
  const short = (v: string) => safeEncode(v.slice(0, 500));
  return fc.oneof(
    { weight: 4, arbitrary: hostileText.map((v) => `${key}=${short(v)}`) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        `${key}`,
        `${key}=`,
        `${key}=%00`,
        `${key}=1%00`,
        `${key}=%`,
        `${key}=%zz`,
        `${key}=%E0%A4%A`,
        `${key}=%ED%A0%80`,
        `${key}=%C0%AE%C0%AE%2F`,
        `${key}=1&${key}=2`,
        `${key}[]=1`,
        `${key}[a]=1`,
        `${key}[__proto__][x]=1`,
        `__proto__[${key}]=1`,
        `${key}=${enc("' or 1=1 --")}`,
        `${key}=${enc("'; drop table products; --")}`,
        `${key}=${"9".repeat(40)}`,
        `${key}=-1`,
        `${key}=0`,
        `${key}=1.5`,
        `${key}=1e3`,
        `${key}=0x10`,
        `${key}=%201`,
        `${key}=2147483648`,
        `${key}=${"a".repeat(7000)}`,
        `${key}=${enc("\u202e")}%20${enc("<script>alert(1)</script>")}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(extraKey, hostileText), { maxLength: 3 })
        .map((pairs) => pairs.map(([k, v]) => `${short(k)}=${short(v)}`).join("&")),
    },
  );
}

/** encodeURIComponent that also takes lone surrogates (percent-encoding their UTF-16 halves as if they were Latin-1 is still a hostile query). */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return `%${(c.charCodeAt(0) >> 8).toString(16).padStart(2, "0")}%${(c.charCodeAt(0) & 255).toString(16).padStart(2, "0")}`;
      }
    }).join("");
  }
}

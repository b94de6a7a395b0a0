import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import { appendFileSync } from "node:fs";
import { crc32, deflateSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PRODUCT_IMAGE_BYTES } from "~/common/constants";
import { messages } from "~/common/messages";
import { TEST_CARD_SUCCESS } from "~/common/test-gateway";
import { queryRows, type Database } from "~/server/db/client";
import { accountCall, forgedToken, freshClientAddress, uniqueEmail } from "../support/accounts";
import { BREAKOUT, escaped, IMG, SCRIPT, SVG } from "../support/hostile-text";
import { loggedIn, type Shopper } from "../support/shop";
import { startSession } from "~/server/accounts/sessions";
import {
  brokenJsonBody,
  deeplyNested,
  extraKey,
  hostileAuthorization,
  hostileEmailShape,
  hostileForwardedFor,
  hostileQueryFor,
  hostileText,
  hostileValue,
  hostileWord,
  oneMegabyte,
  safeEncode,
  SQL_PAYLOADS,
  wrongType,
  type Wire,
} from "./hostile-arbitraries";
import { useApiServer, useApiShop, usePageServer } from "../support/use-shop";

// Issue 8, "Hostile input": every call of the JSON API (every router.get/post under server/api/)
// gets random and hostile bodies, queries and headers. For each request:
//   - the answer comes within REQUEST_TIMEOUT_MS (no hang) and is never a 5xx;
//   - a refusal is a 4xx whose body is the contract's error shape ({ success: false, error }) with
//     a clear text: no stack trace, no SQL, no validator internals;
//   - a 2xx is allowed only for reads (GET) and for the signed Paystack webhook, whose ignored or
//     unknown events are valid input; every write here gets input with at least one part that the
//     contract refuses, so it must answer 4xx;
//   - nothing in the database changes, reads and accepted webhooks included: the tables a call
//     could touch are compared around every request, and every table around each batch.
// Ignored: `rate_limits`, which counts attempts (logins, resets, sign-ups) before they are judged,
// so a refused attempt legitimately changes it. Sessions have no last-seen column, so `sessions`
// is compared like every other table.
//
// Three passes: random requests per call (fast-check properties); one fault at a time (every kind
// of bad value of every field, all other fields good, so each check is proven on its own); and a
// table of sharp edges the first two found, each sent once with its exact answer. Pages showing
// hostile text are checked in Chromium by tests/e2e/hostile-text.spec.ts.
//
// Runs are deterministic: fast-check is seeded with HOSTILE_SEED (default below) and a failure
// prints the seed, the path and the request. HOSTILE_RUNS changes the number of runs per call,
// HOSTILE_SHRINK=1 lets fast-check shrink a failing request (slower), and HOSTILE_LOG=<file>
// appends every answer's status and text to a file (to read what the API says to hostile input).

const SEED = Number(process.env.HOSTILE_SEED ?? 8_2026);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 24);
const SHRINK = process.env.HOSTILE_SHRINK === "1";
const REQUEST_TIMEOUT_MS = 10_000;
const IGNORED_TABLES = new Set(["rate_limits"]);
const PAYSTACK_SECRET = "sk_test_hostile_input_secret";

/** The shop with the built-in test gateway (its provider-side calls are mounted too). */
const { handle, api } = useApiShop();
/** The same shop configured for Paystack, for the signed webhook. */
const paystackApi = useApiServer(handle, {
  // Nothing listens on port 9: a verification would fail at once rather than reach the internet.
  env: { PAYSTACK_SECRET_KEY: PAYSTACK_SECRET, PAYSTACK_PUBLIC_KEY: "pk_test_hostile", PAYSTACK_API_BASE: "http://127.0.0.1:9" },
});
let db: Database;
let customer: Shopper;
let admin: Shopper;
/** Every product id in the database: a "bad" id must not be one of them. */
let productIds: Set<number>;
/** A plain product on sale (one unnamed size). */
let plainProductId: number;
let allTables: string[];

beforeAll(async () => {
  db = handle.db;
  customer = await loggedIn(db, api.baseUrl, "customer", "hostile-customer");
  admin = await loggedIn(db, api.baseUrl, "admin", "hostile-admin");
  const ids = await queryRows<{ id: number }>(db, sql`select id from products`);
  productIds = new Set(ids.map((r) => Number(r.id)));
  const [plain] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p join product_variants v on v.product_id = p.id
        where p.archived_at is null and v.size = '' and v.stock > 0 order by p.id limit 1`,
  );
  plainProductId = Number(plain.id);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  allTables = tables.map((t) => t.name).filter((t) => !IGNORED_TABLES.has(t));
});

it("runs on the engine this run asked for, with the built-in test gateway and a Paystack-configured twin", () => {
  expect(handle.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  expect(api.config.paystack.secretKey).toBeUndefined();
  expect(paystackApi.config.paystack.secretKey).toBe(PAYSTACK_SECRET);
  expect(allTables).toEqual(expect.arrayContaining(["accounts", "sessions", "products", "cart_items", "orders", "contact_messages", "outbox"]));
});

// ------------------------------------------------------------------ the database snapshot

const columnsOf = new Map<string, string>();

/** One table as "rows:md5 of all rows in a fixed order"; picture bytes enter as their own md5. */
async function tableDigest(table: string): Promise<string> {
  let row = columnsOf.get(table);
  if (!row) {
    const columns = await queryRows<{ name: string; type: string }>(
      db,
      sql`select column_name as name, data_type as type from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
    );
    row = columns.map((c) => (c.type === "bytea" ? `md5("${c.name}")` : `"${c.name}"`)).join(", ");
    columnsOf.set(table, row);
  }
  const [digest] = await queryRows<{ d: string }>(
    db,
    sql.raw(
      `select count(*) || ':' || coalesce(md5(string_agg(r, ',' order by r)), '-') as d from (select row(${row})::text as r from "${table}") s`,
    ),
  );
  return digest.d;
}

async function snapshot(tables: readonly string[]): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of tables) digests[table] = await tableDigest(table);
  return digests;
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((t) => before[t] !== after[t]);
}

// ------------------------------------------------------------------ sending and judging

interface HostileRequest {
  method: string;
  /** Path and query, already encoded (or deliberately mis-encoded). */
  path: string;
  authorization?: string;
  forwardedFor?: string;
  wire?: Wire;
  form?: FormData;
  headers?: Record<string, string>;
  /** Another server than the shop with the test gateway (the Paystack-configured one). */
  baseUrl?: string;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  json: any;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

function describeRequest(r: HostileRequest): string {
  const body = r.form
    ? `multipart form {${[...r.form.entries()]
        .map(
          ([k, v]) =>
            `${JSON.stringify(k)}: ${typeof v === "string" ? JSON.stringify(clip(v, 60)) : `file ${JSON.stringify(clip(v.name, 40))} (${v.size} bytes, ${v.type || "no type"})`}`,
        )
        .join(", ")}}`
    : r.wire
      ? `${r.wire.label} [${r.wire.contentType ?? "no content type"}${r.wire.contentEncoding ? `, ${r.wire.contentEncoding}` : ""}]: ${clip(
          typeof r.wire.body === "string" ? JSON.stringify(r.wire.body) : `${r.wire.body.length} bytes`,
        )}`
      : "no body";
  const auth = r.authorization === undefined ? "no Authorization" : `Authorization ${JSON.stringify(clip(r.authorization, 60))}`;
  return `${r.method} ${clip(r.path, 200)} (${auth}; ${body})`;
}

async function send(baseUrl: string, r: HostileRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.authorization !== undefined) headers.authorization = r.authorization;
  // Each request its own client address unless the test picks a hostile one: rate limits of one
  // request never spill into the next.
  headers["x-forwarded-for"] = r.forwardedFor ?? freshClientAddress();
  if (r.wire?.contentType) headers["content-type"] = r.wire.contentType;
  if (r.wire?.contentEncoding) headers["content-encoding"] = r.wire.contentEncoding;
  // Bytes, not a string: fetch would add text/plain to a string body.
  const body = r.form ?? (r.wire ? new Uint8Array(Buffer.from(r.wire.body)) : undefined);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${baseUrl}${r.path}`, { method: r.method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    text = await res.text();
  } catch (error) {
    const e = error as Error;
    throw new Error(
      `${describeRequest(r)}: ${e.name === "TimeoutError" ? `no answer within ${REQUEST_TIMEOUT_MS} ms (a hang)` : `request failed: ${e.message}`}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text, json };
}

/** What must never reach a client: stack traces, SQL and driver errors, validator internals. */
const LEAKS: RegExp[] = [
  /\bat\s+(async\s+)?[\w.<>]+\s+\S+:\d+:\d+\)?/,
  /node_modules|\/work\/|file:\/\//,
  /\.(ts|tsx|js|mjs):\d+/,
  /Failed query|DrizzleQueryError|PostgresError|PGlite|SQLSTATE/i,
  /syntax error at or near|relation "|violates .*constraint|duplicate key value|invalid input syntax|invalid byte sequence|out of range for type|unterminated quoted/i,
  /ZodError|"code"\s*:\s*"(invalid_type|too_big|too_small|invalid_union|custom)"|Invalid input: expected/,
  /\b(TypeError|RangeError|SyntaxError|ReferenceError)\b/,
  /\[object Object\]|\bundefined\b|\bNaN\b/,
];

/** Texts that say nothing a person can act on: the validator's defaults and bare "invalid". */
const UNCLEAR: RegExp[] = [
  /^Invalid (input|string|number|option|type|request\.?$)|^Too (big|small):|^Expected |^Required$|^Unrecognized key|must match pattern|expected (int|number|string) to be/,
];

function problemsWithError(answer: Answer): string[] {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(answer.contentType)) problems.push(`content type is ${JSON.stringify(answer.contentType)}, not JSON`);
  const body = answer.json;
  if (!body || typeof body !== "object" || Array.isArray(body)) return [...problems, `body is not a JSON object: ${clip(answer.text)}`];
  if (body.success !== false) problems.push(`success is ${JSON.stringify(body.success)}, not false`);
  for (const field of ["error", "message"] as const) {
    if (field === "message" && !(field in body)) continue;
    const text = body[field];
    if (typeof text !== "string" || text.trim().length < 4 || !/[A-Z]{3}/i.test(text)) {
      problems.push(`${field} is not a clear text: ${JSON.stringify(text)}`);
      continue;
    }
    if (text.length > 2000) problems.push(`${field} is ${text.length} characters long`);
    for (const leak of LEAKS) if (leak.test(text)) problems.push(`${field} leaks internals (${leak}): ${clip(text)}`);
    for (const vague of UNCLEAR) if (vague.test(text)) problems.push(`${field} is the validator's wording, not the shop's: ${clip(text)}`);
  }
  return problems;
}

interface Expectation {
  /** A 2xx is a correct answer too (reads, the signed webhook). */
  mayAccept?: boolean;
  /** Statuses that must be among the 4xx answers, when known exactly (e.g. 401 without a valid signature). */
  status?: number[];
}

/** Throws, with the request and the answer, unless the answer is an allowed one. */
function judge(r: HostileRequest, answer: Answer, expectation: Expectation = {}) {
  if (process.env.HOSTILE_LOG)
    appendFileSync(process.env.HOSTILE_LOG, `${answer.status}\t${r.path.slice(0, 40)}\t${answer.json?.error ?? answer.text.slice(0, 80)}\n`);
  const problems: string[] = [];
  const { status } = answer;
  const accepted = status >= 200 && status < 300;
  if (status >= 500) problems.push(`status ${status} (a server error)`);
  else if (accepted && !expectation.mayAccept) problems.push(`status ${status}: a write accepted input it must refuse`);
  else if (!accepted && (status < 400 || status >= 500)) problems.push(`status ${status} is neither 2xx nor 4xx`);
  else if (!accepted && expectation.status && !expectation.status.includes(status))
    problems.push(`status ${status}, expected one of ${expectation.status.join(", ")}`);
  if (accepted) {
    if (answer.json?.success !== true && !/^image\//.test(answer.contentType)) problems.push(`a 2xx without success: true: ${clip(answer.text)}`);
    // Product text may say anything, so only file paths and database errors count as leaks here.
    for (const leak of [LEAKS[1], LEAKS[3], LEAKS[4]]) if (leak.test(answer.text)) problems.push(`a 2xx leaks internals (${leak})`);
  } else {
    problems.push(...problemsWithError(answer));
  }
  if (problems.length) {
    throw new Error(`${describeRequest(r)}\n  answered ${status} ${clip(answer.text)}\n  - ${problems.join("\n  - ")}`);
  }
}

/**
 * Runs `numRuns` hostile requests of one call: each is judged, the call's `watch` tables are
 * compared around each request, and every table around the whole batch.
 */
async function batch<T>(
  arbitrary: fc.Arbitrary<T>,
  run: (input: T) => Promise<{ request: HostileRequest }>,
  watch: readonly string[],
  numRuns = RUNS,
) {
  const before = await snapshot(allTables);
  const property = fc.asyncProperty(arbitrary, async (input) => {
    const around = await snapshot(watch);
    const { request } = await run(input);
    const changed = changedTables(around, await snapshot(watch));
    if (changed.length) throw new Error(`${describeRequest(request)}\n  changed the database: ${changed.join(", ")}`);
  });
  // fc.check, not fc.assert: fast-check's own report would print whole megabyte bodies.
  const details = await fc.check(property, { numRuns, seed: SEED, endOnFailure: !SHRINK });
  if (details.failed) {
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `Run ${details.numRuns} of ${numRuns} failed (seed ${details.seed}, path "${details.counterexamplePath}"; rerun with HOSTILE_SEED=${details.seed}):\n${error}`,
    );
  }
  const changed = changedTables(before, await snapshot(allTables));
  expect(changed, "tables changed by a batch of hostile requests").toEqual([]);
}

// ------------------------------------------------------------------ fields: values the contract takes, values it refuses

/** Values a field must refuse, as one arbitrary, and as its kinds (missing, wrong type, blank, ...) one by one. */
type Bad = fc.Arbitrary<unknown> & { kinds: fc.Arbitrary<unknown>[] };
const badOf = (...kinds: fc.Arbitrary<unknown>[]): Bad => Object.assign(fc.oneof(...kinds), { kinds });

/** A field as a call's schema sees it: `ok` values pass (hostile where the field allows), `bad` ones never do. */
interface Field {
  ok: fc.Arbitrary<unknown>;
  bad: Bad;
}

const MISSING = fc.constant(undefined);
const blank = fc.constantFrom("", " ", "\t\n ", "\u3000\ufeff");
const hasNul = (s: string) => s.includes("\u0000");
/** Text with a NUL: PostgreSQL cannot store it, so the contract must refuse it (never a 500). */
const withNul = (text: fc.Arbitrary<string>) => text.map((s) => `a${s}\u0000b`);
/**
 * Longer than `max` even after trimming, counted in code points as the schemas count (an emoji is
 * one character, not two); sometimes a whole megabyte.
 */
const tooLong = (max: number) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(hostileWord, fc.integer({ min: 1, max: 300 })).map(([w, extra]) => `${w.slice(0, 300)}${"x".repeat(max + extra)}x`),
    },
    { weight: 1, arbitrary: fc.constant(oneMegabyte()) },
  );

function text(max: number): Field {
  return {
    ok: hostileText.filter((s) => !hasNul(s) && s.trim().length >= 1 && s.length <= max),
    bad: badOf(MISSING, wrongType, blank, tooLong(max), withNul(hostileText)),
  };
}

const email = (ok: fc.Arbitrary<string> = hostileEmailShape.filter((s) => !hasNul(s) && s.length <= 254)): Field => ({
  ok,
  bad: badOf(MISSING, wrongType, blank, hostileWord, fc.constant(`${"a".repeat(250)}@example.com`), withNul(fc.constant("@example.com"))),
});

const phone: Field = {
  ok: fc.constantFrom("2348012345678", "+234 (801) 234-5678", "0801-234-5678"),
  bad: badOf(MISSING, wrongType, blank, hostileWord, fc.constantFrom("1".repeat(31), "123", "0801234\u00005678")),
};

const loginPassword: Field = {
  ok: hostileText.filter((s) => s.length >= 1 && s.length <= 128),
  bad: badOf(MISSING, wrongType, fc.constant(""), tooLong(128)),
};

const newPassword: Field = {
  ok: fc.oneof(
    fc.constant("correct horse battery"),
    hostileText.filter((s) => s.length >= 8 && s.length <= 128),
  ),
  bad: badOf(MISSING, wrongType, fc.constant(""), fc.constant("short"), tooLong(128)),
};

const token: Field = {
  ok: fc.oneof(
    fc.constant(undefined).map(() => forgedToken()),
    hostileText.filter((s) => s.trim().length >= 1 && s.trim().length <= 200),
  ),
  bad: badOf(MISSING, wrongType, blank, fc.constant("a".repeat(201))),
};

/** The caller's own id (a number or digits) passes; anything else is refused (400, or 403 when it is someone's). */
function ownId(id: () => number): Field {
  return {
    ok: fc.constantFrom(0, 1).map((i) => (i ? id() : String(id()))),
    bad: badOf(
      MISSING,
      wrongType.filter((v) => v !== id() && v !== String(id())),
      hostileWord,
      fc.integer().filter((n) => n !== id()),
      fc.constant(0).map(() => `${id()}.0`),
      fc.constant(0).map(() => ` ${id()}`),
      fc.constant(0).map(() => id() + 0.5),
    ),
  };
}

/** A product id: one on sale passes; a malformed one, or one of no product, is refused. */
function productId(): Field {
  const notAProduct = (v: unknown) => !(typeof v === "number" && productIds.has(v));
  return {
    ok: fc.constantFrom(0, 1).map((i) => (i ? plainProductId : String(plainProductId))),
    bad: badOf(
      MISSING,
      wrongType.filter(notAProduct),
      hostileWord,
      fc.constantFrom<unknown>("0", 0, -1, "-1", 999_999_999, "999999999", "1234567890", 2 ** 31, 2 ** 40, 1e20, "1e3", "0x12", 18.5, " 18"),
    ),
  };
}

const size: Field = {
  ok: fc.constantFrom(undefined, null, "0", "", 0),
  bad: badOf(fc.constantFrom<unknown>(true, false, [], {}, ["0"], "x".repeat(41)), hostileWord, withNul(fc.constant("XL"))),
};

/** One of a fixed set of good values; bad values are the usual wrong types and hostile words. */
const oneOf = (...good: string[]): Field => ({
  ok: fc.constantFrom(...good),
  bad: badOf(
    MISSING,
    wrongType,
    blank,
    hostileWord.filter((w) => !good.includes(w.trim())),
  ),
});

// ------------------------------------------------------------------ the JSON calls

type Auth = "none" | "customer" | "admin" | "hostile-only";

interface JsonCall {
  path: string;
  auth: Auth;
  fields: () => Record<string, Field>;
  /** Input that passes the schema is still refused (no such token, account or payment): no field needs to be bad. */
  refusedAnyway?: boolean;
  /** The tables this call could change, compared around every request. */
  watch: string[];
  baseUrl?: () => string;
}

const ACCOUNT_TABLES = ["accounts", "sessions", "one_time_tokens", "outbox"];
const CART_TABLES = ["carts", "cart_items"];
const ORDER_TABLES = ["orders", "order_items", "order_events", "payments", "test_gateway_transactions", "product_variants", "outbox"];
// stored_images (picture bytes) is left to the whole-database comparison of each batch: hashing
// it around every request would cost more than the requests.
const CATALOG_TABLES = ["products", "product_variants", "product_images", "categories"];

const userFor = (role: "customer" | "admin") => () => (role === "customer" ? customer : admin);

function accountCalls(role: "customer" | "admin"): JsonCall[] {
  const me = userFor(role);
  return [
    {
      path: accountCall(role, "login"),
      auth: "none",
      refusedAnyway: true,
      fields: () => ({ email: email(), password: loginPassword }),
      watch: ACCOUNT_TABLES,
    },
    {
      path: accountCall(role, "signup"),
      auth: role === "admin" ? "admin" : "none",
      fields: () => ({ fullName: text(100), email: email(), password: newPassword, phoneNumber: phone }),
      watch: ACCOUNT_TABLES,
    },
    { path: accountCall(role, "verify_email"), auth: "none", refusedAnyway: true, fields: () => ({ token }), watch: ACCOUNT_TABLES },
    { path: accountCall(role, "forgot_password"), auth: "none", refusedAnyway: true, fields: () => ({ email: email() }), watch: ACCOUNT_TABLES },
    {
      path: accountCall(role, "reset_password"),
      auth: "none",
      refusedAnyway: true,
      fields: () => ({ token, password: newPassword }),
      watch: ACCOUNT_TABLES,
    },
    {
      path: accountCall(role, "update_phone"),
      auth: role,
      // Someone else's well-formed address is refused too (403).
      fields: () => ({ email: { ok: fc.constant(me().email), bad: badOf(...email().bad.kinds, email().ok) }, phoneNumber: phone }),
      watch: ACCOUNT_TABLES,
    },
    // Logging out needs nothing but the token, so only hostile tokens are sent.
    { path: accountCall(role, "logout"), auth: "hostile-only", fields: () => ({}), watch: ACCOUNT_TABLES },
  ];
}

const cartLine = () => ({ user_id: ownId(() => customer.id), product_id: productId(), size });

const deliveryFields = () => ({
  user_id: ownId(() => customer.id),
  firstName: text(60),
  lastName: text(60),
  phone: { ok: fc.constant("08012345678"), bad: phone.bad },
  confirmPhone: { ok: fc.constant("08012345678"), bad: badOf(...phone.bad.kinds, fc.constant("08012345679")) },
  email: email(),
  address: text(300),
  state: oneOf("Lagos"),
  city: oneOf("Ikeja"),
});

const JSON_CALLS: JsonCall[] = [
  ...accountCalls("customer"),
  ...accountCalls("admin"),
  { path: "/api/api4users/add_to_cart.php", auth: "customer", fields: cartLine, watch: CART_TABLES },
  { path: "/api/api4users/increase_quantity.php", auth: "customer", fields: cartLine, watch: CART_TABLES },
  { path: "/api/api4users/decrease_quantity.php", auth: "customer", fields: cartLine, watch: CART_TABLES },
  { path: "/api/api4users/delete_cart_items.php", auth: "customer", fields: () => ({ user_id: ownId(() => customer.id) }), watch: CART_TABLES },
  {
    path: "/api/api4users/apply_promotion_code.php",
    auth: "customer",
    fields: () => ({ user_id: ownId(() => customer.id), code: text(40) }),
    watch: CART_TABLES,
  },
  { path: "/api/api4users/remove_promotion_code.php", auth: "customer", fields: () => ({ user_id: ownId(() => customer.id) }), watch: CART_TABLES },
  {
    path: "/api/api4users/contact.php",
    auth: "none",
    fields: () => ({ name: text(100), email: email(), phone, message: text(5000) }),
    watch: ["contact_messages", "outbox"],
  },
  { path: "/api/api4users/initialize_payment.php", auth: "customer", fields: deliveryFields, watch: [...ORDER_TABLES, ...CART_TABLES] },
  {
    path: "/api/api4users/create_order.php",
    auth: "customer",
    refusedAnyway: true,
    fields: () => ({
      userId: ownId(() => customer.id),
      transactionRef: { ok: hostileText.filter((s) => s.trim().length >= 1 && s.trim().length <= 100), bad: token.bad },
    }),
    watch: ORDER_TABLES,
  },
  { path: "/api/delete_product.php", auth: "admin", fields: () => ({ productId: productId() }), watch: CATALOG_TABLES },
  {
    path: "/api/test-gateway/charge",
    auth: "none",
    refusedAnyway: true,
    fields: () => ({
      access_code: { ok: hostileText.filter((s) => s.length >= 1 && s.length <= 100), bad: badOf(MISSING, wrongType, fc.constant(""), tooLong(100)) },
      card_number: {
        ok: fc.oneof(
          fc.constant(TEST_CARD_SUCCESS),
          hostileText.filter((s) => s.length <= 40),
        ),
        bad: badOf(MISSING, wrongType, tooLong(40)),
      },
    }),
    watch: ORDER_TABLES,
  },
];

/**
 * Which fields get a bad value: half the time exactly one (a single fault is what proves each
 * check on its own), otherwise any number of them.
 */
function brokenFields(names: string[], mustBreak: boolean): fc.Arbitrary<string[]> {
  if (!names.length) return fc.constant([]);
  return fc.oneof(
    fc.constantFrom(...names).map((n) => [n]),
    fc.subarray(names, { minLength: mustBreak ? 1 : 0 }),
  );
}

/** A JSON object from per-field choices, extra keys included (`__proto__` as an own key, as JSON.parse makes it). */
function objectBody(fields: Record<string, Field>, mustBreak: boolean): fc.Arbitrary<Wire> {
  const names = Object.keys(fields);
  const pick = (which: "ok" | "bad") =>
    fc.record(Object.fromEntries(names.map((n) => [n, fields[n][which]])) as Record<string, fc.Arbitrary<unknown>>);
  return fc
    .record({
      broken: brokenFields(names, mustBreak),
      ok: pick("ok"),
      bad: pick("bad"),
      extras: fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 }),
    })
    .map(({ broken, ok, bad, extras }) => {
      const body: Record<string, unknown> = {};
      for (const [key, value] of extras) {
        if (!names.includes(key)) Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
      }
      for (const name of names) {
        const value = broken.includes(name) ? bad[name] : ok[name];
        if (value !== undefined) body[name] = value;
      }
      const label = broken.length ? `object with bad ${broken.join(", ")}` : "object the schema takes";
      return { label, contentType: "application/json", body: JSON.stringify(body) };
    });
}

function authFor(auth: Auth): fc.Arbitrary<string | undefined> {
  const bearer = (s: Shopper) => `Bearer ${s.token}`;
  if (auth === "none") return fc.option(hostileAuthorization, { nil: undefined }).map((a) => a ?? undefined);
  if (auth === "hostile-only")
    return fc.oneof(
      hostileAuthorization,
      fc.constant(0).map(() => `Bearer ${forgedToken()}`),
    );
  const right = userFor(auth);
  const other = userFor(auth === "customer" ? "admin" : "customer");
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(0).map(() => bearer(right())) },
    { weight: 1, arbitrary: hostileAuthorization },
    { weight: 1, arbitrary: fc.constant(0).map(() => bearer(other())) },
  );
}

function jsonRequests(call: JsonCall): fc.Arbitrary<HostileRequest> {
  const fields = call.fields();
  return fc
    .record({
      wire: fc.oneof({ weight: 3, arbitrary: objectBody(fields, !call.refusedAnyway) }, { weight: 1, arbitrary: brokenJsonBody }),
      authorization: authFor(call.auth),
      forwardedFor: fc.option(hostileForwardedFor, { nil: undefined, freq: 4 }),
    })
    .map(({ wire, authorization, forwardedFor }) => ({ method: "POST", path: call.path, wire, authorization, forwardedFor }));
}

describe("every JSON call refuses hostile bodies with a 4xx and its error shape, and changes nothing", () => {
  for (const call of JSON_CALLS) {
    it(`POST ${call.path}`, async () => {
      await batch(
        jsonRequests(call),
        async (request) => {
          judge(request, await send(api.baseUrl, request));
          return { request };
        },
        call.watch,
      );
    });
  }
});

/** Every other field good, one field bad: each kind of bad value of each field once (seeded sample). */
describe("one fault at a time: each kind of bad value in each field of each JSON call, the rest good", () => {
  // Logging out has no fields: only its token can be bad, and the properties above send those.
  for (const call of JSON_CALLS.filter((c) => c.auth !== "hostile-only")) {
    it(`POST ${call.path}`, async () => {
      const fields = call.fields();
      const names = Object.keys(fields);
      const [good] = fc.sample(fc.record(Object.fromEntries(names.map((n) => [n, fields[n].ok])) as Record<string, fc.Arbitrary<unknown>>), {
        seed: SEED,
        numRuns: 1,
      });
      const caller = call.auth === "customer" || call.auth === "admin" ? userFor(call.auth)() : undefined;
      const before = await snapshot(allTables);
      for (const name of names) {
        for (const [k, kind] of fields[name].bad.kinds.entries()) {
          const [value] = fc.sample(kind, { seed: SEED + k, numRuns: 1 });
          const body: Record<string, unknown> = { ...good, [name]: value };
          const request: HostileRequest = {
            method: "POST",
            path: call.path,
            authorization: caller && `Bearer ${caller.token}`,
            wire: { label: `${name}: bad value of kind ${k + 1}`, contentType: "application/json", body: JSON.stringify(body) },
          };
          judge(request, await send(api.baseUrl, request));
        }
      }
      expect(changedTables(before, await snapshot(allTables)), "tables changed").toEqual([]);
    });
  }
});

// ------------------------------------------------------------------ the reads

interface ReadCall {
  path: string;
  auth: Auth;
  /** Each query parameter and a good value for it. */
  params: () => Record<string, string>;
  watch: string[];
}

const READ_CALLS: ReadCall[] = [
  { path: "/api/get_products_by_category.php", auth: "none", params: () => ({ category: "Pillows" }), watch: CATALOG_TABLES },
  { path: "/api/get_products_by_name.php", auth: "none", params: () => ({ searchTerm: "mattress" }), watch: [...CATALOG_TABLES, "search_words"] },
  { path: "/api/get_product_by_id.php", auth: "none", params: () => ({ productId: String(plainProductId) }), watch: CATALOG_TABLES },
  { path: "/api/api4users/get_user_cart.php", auth: "customer", params: () => ({ user_id: String(customer.id) }), watch: CART_TABLES },
  { path: "/api/api4users/get_user_orders.php", auth: "customer", params: () => ({ userId: String(customer.id) }), watch: ORDER_TABLES },
  { path: "/api/test-gateway/transaction", auth: "none", params: () => ({ access_code: "test_abc" }), watch: ORDER_TABLES },
];

function readRequests(call: ReadCall): fc.Arbitrary<HostileRequest> {
  const params = Object.entries(call.params());
  return fc
    .record({
      parts: fc.tuple(...params.map(([key, good]) => fc.oneof(fc.constant(`${key}=${encodeURIComponent(good)}`), hostileQueryFor(key)))),
      authorization: authFor(call.auth),
      forwardedFor: fc.option(hostileForwardedFor, { nil: undefined, freq: 4 }),
      wire: fc.option(brokenJsonBody, { nil: undefined, freq: 6 }),
    })
    .map(({ parts, authorization, forwardedFor, wire }) => {
      const query = parts.filter(Boolean).join("&");
      // A body on a GET is odd but legal; fetch refuses to send one, so those go as POST to the
      // same path (no such call: 404) and the GET goes without.
      return wire
        ? { method: "POST", path: `${call.path}?${query}`, authorization, forwardedFor, wire }
        : { method: "GET", path: `${call.path}?${query}`, authorization, forwardedFor };
    });
}

describe("every read answers hostile queries with a 2xx or a 4xx, and changes nothing", () => {
  for (const call of READ_CALLS) {
    it(`GET ${call.path}`, async () => {
      await batch(
        readRequests(call),
        async (request) => {
          judge(request, await send(api.baseUrl, request), { mayAccept: request.method === "GET" });
          return { request };
        },
        call.watch,
      );
    });
  }

  it("GET /api/uploads/{file}: hostile file names find no picture (404 text, or 400), never a file outside the store", async () => {
    const [stored] = await queryRows<{ name: string }>(db, sql`select file_name as name from stored_images order by 1 limit 1`);
    const names = fc.oneof(
      // Node refuses a request line over 16 KB itself (431, tested below): names stay under it.
      hostileText.map((s) => safeEncode(s.slice(0, 500))),
      fc.constantFrom(
        "..%2F..%2F..%2Fetc%2Fpasswd",
        "%2e%2e%2f%2e%2e%2fpackage.json",
        "..%5C..%5Cserver.ts",
        "%00",
        `${encodeURIComponent(stored.name)}%00.png`,
        "%E0%A4%A",
        "%",
        "a".repeat(5000),
        `${encodeURIComponent(stored.name)}?w=%27%20or%201%3D1`,
        `${encodeURIComponent(stored.name)}?w=99999999999`,
        `${encodeURIComponent(stored.name)}?w[]=1`,
        `${encodeURIComponent(stored.name)}/..`,
      ),
    );
    await batch(
      names,
      async (name) => {
        const request: HostileRequest = { method: "GET", path: `/api/uploads/${name}` };
        const answer = await send(api.baseUrl, request);
        if (answer.status === 404 && /^text\/plain/.test(answer.contentType)) {
          // Pictures are fetched by <img>, not read as JSON: their "not found" is a short text.
          if (answer.text !== "Image not found.") throw new Error(`${describeRequest(request)}: 404 with ${clip(answer.text)}`);
        } else {
          judge(request, answer, { mayAccept: true });
          if (answer.status === 200 && !/^image\//.test(answer.contentType))
            throw new Error(`${describeRequest(request)}: 200 ${answer.contentType}`);
        }
        return { request };
      },
      [],
    );
  });
});

// ------------------------------------------------------------------ the multipart product upload

const UPLOAD = "/api/upload_product.php";

interface Part {
  name: string;
  value: string | { bytes: Uint8Array; fileName: string; type: string };
}

let goodPng: Buffer;
let goodJpeg: Buffer;
/** A real PNG of 16,000 x 16,000 pixels (a quarter of a billion) in about 31 KB. */
let pixelBomb: Buffer;

beforeAll(async () => {
  goodPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
  goodJpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 60, b: 200 } } })
    .jpeg()
    .toBuffer();
  pixelBomb = blackPng(16_000, 16_000);
});

/** A 1-bit greyscale PNG of any size, all black, written by hand: its rows of zeros compress to almost nothing. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const fileName = fc.oneof(
  fc.constantFrom("front.png", "photo.jpg", "", ".png", "a".repeat(255) + ".png", "../../etc/passwd", "C:\\boot.ini", "x\r\nContent-Type: text/html"),
  hostileText.map((s) => `${s.slice(0, 200)}.png`),
);

const goodImages = fc.array(
  fc.record({
    fileName,
    kind: fc.constantFrom("png", "jpeg"),
    type: fc.constantFrom("image/png", "image/jpeg", "application/octet-stream", "text/html", ""),
  }),
  { minLength: 1, maxLength: 4 },
);

/** Files no picture may be: each is a kind of its own, so the one-fault pass sends every one. */
const BAD_FILES: [string, () => Uint8Array][] = [
  ["svg with script", () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')],
  ["gif", () => Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;")],
  ["html", () => Buffer.from("<html><script>alert(1)</script></html>")],
  ["png signature then garbage", () => Buffer.concat([goodPng.subarray(0, 8), randomBytes(500)])],
  ["truncated png", () => goodPng.subarray(0, Math.floor(goodPng.length / 2))],
  ["jpeg header on a png", () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), goodPng])],
  ["2 MB + 1 byte", () => Buffer.concat([goodPng, Buffer.alloc(MAX_PRODUCT_IMAGE_BYTES + 1 - goodPng.length)])],
  ["pixel bomb", () => pixelBomb],
  ["empty file", () => new Uint8Array(0)],
];

/** Pictures the shop must refuse: none, too many, not JPEG or PNG, broken, too large, a pixel bomb. */
const badImages = badOf(
  fc.constant([] as Part[]),
  fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 2000 }), fileName)
    .map(([bytes, name]) => [{ name: "productImages[]", value: { bytes, fileName: name, type: "image/png" } }]),
  ...BAD_FILES.map(([label, bytes]) =>
    fc.constant(0).map(() => [{ name: "productImages[]", value: { bytes: bytes(), fileName: `${label}.png`, type: "image/png" } }]),
  ),
  fc
    .constant(0)
    .map(() => [1, 2, 3, 4, 5].map((i) => ({ name: "productImages[]", value: { bytes: goodPng, fileName: `five-${i}.png`, type: "image/png" } }))),
);

/** Text fields of the upload form as the form sends them: strings only. */
const formText = (max: number): Field => ({
  ok: hostileText.filter((s) => !hasNul(s) && s.trim().length >= 1 && s.length <= max),
  bad: badOf(
    MISSING,
    blank,
    tooLong(max).filter((s) => s.length < 100_000),
    withNul(hostileText),
  ),
});

const UPLOAD_FIELDS: Record<string, Field> = {
  productName: formText(120),
  description: formText(5000),
  price: {
    ok: fc.constantFrom("1500", "99.99", " 25000 "),
    bad: badOf(MISSING, blank, hostileWord, fc.constantFrom("0", "-1", "1e5", "NaN", "Infinity", "1.234", "100000001", "0x10", "1,000", "₦1000")),
  },
  availableStock: {
    ok: fc.constantFrom(undefined, "", "0", "7"),
    bad: badOf(hostileWord, fc.constantFrom("-1", "1.5", "abc", "1000001", "1e3", "99999999999999999999")),
  },
  category: {
    ok: fc.constantFrom("Pillows", "pillows", "Eco Foam"),
    bad: badOf(MISSING, blank, hostileWord, fc.constantFrom("All Product", "Pillows\u0000")),
  },
  images: { ok: goodImages, bad: badImages },
};

const formRequests: fc.Arbitrary<HostileRequest> = fc
  .record({
    broken: brokenFields(Object.keys(UPLOAD_FIELDS), true),
    ok: fc.record(Object.fromEntries(Object.entries(UPLOAD_FIELDS).map(([k, f]) => [k, f.ok])) as Record<string, fc.Arbitrary<unknown>>),
    bad: fc.record(Object.fromEntries(Object.entries(UPLOAD_FIELDS).map(([k, f]) => [k, f.bad])) as Record<string, fc.Arbitrary<unknown>>),
    extras: fc.array(fc.tuple(extraKey, hostileText), { maxLength: 3 }),
    authorization: authFor("admin"),
  })
  .map(({ broken, ok, bad, extras, authorization }) => {
    const values = Object.fromEntries(Object.keys(UPLOAD_FIELDS).map((name) => [name, broken.includes(name) ? bad[name] : ok[name]]));
    return { method: "POST", path: UPLOAD, form: uploadForm(values, extras), authorization } satisfies HostileRequest;
  });

/** The upload form from a value per field (undefined leaves it out; `images` good ones or bad parts), extra fields first. */
function uploadForm(values: Record<string, unknown>, extras: [string, string][] = []): FormData {
  const form = new FormData();
  for (const [key, value] of extras) form.append(key, value);
  for (const [name, value] of Object.entries(values)) {
    if (name !== "images") {
      if (typeof value === "string") form.append(name, value);
      continue;
    }
    const parts: Part[] =
      Array.isArray(value) && value.length && "kind" in (value[0] as object)
        ? (value as { fileName: string; kind: string; type: string }[]).map((img) => ({
            name: "productImages[]",
            value: { bytes: img.kind === "png" ? goodPng : goodJpeg, fileName: img.fileName, type: img.type },
          }))
        : (value as Part[]);
    for (const part of parts) {
      const file = part.value as { bytes: Uint8Array; fileName: string; type: string };
      form.append(part.name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.fileName);
    }
  }
  return form;
}

const BOUNDARY = "----hostile7MA4YWxkTrZu0gW";
const rawMultipart = (label: string, body: string | Uint8Array, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Wire => ({
  label,
  contentType,
  body,
});
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const goodFieldsText = part("productName", "Pillow") + part("description", "Soft") + part("price", "1500") + part("category", "Pillows");

/** Multipart bodies that are not well formed, and bodies that are not multipart at all. */
const malformedUploads: fc.Arbitrary<Wire> = fc.oneof(
  fc.constantFrom<Wire>(
    rawMultipart("no boundary parameter", goodFieldsText, "multipart/form-data"),
    rawMultipart("boundary that never appears", goodFieldsText.replaceAll(BOUNDARY, "other")),
    rawMultipart("no closing boundary", goodFieldsText),
    rawMultipart("truncated in a header", `${goodFieldsText}--${BOUNDARY}\r\nContent-Disposition: form-data; name="productIm`),
    rawMultipart("part without headers", `--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
    rawMultipart("unterminated quoted name", `--${BOUNDARY}\r\nContent-Disposition: form-data; name="productName\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
    rawMultipart("empty body", ""),
    rawMultipart("only the closing boundary", `--${BOUNDARY}--\r\n`),
    rawMultipart("boundary of 5000 characters", `--${"b".repeat(5000)}\r\n`, `multipart/form-data; boundary=${"b".repeat(5000)}`),
    rawMultipart(
      "nested multipart",
      `--${BOUNDARY}\r\nContent-Type: multipart/mixed; boundary=inner\r\nContent-Disposition: form-data; name="productImages[]"\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n--${BOUNDARY}--\r\n`,
    ),
    rawMultipart(
      "a 60 KB header line",
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${"n".repeat(60_000)}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    ),
    rawMultipart(
      "NUL and bad UTF-8 in names",
      Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000`),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(`"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
      ]),
    ),
    rawMultipart("good text fields, no picture", `${goodFieldsText}--${BOUNDARY}--\r\n`),
    rawMultipart("1 MB field value", `${part("productName", oneMegabyte())}${goodFieldsText}--${BOUNDARY}--\r\n`),
    {
      label: "JSON to the upload",
      contentType: "application/json",
      body: JSON.stringify({ productName: "Pillow", description: "Soft", price: 1500, category: "Pillows" }),
    },
    {
      label: "form-urlencoded to the upload",
      contentType: "application/x-www-form-urlencoded",
      body: "productName=Pillow&description=Soft&price=1500&category=Pillows",
    },
    { label: "no content type", body: goodFieldsText },
    { label: "multipart/mixed", contentType: `multipart/mixed; boundary=${BOUNDARY}`, body: `${goodFieldsText}--${BOUNDARY}--\r\n` },
  ),
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => rawMultipart("random bytes", bytes)),
  hostileText.map((s) => rawMultipart("hostile text between boundaries", `--${BOUNDARY}\r\n${s}\r\n--${BOUNDARY}--\r\n`)),
);

describe("the multipart upload refuses hostile forms with a 4xx and creates nothing", () => {
  it(`POST ${UPLOAD}: forms with at least one bad field or picture`, async () => {
    await batch(
      formRequests,
      async (request) => {
        judge(request, await send(api.baseUrl, request));
        return { request };
      },
      CATALOG_TABLES,
    );
  });

  it(`POST ${UPLOAD}: one fault at a time, each kind of bad value in each field (the rest good)`, async () => {
    const names = Object.keys(UPLOAD_FIELDS);
    const [good] = fc.sample(fc.record(Object.fromEntries(names.map((n) => [n, UPLOAD_FIELDS[n].ok])) as Record<string, fc.Arbitrary<unknown>>), {
      seed: SEED,
      numRuns: 1,
    });
    const before = await snapshot(allTables);
    for (const name of names) {
      for (const [k, kind] of UPLOAD_FIELDS[name].bad.kinds.entries()) {
        const [value] = fc.sample(kind, { seed: SEED + k, numRuns: 1 });
        const request: HostileRequest = {
          method: "POST",
          path: UPLOAD,
          form: uploadForm({ ...good, [name]: value }),
          authorization: `Bearer ${admin.token}`,
        };
        judge(request, await send(api.baseUrl, request));
      }
    }
    expect(changedTables(before, await snapshot(allTables)), "tables changed").toEqual([]);
  });

  it(`POST ${UPLOAD}: malformed multipart and bodies that are not multipart`, async () => {
    await batch(
      fc.record({ wire: malformedUploads, authorization: authFor("admin") }),
      async ({ wire, authorization }) => {
        const request: HostileRequest = { method: "POST", path: UPLOAD, wire, authorization };
        judge(request, await send(api.baseUrl, request));
        return { request };
      },
      CATALOG_TABLES,
    );
  });

  it(`POST ${UPLOAD}: a body over the cap (11 MB) is refused with 413 before it is read whole`, async () => {
    const before = await snapshot(allTables);
    const body = Buffer.concat([
      Buffer.from(
        goodFieldsText +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="productImages[]"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      randomBytes(11 * 1024 * 1024),
    ]);
    const answer = await new Promise<{ status: number; text: string; type: string }>((resolve, reject) => {
      const req = http.request(`${api.baseUrl}${UPLOAD}`, {
        method: "POST",
        agent: false,
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${admin.token}` },
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), type: String(res.headers["content-type"]) }),
        );
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("no answer (a hang)")));
      // The server answers and closes while the rest is still being sent: that is fine.
      req.on("error", (e: NodeJS.ErrnoException) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e)));
      req.end(body);
    });
    expect(answer.status).toBe(413);
    expect(problemsWithError({ status: answer.status, contentType: answer.type, text: answer.text, json: JSON.parse(answer.text) })).toEqual([]);
    expect(changedTables(before, await snapshot(allTables))).toEqual([]);
  });
});

// ------------------------------------------------------------------ the Paystack webhook

const WEBHOOK = "/api/paystack/webhook";
const sign = (body: string | Uint8Array) => createHmac("sha512", PAYSTACK_SECRET).update(body).digest("hex");

const webhookEvent = fc.oneof(
  fc.record(
    {
      event: fc.oneof(fc.constant("charge.success"), hostileText, wrongType),
      data: fc.oneof(wrongType, fc.record({ reference: hostileValue, amount: hostileValue, status: hostileValue }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  ),
  fc.record({ event: fc.constant("charge.success"), data: fc.record({ reference: hostileText }) }),
);

const webhookRequests = fc
  .record({
    body: fc.oneof(
      { weight: 3, arbitrary: webhookEvent.map((e) => JSON.stringify(e)) },
      { weight: 1, arbitrary: fc.constantFrom("null", "[]", "0", '"charge.success"', "{", "", "\u0000", "true") },
      { weight: 1, arbitrary: brokenJsonBody.map((w) => w.body) },
    ),
    signature: fc.oneof(
      { weight: 4, arbitrary: fc.constant("valid") },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          undefined,
          "",
          "0".repeat(128),
          "z".repeat(128),
          "a".repeat(129),
          sign("other body"),
          "' or 1=1 --",
          "a".repeat(10_000),
        ),
      },
      { weight: 1, arbitrary: fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Buffer.from(b).toString("hex")) },
    ),
    contentType: fc.constantFrom("application/json", "text/plain", undefined, "application/json; charset=utf-16"),
  })
  .map(({ body, signature, contentType }) => {
    const signed = signature === "valid";
    const header = signed ? sign(typeof body === "string" ? Buffer.from(body) : body) : signature;
    const request: HostileRequest = {
      method: "POST",
      path: WEBHOOK,
      wire: { label: signed ? "signed webhook body" : "webhook body, bad signature", contentType, body },
      headers: header === undefined ? {} : { "x-paystack-signature": header },
    };
    return { request, signed };
  });

describe("the Paystack webhook", () => {
  it("refuses unsigned or badly signed bodies with 401, and a signed body never causes a 5xx or a change", async () => {
    await batch(
      webhookRequests,
      async ({ request, signed }) => {
        const answer = await send(paystackApi.baseUrl, request);
        // A validly signed body is the provider's own; ignoring it (200) is a right answer.
        judge(request, answer, signed ? { mayAccept: true } : { status: [401, 413, 415] });
        return { request };
      },
      ORDER_TABLES,
    );
  });

  it("with the test gateway (no Paystack key) refuses every body with 401", async () => {
    await batch(
      webhookRequests,
      async ({ request }) => {
        judge(request, await send(api.baseUrl, request), { status: [401, 413, 415] });
        return { request };
      },
      ORDER_TABLES,
      Math.ceil(RUNS / 2),
    );
  });
});

// ------------------------------------------------------------------ the rest of the HTTP surface

describe("requests that go wrong before any call", () => {
  const ALL_PATHS = [...JSON_CALLS.map((c) => c.path), ...READ_CALLS.map((c) => c.path), UPLOAD];

  it("a call with the wrong method, or a path that is no call, answers 404 in the contract's shape", async () => {
    const before = await snapshot(allTables);
    for (const path of ALL_PATHS) {
      const isRead = READ_CALLS.some((c) => c.path === path);
      for (const method of isRead ? ["PUT", "DELETE", "PATCH"] : ["GET", "PUT", "DELETE", "PATCH"]) {
        const request: HostileRequest = { method, path, authorization: `Bearer ${admin.token}` };
        judge(request, await send(api.baseUrl, request), { status: [404, 405] });
      }
    }
    for (const path of [
      "/api/",
      "/api/..%2f..%2fetc%2fpasswd",
      "/api/get_products_by_name.php%00",
      "/api/api4users/../admin_login.php%20",
      `/api/${"x".repeat(5000)}`,
      "/api/%E0%A4%A",
    ]) {
      const request: HostileRequest = { method: "POST", path, wire: { label: "JSON", contentType: "application/json", body: "{}" } };
      judge(request, await send(api.baseUrl, request), { status: [400, 404] });
    }
    expect(changedTables(before, await snapshot(allTables))).toEqual([]);
  });

  it("a 1 MB query string or header is refused by the HTTP server itself (431), without a hang", async () => {
    // Node refuses headers over 16 KB before Express sees them: that answer has no JSON body.
    for (const request of [
      { path: `/api/get_products_by_name.php?searchTerm=${oneMegabyte()}` },
      { path: "/api/get_products_by_category.php?category=Pillows", headers: { "x-hostile": oneMegabyte() } },
    ]) {
      const res = await fetch(`${api.baseUrl}${request.path}`, { headers: request.headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await res.arrayBuffer();
      expect(res.status).toBe(431);
    }
  });

  it("SQL payloads were only ever text: the tables they name are all still there, with their rows", async () => {
    // The batches above compare every table; this says a dropped table plainly.
    expect(SQL_PAYLOADS.some((p) => p.includes("drop table products"))).toBe(true);
    const [counts] = await queryRows<{ products: number; accounts: number }>(
      db,
      sql`select (select count(*)::int from products) as products, (select count(*)::int from accounts) as accounts`,
    );
    expect(counts.products).toBe(productIds.size);
    expect(counts.accounts).toBeGreaterThanOrEqual(2);
  });
});

// ------------------------------------------------------------------ sharp edges, each sent once

describe("sharp edges found by the properties above, each sent once", () => {
  const json = (body: unknown, label = "JSON"): Wire => ({
    label,
    contentType: "application/json",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const asCustomer = () => `Bearer ${customer.token}`;
  const asAdmin = () => `Bearer ${admin.token}`;
  const line = (overrides: Record<string, unknown>) => json({ user_id: customer.id, product_id: plainProductId, size: "0", ...overrides });
  const contact = (overrides: Record<string, unknown>) =>
    json({ name: "Ada", email: uniqueEmail("edge"), phone: "08031234567", message: "Hello", ...overrides });

  /** [what, request, the exact refusal expected (status and text), or "read" for a 2xx-or-4xx read] */
  const cases: () => [string, HostileRequest, [number, string] | "read"][] = () => [
    // Ids past PostgreSQL's integer: refused by the schema, not by the database with a 500.
    [
      "product id 2^31",
      { method: "POST", path: "/api/api4users/add_to_cart.php", authorization: asCustomer(), wire: line({ product_id: 2 ** 31 }) },
      [400, "product_id must be a product id."],
    ],
    [
      "product id 2^40",
      { method: "POST", path: "/api/delete_product.php", authorization: asAdmin(), wire: json({ productId: 2 ** 40 }) },
      [400, "Please enter a product ID"],
    ],
    [
      "product id 2^53 + 2",
      { method: "POST", path: "/api/delete_product.php", authorization: asAdmin(), wire: json({ productId: 2 ** 53 + 2 }) },
      [400, "Please enter a product ID"],
    ],
    [
      "product id -1",
      { method: "POST", path: "/api/delete_product.php", authorization: asAdmin(), wire: json({ productId: -1 }) },
      [400, "Please enter a product ID"],
    ],
    [
      "user id with letters",
      { method: "POST", path: "/api/api4users/delete_cart_items.php", authorization: asCustomer(), wire: json({ user_id: "1 or 1=1" }) },
      [400, "user_id is required."],
    ],
    // NUL in text that reaches the database: refused by the schema.
    [
      "NUL in a login e-mail",
      { method: "POST", path: "/api/api4users/user_login.php", wire: json({ email: "a\u0000@example.com", password: "x" }) },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a reset e-mail",
      { method: "POST", path: "/api/admin_forgot_password.php", wire: json({ email: "a\u0000@example.com" }) },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a sign-up name",
      {
        method: "POST",
        path: "/api/api4users/user_signup.php",
        wire: json({ fullName: "Ada\u0000", email: uniqueEmail("edge"), password: "correct horse", phoneNumber: "08031234567" }),
      },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a contact message",
      { method: "POST", path: "/api/api4users/contact.php", wire: contact({ message: "Hi\u0000" }) },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a contact e-mail",
      { method: "POST", path: "/api/api4users/contact.php", wire: contact({ email: "a\u0000b@example.com" }) },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a cart size",
      { method: "POST", path: "/api/api4users/add_to_cart.php", authorization: asCustomer(), wire: line({ size: "6x4\u0000" }) },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a delivery address",
      {
        method: "POST",
        path: "/api/api4users/initialize_payment.php",
        authorization: asCustomer(),
        wire: json({
          user_id: customer.id,
          firstName: "Ada",
          lastName: "Obi",
          phone: "08012345678",
          confirmPhone: "08012345678",
          email: "ada@example.com",
          address: "12 Allen\u0000",
          state: "Lagos",
          city: "Ikeja",
        }),
      },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a payment reference",
      {
        method: "POST",
        path: "/api/api4users/create_order.php",
        authorization: asCustomer(),
        wire: json({ userId: customer.id, transactionRef: "FS-\u0000" }),
      },
      [400, messages.textHasNul],
    ],
    [
      "NUL in a test access code",
      { method: "POST", path: "/api/test-gateway/charge", wire: json({ access_code: "test_\u0000", card_number: TEST_CARD_SUCCESS }) },
      [400, messages.textHasNul],
    ],
    ["NUL in a test access code (read)", { method: "GET", path: "/api/test-gateway/transaction?access_code=test_%00" }, "read"],
    ["NUL in a search", { method: "GET", path: "/api/get_products_by_name.php?searchTerm=foam%00" }, [400, messages.textHasNul]],
    ["NUL in a category", { method: "GET", path: "/api/get_products_by_category.php?category=Pillows%00" }, [400, messages.textHasNul]],
    ["NUL in a product id", { method: "GET", path: "/api/get_product_by_id.php?productId=18%00" }, "read"],
    // Bodies that are not JSON objects say what is wrong.
    ["a JSON array", { method: "POST", path: "/api/api4users/user_login.php", wire: json([{ email: "a@b.c" }]) }, [400, messages.bodyNotObject]],
    ["not JSON", { method: "POST", path: "/api/api4users/user_login.php", wire: json("{'email': 1}") }, [400, messages.bodyNotJson]],
    ["a JSON string (strict parser)", { method: "POST", path: "/api/api4users/user_login.php", wire: json('"a@b.c"') }, [400, messages.bodyNotJson]],
    ["1 MB of JSON", { method: "POST", path: "/api/api4users/contact.php", wire: json({ name: oneMegabyte() }) }, [413, messages.bodyTooLarge]],
    [
      "latin1 JSON",
      { method: "POST", path: "/api/api4users/contact.php", wire: { label: "latin1", contentType: "application/json; charset=latin1", body: "{}" } },
      [415, messages.bodyEncodingUnsupported],
    ],
    [
      "zstd JSON",
      {
        method: "POST",
        path: "/api/api4users/contact.php",
        wire: { label: "zstd", contentType: "application/json", contentEncoding: "zstd-ish", body: "{}" },
      },
      [415, messages.bodyEncodingUnsupported],
    ],
    [
      "a gzip bomb",
      {
        method: "POST",
        path: "/api/api4users/contact.php",
        wire: { label: "gzip bomb", contentType: "application/json", contentEncoding: "gzip", body: gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20)) },
      },
      [413, messages.bodyTooLarge],
    ],
    [
      "10,000 nested arrays",
      { method: "POST", path: "/api/api4users/contact.php", wire: json(deeplyNested(10_000, "array")) },
      [400, messages.bodyNotObject],
    ],
    [
      "10,000 nested objects",
      { method: "POST", path: "/api/api4users/contact.php", wire: json(deeplyNested(10_000, "object")) },
      [400, messages.contactNameRequired],
    ],
    ["a bad percent-encoding in a picture name", { method: "GET", path: "/api/uploads/%E0%A4%A" }, [400, messages.requestUnreadable]],
    // The signed webhook: JSON that is no event is ignored, never a TypeError.
    ...[
      "null",
      "5",
      "[]",
      '"charge.success"',
      '{"event":"charge.success","data":null}',
      '{"event":"charge.success","data":{"reference":"FS-\\u0000"}}',
    ].map((body): [string, HostileRequest, "read"] => [
      `a signed webhook of ${body}`,
      {
        method: "POST",
        path: WEBHOOK,
        wire: json(body),
        headers: { "x-paystack-signature": sign(body) },
        baseUrl: paystackApi.baseUrl,
      } as HostileRequest,
      "read",
    ]),
  ];

  it("each is answered with the exact refusal (or as a read), and nothing changes", async () => {
    const before = await snapshot(allTables);
    for (const [what, request, expected] of cases()) {
      const answer = await send(request.baseUrl ?? api.baseUrl, request);
      try {
        if (expected === "read") {
          judge(request, answer, { mayAccept: true });
        } else {
          judge(request, answer);
          expect([answer.status, answer.json?.error]).toEqual(expected);
        }
      } catch (error) {
        throw new Error(`${what}: ${(error as Error).message}`);
      }
    }
    expect(changedTables(before, await snapshot(allTables))).toEqual([]);
  });

  it("a picture of a quarter of a billion pixels (31 KB of PNG) is refused, not decoded", async () => {
    const before = await snapshot(allTables);
    const form = new FormData();
    form.append("productName", "Pillow");
    form.append("description", "Soft");
    form.append("price", "1500");
    form.append("category", "Pillows");
    form.append("productImages[]", new Blob([new Uint8Array(pixelBomb)], { type: "image/png" }), "bomb.png");
    const request: HostileRequest = { method: "POST", path: UPLOAD, form, authorization: `Bearer ${admin.token}` };
    const answer = await send(api.baseUrl, request);
    judge(request, answer);
    // Decoded, it would be accepted (sharp's own limit is 268 million pixels): the shop's 40 million refuses it.
    expect([answer.status, answer.json.error]).toEqual([400, messages.invalidImages(["bomb.png"])]);
    expect(changedTables(before, await snapshot(allTables))).toEqual([]);
  });

  it("a picture upload whose only fault is a NUL in its name is refused before any picture is drawn", async () => {
    const before = await snapshot(allTables);
    const form = new FormData();
    form.append("productName", "Pillow\u0000");
    form.append("description", "Soft");
    form.append("price", "1500");
    form.append("category", "Pillows");
    form.append("productImages[]", new Blob([new Uint8Array(goodPng)], { type: "image/png" }), "front.png");
    const request: HostileRequest = { method: "POST", path: UPLOAD, form, authorization: `Bearer ${admin.token}` };
    const answer = await send(api.baseUrl, request);
    judge(request, answer);
    expect([answer.status, answer.json.error]).toEqual([400, messages.textHasNul]);
    expect(changedTables(before, await snapshot(allTables))).toEqual([]);
  });
});

// ------------------------------------------------------------------ hostile text in pages

describe("text shown in pages can never run script", () => {
  // The real pages (tests/support/pages.ts: the build).
  const shop = usePageServer(handle);
  let adminCookie: string;
  const tag = randomBytes(3).toString("hex");
  const name = `Pillow ${tag} ${SCRIPT} ${IMG}`;
  const description = `Soft ${IMG} ${BREAKOUT} ${SVG} ${SCRIPT}`;
  const letter = { name: `Ada ${tag} ${SCRIPT}`, email: uniqueEmail("xss"), phone: "08031234567", message: `Hello ${IMG} ${BREAKOUT} ${SVG}` };
  let productId: number;

  beforeAll(async () => {
    const { token } = await startSession(db, { id: admin.id, role: "admin" });
    adminCookie = await shop.cookieFor("admin", token);
  });

  it("an admin's product and a visitor's message holding markup are accepted, stored and served unchanged", async () => {
    const form = uploadForm({
      productName: name,
      description,
      price: "1500",
      category: "Pillows",
      images: [{ fileName: "front.png", kind: "png", type: "image/png" }],
    });
    const created = await send(api.baseUrl, { method: "POST", path: UPLOAD, form, authorization: `Bearer ${admin.token}` });
    expect(created.status, created.text).toBe(201);
    productId = created.json.product_id;
    const product = await send(api.baseUrl, { method: "GET", path: `/api/get_product_by_id.php?productId=${productId}` });
    expect(product.json.product).toMatchObject({ product_name: name, description });

    const sent = await send(api.baseUrl, {
      method: "POST",
      path: "/api/api4users/contact.php",
      wire: { label: "contact", contentType: "application/json", body: JSON.stringify(letter) },
    });
    expect(sent.status, sent.text).toBe(201);
    const [row] = await queryRows<{ name: string; message: string }>(db, sql`select name, message from contact_messages order by id desc limit 1`);
    expect(row).toEqual({ name: letter.name, message: letter.message });
  });

  it.each([
    ["the product page (name, description, meta tags and hydration data)", () => `/productdetail/${productId}`, false, () => [name, description]],
    ["the category list (names cut to 50 characters)", () => "/productlistpage/Pillows", false, () => [`Pillow ${tag} <script>`]],
    ["the search results", () => `/searchresultpage?searchTerm=${encodeURIComponent(name)}`, false, () => []],
    ["the admin's Manage Products", () => "/admin?menu=2&category=Pillows", true, () => [name]],
    ["the admin's product edit page", () => `/admin/products/${productId}`, true, () => [name, description]],
    ["the admin's Messages", () => "/admin?menu=6", true, () => [letter.name, letter.message]],
  ])("%s holds the text escaped and no element made of it", async (_what, path, asAdmin, shows) => {
    const res = await fetch(`${shop.baseUrl}${path()}`, { headers: asAdmin ? { cookie: adminCookie } : {}, redirect: "manual" });
    const html = await res.text();
    expect(res.status, html.slice(0, 300)).toBe(200);
    const found = elementsOf(html);
    expect(found.length).toBeGreaterThan(50);
    // React renders no event-handler attribute on the server: any on* attribute is injected markup.
    expect(found.filter((e) => Object.keys(e.attributes).some((a) => a.startsWith("on"))).map((e) => e.tag)).toEqual([]);
    expect(found.filter((e) => e.tag === "img" && e.attributes.src === "x")).toEqual([]);
    // The injected script, or the hydration data's script closed early by the text and followed by one.
    expect(found.filter((e) => e.tag === "script" && e.text?.trim() === "alert(1)")).toEqual([]);
    for (const text of shows()) expect(html).toContain(escaped(text));
  });
});

interface Element {
  tag: string;
  attributes: Record<string, string>;
  /** The raw text of a script or style element. */
  text?: string;
}

/**
 * The start tags of an HTML document with their attributes, as a browser's tokenizer reads them:
 * quoted attribute values may hold anything but their quote (so escaped text inside an alt= is
 * no element), and a script's text runs to the first "</script".
 */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  let i = 0;
  while ((i = html.indexOf("<", i)) !== -1) {
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const start = /^<([a-z][a-z0-9-]*)/i.exec(html.slice(i, i + 64));
    if (!start) {
      i += 1;
      continue;
    }
    const element: Element = { tag: start[1].toLowerCase(), attributes: {} };
    let j = i + start[0].length;
    while (j < html.length && html[j] !== ">") {
      if (/[\s/]/.test(html[j])) {
        j += 1;
        continue;
      }
      const name = /^[^\s"'>/=]+/.exec(html.slice(j))?.[0] ?? html[j];
      j += name.length;
      let value = "";
      if (html[j] === "=") {
        j += 1;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end === -1 ? html.length : end);
          j = end === -1 ? html.length : end + 1;
        } else {
          value = /^[^\s>]*/.exec(html.slice(j))![0];
          j += value.length;
        }
      }
      element.attributes[name.toLowerCase()] = value;
    }
    j += 1;
    if (element.tag === "script" || element.tag === "style") {
      const end = html.toLowerCase().indexOf(`</${element.tag}`, j);
      element.text = html.slice(j, end === -1 ? html.length : end);
      j = end === -1 ? html.length : end;
    }
    found.push(element);
    i = j;
  }
  return found;
}

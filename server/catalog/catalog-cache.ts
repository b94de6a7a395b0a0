import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import type { DatabaseHandle } from "../db/client";
import { log } from "../log";
import { fillTemplate, gzipTemplate, makeTemplate, templateEtag, type PageTemplate, type TemplateValues } from "./page-template";

// The catalogue cache: finished responses of catalogue pages and product calls, kept in the
// process with their brotli and gzip encodings and an ETag, until the catalogue changes.
//
// Every write to a catalogue table NOTIFYs `catalog_changed` at commit (migration 0004), in any
// process that shares the database; each process LISTENs and drops everything it holds. A
// response whose rendering began before a change is not kept, and while PostgreSQL's listening
// connection is down nothing is served from or added to the cache.
//
// PostgreSQL's notification reaches a process after the writer has its answer, so before the
// cache answers a request (or hands out a remembered value) it waits until it has heard every
// change committed before the request came (Subscription.caughtUp, one round trip shared by the
// requests that wait together; nothing on PGlite). No process, the writer's or another, answers
// with a catalogue older than a change that was committed when it was asked (decision 0054).
//
// A signed-in customer's catalogue page differs from a visitor's only in the header. It is
// rendered once for all of them with placeholders there (a template), and each customer's values
// are put in per request (page-template.ts; decision 0029).

export const CATALOG_CHANNEL = "catalog_changed";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_FROM_BYTES = 1024;

interface Entry {
  /** Headers the page or call set itself (Content-Type and the like). */
  headers: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** How hard br and gzip were compressed (LEVELS). */
  level: keyof typeof LEVELS;
  bytes: number;
}

/** A page rendered once for every signed-in customer and filled in for each. */
interface TemplateEntry {
  headers: OutgoingHttpHeaders;
  template: PageTemplate<string>;
  bytes: number;
}

export interface SignedInPages<Name extends string> {
  /** Whether the request is a signed-in customer's catalogue page (a document; its data is `isCacheable`'s). */
  applies(req: Request): boolean;
  /**
   * The customer's values, or null when the session is not live: the visitors' page is the answer
   * then. When it fails, the page is rendered as if there were no cache.
   */
  values(req: Request): Promise<TemplateValues<Name> | null>;
  /** What the shared rendering (`res.locals.pageTemplate`) writes in place of each value. */
  placeholders: Record<Name, string>;
}

/** Keeps a value computed from the catalogue until the catalogue changes (concurrent first asks share one). */
export type RememberCatalog = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

export interface CatalogCacheOptions {
  /** Which requests may be answered from the cache (GET and HEAD only are ever asked). */
  isCacheable(req: Request): boolean;
  /** Signed-in customers' catalogue pages, from templates; without it they are rendered by the pages. */
  signedIn?: SignedInPages<string>;
  maxEntries?: number;
  maxBytes?: number;
}

export interface CatalogCache {
  middleware: RequestHandler;
  /**
   * A value computed from the catalogue (the categories every page's menu shows), kept until the
   * catalogue changes: computed again after a change, and every time while changes may be missed.
   */
  remember: RememberCatalog;
  stats(): { hits: number; misses: number; entries: number; bytes: number; listening: boolean };
  close(): Promise<void>;
}

export async function createCatalogCache(
  handle: Pick<DatabaseHandle, "listen">,
  { isCacheable, signedIn, maxEntries = 500, maxBytes = 48 * 2 ** 20 }: CatalogCacheOptions,
): Promise<CatalogCache> {
  /** The least recently used entries go first, past either bound. */
  const entries = new LRUCache<string, Entry>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
  const templates = new LRUCache<string, TemplateEntry>({ max: maxEntries, maxSize: maxBytes / 2, sizeCalculation: (entry) => entry.bytes });
  /** Renders in progress, so concurrent misses of one address wait for one rendering. */
  const pending = new Map<string, Promise<Entry | undefined>>();
  const pendingTemplates = new Map<string, Promise<TemplateEntry | undefined>>();
  /** Values computed from the catalogue (remember), as promises so concurrent first asks share one. */
  const remembered = new Map<string, Promise<unknown>>();
  let generation = 0;
  let listening = true;
  let hits = 0;
  let misses = 0;

  const clear = () => {
    generation++;
    entries.clear();
    pending.clear();
    templates.clear();
    pendingTemplates.clear();
    remembered.clear();
  };

  const subscription = await handle.listen(CATALOG_CHANNEL, {
    onNotify: clear,
    onGap: (nowListening) => {
      listening = nowListening;
      clear();
    },
  });
  /** Whether the cache may answer now: every change committed before this call has been heard. */
  const upToDate = async () => listening && (await subscription.caughtUp()) && listening;

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !listening) return next();
    if (signedIn?.applies(req)) return void signedInPage(signedIn, req, res, next).catch(next);
    if (!isCacheable(req)) return next();
    upToDate()
      .then((yes) => (yes ? shared(req, res, next) : next()))
      .catch(next);
  };

  /** Entries asked for again: compressed tightly behind the answer, then kept in place of the quick copy. */
  const tightening = new WeakSet<Entry>();
  const tighten = (key: string, entry: Entry) => {
    if (tightening.has(entry)) return;
    tightening.add(entry);
    void compressed(entry, "tight").then(
      (tight) => entries.get(key) === entry && entries.set(key, tight),
      () => undefined,
    );
  };

  /** The page or call every visitor shares. */
  const shared = (req: Request, res: Response, next: NextFunction) => {
    const key = req.originalUrl;
    const entry = entries.get(key);
    if (entry) {
      hits++;
      if (entry.level === "quick") tighten(key, entry);
      return send(req, res, entry);
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      void inFlight.then((ready) => (ready ? send(req, res, ready) : next()), next);
      return;
    }
    misses++;
    if (req.method === "HEAD") return next();

    const startedIn = generation;
    let settle!: (entry: Entry | undefined) => void;
    pending.set(key, new Promise((resolve) => (settle = resolve)));
    const before = new Map(Object.entries(res.getHeaders()));
    captureBody(res, (body, end) => {
      const made = toEntry(res, before, body);
      if (!made) {
        if (pending.get(key) && startedIn === generation) pending.delete(key);
        settle(undefined);
        return end(body);
      }
      // Compressed quickly for this answer and those that wait for it (`pending`); compressed
      // tightly only once it is asked for again (`tighten`): each search nobody made before would
      // otherwise cost brotli's 9, ~10 times the CPU of its 4 (issue 30's search p95).
      void compressed(made, "quick").then(
        (quick) => {
          // Rendered from a catalogue that changed meanwhile: answered once, kept nowhere.
          const fresh = startedIn === generation && listening;
          if (pending.get(key) && startedIn === generation) pending.delete(key);
          settle(fresh ? quick : undefined);
          if (fresh) entries.set(key, quick);
          send(req, res, quick);
        },
        () => {
          pending.delete(key);
          settle(undefined);
          end(body);
        },
      );
    });
    next();
  };

  /** A signed-in customer's catalogue page: the template of its address, filled with their values. */
  const signedInPage = async (pages: SignedInPages<string>, req: Request, res: Response, next: NextFunction) => {
    // The database failing here is the page's to answer (its error page says to try again), as
    // when it fails while rendering: rendered for this customer alone.
    const [values, yes] = await Promise.all([pages.values(req).catch(() => undefined), upToDate()]);
    if (values === undefined || !yes) return next();
    // No live session: the page is the visitors'.
    if (values === null) return shared(req, res, next);
    const key = req.originalUrl;
    const entry = templates.get(key);
    if (entry) {
      hits++;
      return sendFilled(req, res, entry, values);
    }
    const inFlight = pendingTemplates.get(key);
    if (inFlight) {
      const ready = await inFlight.catch(() => undefined);
      // No template came of it: this customer's page is rendered for them alone.
      return ready ? sendFilled(req, res, ready, values) : next();
    }
    misses++;
    if (req.method === "HEAD") return next();

    const startedIn = generation;
    let settle!: (entry: TemplateEntry | undefined) => void;
    pendingTemplates.set(key, new Promise((resolve) => (settle = resolve)));
    const before = new Map(Object.entries(res.getHeaders()));
    res.locals.pageTemplate = true;
    captureBody(res, (body, end) => {
      const template = makeTemplate(body.toString("utf8"), pages.placeholders);
      const made = template && { headers: ownHeaders(res, before), template, bytes: template.bytes };
      const keep = made && keepable(res) && startedIn === generation && listening ? made : undefined;
      if (pendingTemplates.get(key) && startedIn === generation) pendingTemplates.delete(key);
      settle(keep);
      if (keep) templates.set(key, keep);
      if (made) return sendFilled(req, res, made, values, res.statusCode);
      // A placeholder where its escaping is not known: nothing of it may reach the browser.
      log.error({ path: req.path }, "A signed-in catalogue page could not be made a template");
      res.statusCode = 500;
      res.removeHeader("ETag");
      end(Buffer.from("Something went wrong. Please try again."));
    });
    next();
  };

  const remember = async <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    if (!(await upToDate())) return compute();
    const kept = remembered.get(key);
    if (kept) return kept as Promise<T>;
    const value = compute();
    // A change meanwhile empties the map (clear), so a value from the old catalogue is not kept
    // past it; a failure is not kept either.
    remembered.set(key, value);
    value.catch(() => remembered.get(key) === value && remembered.delete(key));
    return value;
  };

  return {
    middleware,
    remember,
    stats: () => ({ hits, misses, entries: entries.size, bytes: entries.calculatedSize, listening }),
    close: () => subscription.stop(),
  };
}

/** A finished response worth keeping: 200, no cookie set, not marked private. */
function keepable(res: Response): boolean {
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  return res.statusCode === 200 && !res.getHeader("Set-Cookie") && !/no-store|private/.test(cacheControl);
}

/**
 * The headers the page or call set itself. Headers every response gets are left out, unless the
 * page changed them (its own Content-Security-Policy, whose nonce must match the kept HTML).
 */
function ownHeaders(res: Response, before: Map<string, unknown>): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (before.get(name) === value || ["content-length", "etag", "content-encoding", "vary"].includes(name)) continue;
    headers[name] = value;
  }
  return headers;
}

/** A finished response worth keeping, as an entry (not compressed yet); else undefined. */
function toEntry(res: Response, before: Map<string, unknown>, body: Buffer): Entry | undefined {
  if (!keepable(res)) return undefined;
  const headers = ownHeaders(res, before);
  headers["cache-control"] ??= "no-cache";
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  return { headers, etag, body, level: "quick", bytes: body.length };
}

/**
 * Brotli and gzip levels: "quick" for an answer asked for once so far (a tenth of the CPU, a few
 * percent larger), "tight" for one asked for again, likely to be served many times.
 */
const LEVELS = { quick: { brotli: 4, gzip: 6 }, tight: { brotli: 9, gzip: 9 } } as const;

/** The entry with its brotli and gzip encodings (small bodies go as they are). */
async function compressed(entry: Entry, level: keyof typeof LEVELS): Promise<Entry> {
  const { body } = entry;
  if (body.length < COMPRESS_FROM_BYTES) return { ...entry, level: "tight" };
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LEVELS[level].brotli, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: LEVELS[level].gzip }),
  ]);
  return { ...entry, level, br, gzip: gz, bytes: body.length + br.length + gz.length };
}

function send(req: Request, res: Response, entry: Entry): void {
  for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.vary("Accept-Encoding");
  res.vary("Cookie");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  // Brotli whenever the browser takes it, whatever order it lists its encodings in.
  const encoding = !entry.br ? "identity" : req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
  const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
  if (body !== entry.body) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

/**
 * A template filled with one customer's values: theirs alone (private), revalidated each time.
 * gzip, whose encoding of the page was made with the template; brotli would mean compressing it again.
 */
function sendFilled(req: Request, res: Response, entry: TemplateEntry, values: TemplateValues<string>, status = 200): void {
  for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("ETag", templateEtag(entry.template, values));
  res.vary("Accept-Encoding");
  res.vary("Cookie");
  if (status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  const gzip = req.acceptsEncodings("gzip") === "gzip";
  const body = gzip ? gzipTemplate(entry.template, values) : fillTemplate(entry.template, values);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.status(status).end(req.method === "HEAD" ? undefined : body);
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

/**
 * Collects what the page or call writes instead of sending it; at its end, hands over the body and
 * a function that sends a body the original way (through compression, which runs outside this).
 */
function captureBody(res: Response, done: (body: Buffer, end: (body: Buffer) => void) => void): void {
  const chunks: Buffer[] = [];
  const { write, end } = res;
  const toBuffer = (chunk: Chunk, encoding: unknown) =>
    typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk);
  res.write = function (chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
    chunks.push(toBuffer(chunk, encoding));
    const cb = typeof encoding === "function" ? encoding : callback;
    if (cb) process.nextTick(cb);
    return true;
  } as Response["write"];
  res.end = function (chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
    if (typeof chunk === "function") callback = chunk;
    else if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    if (typeof encoding === "function") callback = encoding;
    res.write = write;
    res.end = end;
    if (callback) res.once("finish", () => callback());
    done(Buffer.concat(chunks), (body) => void (end as (chunk: Buffer) => Response).call(res, body));
    return res;
  } as Response["end"];
}

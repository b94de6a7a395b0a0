import { z } from "zod";
import { MIN_PASSPHRASE_LENGTH } from "./backups/encryption";
import { commandWords } from "./backups/offsite";

// Parsed once at boot; everything else receives the typed result. Names match DESIGN.md.

/**
 * The longest call the shop makes to another service while a request waits (Paystack's, in
 * server/payments/paystack.ts): a stopping process gives the requests in flight longer than this.
 */
export const OUTGOING_CALL_TIMEOUT_MS = 15_000;

/** A real shop's drain after SIGTERM (SHUTDOWN_DRAIN_MS): a few of a balancer's health checks. */
const DEFAULT_DRAIN_MS = 5_000;
const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** On/off switches as people write them. */
const onOff = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.enum(["on", "off", "true", "false", "1", "0", "yes", "no"], { error: "on or off" }).transform((v) => ["on", "true", "1", "yes"].includes(v)),
);

/**
 * TRUST_PROXY as Express's "trust proxy" takes it: off (the default: X-Forwarded-For is
 * ignored), on (trust every hop), a number of hops, or addresses and subnet names
 * ("loopback", "uniquelocal", "10.0.0.0/8", comma-separated).
 */
const trustProxy = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string().transform((v): boolean | number | string => {
    const lower = v.toLowerCase();
    if (["off", "false", "0", "no"].includes(lower)) return false;
    if (["on", "true", "yes"].includes(lower)) return true;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    return v;
  }),
);

/** BACKUP_OFFSITE_COMMAND split into the words it runs as, without a shell (server/backups/offsite.ts). */
const commandLine = z.string().transform((v, ctx) => {
  const split = commandWords(v);
  if ("words" in split) return split.words;
  ctx.addIssue({ code: "custom", message: split.problem });
  return z.NEVER;
});

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface to listen on; unset: all of them, or only 127.0.0.1 in demo mode. */
    HOST: optionalString,
    /** Demo mode (decision 0018); unset: on only for the embedded database without PUBLIC_URL. */
    SHOP_DEMO: z.preprocess(emptyAsUndefined, onOff.optional()),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxy.optional()),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    MAIL_FROM: z.string().default("Foam Shop <no-reply@foamshop.ng>"),
    SHOP_ORDERS_EMAIL: z.email().default("orders@foamshop.ng"),
    PAYSTACK_SECRET_KEY: optionalString,
    PAYSTACK_PUBLIC_KEY: optionalString,
    PAYSTACK_API_BASE: z.url().default("https://api.paystack.co"),
    LIVE_CHAT_SCRIPT_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\d{8,15}$/, "digits only, with country code")
      .default("2348012345678"),
    /** Termii's SMS (issue 28, decision 0059): the key is a secret, never logged; unset, no SMS. */
    TERMII_API_KEY: optionalString,
    /** The sender ID Termii registered for the shop: 3 to 11 letters or digits. */
    TERMII_SENDER_ID: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[a-z0-9 ]{3,11}$/i, "3 to 11 letters or digits")
        .optional(),
    ),
    TERMII_API_BASE: z.url().default("https://api.ng.termii.com"),
    /** WhatsApp Business Cloud API: the access token is a secret, never logged; unset, no WhatsApp messages. */
    WHATSAPP_ACCESS_TOKEN: optionalString,
    /** The Cloud API's id of the shop's WhatsApp number (not the number itself). */
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d{5,20}$/, "the digits of the number's ID in WhatsApp Manager")
        .optional(),
    ),
    WHATSAPP_API_BASE: z.url().default("https://graph.facebook.com/v21.0"),
    /** The language the shop's templates were approved in. */
    WHATSAPP_TEMPLATE_LANGUAGE: z
      .string()
      .regex(/^[a-z]{2}(_[A-Z]{2})?$/, "a language code such as en or en_US")
      .default("en"),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Server-Timing headers with each request's phases and SQL statements (server/timing.ts); for measuring only. */
    SERVER_TIMING: onOff.default(false),
    /** pino's levels; by default info, and only errors in tests. */
    LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
    /** Lets a scraper on another machine read /metrics with `Authorization: Bearer <token>` (decision 0056). A secret: never logged. */
    METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(24, "at least 24 characters").optional()),
    /** An admin session unused for this many minutes ends (issue 27), on top of its 12 hours. */
    ADMIN_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
    /** Scheduled backups (decision 0046): the folder they go to; unset, none are made. */
    BACKUP_DIR: optionalString,
    /** Encrypts backups when set; db:restore needs it for an encrypted file. A secret: never logged. */
    BACKUP_PASSPHRASE: z.preprocess(
      emptyAsUndefined,
      z.string().min(MIN_PASSPHRASE_LENGTH, `at least ${MIN_PASSPHRASE_LENGTH} characters`).optional(),
    ),
    /** Receives each scheduled backup: `{file}` is its path (e.g. `rclone copy {file} remote:shop-backups`). */
    BACKUP_OFFSITE_COMMAND: z.preprocess(emptyAsUndefined, commandLine.optional()),
    /** The hour (Lagos) from which the day's backup is made. */
    BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
    /**
     * After SIGTERM, how long /readyz answers 503 while requests are still served, for a balancer
     * to stop sending (decision 0053); unset: 5 s, or none in demo mode (no balancer).
     */
    SHUTDOWN_DRAIN_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(600_000).optional()),
    /**
     * The service worker (issue 30, decision 0063): on unless turned off. Off, /sw.js is a worker
     * that empties the shop's caches and removes itself from every phone that had the old one.
     */
    SERVICE_WORKER: z.preprocess(emptyAsUndefined, onOff.optional()),
    /** After SIGTERM, when a process still busy exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
    /**
     * For tests and the bench only: serve a real shop (not a demo) on the embedded database, which
     * never flushes to disk (decision 0044). Exactly "yes"; any other value is refused.
     */
    UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: z.preprocess(
      emptyAsUndefined,
      z.literal("yes", { error: "only yes, and only for tests: the embedded database can lose paid orders" }).optional(),
    ),
    // PICTURE_CACHE_DIR is the demo seed's own (server/demo/render-cache.ts): the server never draws.
  })
  .refine((e) => e.WEB_CONCURRENCY === 1 || e.DATABASE_URL, {
    path: ["WEB_CONCURRENCY"],
    message: "more than one process needs DATABASE_URL (the embedded database opens in one process only)",
  })
  .refine((e) => !e.TERMII_API_KEY || e.TERMII_SENDER_ID, {
    path: ["TERMII_SENDER_ID"],
    message: "needs to be set with TERMII_API_KEY: Termii sends only from a registered sender ID",
  })
  .refine((e) => !e.WHATSAPP_ACCESS_TOKEN || e.WHATSAPP_PHONE_NUMBER_ID, {
    path: ["WHATSAPP_PHONE_NUMBER_ID"],
    message: "needs to be set with WHATSAPP_ACCESS_TOKEN: it names the number the messages come from",
  })
  .refine((e) => !e.BACKUP_OFFSITE_COMMAND || e.BACKUP_DIR, {
    path: ["BACKUP_OFFSITE_COMMAND"],
    message: "needs BACKUP_DIR (the off-site copy is of the scheduled backups)",
  })
  .refine((e) => e.SHUTDOWN_TIMEOUT_MS > (e.SHUTDOWN_DRAIN_MS ?? DEFAULT_DRAIN_MS) + OUTGOING_CALL_TIMEOUT_MS, {
    path: ["SHUTDOWN_TIMEOUT_MS"],
    message: `must exceed SHUTDOWN_DRAIN_MS plus ${OUTGOING_CALL_TIMEOUT_MS} ms, the longest call to Paystack a request in flight may be waiting on`,
  });

export type Config = ReturnType<typeof configFrom>;

/** Addresses that only this computer reaches. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * The configuration from the environment; a wrong value throws, naming it. With `serving`, also
 * what a server needs before it serves customers (decision 0044): outside demo mode, PostgreSQL
 * (DATABASE_URL) and the https address customers use (PUBLIC_URL). Commands (`npm run migrate`,
 * `db:backup`, `db:restore`, `admin:create`) leave `serving` off: moving a demo's data into
 * PostgreSQL needs no PUBLIC_URL.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, { serving = false }: { serving?: boolean } = {}) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const config = configFrom(parsed.data);
  const problems = serving ? servingProblems(parsed.data, config) : [];
  if (problems.length) throw new Error(`Not a configuration a shop can serve customers with:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return config;
}

/** What keeps a real shop (not a demo) from serving; nothing in demo mode. */
function servingProblems(e: z.infer<typeof envSchema>, config: Config): string[] {
  if (config.demo) return [];
  const problems: string[] = [];
  if (!e.DATABASE_URL && !e.UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS) {
    problems.push(
      'DATABASE_URL: a real shop keeps its orders in PostgreSQL; set DATABASE_URL (README: "Run it on PostgreSQL", which also shows how to move a demo\'s data there). ' +
        "The embedded database never flushes to disk, so a power cut can lose paid orders: it is for the demo (SHOP_DEMO=on), development and tests.",
    );
  }
  if (!e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: a real shop needs the https address its customers reach it at, such as https://foamshop.ng, for e-mailed links, Secure cookies and HSTS (README: "Configuration").',
    );
  } else if (!config.https && !(isLoopbackUrl(e.PUBLIC_URL) && config.host && LOOPBACK_HOSTS.has(config.host))) {
    problems.push(
      `PUBLIC_URL: a real shop is served over https; ${e.PUBLIC_URL} is not (README: "Configuration"). ` +
        "http://localhost or http://127.0.0.1 is accepted only with HOST=127.0.0.1, a shop that no other computer can reach.",
    );
  }
  return problems;
}

function isLoopbackUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && LOOPBACK_HOSTS.has(hostname);
}

function configFrom(e: z.infer<typeof envSchema>) {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  // Demo conveniences are never on by accident: a real database or a public address turns them
  // off unless SHOP_DEMO says otherwise.
  const demo = e.SHOP_DEMO ?? (!e.DATABASE_URL && !e.PUBLIC_URL);
  return {
    /** Demo mode: demo accounts, the dev mailbox and the test gateway (decision 0018). */
    demo,
    port: e.PORT,
    /** Where to listen; undefined means every interface. */
    host: e.HOST ?? (demo ? "127.0.0.1" : undefined),
    /** Served over https: cookies are Secure and browsers are told to keep to https (HSTS). */
    https: publicUrl.startsWith("https://"),
    /** Express's "trust proxy": whose X-Forwarded-For names the client. */
    trustProxy: e.TRUST_PROXY ?? false,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopOrdersEmail: e.SHOP_ORDERS_EMAIL,
    paystack: {
      secretKey: e.PAYSTACK_SECRET_KEY,
      publicKey: e.PAYSTACK_PUBLIC_KEY,
      apiBase: e.PAYSTACK_API_BASE.replace(/\/$/, ""),
    },
    /** Text messages' providers (server/texts/providers.ts); each unset, its channel is off (demo: the dev phone). */
    texts: {
      termii: e.TERMII_API_KEY
        ? { apiKey: e.TERMII_API_KEY, senderId: e.TERMII_SENDER_ID!, apiBase: e.TERMII_API_BASE.replace(/\/$/, "") }
        : undefined,
      whatsapp: e.WHATSAPP_ACCESS_TOKEN
        ? {
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
            apiBase: e.WHATSAPP_API_BASE.replace(/\/$/, ""),
            language: e.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : undefined,
    },
    liveChatScriptUrl: e.LIVE_CHAT_SCRIPT_URL,
    whatsappNumber: e.WHATSAPP_NUMBER,
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL ?? "info",
    serverTiming: e.SERVER_TIMING,
    /** The back office's idle timeout (server/accounts/sessions.ts, findSession). */
    adminIdleMs: e.ADMIN_IDLE_MINUTES * 60_000,
    /** /metrics (server/metrics/endpoint.ts): loopback clients, or these bearers. */
    metrics: { token: e.METRICS_TOKEN },
    /** Scheduled backups (server/backups/schedule.ts). */
    backup: { dir: e.BACKUP_DIR, passphrase: e.BACKUP_PASSPHRASE, offsiteCommand: e.BACKUP_OFFSITE_COMMAND, hour: e.BACKUP_HOUR },
    /** A real shop on the embedded database, by UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS=yes (tests and the bench only). */
    unsafeEmbeddedDatabase: !demo && !e.DATABASE_URL && e.UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS === "yes",
    /** The service worker, or the worker that removes it (SERVICE_WORKER=off). */
    serviceWorker: e.SERVICE_WORKER ?? true,
    /** The graceful stop (decision 0053). */
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS ?? (demo ? 0 : DEFAULT_DRAIN_MS), timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
  };
}

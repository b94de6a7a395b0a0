import { z } from "zod";
import { MIN_PASSPHRASE_LENGTH } from "./backups/encryption";
import { commandWords } from "./backups/offsite";

// Parsed once at boot; everything else receives the typed result. Names match DESIGN.md.
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
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Server-Timing headers with each request's phases and SQL statements (server/timing.ts); for measuring only. */
    SERVER_TIMING: onOff.default(false),
    /** pino's levels; by default info, and only errors in tests. */
    LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
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
    // PICTURE_CACHE_DIR is the demo seed's own (server/demo/render-cache.ts): the server never draws.
  })
  .refine((e) => e.WEB_CONCURRENCY === 1 || e.DATABASE_URL, {
    path: ["WEB_CONCURRENCY"],
    message: "more than one process needs DATABASE_URL (the embedded database opens in one process only)",
  })
  .refine((e) => !e.BACKUP_OFFSITE_COMMAND || e.BACKUP_DIR, {
    path: ["BACKUP_OFFSITE_COMMAND"],
    message: "needs BACKUP_DIR (the off-site copy is of the scheduled backups)",
  });

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
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
    liveChatScriptUrl: e.LIVE_CHAT_SCRIPT_URL,
    whatsappNumber: e.WHATSAPP_NUMBER,
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL ?? "info",
    serverTiming: e.SERVER_TIMING,
    /** Scheduled backups (server/backups/schedule.ts). */
    backup: { dir: e.BACKUP_DIR, passphrase: e.BACKUP_PASSPHRASE, offsiteCommand: e.BACKUP_OFFSITE_COMMAND, hour: e.BACKUP_HOUR },
  };
}

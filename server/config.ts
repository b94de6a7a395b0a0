import path from "node:path";
import { z } from "zod";

// Parsed once at boot; everything else receives the typed result. Names match DESIGN.md.
const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
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
  WHATSAPP_NUMBER: z.string().regex(/^\d{8,15}$/, "digits only, with country code").default("2348012345678"),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** pino's levels; by default info, and only errors in tests. */
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
  /** Where the seed keeps the pictures it drew; "off" draws them every time. */
  PICTURE_CACHE_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
}).refine((e) => e.WEB_CONCURRENCY === 1 || e.DATABASE_URL, {
  path: ["WEB_CONCURRENCY"],
  message: "more than one process needs DATABASE_URL (the embedded database opens in one process only)",
});

export type Config = ReturnType<typeof loadConfig>;

/** Pictures the seed drew, kept between fresh databases (see server/images/render-cache.ts). */
export const defaultPictureCacheDir = () => path.resolve(process.cwd(), "node_modules/.cache/foam-shop-pictures");

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
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
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "error" : "info"),
    pictureCacheDir: e.PICTURE_CACHE_DIR === "off" ? null : (e.PICTURE_CACHE_DIR ?? defaultPictureCacheDir()),
  };
}

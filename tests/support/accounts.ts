import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/server/db/client";
import { outbox } from "~/server/db/schema";

// Helpers for the account calls of requirements §7: JSON posts with an optional Bearer token, fresh
// e-mail addresses, and the one-time tokens read back out of e-mailed links. The browser tests
// (tests/e2e/fixtures.ts) use uniqueEmail and findLink too.

export type Role = "customer" | "admin";
export type CallName = "login" | "signup" | "verify_email" | "forgot_password" | "reset_password" | "update_phone" | "logout";

/** The path of an account call: api4users/user_*.php for customers, admin_*.php for admins. */
export function accountCall(role: Role, name: CallName): string {
  return role === "customer" ? `/api/api4users/user_${name}.php` : `/api/admin_${name}.php`;
}

/** Where each role's e-mailed links lead (requirements §2). */
export const linkPaths: Record<Role, { verify: string; reset: string; login: string }> = {
  customer: { verify: "/verifyuser", reset: "/user-reset-password", login: "/userlogin" },
  admin: { verify: "/verify", reset: "/reset-password", login: "/adminlogin" },
};

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export interface PostOptions {
  token?: string;
  /** The raw Authorization header, for malformed values. */
  authorization?: string;
  headers?: Record<string, string>;
}

/** A server's address, or the server itself (its baseUrl read at each call: useApiServer's is set once the suite starts). */
export type ServerAddress = string | { baseUrl: string };

export const baseUrlOf = (server: ServerAddress): string => (typeof server === "string" ? server : server.baseUrl);

export function apiClient(server: ServerAddress) {
  return async function post(path: string, body?: unknown, options: PostOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.authorization !== undefined) headers.authorization = options.authorization;
    const res = await fetch(`${baseUrlOf(server)}${path}`, {
      method: "POST",
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Left as text: the assertion on it will say what came back.
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
}

let counter = 0;
/** An address no other test of the run uses, in this process or another (the Vitest and Playwright suites' one helper). */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${counter}.${randomBytes(4).toString("hex")}@example.com`;
}

/** A string shaped like a real token (43 base64url characters) that was never issued. */
export function forgedToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A made-up client address, so rate limits per address of one test do not spill into another. */
let addressCounter = 0;
export function freshClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** The newest queued e-mail of this kind to this address, or null. */
export async function newestMail(db: Database, to: string, kind: string): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row ?? null;
}

export async function mailsTo(db: Database, to: string): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

/** The absolute link `<publicUrl><path>/<token>` in a text, or null. */
export function findLink(text: string, publicUrl: string, path: string): { url: string; token: string } | null {
  const escaped = `${publicUrl}${path}/`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`).exec(text);
  return match ? { url: match[0], token: match[1] } : null;
}

/** The token of the link at `path` in the newest mail of `kind` to `to`; throws when there is none. */
export async function tokenFromOutbox(db: Database, to: string, kind: string, publicUrl: string, path: string): Promise<string> {
  const mail = await newestMail(db, to, kind);
  if (!mail) throw new Error(`No ${kind} mail to ${to} in the outbox`);
  const link = findLink(mail.text, publicUrl, path);
  if (!link) throw new Error(`No ${publicUrl}${path}/<token> link in the ${kind} mail to ${to}:\n${mail.text}`);
  return link.token;
}

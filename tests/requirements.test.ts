import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SHOP_ROUTES } from "~/app/route-facts";
import { messages } from "~/common/messages";
import { apiRouter } from "~/server/api";
import type { Config } from "~/server/config";
import type { CheckoutContext } from "~/server/checkout/checkout";
import type { Database } from "~/server/db/client";
import { routerCalls } from "./support/api-calls";

// docs/requirements.md keeps what must be exact verbatim: the texts people read, the addresses and
// the API's paths. These tests hold the code and the document together, so a message, route or
// call cannot change without the document saying so.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REQUIREMENTS = readFileSync(join(ROOT, "docs/requirements.md"), "utf8");
/** The document with its hand-wrapped lines joined: a quoted text may run over a line break. */
const DOCUMENT = REQUIREMENTS.replace(/\s+/g, " ");

/**
 * A value a message template is filled in with, written as the document writes it: `{name}`. It
 * answers the few string, number and list methods the templates call with the same word; compared
 * with a number it is never equal, so a template shows its plural form.
 */
class Placeholder {
  constructor(private readonly name: string) {}
  toString(): string {
    return `{${this.name}}`;
  }
  [Symbol.toPrimitive](): string {
    return this.toString();
  }
  toLocaleString(): string {
    return this.toString();
  }
  toLowerCase(): string {
    return this.toString();
  }
  join(): string {
    return this.toString();
  }
}

/** A message as the document quotes it: a template is filled in with its parameters' names. */
function asDocumented(message: string | ((...args: never[]) => string)): string {
  if (typeof message === "string") return message;
  const params = /^\s*\(([^)]*)\)/.exec(String(message))?.[1];
  if (params === undefined) throw new Error(`Cannot read the parameters of ${String(message)}`);
  const names = params
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return (message as (...args: Placeholder[]) => string)(...names.map((name) => new Placeholder(name)));
}

describe("docs/requirements.md", () => {
  it("quotes every message of common/messages.ts exactly", () => {
    const entries = Object.entries(messages);
    expect(entries.length).toBeGreaterThan(200);
    const missing = entries.map(([key, message]) => [key, asDocumented(message)]).filter(([, text]) => !DOCUMENT.includes(text));
    expect(missing, "messages the document does not quote (key, text as it should appear)").toEqual([]);
  });

  it("fills a template in with its parameters' names", () => {
    expect(asDocumented(messages.paymentFailed)).toBe("Payment failed: {message}");
    expect(asDocumented(messages.invalidImages)).toBe("Invalid file types or sizes detected: {names}");
    expect(asDocumented(messages.bulkCannotMove)).toBe("{orderRef} cannot go from {from} to {to}.");
  });

  it("names every route of the route table, as `/path/{param}`", () => {
    const paths = SHOP_ROUTES.filter((route) => route.path !== "*").map((route) => `/${(route.path ?? "").replace(/:(\w+)/g, "{$1}")}`);
    expect(paths.length).toBeGreaterThan(30);
    expect(
      paths.filter((path) => !REQUIREMENTS.includes(`\`${path}\``)),
      "routes the document does not name",
    ).toEqual([]);
  });

  it("names every call the API answers, as `path` relative to /api", () => {
    // Building the router only registers the calls; none runs, so no database is needed. The test
    // gateway's calls exist in demo mode only; they are documented too.
    const router = apiRouter({} as Database, {} as Config, { db: {}, gateway: { provider: "test" } } as unknown as CheckoutContext);
    const paths = [...new Set(routerCalls(router).map((call) => call.path.slice(1).replace(/:(\w+)/g, "{$1}")))];
    expect(paths).toContain("api4users/add_to_cart.php");
    expect(paths.length).toBeGreaterThan(30);
    expect(
      paths.filter((path) => !REQUIREMENTS.includes(`\`${path}\``) && !REQUIREMENTS.includes(`\`${path}?`)),
      "API calls the document does not name",
    ).toEqual([]);
  });
});

describe("citations of the requirements", () => {
  /** Every file under these folders; they hold only text. */
  function files(folder: string): string[] {
    return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  }

  it("cite docs/requirements.md, never the specification's sections", () => {
    const citing = ["app", "server", "common", "tests", "scripts"].flatMap(files).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (/\bspec\s*§/i.test(line) ? [`${file.slice(ROOT.length)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing, 'write "requirements §N" (docs/requirements.md)').toEqual([]);
  });
});

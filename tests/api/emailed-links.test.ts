import { beforeAll, describe, expect, it } from "vitest";
import { routeFor } from "~/app/route-facts";
import { createVerifiedAccount, requestPasswordReset, signUp, type AccountContext } from "~/server/accounts/accounts";
import { hashToken } from "~/server/accounts/secrets";
import { oneTimeTokens, outbox } from "~/server/db/schema";
import { loggablePath } from "~/server/log";
import { freshClientAddress, uniqueEmail } from "../support/accounts";
import { useTestDatabase } from "../support/use-shop";

// Issue 16: "a new token route would leak its token into the logs without anyone noticing". The
// shop sends its e-mails with one-time tokens in their links (verification and password reset, for
// both roles); every segment of every link in them that is a live token (its hash is in
// one_time_tokens) must lead to a route that declares that segment secret (app/route-facts.ts), and
// so never reach a log line (server/log.ts loggablePath). A new e-mail whose link carries a token
// in a segment not declared secret fails here.

const PUBLIC_URL = "https://shop.example";
const PASSWORD = "correct horse battery";

const handle = useTestDatabase();

beforeAll(async () => {
  const ctx = (): AccountContext => ({ db: handle.db, publicUrl: PUBLIC_URL, clientAddress: freshClientAddress() });
  for (const role of ["customer", "admin"] as const) {
    const person = { fullName: "Ngozi Eze", phoneNumber: "2348012345678", password: PASSWORD };
    expect((await signUp(ctx(), role, { ...person, email: uniqueEmail(`links-${role}-new`) })).ok).toBe(true);
    const existing = await createVerifiedAccount(handle.db, role, { ...person, email: uniqueEmail(`links-${role}-old`) });
    if (!existing.ok) throw new Error("could not create the account");
    expect((await requestPasswordReset(ctx(), role, existing.account.email)).ok).toBe(true);
  }
});

/** Every address of the shop in a mail, text and HTML parts alike, as a path with its query. */
function shopLinks(mail: { text: string; html: string }): string[] {
  const found = `${mail.text} ${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((link) => link.replaceAll("&amp;", "&")).filter((link) => link.startsWith(`${PUBLIC_URL}/`)))].map((link) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  });
}

describe("links with a one-time token in the shop's e-mails", () => {
  it("lead to a route that declares the token's segment secret, and are logged without it", async () => {
    const liveTokens = new Set((await handle.db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens)).map((t) => t.hash));
    const mails = (await handle.db.select({ kind: outbox.kind, text: outbox.text, html: outbox.html }).from(outbox)).map((m) => ({
      ...m,
      html: m.html ?? "",
    }));
    const withTokens = new Map<string, number>();
    for (const mail of mails) {
      for (const link of shopLinks(mail)) {
        const path = link.split("?")[0];
        const segments = path.split("/");
        const route = routeFor(path);
        const pattern = ["", ...(route.path ?? "").split("/")];
        segments.forEach((segment, i) => {
          if (!liveTokens.has(hashToken(decodeURIComponent(segment)))) return;
          withTokens.set(mail.kind, (withTokens.get(mail.kind) ?? 0) + 1);
          const what = `${mail.kind}: ${route.file} for a link to ${pattern.join("/")}`;
          expect(pattern[i]?.startsWith(":"), what).toBe(true);
          expect(route.params[pattern[i].slice(1)], what).toBe("secret");
          expect(loggablePath(link), what).not.toContain(segment);
        });
      }
    }
    // Both kinds of mail were sent, to both roles, each with its token in a link.
    expect(Object.fromEntries(withTokens)).toEqual({ "verify-email": 2, "reset-password": 2 });
  });
});

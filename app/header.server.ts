import { randomInt } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { welcomeText } from "~/common/accounts";
import type { CustomerSessions } from "~/server/accounts/session-cache";
import type { CustomerSession } from "~/server/accounts/sessions";
import { currentCustomer, customerToken } from "./sessions.server";

// What the shop's header shows a signed-in customer: "Welcome <name>" where visitors see Login,
// and their cart's count. Catalogue pages are rendered once for every signed-in customer with
// placeholders here, and each customer's values are put in by the catalogue cache
// (server/catalog/page-template.ts, docs/decisions/0029-signed-in-pages-from-the-cache.md).

export interface HeaderValues {
  /** "Welcome Ada" for a signed-in customer; null for a visitor (the header says Login). */
  welcome: string | null;
  cartCount: number;
}

/**
 * Stand-ins for a customer's values in the shared rendering: drawn afresh by each process, so no
 * product name or customer can spell them. Letters and digits only: no escaping changes them.
 */
export const HEADER_PLACEHOLDERS = {
  welcome: `Qz${Array.from({ length: 16 }, () => "abcdefghijklmnopqrstuvwxyz"[randomInt(26)]).join("")}Qz`,
  // A whole number under 2^53, so it survives JSON as written.
  cartCount: `8${Array.from({ length: 15 }, () => randomInt(10)).join("")}`,
};

/** The header's values for this request: the placeholders when rendering the shared page. */
export async function headerValues(request: Request, context: AppLoadContext): Promise<HeaderValues> {
  if (context.pageTemplate) return { welcome: HEADER_PLACEHOLDERS.welcome, cartCount: Number(HEADER_PLACEHOLDERS.cartCount) };
  return (await signedIn(currentCustomer(request, context))) ?? { welcome: null, cartCount: 0 };
}

/** A signed-in customer's header values from a request's Cookie header, or null (no live customer session). */
export async function signedInHeaderValues(
  sessions: CustomerSessions,
  cookieHeader: string | undefined,
): Promise<{ welcome: string; cartCount: number } | null> {
  return signedIn(sessions.find(await customerToken(cookieHeader)));
}

async function signedIn(session: Promise<CustomerSession | null>): Promise<{ welcome: string; cartCount: number } | null> {
  const customer = await session;
  return customer ? { welcome: welcomeText(customer.fullName), cartCount: customer.cartCount } : null;
}

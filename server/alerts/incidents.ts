import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../db/client";
import { accounts, incidents } from "../db/schema";
import { log } from "../log";
import { queueMail } from "../mail/outbox";
import { incidentMail } from "../mail/templates";

// Incidents (issue 27): what an owner must know about the money and act on. Each has a key that
// makes it one; opening an incident that is open already does nothing, so however many processes
// see the same event, or however often Paystack sends it, the owners get one e-mail, and one more
// when it is resolved. Each is also logged at error level, for a channel other than mail.

export const INCIDENT_KINDS = {
  "refund-failed": "a refund Paystack could not make",
  "payment-mismatch": "a payment that did not match its order",
  dispute: "a payment disputed by the customer's bank",
  "mail-failing": "e-mail that has not gone out for 30 minutes",
  "job-stopped": "a background job that stopped",
  "backup-failed": "a backup that failed",
} as const;
export type IncidentKind = keyof typeof INCIDENT_KINDS;

export interface IncidentInput {
  kind: IncidentKind;
  key: string;
  subject: string;
  subjectPath: string | null;
  detail: string;
}

/**
 * Opens the incident unless one with its key is open, and then queues its alert to every owner
 * (in the caller's transaction: the mail goes out if the change that found it commits). Whether
 * it was new.
 */
export async function openIncident(
  tx: Executor,
  input: IncidentInput,
  publicUrl: string,
  fallbackTo: string,
  { mail = true }: { mail?: boolean } = {},
): Promise<boolean> {
  const [opened] = await tx.insert(incidents).values(input).onConflictDoNothing({ target: incidents.key }).returning({ id: incidents.id });
  if (!opened) return false;
  log.error({ incident: input.key, kind: input.kind }, `Incident: ${input.subject}: ${input.detail}`);
  // An alert must not depend on the channel that is failing: mail that does not go out is told by
  // the back office's banner and the error log only.
  if (mail) await mailOwners(tx, input, false, publicUrl, fallbackTo);
  return true;
}

/** Resolves the open incident of this key, saying so once to the owners; false when none was open. */
export async function resolveIncident(
  tx: Executor,
  key: string,
  detail: string,
  publicUrl: string,
  fallbackTo: string,
  { mail = true }: { mail?: boolean } = {},
): Promise<boolean> {
  const [resolved] = await tx
    .update(incidents)
    .set({ resolvedAt: new Date(), detail })
    .where(and(eq(incidents.key, key), isNull(incidents.resolvedAt)))
    .returning();
  if (!resolved) return false;
  log.warn({ incident: key }, `Incident resolved: ${resolved.subject}: ${detail}`);
  if (mail) await mailOwners(tx, { ...resolved, kind: resolved.kind as IncidentKind }, true, publicUrl, fallbackTo);
  return true;
}

/** Incidents still open, newest first: Shop health and the owners' banner read them. */
export function openIncidents(tx: Executor) {
  return tx.select().from(incidents).where(isNull(incidents.resolvedAt)).orderBy(incidents.openedAt);
}

async function mailOwners(tx: Executor, incident: IncidentInput, resolved: boolean, publicUrl: string, fallbackTo: string) {
  const owners = await tx
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.role, "admin"), eq(accounts.adminRole, "owner"), isNull(accounts.disabledAt), isNull(accounts.removedAt)));
  // A shop whose owner has not signed up yet still hears of it, at its orders address.
  const to = owners.length ? owners.map((o) => o.email) : [fallbackTo];
  const mail = incidentMail({ incident: { ...incident, title: INCIDENT_KINDS[incident.kind] }, resolved, publicUrl });
  for (const email of to) await queueMail(tx, { kind: resolved ? "incident-resolved" : "incident", to: email, ...mail });
}

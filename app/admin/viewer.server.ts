import type { AppLoadContext } from "react-router";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { openIncidents } from "~/server/alerts/incidents";
import { isOwner } from "~/server/admin/staff";

// Who is looking at a back-office page, as its frame needs it (app/components/admin/AdminFrame.tsx):
// whether they are an owner (the owners' menu entries), and for owners the incidents still open,
// which every back-office page shows at its top (issue 27) until they are resolved.

export interface BackOfficeViewer {
  owner: boolean;
  /** Open incidents (owners only): how many, and the newest's subject. */
  incidents: { count: number; newest: string } | null;
  /** The idle timeout: the page signs itself out after this long without a request (issue 27). */
  idleMs: number;
}

export async function backOfficeViewer(account: SignedInAccount, context: AppLoadContext): Promise<BackOfficeViewer> {
  const idleMs = context.config.adminIdleMs;
  if (!isOwner(account)) return { owner: false, incidents: null, idleMs };
  const open = await openIncidents(context.db);
  const newest = open.at(-1);
  return { owner: true, incidents: newest ? { count: open.length, newest: newest.subject } : null, idleMs };
}
